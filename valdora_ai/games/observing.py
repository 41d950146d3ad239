"""What every game's observations share: the seat check and the information-state key.

The key is the belief state's public fields as nested tuples, so two observations
are equal (and hash equal) exactly when the observer and everything they know agree,
without building the position JSON. The component data is left out: it is the same
object for every state of a game.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any

from valdora_ai.errors import ValdoraError

_LEFT_OUT = frozenset({"data", "cards", "recording"})  # static data; a scratch buffer


def check_seat(num_players: int, player: object) -> int:
    """`player` if it is a seat of a `num_players`-player game, else a ValdoraError."""
    if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < num_players):
        raise ValdoraError(f"no seat {player!r} in a {num_players}-player game "
                           f"(seats 0 to {num_players - 1})")
    return player


def state_key(state: Any) -> tuple[Any, ...]:
    """The fields of a reference state as one hashable tuple (see the module doc)."""
    return _freeze(state)  # type: ignore[no-any-return]


_ATOMS = (int, bool, float, str, tuple, type(None))  # hashable as they are


def _freeze(value: Any) -> Any:
    kind = type(value)
    if kind is list or kind is tuple:
        # A state's lists are homogeneous: a list of atoms (numbers, card tuples) is
        # copied in one go, lists of lists or of objects are frozen item by item.
        if not value or type(value[0]) in _ATOMS:
            return tuple(value)
        return tuple(map(_freeze, value))
    if kind in _ATOMS or not hasattr(kind, "__slots__"):
        return value
    return (kind.__name__, *map(_freeze, _fields(kind)(value)))


@functools.cache
def _fields(kind: type) -> Callable[[Any], tuple[Any, ...]]:
    """A getter of the key's fields of a state class (its slots less the left-out)."""
    names = [name for name in kind.__slots__ if name not in _LEFT_OUT]
    get = operator.attrgetter(*names)
    return get if len(names) > 1 else lambda value: (get(value),)
