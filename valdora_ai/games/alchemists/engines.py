"""Which engine makes Alchemists states: the compiled core or the reference rules.

`new_state` and `from_reference` follow :meth:`valdora_ai.backend.Core.select` for
:data:`CORE`: compiled states unless ``VALDORA_PURE_PYTHON=1`` (or the core is missing,
with one warning); with ``VALDORA_REQUIRE_COMPILED=1`` a missing or broken
``valdora_ai._alchemists_core`` raises. Code that reads a state's internals (positions,
notation, observations, invariants, presentation hooks) calls :func:`as_reference`
first: the reference :class:`AlchemistsState` stays the one specification of those
formats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from valdora_ai.backend import Core
from valdora_ai.games.alchemists.data import AlchemistsData, Options
from valdora_ai.games.alchemists.rules import AlchemistsState

if TYPE_CHECKING:
    from valdora_ai._alchemists_core import AlchemistsCompiledState

CORE: Core[AlchemistsCompiledState] = Core(
    "Alchemists", "valdora_ai._alchemists_core", "AlchemistsCompiledState")


def new_state(data: AlchemistsData, options: Options, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    kind = CORE.select()
    if kind is not None:
        return kind.new(data, options, n_players, rng)
    return AlchemistsState.new(data, options, n_players, rng)


def from_reference(state: AlchemistsState) -> Any:
    """`state` as a state of the selected engine (itself on the reference engine).

    Unchecked: for states the engine made or a position loader read (the core's
    own ``from_reference`` checks by default, games.state_check)."""
    kind = CORE.select()
    return state if kind is None else kind.from_reference(state, False)


def as_reference(state: Any) -> AlchemistsState:
    """A reference state equal to `state` (itself when it is one already)."""
    return state if isinstance(state, AlchemistsState) else state.to_reference()
