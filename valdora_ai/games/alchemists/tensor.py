"""Valley of Alchemists observations as fixed-length float32 vectors.

Only what the observation holds (no deck order, no box). Seats are rotated so that
the observer comes first; every part has a size fixed by the data file and the player
count (:func:`tensor_size`). Counts are raw numbers; cards, phases and colours are
one-hot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import AlchemistsData
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.rules import CHANCE, PHASE_NAMES, TERMINAL

if TYPE_CHECKING:
    import numpy as np

_TOKEN_KINDS = S.N_TOKENS + 1  # the sale tokens, and the transformation token


def tensor_size(data: AlchemistsData, n: int) -> int:
    """The length of every observation vector for `n` players with `data`."""
    cards, ingredients, decoctions = len(data.elixirs) + 1, len(data.ingredients), len(
        data.decoctions)
    general = (n + 2) + len(PHASE_NAMES) + 3 + (len(S.LINES) + 1) + S.LINE_LENGTH * (
        _TOKEN_KINDS + 1) + 5 + data.face_up * cards
    player = (2 * ingredients + decoctions + 2 * (decoctions + 1) + 1 + 4 + S.CELLS * cards
              + len(data.elixirs) + 2)
    return general + n * player


def encode(observation: Any, data: AlchemistsData) -> np.ndarray:
    """The float32 vector of `observation` (an Alchemists observation)."""
    import numpy as np  # here, so that playing a game imports no numpy

    state = as_reference(observation.belief_state())
    me, n, cards = observation.observer, state.n, len(data.elixirs) + 1
    out: list[float] = []

    def one_hot(index: int, size: int) -> None:  # index -1 (none) takes the last slot
        block = [0.0] * size
        block[index if 0 <= index < size else size - 1] = 1.0
        out.extend(block)

    mover = state.current_player
    one_hot((mover - me) % n if mover >= 0 else n + (mover == TERMINAL), n + 2)
    one_hot(state.phase, len(PHASE_NAMES))
    out += [state.actions_left, state.order + 1, state.points_left]
    one_hot(state.sale_line, len(S.LINES) + 1)
    for token in state.sale_tokens:
        one_hot(token, _TOKEN_KINDS + 1)
    out += [float(mover == CHANCE), state.rounds, state.deck_count, float(state.end_triggered),
            float(state.over)]
    for card in state.face_up:
        one_hot(card, cards)
    for offset in range(n):
        player = state.players[(me + offset) % n]
        out += player.skills
        out += player.ingredients
        out += player.decoctions
        one_hot(player.moved_from, len(data.decoctions) + 1)
        one_hot(player.moved_to, len(data.decoctions) + 1)
        out.append(player.moved)
        out += [float(unused) for unused in player.tokens]
        for card in player.chest:
            one_hot(card, cards)
        sold = [0.0] * len(data.elixirs)
        for card in player.sold:
            sold[card] = 1.0
        out += sold
        out += [len(player.markers), sum(player.markers)]
    return np.asarray(out, dtype=np.float32)
