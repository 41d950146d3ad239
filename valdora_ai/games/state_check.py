"""A reference state checked as its position would be: what the compiled cores convert.

A compiled core stores counts in C integers and trusts the state it is given, so a
reference state built by hand (``ValdoraCompiledState.from_reference`` in the API) with
10**6 coins overflowed, and one with -5 coins became an inconsistent compiled state.
Every core's ``from_reference`` therefore refuses what the game's position loader
refuses, by writing the state as its position and reading it back: one set of range
and consistency checks, the loader's, for files and states alike. A field the
position leaves out (it follows from the rest, or is stale scratch) is not checked
here; a number there too large for the core is refused by the core itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import PositionError


def check_as_position(state: Any, to_json: Callable[[Any], Any],
                      from_json: Callable[[Any, Any], Any]) -> None:
    """Refuse `state` (a PositionError naming the field) unless its position loads."""
    try:
        document = to_json(state)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"not a state of this game ({type(exc).__name__}: {exc})",
                            where="state") from None
    try:
        from_json(document, state.data)
    except PositionError as exc:
        raise PositionError(str(exc), where="state") from None
