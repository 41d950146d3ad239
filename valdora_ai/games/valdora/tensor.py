"""Valdora observations as fixed-length float32 vectors, for learning frameworks.

The vector holds only what the observation holds (the public position: the hidden
card order is never in it). Seats are rotated so that the observer comes first, and
every part has a size fixed by the data file and the player count, so one game
instance always gives vectors of one length (:func:`tensor_size`). Counts are raw
numbers; categorical values (spaces, faces, gems on items) are one-hot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from valdora_ai.games.valdora.constants import (
    ACTION,
    CHANCE,
    EMPTY,
    MAX_HELD_COMMISSIONS,
    NOT_OWNED,
    REVEAL_FRONT,
    TERMINAL,
)
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import Book, ValdoraState

if TYPE_CHECKING:
    import numpy as np

_ACTIONS = 4  # NO_ACTION, PURCHASE, LOADING, DELIVERY


def _faces(data: ComponentData) -> int:
    """Face one-hots have a slot per item or commission face, plus one for "none"."""
    return max(len(data.items), len(data.commissions)) + 1


def tensor_size(data: ComponentData, n: int) -> int:
    """The length of every observation vector for `n` players with `data`."""
    gems, colours, items = len(data.gems), len(data.colours), len(data.items)
    spaces, faces, kinds = len(data.spaces), _faces(data), len(data.commissions)
    general = (n + 2) + 1 + _ACTIONS + 2 + 2 + 2 + 2
    table = gems + spaces * gems + colours + colours * (n + 1)
    books = sum(3 + 2 * faces + 1 + len(data.card_sets[str(data.spaces[s].book)].types)
                for s in data.book_spaces)
    player = (spaces + 2 + items * (gems + 2) + items + MAX_HELD_COMMISSIONS * (kinds + 1)
              + kinds + 2 * colours + 1)
    return general + table + books + n * player


def encode(observation: Any, data: ComponentData) -> np.ndarray:
    """The float32 vector of `observation` (a Valdora observation, either engine)."""
    import numpy as np  # here, so that playing a game imports no numpy

    state = as_reference(observation.belief_state())
    me, n = observation.observer, state.n
    out: list[float] = []

    def one_hot(index: int, size: int) -> None:
        block = [0.0] * size
        if 0 <= index < size:
            block[index] = 1.0
        out.extend(block)

    def seat(s: int) -> int:  # seats relative to the observer; -1 stays -1
        return (s - me) % n if s >= 0 else -1

    mover = state.current_player
    one_hot(seat(mover) if mover >= 0 else n + (mover == TERMINAL), n + 2)
    out += [float(state.phase == ACTION)]
    one_hot(state.action, _ACTIONS)
    out += [state.pages_turned, state.loads_done, state.rounds / data.max_rounds,
            float(state.end_triggered), state.bank, state.bonus_left,
            float(mover == CHANCE), float(state.reveal == REVEAL_FRONT)]
    out += state.discard
    for counts in state.road:
        out += counts
    out += state.supply
    for owner in state.workshop_owner:
        one_hot(seat(owner) if owner >= 0 else n, n + 1)
    for index, book in enumerate(state.books):
        _encode_book(book, index == state.reveal_book and mover == CHANCE, data, one_hot, out)
    for offset in range(n):
        _encode_player(state, (me + offset) % n, data, one_hot, out)
    return np.asarray(out, dtype=np.float32)


def _encode_book(book: Book, revealing: bool, data: ComponentData, one_hot: Any,
                 out: list[float]) -> None:
    faces = _faces(data)
    out += [len(book.left), len(book.right), book.hidden_count]
    for side in (0, 1):
        face = book.visible(side)
        one_hot(faces - 1 if face is None or face < 0 else face, faces)
    out.append(float(revealing))
    out += book.pool


def _encode_player(state: ValdoraState, s: int, data: ComponentData, one_hot: Any,
                   out: list[float]) -> None:
    player, gems, kinds = state.players[s], len(data.gems), len(data.commissions)
    one_hot(player.space, len(data.spaces))
    out += [player.coins, float(player.provisions)]
    for carried in player.load:  # gem index, or the two codes after the gems
        one_hot(gems if carried == NOT_OWNED else gems + 1 if carried == EMPTY else carried,
                gems + 2)
    equipment = [0.0] * len(data.items)
    equipment_cards = data.card_set("equipment")
    for card_type, side in player.equipment:
        equipment[equipment_cards.types[card_type][side]] += 1
    out += equipment
    commission_cards = data.card_set("commission")
    for slot in range(MAX_HELD_COMMISSIONS):
        held = player.commissions[slot] if slot < len(player.commissions) else None
        one_hot(kinds if held is None else commission_cards.types[held[0]][held[1]], kinds + 1)
    completed = [0.0] * kinds
    for card_type, side in player.completed:
        completed[commission_cards.types[card_type][side]] += 1
    out += completed
    out += player.craftsmen
    workshops = [0.0] * len(data.colours)
    for colour in player.workshops:
        workshops[colour] = 1.0
    out += workshops
    out.append(player.bonus)
