"""What every game's observations share: the seat check, the information-state key and
the observation class itself (:class:`BeliefObservation`).

The key is the belief state's public fields as nested tuples, so two observations
are equal (and hash equal) exactly when the observer and everything they know agree,
without building the position JSON. The component data is left out: it is the same
object for every state of a game.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, Generic, Protocol, Self, TypeVar

from valdora_ai.errors import ValdoraError

_LEFT_OUT = frozenset({"data", "cards", "recording"})  # static data; a scratch buffer


def check_seat(num_players: int, player: object) -> int:
    """`player` if it is a seat of a `num_players`-player game, else a ValdoraError."""
    if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < num_players):
        raise ValdoraError(f"no seat {player!r} in a {num_players}-player game "
                           f"(seats 0 to {num_players - 1})")
    return player


class Belief(Protocol):
    """What an observation needs of a game's belief state."""

    @property
    def current_player(self) -> int: ...
    def legal_steps(self) -> list[int]: ...
    def copy(self) -> Self: ...


B = TypeVar("B", bound=Belief)


class BeliefObservation(Generic[B]):
    """A player's view of a state: a belief state (nothing hidden) and the observer.

    Agents receive only this. `belief_state()` hands out a fresh copy, so nothing an
    agent does can change the observation. A game subclasses it, saying in `_check`
    what a belief must not hold and writing its position in `_position_json`.
    """

    __slots__ = ("_belief", "_key", "_observer")

    def __init__(self, belief: B, observer: int) -> None:
        self._check(belief, observer)
        self._belief = belief
        self._observer = observer
        self._key: tuple[Any, ...] | None = None

    def _check(self, belief: B, observer: int) -> None:
        """Raise ValdoraError when `belief` holds what `observer` cannot know."""
        raise NotImplementedError

    def _position_json(self, belief: B) -> dict[str, Any]:
        """`belief` as the game's position JSON."""
        raise NotImplementedError

    def _key_state(self, belief: B) -> Any:
        """The reference state whose fields make the key (a compiled one converts)."""
        return belief

    @property
    def observer(self) -> int:
        return self._observer

    @property
    def current_player(self) -> int:
        return self._belief.current_player

    def legal_steps(self) -> list[int]:
        return self._belief.legal_steps()

    def belief_state(self) -> B:
        """A copy of the belief state: what the observer cannot see is chance in it."""
        return self._belief.copy()

    def to_json(self) -> dict[str, Any]:
        return {"observer": self._observer, "position": self._position_json(self._belief)}

    def key(self) -> tuple[Any, ...]:
        """The information-state key: the observer and the belief state as tuples."""
        if self._key is None:
            self._key = (self._observer, state_key(self._key_state(self._belief)))
        return self._key

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


def state_key(state: Any) -> tuple[Any, ...]:
    """The fields of a reference state as one hashable tuple (see the module doc)."""
    return _freeze(state)  # type: ignore[no-any-return]


_ATOMS = (int, bool, float, str, tuple, type(None))  # hashable as they are


def _freeze(value: Any) -> Any:
    kind: Any = type(value)
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
def _fields(kind: Any) -> Callable[[Any], tuple[Any, ...]]:
    """A getter of the key's fields of a state class (its slots less the left-out)."""
    names = [name for name in kind.__slots__ if name not in _LEFT_OUT]
    get = operator.attrgetter(*names)
    return get if len(names) > 1 else lambda value: (get(value),)
