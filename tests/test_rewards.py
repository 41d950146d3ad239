"""Reward vectors: win shares, ranks and margins from (estimated) scores."""

from __future__ import annotations

import pytest

import valdora_ai as va
from valdora_ai.search.rewards import Evaluator, margin_rewards, rank_rewards, soft_wins
from valdora_ai.search.rollout import rollout


def test_rank_shares_ties_and_sums_to_half_the_players() -> None:
    assert rank_rewards([10.0, 30.0, 20.0, 30.0]) == [0.0, pytest.approx(5 / 6), 1 / 3,
                                                      pytest.approx(5 / 6)]
    assert sum(rank_rewards([3.0, 1.0, 2.0, 2.0, 9.0])) == pytest.approx(2.5)


def test_soft_wins_favour_the_leader_and_sum_to_one() -> None:
    wins = soft_wins([100.0, 108.0, 92.0])
    assert sum(wins) == pytest.approx(1.0) and wins[1] > wins[0] > wins[2]
    assert wins[1] / wins[0] == pytest.approx(2.718281828, rel=1e-6)  # 8 points: odds e


def test_margin_is_half_when_level_and_above_when_leading() -> None:
    rewards = margin_rewards([50.0, 50.0, 30.0])
    assert rewards[0] == rewards[1] == 0.5 and rewards[2] < 0.5
    assert margin_rewards([70.0, 50.0])[0] > 0.5


def test_terminal_states_use_the_real_result() -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    rng = va.make_rng(1)
    while not state.is_terminal():
        state.apply(game.greedy_step(state, rng))
    rewards, scores, wins = Evaluator(game, "win").evaluate(state)
    assert wins == state.returns() and rewards == wins
    assert scores == [float(s) for s in state.scores()]
    assert Evaluator(game, "rank").constant_sum == 1.5
    assert Evaluator(game, "margin").constant_sum is None


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_a_rollout_to_the_end_backs_up_the_real_result(policy: str) -> None:
    """depth=-1 plays to the end (in C on the compiled engine), so the outcome is the
    exact result of the game played out, never the score estimate."""
    game = va.make_game("valdora", players=4)
    world = game.determinize(game.observation(game.new_state(seed=5), 0), va.make_rng(2))
    rewards, scores, wins = rollout(game, world, policy, -1, va.make_rng(3),
                                    Evaluator(game, "margin"), searcher=0)
    assert world.is_terminal()
    assert scores == [float(s) for s in world.scores()] and wins == world.returns()
    assert rewards == margin_rewards(scores)
