"""The checks of what every game's constructor is given: the player count and the
component data (``make_game(name, players=..., rules_data=...)``).

A wrong type or value is the caller's mistake, so it is a ValdoraError naming the
argument, never a TypeError from deep inside the constructor.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from valdora_ai.errors import ValdoraError

D = TypeVar("D")


def check_players(title: str, players: object, low: int, high: int) -> int:
    """`players` if it is a whole number from `low` to `high`, else a ValdoraError."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValdoraError(f"players must be a whole number, not {players!r} "
                           f"({type(players).__name__})")
    if not low <= players <= high:
        raise ValdoraError(f"{title} is for {low} to {high} players, not {players}")
    return players


def rules_data(value: object, kind: type[D], default: Callable[[], D],
               load: Callable[[Path], D]) -> D:
    """The component data `value` names: a loaded `kind` as is, a path loaded and
    validated, None the shipped data; anything else a ValdoraError."""
    if isinstance(value, kind):
        return value
    if value is None:
        return default()
    if isinstance(value, str | os.PathLike) and isinstance(os.fspath(value), str):
        return load(Path(value))
    raise ValdoraError(f"rules_data: expected a path or a {kind.__name__}, "
                       f"not {type(value).__name__}")


def no_options(title: str, options: dict[str, Any]) -> None:
    """Refuse the options given to a game that has none."""
    if options:
        raise ValdoraError(f"unknown option {next(iter(options))!r}: {title} has no options")
