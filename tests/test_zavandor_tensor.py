"""Zavandor observation tensors: fixed length, the observer's knowledge and nothing more."""

from __future__ import annotations

import numpy as np

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.games.zavandor.data import JEWEL
from valdora_ai.games.zavandor.engines import as_reference, from_reference
from valdora_ai.games.zavandor.position import position_to_json
from valdora_ai.games.zavandor.rules import MASK, ZavandorState


def _vector(game: va.Game, state: ZavandorState, seat: int) -> np.ndarray:
    return game.observation_tensor(game.observation(state, seat))  # type: ignore[attr-defined]


def _secrets(game: va.Game) -> ZavandorState:
    """Seat 0 sampled I.2 and holds a jewelry card (a reference state: edits to a
    compiled world's fields are lost)."""
    state = as_reference(game.new_state(4))
    state.known[1] |= 1
    slot = state.piles[JEWEL].pop()
    slot[MASK] = 1
    state.hand[0] = slot
    return state


def test_hidden_differences_give_the_same_vector() -> None:
    game = va.make_game("zavandor", players=3)
    world = from_reference(_secrets(game))  # on the selected engine
    other = game.determinize(game.observation(world, 1), make_rng(2))
    assert position_to_json(world) != position_to_json(other)  # the test can fail
    assert np.array_equal(_vector(game, world, 1), _vector(game, other, 1))


def test_what_the_observer_saw_changes_its_vector_only() -> None:
    game = va.make_game("zavandor", players=3)
    world = _secrets(game)
    swapped = world.copy()
    unknown = next(s for s in range(2, 20) if not swapped.known[s])
    swapped.board[1], swapped.board[unknown] = swapped.board[unknown], swapped.board[1]
    assert not np.array_equal(_vector(game, world, 0), _vector(game, swapped, 0))
    assert np.array_equal(_vector(game, world, 2), _vector(game, swapped, 2))
    hand = swapped.hand[0]
    assert hand is not None
    swapped.hand[0], swapped.piles[JEWEL][-1] = swapped.piles[JEWEL][-1], hand
    swapped.hand[0][MASK], swapped.piles[JEWEL][-1][MASK] = 1, 0  # type: ignore[index]
    assert np.array_equal(_vector(game, world, 2), _vector(game, swapped, 2))


def test_every_vector_of_a_game_has_the_size_of_its_player_count() -> None:
    for players in (2, 3, 4):
        game = va.make_game("zavandor", players=players)
        state, rng = game.new_state(players), make_rng(players)
        sizes = set()
        while not state.is_terminal():
            sizes.add(_vector(game, state, state.current_player).shape)  # type: ignore[arg-type]
            state.play(game.greedy_step(state, rng))
        assert sizes == {(game.observation_tensor_size(),)}  # type: ignore[attr-defined]
