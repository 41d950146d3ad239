"""What every game's observations share: the seat check and the information-state key.

The key is the belief state's public fields as nested tuples, so two observations
are equal (and hash equal) exactly when the observer and everything they know agree,
without building the position JSON. The component data is left out: it is the same
object for every state of a game.
"""

from __future__ import annotations

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


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(item) for item in value)
    slots = getattr(type(value), "__slots__", None)
    if slots is None or isinstance(value, int | float | str):
        return value
    return (type(value).__name__,
            *(_freeze(getattr(value, name)) for name in slots if name not in _LEFT_OUT))
