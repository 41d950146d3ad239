"""The Valley of Alchemists' greedy play-out policy works in batches (issue 30 item 2).

Greedy chooses a bundle of face-up elixirs at every decision and makes it in one make
action, so its games are about as long as the design doc's reference bot's (~17.5 turns
a player) and it makes about two elixirs a make action (the former greedy, now
``quick``, made 1.06 in games of 22-24 turns). These are seeded games, so the figures
are exact and the bounds only say where a regression would fall. Both engines play the
same steps (tests/test_alchemists_parity.py), so the compiled one plays them here.
"""

from __future__ import annotations

import pytest

import valdora_ai as va
from valdora_ai.games.alchemists import heuristics as H
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.rules import CHOOSE
from valdora_ai.rng import Rng

GAMES = 8


def _pace(players: int, policy: str) -> tuple[float, float, int]:
    """(turns per player, elixirs per make action, players who transformed) over
    GAMES seeded self-play games of `policy` (greedy or quick)."""
    game = va.make_game("alchemists", players=players)
    turns = makes = actions = transformed = 0
    for seed in range(GAMES):
        state = game.new_state(seed)
        rng = Rng(seed)
        seats: set[int] = set()
        while not state.is_terminal():
            step = (game.greedy_step(state, rng) if policy == "greedy"
                    else game.quick_step(state, rng))
            if S.kind(step) == "make":
                makes += 1
                actions += state.phase == CHOOSE
            elif S.kind(step) == "transform":
                seats.add(state.current)
            state.apply(step)
        turns += game.turn_count(state)
        transformed += len(seats)
    return turns / (GAMES * players), makes / actions, transformed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_makes_in_batches_at_the_reference_pace(players: int) -> None:
    turns, per_make, _ = _pace(players, "greedy")
    assert 15.5 <= turns <= 19.5  # the reference bot's ~17.5, within 2
    assert per_make >= 1.8
    old_turns, old_per_make, transformed = _pace(players, "quick")
    assert old_turns > turns + 2 and old_per_make < 1.2  # what the former greedy did
    assert transformed == 0


def test_greedy_transforms_decoctions_in_some_games() -> None:
    assert sum(_pace(players, "greedy")[2] for players in (3, 4)) > 0


def _chooser() -> tuple[object, object]:
    game = va.make_game("alchemists", players=3)
    state = game.new_state(seed=2).to_reference()
    while state.phase != CHOOSE or state.is_chance_node():
        state.apply(H.greedy_step(state, Rng(0)))
    return state, state.players[state.current]


def test_transform_turns_the_spare_colour_into_the_one_lacking() -> None:
    state, player = _chooser()
    player.decoctions = [3, 0, 1, 0, 0, 0]
    cost = [1, 2, 0, 0, 0, 0]  # two of colour 1 lacking; colours 0 (2 spare), 2 (1)
    missing = H._missing(state, player, cost)
    step = H._transform(state, player, state.legal_steps(), missing, cost)
    assert step == S.transform(0, 1, 2)


@pytest.mark.parametrize("decoctions, cost", [
    ([3, 0, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0]),  # two colours lacking: one transformation
    ([2, 0, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0]),  # too few to spare
    ([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),  # nothing lacking
])
def test_no_transform_when_it_does_not_make_the_bundle(decoctions: list[int],
                                                        cost: list[int]) -> None:
    state, player = _chooser()
    player.decoctions = decoctions
    missing = H._missing(state, player, cost)
    assert H._transform(state, player, state.legal_steps(), missing, cost) == 0


def test_no_transform_once_the_token_is_used() -> None:
    state, player = _chooser()
    player.decoctions = [3, 0, 0, 0, 0, 0]
    player.tokens[S.TRANSFORM_TOKEN] = False
    cost = [1, 2, 0, 0, 0, 0]
    missing = H._missing(state, player, cost)
    assert H._transform(state, player, state.legal_steps(), missing, cost) == 0
