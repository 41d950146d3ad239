"""Self-play: one complete game between agents, with an optional record.

Each agent sees only its own observation; an evaluation-only agent that declares
``needs_true_state`` (``oracle-ismcts``) is handed a copy of the true state too. This
runner is the only place that does so. A turn is played step by step; the whole
turn is then written in the notation, to the record and to the `on_turn` callback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from valdora_ai.agents import Agent, make_agent
from valdora_ai.atomic import atomic_write
from valdora_ai.errors import ValdoraError
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.rules import ScoreLine, ValdoraState
from valdora_ai.records import RecordHeader, RecordWriter
from valdora_ai.rng import derive_seed

TurnCallback = Callable[[int, int, str, ValdoraState], None]


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the score breakdown per seat, the winners, and its length."""

    seed: int
    seats: tuple[str, ...]
    lines: tuple[ScoreLine, ...]
    winners: tuple[int, ...]
    rounds: int
    turns: int
    capped: bool

    @property
    def scores(self) -> list[int]:
        return [line.total for line in self.lines]


def decide(game: ValdoraGame, agent: Agent, state: ValdoraState, seat: int) -> int:
    """`agent`'s step for `seat` from its observation, and for an agent that needs it
    (evaluation only) a copy of the true state."""
    observation = game.observation(state, seat)
    if agent.needs_true_state:
        return agent.choose_in_world(observation, state.copy())
    return agent.choose(observation)


def play_game(game: ValdoraGame, seats: Sequence[str | Agent], seed: int, *,
              record: str | Path | None = None,
              on_turn: TurnCallback | None = None) -> GameResult:
    """Play one game from `seed`; seat i is played by `seats[i]` (an agent or a spec).

    Agents built from specs get the seed `seed + seat` unless their spec sets one.
    The record is written atomically: it appears, complete, when the game ends; if the
    game stops early (an error, Ctrl-C) a file already at `record` is left as it was.
    """
    if len(seats) != game.num_players:
        raise ValdoraError(f"{game.num_players} players need {game.num_players} seats, "
                           f"got {len(seats)}")
    agents = [s if isinstance(s, Agent) else make_agent(s, game, seed=derive_seed(seed, i))
              for i, s in enumerate(seats)]
    specs = tuple(a.spec for a in agents)
    state = game.new_state(seed)
    with atomic_write(record) if record is not None else nullcontext() as stream:
        writer = (RecordWriter(stream, RecordHeader(game.name, seed, game.num_players, specs,
                                                    game.data.sha256))
                  if stream else None)
        while not state.is_terminal():
            seat, start, steps = state.current_player, state.copy(), []
            while state.turns == start.turns:
                step = decide(game, agents[seat], state, seat)
                state.play(step)
                steps.append(step)
            play = game.format_turn(start, steps)
            if writer:
                writer.turn(state.turns, start.rounds + 1, seat, play)
            if on_turn:
                on_turn(state.turns, seat, play, state)
        if writer:
            writer.result(state)
    return GameResult(seed=seed, seats=specs, lines=tuple(state.score_lines()),
                      winners=tuple(state.winners()), rounds=state.rounds, turns=state.turns,
                      capped=state.capped)
