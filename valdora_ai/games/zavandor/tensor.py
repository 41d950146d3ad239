"""Zavandor observations as fixed-length float32 vectors, for learning frameworks.

The vector is read from the observation's belief state, so it holds only what the
observer knows: a face-down tile, another player's hand card or a pile's card is
"unknown" however the world lies. Seats are rotated so that the observer comes first;
every part has a size fixed by the data file and the player count
(:func:`tensor_size`). Counts are raw numbers; tiles, cards, phases and districts are
one-hot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from valdora_ai.games.zavandor.data import MAX_COUNT, MAX_LEVEL, N_DISTRICTS, N_GEMS, ZavandorData
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import CHANCE, DECK, ID, LEVEL, OVER, TERMINAL, Slot

if TYPE_CHECKING:
    import numpy as np

_PHASES = OVER + 1
_DRAWN = 2  # the most cards drawn or returned at once


def _cards(data: ZavandorData) -> int:
    """Card one-hots: a slot per card of the larger deck, then "empty" and "unknown"."""
    return max(len(deck) for deck in data.decks) + 2


def _slot_size(data: ZavandorData) -> int:
    """A card place (hand, drawn, returning): present, deck, level, card one-hot."""
    return 1 + 2 + MAX_LEVEL + _cards(data)


def tensor_size(data: ZavandorData, n: int) -> int:
    """The length of every observation vector for `n` players with `data`."""
    spaces, tiles, cards = len(data.spaces), len(data.tiles), _cards(data)
    general = (n + 2) + _PHASES + 2 + n + N_DISTRICTS + 2 + 2 * N_GEMS
    board = spaces * ((tiles + 2) + n)
    market = 2 * data.display_size * cards + 2 * data.display_size + 2 * (1 + MAX_LEVEL + 1)
    market += len(data.traders) * (n + 1) + 2 * _DRAWN * _slot_size(data)
    pending = 2 + 3 * N_GEMS + 2  # gem, marker; cost, used, mine_used; colour, wilds
    player = (1 + N_GEMS + 1 + MAX_COUNT + tiles + sum(len(deck) for deck in data.decks)
              + 1 + 1 + 1 + _slot_size(data))
    return general + board + market + pending + n * player


def encode(observation: Any, data: ZavandorData) -> np.ndarray:
    """The float32 vector of `observation` (a Zavandor observation)."""
    import numpy as np  # here, so that playing a game imports no numpy

    state = as_reference(observation.belief_state())
    me, n, cards = observation.observer, state.n, _cards(data)
    out: list[float] = []

    def one_hot(index: int, size: int) -> None:  # an index outside takes no slot
        block = [0.0] * size
        if 0 <= index < size:
            block[index] = 1.0
        out.extend(block)

    def seat(s: int) -> int:  # seats relative to the observer; -1 stays -1
        return (s - me) % n if s >= 0 else -1

    def card(ident: int) -> None:  # a card id, EMPTY (-1) or UNKNOWN (-2)
        one_hot(ident if ident >= 0 else cards + ident, cards)

    def place(slot: Slot | None) -> None:
        if slot is None:
            out.extend([0.0] * _slot_size(data))
            return
        out.append(1.0)
        one_hot(slot[DECK], 2)
        one_hot(slot[LEVEL] - 1, MAX_LEVEL)
        card(slot[ID])

    mover = state.current_player
    one_hot(seat(mover) if mover >= 0 else n + (mover == TERMINAL), n + 2)
    one_hot(state.phase, _PHASES)
    out += [float(state.round), float(mover == CHANCE)]
    one_hot(seat(state.start), n)
    one_hot(state.gnome, N_DISTRICTS)
    out += [float(state.end_triggered), float(state.tile_bought)]
    out += state.cur + state.tgt
    tiles = len(data.tiles)
    for space, tile in enumerate(state.board):
        one_hot(tile if tile >= 0 else tiles + 1 + tile, tiles + 2)  # EMPTY, UNKNOWN last
        out += [float(state.known[space] >> ((me + k) % n) & 1) for k in range(n)]
    for deck in range(2):
        for ident in state.display[deck]:
            card(ident)
    for upright, sideways in state.discount:
        out += [upright, sideways]
    for pile in state.piles:
        out.append(len(pile))
        one_hot(pile[-1][LEVEL] if pile else 0, MAX_LEVEL + 1)
    for trader in range(len(data.traders)):
        holders = [q for q in range(n) if state.trader[q] == trader]
        one_hot(seat(holders[0]) if holders else n, n + 1)
    for slots in (state.drawn, state.returning):
        for i in range(_DRAWN):
            place(slots[i] if i < len(slots) else None)
    out += [state.pend_gem, state.pend_marker, *state.pend_cost, *state.pend_used,
            state.pend_colour, *(state.mine_used + [-1] * (N_GEMS - len(state.mine_used))),
            state.mine_wilds]
    for offset in range(n):
        _encode_player(state, (me + offset) % n, data, place, out)
    return np.asarray(out, dtype=np.float32)


def _encode_player(state: Any, q: int, data: ZavandorData, place: Any,
                   out: list[float]) -> None:
    out.append(state.gold[q])
    out += state.gems[q]
    out.append(state.prisms[q])
    markers = [0.0] * MAX_COUNT
    for value in state.markers[q]:
        markers[value - 1] += 1
    out += markers
    owned_tiles = [0.0] * len(data.tiles)
    for tile in state.tiles[q]:
        owned_tiles[tile] = 1.0
    out += owned_tiles
    for deck, cards in enumerate(data.decks):
        owned = [0.0] * len(cards)
        for d, ident in state.owned[q]:
            if d == deck:
                owned[ident] = 1.0
        out += owned
    out += [state.samples[q], state.actions_left[q], state.vp(q)]
    place(state.hand[q])
