"""``ismcts:stepwise=N``: the recommended decision's later steps searched afresh, one
search a step from the mover's observation, as the agent plays its turn."""

from __future__ import annotations

import pytest

import valdora_ai as va
from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.analysis import Budget
from valdora_ai.clock import ClockReading
from valdora_ai.games.base import Game, Observation
from valdora_ai.suggestions import candidate_steps, split_decision

BASE = "ismcts:iterations=200,seed=4,reuse=false"


def _position(name: str, moves: int) -> tuple[Game, Observation]:
    """A game after `moves` greedy decisions, and the mover's observation there."""
    game = va.make_game(name, players=3)
    state = game.new_state(3)
    for _ in range(moves):
        state.apply(va.make_agent("greedy:seed=1", game).choose(
            game.observation(state, state.current_player)))
        while state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
    return game, game.observation(state, state.current_player)


@pytest.mark.parametrize("name", va.game_names())
def test_a_stepwise_line_changes_only_the_best_decisions_later_steps(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game: the root's search and every other candidate are as without the
    option; the best line starts with the recommended step, each later step of its
    decision is a further search's, it is legal from the mover's belief state, and its
    decision ends with the turn or at a reveal; a seed repeats it."""
    searched: list[int] = []
    later_step = IsmctsAgent._later_step

    def recorded(agent: IsmctsAgent, observation: Observation, iterations: int) -> int:
        step = later_step(agent, observation, iterations)
        searched.append(step)
        return step

    monkeypatch.setattr(IsmctsAgent, "_later_step", recorded)
    for moves in (0, 2, 8):  # positions whose best decisions have later steps
        game, observation = _position(name, moves)
        plain = va.make_agent(BASE, game).analyze(observation)
        searched.clear()
        stepwise = va.make_agent(BASE + ",stepwise=100", game).analyze(observation)
        later = list(searched)
        again = va.make_agent(BASE + ",stepwise=100", game).analyze(observation)
        assert [(c.step, c.visits, c.pv) for c in stepwise.candidates[1:]] == [
            (c.step, c.visits, c.pv) for c in plain.candidates[1:]]
        best = stepwise.best
        assert best.step == plain.best.step and best.pv[0] == best.step
        assert best.pv == again.best.pv
        belief = observation.belief_state()
        steps, finished = candidate_steps(game, belief, best)
        assert steps == list(best.pv)  # every step playable from the belief state
        decision, rest = split_decision(belief, steps)
        assert decision[1:] == later  # each later step of the decision searched afresh
        assert finished or rest  # the turn's end, or a reveal's sampled outcome


@pytest.mark.parametrize("name", va.game_names())
def test_a_timed_search_keeps_the_trees_line(name: str) -> None:
    """A time budget (play under a clock) has no room for further searches."""
    game, observation = _position(name, 3)
    timed = va.make_agent(BASE + ",stepwise=100", game).analyze(
        observation, Budget(iterations=200, seconds=30.0))
    plain = va.make_agent(BASE, game).analyze(observation, Budget(iterations=200, seconds=30.0))
    assert timed.best.pv == plain.best.pv


@pytest.mark.parametrize("name", va.game_names())
def test_a_search_under_a_game_clock_keeps_the_trees_line(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game clock times the search even with an iteration spec: no further searches,
    where without the clock the same positions search later steps."""
    searched: list[bool] = []
    later_step = IsmctsAgent._later_step

    def recorded(agent: IsmctsAgent, observation: Observation, iterations: int) -> int:
        searched.append(agent.clock is None)
        return later_step(agent, observation, iterations)

    monkeypatch.setattr(IsmctsAgent, "_later_step", recorded)
    for moves in (0, 2, 8):  # positions whose best decisions have later steps
        game, observation = _position(name, moves)
        va.make_agent(BASE + ",stepwise=100", game).analyze(observation)
        agent = va.make_agent(BASE + ",stepwise=100", game)
        agent.clock = ClockReading(remaining=60.0, increment=1.0)
        agent.analyze(observation)
    assert searched and all(searched)
