"""Which engine makes Valdora states: the compiled core or the reference rules.

`new_state` and `from_reference` follow :meth:`valdora_ai.backend.Core.select` for
:data:`valdora_ai.backend.VALDORA_CORE`, so ``VALDORA_PURE_PYTHON=1`` (or a missing
extension, with one warning) gives reference states everywhere. Code that reads a
state's internals (position JSON, invariants, heuristics) calls :func:`as_reference`
first: the reference :class:`ValdoraState` stays the one specification of those
formats, and a compiled state converts to it exactly. Which engine made a given state
is told by :func:`valdora_ai.backend.compiled_state` alone.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.backend import VALDORA_CORE, compiled_state
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.rules import ValdoraState


def new_state(data: ComponentData, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    kind = VALDORA_CORE.select()
    if kind is not None:
        return kind.new(data, n_players, rng)
    return ValdoraState.new(data, n_players, rng)


def from_reference(state: ValdoraState) -> Any:
    """`state` as a state of the selected engine (itself on the reference engine).

    Unchecked: for states the engine made or a position loader read (the core's
    own ``from_reference`` checks by default, games.state_check)."""
    kind = VALDORA_CORE.select()
    return state if kind is None else kind.from_reference(state, False)


def as_reference(state: Any) -> ValdoraState:
    """A reference state equal to `state` (itself when it is one already)."""
    fast = compiled_state(state)
    return state if fast is None else fast.to_reference()
