"""The Valley of Alchemists through the game contract: registry, notation round trips,
positions, the greedy policy and the score estimate, and the agents unchanged."""

from __future__ import annotations

import pytest
from alchemists_scenarios import new
from test_alchemists_properties import random_step

import valdora_ai as va
from valdora_ai.agents import make_agent
from valdora_ai.errors import NotationError, PositionError
from valdora_ai.games import game_names
from valdora_ai.games.alchemists import steps as S
from valdora_ai.rng import Rng


def test_registered_for_two_to_four_players() -> None:
    assert "alchemists" in game_names()
    for players in (2, 3, 4):
        game = va.make_game("alchemists", players=players)
        assert game.num_players == players and game.name == "alchemists"
        assert game.information == "imperfect" and game.chance_mode == "explicit"
        assert game.new_state(1).current_player == 0


def test_every_legal_step_describes_and_parses_back() -> None:
    for seed in range(15):
        game = va.make_game("alchemists", players=2 + seed % 3, stall_rounds=6)
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_terminal():
            for step in state.legal_steps():
                assert game.parse_turn(state, game.describe_step(state, step)) == [step]
            state.apply(random_step(state, rng))


def test_turns_format_and_parse_back() -> None:
    game = va.make_game("alchemists", players=3)
    state, rng = game.new_state(4), Rng(4)
    for _ in range(12):
        start, seat, steps = state.copy(), state.current_player, []
        while state.current_player == seat and not state.is_terminal():
            steps.append(game.greedy_step(state, rng))
            state.apply(steps[-1])
        text = game.format_turn(start, steps)
        assert game.parse_turn(start, text) == steps
    with pytest.raises(NotationError):
        game.parse_turn(state, "")
    with pytest.raises(NotationError, match="is not legal here"):
        game.parse_turn(state, "sD1 .")


def test_position_names_the_game_and_refuses_another() -> None:
    game, state = new(3)
    document = game.position_to_json(state)
    assert document["game"] == "alchemists"
    valdora = va.make_game("valdora", players=3)
    with pytest.raises(PositionError, match="game"):
        game.position_from_json(valdora.position_to_json(valdora.new_state(1)))
    with pytest.raises(PositionError, match="players"):
        va.make_game("alchemists", players=2).position_from_json(document)


def test_greedy_plays_sensibly() -> None:
    """The greedy policy sells lines with bonuses, reaches the end of the deck, and beats
    a random player (seats alternated)."""
    wins, bonuses = 0.0, []
    for seed in range(6):
        game = va.make_game("alchemists", players=2, stall_rounds=40)
        state, rng = game.new_state(seed), Rng(seed)
        greedy_seat = seed % 2
        while not state.is_terminal():
            if state.current_player == greedy_seat:
                state.apply(game.greedy_step(state, rng))
            else:
                state.apply(random_step(state, rng))
        wins += state.returns()[greedy_seat]
        bonuses += state.players[greedy_seat].markers
    assert wins == 6
    assert bonuses and max(bonuses) >= 9


def test_estimate_is_the_score_at_the_end_and_at_least_it_before() -> None:
    game = va.make_game("alchemists", players=3)
    state, rng = game.new_state(2), Rng(2)
    while not state.is_terminal():
        estimate = game.estimate_final_scores(state)
        assert all(e >= s for e, s in zip(estimate, state.scores(), strict=True))
        state.apply(game.greedy_step(state, rng))
    assert game.estimate_final_scores(state) == [float(s) for s in state.scores()]


def test_greedy_draws_by_probability_at_a_chance_node() -> None:
    game, state = new(2, setup="+W +W")
    belief = game.observation(state, 0).belief_state()
    belief.players[0].chest[0] = belief.face_up[0]
    belief.face_up[0] = -1
    belief.play(S.END)
    step = game.greedy_step(belief, Rng(1))
    assert step in dict(belief.chance_outcomes())


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=8,depth=1",
                                  "pimc:iterations=2,depth=1"])
def test_agents_play_it_unchanged(spec: str) -> None:
    game = va.make_game("alchemists", players=2)
    state = game.new_state(3)
    agent = make_agent(spec, game, seed=1)
    for _ in range(4):
        seat = state.current_player
        step = agent.choose(game.observation(state, seat))
        state.play(step)
