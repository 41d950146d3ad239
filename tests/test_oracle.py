"""The evaluation-only oracle: only the self-play runner hands it the true world, honest
agents never get it, and every surface facing people refuses the oracle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.agents import Agent, agent_classes, make_agent
from valdora_ai.agents.greedy import GreedyAgent
from valdora_ai.agents.oracle import OracleIsmctsAgent
from valdora_ai.cli.app import app
from valdora_ai.engine.config import EngineConfig
from valdora_ai.errors import SpecError
from valdora_ai.games import game_names, make_game
from valdora_ai.games.base import Observation, State
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.info import Observation as ValdoraObservation
from valdora_ai.interactive.seats import seat_specs
from valdora_ai.selfplay import play_game

ORACLE = "oracle-ismcts:iterations=20"
runner = CliRunner()


class _Spy(GreedyAgent):
    """An honest agent recording what the runner hands it."""

    name = "spy"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.given: list[object] = []

    def choose(self, observation: Observation) -> int:
        self.given.append(observation)
        return super().choose(observation)

    def choose_in_world(self, observation: Observation, world: State) -> int:
        raise AssertionError("an honest agent was handed the true world")


@pytest.mark.parametrize("name", game_names())
def test_honest_agents_never_receive_the_true_state(name: str) -> None:
    """Only the oracle declares that it needs the world; an honest agent sitting with an
    oracle gets its own seat's observations only."""
    assert [n for n, c in agent_classes().items() if c.needs_true_state] == ["oracle-ismcts"]
    game = make_game(name, players=3)
    observation_type = type(game.observation(game.new_state(4), 0))
    spies = [_Spy(game), _Spy(game)]
    play_game(game, [spies[0], make_agent(ORACLE, game), spies[1]], seed=4)
    for seat, spy in ((0, spies[0]), (2, spies[1])):
        assert spy.given and all(type(o) is observation_type for o in spy.given)
        assert all(o.observer == seat for o in spy.given)  # type: ignore[attr-defined]


def test_valdora_observations_hide_the_unseen_pages() -> None:
    game = make_game("valdora", players=3)
    spy = _Spy(game)
    play_game(game, [spy, make_agent(ORACLE, game), "greedy"], seed=4)
    assert spy.given and all(type(o) is ValdoraObservation for o in spy.given)
    belief = as_reference(spy.given[0].belief_state())  # type: ignore[attr-defined]
    assert all(not book.hidden for book in belief.books)


def _pages(state: Any) -> list[tuple[Any, ...]]:
    """Every book's hidden order and seen stacks."""
    return [(book.hidden, book.left, book.right) for book in as_reference(state).books]


class _Witness(OracleIsmctsAgent):
    """The oracle, checking each world it is handed against the runner's own state."""

    def __init__(self, game: Any) -> None:
        super().__init__(game, iterations=5)
        self.real: Any = None  # the runner's state object, once a turn has shown it
        self.checked = 0

    def choose_in_world(self, observation: Observation, world: State) -> int:
        if self.real is not None:
            assert world is not self.real  # a copy: searching it cannot touch the game
            assert _pages(world) == _pages(self.real)
            assert any(hidden for hidden, _, _ in _pages(world))
            self.checked += 1
        return super().choose_in_world(observation, world)

    def world_for_iteration(self, observation: Observation) -> State:
        world = super().world_for_iteration(observation)
        assert world is not self._world  # each iteration gets its own copy
        return world


def test_the_oracle_searches_copies_of_the_true_world() -> None:
    game = make_game("valdora", players=3)
    witness = _Witness(game)

    def show(_turns: int, _seat: int, _play: str, state: Any) -> None:
        witness.real = state

    play_game(game, [witness, "greedy", "greedy"], seed=9, on_turn=show)
    assert witness.checked > 20


@pytest.mark.parametrize("name", game_names())
def test_without_a_world_the_oracle_refuses_to_decide(name: str) -> None:
    game = make_game(name, players=3)
    oracle = make_agent(ORACLE, game)
    observation = game.observation(game.new_state(1), 0)
    with pytest.raises(SpecError, match="for evaluation only"):
        oracle.choose(observation)
    with pytest.raises(SpecError, match="for evaluation only"):
        oracle.analyze(observation)
    with pytest.raises(SpecError, match="jobs must be an integer from 1 to 1"):
        make_agent("oracle-ismcts:jobs=2", game)
    with pytest.raises(SpecError, match="plays from observations only"):
        Agent.choose_in_world(make_agent("greedy", game), observation, game.new_state(1))


def test_surfaces_facing_people_refuse_the_oracle(tmp_path: Path) -> None:
    game = make_game("valdora", players=3)
    with pytest.raises(SpecError, match="cannot be used for interactive play"):
        seat_specs(game, ["human", "greedy", "oracle-ismcts"], seed=1)
    position = tmp_path / "p.json"
    position.write_text(json.dumps(game.position_to_json(game.new_state(1))))
    with pytest.raises(SpecError, match="cannot be used for suggestions"):
        va.suggest(position, ORACLE)
    with pytest.raises(SpecError, match=r"cannot be used for the engine \(--agent\)"):
        EngineConfig(default_agent="oracle-ismcts")
    for args in (["play", "--seat", "human", "--hint-agent", ORACLE, "--players", "3"],
                 ["play", "--seat", "human", "--seat", ORACLE, "--seat", "greedy"],
                 ["suggest", str(position), "--agent", ORACLE]):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 1, (args, result.output)
        assert "oracle-ismcts sees the hidden cards and is for evaluation only" in result.output
    tournament = runner.invoke(app, ["tournament", "--seat", ORACLE, "--seat", "greedy",
                                     "--seat", "greedy", "--games", "3", "--jobs", "1",
                                     "--quiet", "--db", str(tmp_path / "t.sqlite")])
    assert tournament.exit_code == 0, tournament.output
