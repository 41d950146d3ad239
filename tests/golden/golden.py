"""Golden records: checked-in games that both engines must reproduce step for step.

Modelled on python-chess's perft files: a few complete games, stored as data, replayed
by the tests on every engine (test_golden.py) and rewritten only on purpose
(regenerate.py). One folder per game, ``tests/golden/<game>/``; one JSON-lines file per
record: a header, one line per turn with every step the seat played, and the result::

    {"game": "valdora", "players": 3, "seed": 11, "seats": ["greedy:seed=1", ...],
     "data_sha256": "9c9e00fa..."}
    {"turn": 1, "seat": 0, "steps": [35, 20, 0], "play": "C: bR"}
    ...
    {"result": {"scores": [202, 3, 202], "winners": [0, 2], "rounds": 51, "turns": 153,
                "capped": false}}

The seats carry their seeds, so a record replays without knowing play_game's seeding.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from valdora_ai import backend
from valdora_ai.agents import Agent, make_agent
from valdora_ai.games import game_names, game_type, make_game
from valdora_ai.games.base import Game, Observation, State
from valdora_ai.selfplay import play_game

FOLDER = Path(__file__).resolve().parent
ENGINES = ("pure", "compiled")


@dataclass(frozen=True)
class Case:
    """One golden record: which game, how many players, the setup seed and the seats."""

    game: str
    players: int
    seed: int
    seats: tuple[str, ...]

    @property
    def path(self) -> Path:
        return FOLDER / self.game / f"{self.players}p-seed{self.seed}.jsonl"

    @property
    def name(self) -> str:
        return self.path.relative_to(FOLDER).as_posix()


# Every game at every player count, with greedy, random and the other rule-based seats
# (planner, hoarder); the seeds are the agents' own.
CASES = (
    Case("valdora", 3, 11, ("greedy:seed=1", "random:seed=2", "greedy:seed=3")),
    Case("valdora", 4, 12, ("random:seed=4", "greedy:seed=5", "greedy:seed=6",
                            "random:seed=7")),
    Case("valdora", 5, 13, ("greedy:seed=8", "greedy:seed=9", "random:seed=10",
                            "greedy:seed=11", "random:seed=12")),
    Case("zavandor", 2, 21, ("greedy:seed=1", "planner:seed=2")),
    Case("zavandor", 3, 22, ("hoarder:seed=3", "greedy:seed=4", "random:seed=5")),
    Case("zavandor", 4, 23, ("greedy:seed=6", "random:seed=7", "planner:seed=8",
                             "greedy:seed=9")),
    Case("alchemists", 2, 31, ("greedy:seed=1", "hoarder:seed=2")),
    Case("alchemists", 3, 32, ("planner:seed=3", "greedy:seed=4", "random:seed=5")),
    Case("alchemists", 4, 33, ("greedy:seed=6", "random:seed=7", "hoarder:seed=8",
                               "greedy:seed=9")),
)


class _Recorder(Agent):
    """Passes an agent's choices through, noting each step for the turn line."""

    name = "recorder"
    summary = "records the steps of the agent it wraps"

    def __init__(self, game: Game, inner: Agent, steps: list[int]) -> None:
        super().__init__(game)
        self.inner, self.steps = inner, steps

    @property
    def spec(self) -> str:
        return self.inner.spec

    def choose(self, observation: Observation) -> int:
        step = self.inner.choose(observation)
        self.steps.append(step)
        return step


def play(case: Case) -> list[dict[str, Any]]:
    """The record's lines, played now on the engine the environment selects."""
    game = make_game(case.game, players=case.players)
    steps: list[int] = []
    seats = [_Recorder(game, make_agent(spec, game), steps) for spec in case.seats]
    lines: list[dict[str, Any]] = [{
        "game": case.game, "players": case.players, "seed": case.seed,
        "seats": list(case.seats), "data_sha256": game.data_sha256()}]

    def on_turn(turn: int, seat: int, notation: str, _state: State) -> None:
        lines.append({"turn": turn, "seat": seat, "steps": steps.copy(), "play": notation})
        steps.clear()

    result = play_game(game, seats, case.seed, on_turn=on_turn)
    lines.append({"result": {"scores": result.scores, "winners": list(result.winners),
                             "rounds": result.rounds, "turns": result.turns,
                             "capped": result.capped}})
    return lines


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def first_difference(expected: list[dict[str, Any]], actual: list[dict[str, Any]]) -> str | None:
    """None when equal, else a line naming the first line that differs and how."""
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        if want != got:
            return f"line {number}: expected {json.dumps(want)}, got {json.dumps(got)}"
    if len(expected) != len(actual):
        return f"{len(expected)} lines expected, got {len(actual)}"
    return None


@contextmanager
def engine(name: str) -> Iterator[None]:
    """Select the pure or the compiled engine for the block (as tests/conftest.py does)."""
    saved = os.environ.get(backend.PURE_ENV)
    if name == "pure":
        os.environ[backend.PURE_ENV] = "1"
    else:
        for kind in game_names():
            core = game_type(kind).core
            if core is not None:
                core.require()
        os.environ.pop(backend.PURE_ENV, None)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(backend.PURE_ENV, None)
        else:
            os.environ[backend.PURE_ENV] = saved
