"""Each game's bound on a game's steps (``max_game_steps``), derived from its rules and
data: no seeded random or greedy game exceeds it, counting every decision and every
reveal a belief state passes through."""

from __future__ import annotations

from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.games import game_names, player_counts
from valdora_ai.games.game_base import ASSUMED_TURN_STEPS, GameBase

TABLES = [(name, players) for name in game_names()
          for players in dict.fromkeys(player_counts(name)[::len(player_counts(name)) - 1])]


def _play(game: Any, seed: int, greedy: bool) -> tuple[int, list[int]]:
    """The steps of one seeded game, reveals included, and the steps of each turn as
    the game counts turns (one entry per turn; empty when it counts none)."""
    state, rng = game.new_state(seed), va.make_rng(seed)
    total, turns, start = 0, [0], game.turn_count(state)
    while not state.is_terminal():
        legal = state.legal_steps()
        step = game.greedy_step(state, rng) if greedy else rng.choice(legal)
        steps = 1 + len(game.apply_revealing(state, step))
        total, turns[-1] = total + steps, turns[-1] + steps
        if start is not None and game.turn_count(state) != start:
            turns.append(0)
            start = game.turn_count(state)
    return total, turns if start is not None else []


@pytest.mark.parametrize(("name", "players"), TABLES)
@pytest.mark.parametrize("greedy", [False, True])
def test_no_seeded_game_exceeds_the_games_step_bound(name: str, players: int,
                                                     greedy: bool) -> None:
    game = va.make_game(name, players=players)
    bound = game.max_game_steps()
    assert bound is not None and bound >= game.max_turns()
    for seed in range(3):
        total, _ = _play(game, seed, greedy)
        assert 0 < total <= bound


def test_no_valdora_turn_exceeds_its_derived_turn_bound() -> None:
    from valdora_ai.games.valdora.bounds import max_turn_steps  # the bound under test

    game = va.make_game("valdora", players=3)
    bound = max_turn_steps(game.data)  # type: ignore[attr-defined]
    for seed in range(3):
        for greedy in (False, True):
            _, turns = _play(game, seed, greedy)
            assert turns and max(turns) <= bound


def test_a_game_without_a_turn_bound_has_no_step_bound() -> None:
    game = va.make_game("alchemists", players=2, stall_safeguard=False)
    assert game.max_turns() is None and game.max_game_steps() is None


def test_a_game_without_the_hook_gets_its_turns_times_the_assumed_turn_steps() -> None:
    class Bare(GameBase):
        def max_turns(self) -> int:
            return 10

    assert Bare().max_game_steps() == 10 * ASSUMED_TURN_STEPS
