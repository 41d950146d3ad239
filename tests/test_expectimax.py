"""Expectimax equals a brute-force expectation, and its pruning really prunes."""

from __future__ import annotations

from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.games.base import CHANCE
from valdora_ai.search.expectimax import Expectimax
from valdora_ai.search.rewards import Evaluator, Outcome


def _brute(search: Expectimax, state: Any, depth: int, last: int) -> Outcome:
    """Full expansion: every step in order, every reveal by its exact probability."""
    if state.is_terminal():
        return search.evaluator.evaluate(state)
    if state.current_player == CHANCE:
        values = []
        for step, prob in state.chance_outcomes():
            child = state.copy()
            child.apply(step)
            values.append((prob, _brute(search, child, depth, last)))
        return tuple([sum(p * v[k][i] for p, v in values) for i in range(len(values[0][1][k]))]
                     for k in range(3))  # type: ignore[return-value]
    if depth == 0:
        return search.leaf(state, last)
    player = state.current_player
    best: Outcome | None = None
    for step in state.legal_steps():  # ascending: ties go to the lowest step
        child = state.copy()
        child.apply(step)
        value = _brute(search, child, depth - 1, player)
        if best is None or value[0][player] > best[0][player]:
            best = value
    assert best is not None
    return best


def _reveals_after(state: Any) -> bool:
    """Whether some legal step of `state` leads to a chance node (a reveal)."""
    for step in state.legal_steps():
        child = state.copy()
        child.apply(step)
        if child.is_chance_node():
            return True
    return False


def _position_before_a_reveal(name: str, seed: int) -> tuple[Any, Any]:
    """The first position of a greedy game where the mover has two to six steps and
    one of them reveals a face to the mover's belief state."""
    game = va.make_game(name, players=3)
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    while not state.is_terminal():
        belief = game.observation(state, state.current_player).belief_state()
        if 2 <= len(belief.legal_steps()) <= 6 and _reveals_after(belief):
            return game, state
        state.apply(game.greedy_step(state, rng))
    raise AssertionError(f"no position before a reveal in {name} game {seed}")


def _city_position(players: int, seed: int) -> tuple[Any, Any]:
    """Seat 0 has just moved to a city: page turns and purchases reveal faces."""
    game = va.make_game("valdora", players=players)
    state = game.new_state(seed)
    city = next(s for s in state.legal_steps() if game.describe_step(state, s) == "C")
    state.apply(city)
    return game, state


@pytest.mark.parametrize("players,seed,reward,depth,playouts", [
    (3, 1, "win", 3, 0), (4, 2, "rank", 2, 0), (3, 5, "margin", 2, 0), (5, 3, "win", 2, 0),
    pytest.param(3, 1, "win", 2, 2, marks=pytest.mark.slow),
    pytest.param(4, 2, "margin", 2, 1, marks=pytest.mark.slow)])
def test_expectimax_matches_brute_force(players: int, seed: int, reward: str, depth: int,
                                        playouts: int) -> None:
    """Pruned search = full expansion, with the estimate or seeded play-outs (common
    random numbers make a horizon's value independent of the search order)."""
    _check_against_brute_force(*_city_position(players, seed), reward, depth, playouts)


@pytest.mark.parametrize("reward", ["win", "margin"])
@pytest.mark.parametrize("name", va.game_names())
def test_expectimax_matches_brute_force_in_every_game(name: str, reward: str) -> None:
    """One ply and the reveals after it, valued by the estimate, in every game."""
    _check_against_brute_force(*_position_before_a_reveal(name, 0), reward, 1, 0)


def _check_against_brute_force(game: Any, state: Any, reward: str, depth: int,
                               playouts: int) -> None:
    obs = game.observation(state, state.current_player)
    agent = va.make_agent(f"expectimax:depth={depth},reward={reward},playouts={playouts},"
                          "iterations=1000000000", game)  # a budget it never reaches
    analysis = agent.analyze(obs)
    belief = obs.belief_state()
    assert sorted(c.step for c in analysis.candidates) == belief.legal_steps()
    first_search_seed = va.make_rng(0).next_u64()  # drawn from the agent's stream (seed 0)
    reference = Expectimax(game, Evaluator(game, reward), playouts=playouts,
                           seed=first_search_seed)
    for candidate in analysis.candidates:
        child = belief.copy()
        child.apply(candidate.step)
        rewards, scores, wins = _brute(reference, child, depth - 1, obs.observer)
        assert candidate.values == pytest.approx(rewards, abs=1e-9)
        assert candidate.expected_scores == pytest.approx(scores, abs=1e-9)
        assert candidate.win_probability == pytest.approx(wins[obs.observer], abs=1e-9)
    ranked = [c.values[obs.observer] for c in analysis.candidates]
    assert ranked == sorted(ranked, reverse=True)


def test_pruning_cuts_leaves_but_not_values() -> None:
    game, state = _city_position(3, 1)
    obs = game.observation(state, 0)
    pruned = va.make_agent("expectimax:depth=2,reward=win,playouts=0", game).analyze(obs)
    unpruned = va.make_agent("expectimax:depth=2,reward=margin,playouts=0", game).analyze(obs)
    assert pruned.iterations < unpruned.iterations  # margin is not constant-sum: no cuts


def test_time_budget_deepens_iteratively_and_reports() -> None:
    game, state = _city_position(3, 1)
    seen: list[va.Analysis] = []
    control = va.SearchControl(on_progress=seen.append, report_every=1e-9)
    agent = va.make_agent("expectimax:depth=2,playouts=0", game)
    analysis = agent.analyze(game.observation(state, 0), va.Budget(iterations=100_000), control)
    assert [a.extra["depth"] for a in seen] == [1] and analysis.extra["depth"] == 2
    capped = agent.analyze(game.observation(state, 0), va.Budget(iterations=50))
    assert capped.extra["depth"] == 1 and not capped.complete
    assert capped.best.step in state.legal_steps()


def test_playout_horizon_values_are_sampled_play_outs_and_reproducible() -> None:
    """playouts=N values each horizon by N greedy play-outs to the end: the expected
    scores are then final-score means (whole numbers over N), not the estimate's."""
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=5)
    obs = game.observation(state, 0)
    spec = "expectimax:depth=1,playouts=2,reward=margin,seed=3"
    first, again = (va.make_agent(spec, game).analyze(obs) for _ in range(2))
    assert first.to_json()["candidates"] == again.to_json()["candidates"]
    split = va.make_agent(f"{spec},jobs=2", game).analyze(obs)  # root steps over workers
    assert split.to_json()["candidates"] == first.to_json()["candidates"]
    estimated = va.make_agent("expectimax:depth=1,reward=margin,playouts=0", game).analyze(obs)
    by_step = {c.step: c for c in estimated.candidates}
    for candidate in first.candidates:
        assert candidate.step in state.legal_steps()
        if candidate.visits == 1:  # one horizon: the mean of two final scores
            assert all((2 * s) % 1 == 0 for s in candidate.expected_scores)
        assert candidate.expected_scores != by_step[candidate.step].expected_scores
    with pytest.raises(va.SpecError, match="playouts must be an integer from 0 to 100000, got -1"):
        va.make_agent("expectimax:playouts=-1", game)
