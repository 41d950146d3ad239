"""Which engine makes Valdora states: the compiled core or the reference rules.

`new_state` and `from_reference` follow :func:`valdora_ai.backend.use_compiled`, so
``VALDORA_PURE_PYTHON=1`` (or a missing extension) gives reference states everywhere.
Code that reads a state's internals (position JSON, invariants, heuristics) calls
:func:`as_reference` first: the reference :class:`ValdoraState` stays the one
specification of those formats, and a compiled state converts to it exactly. Which
engine made a given state is told by :func:`valdora_ai.backend.compiled_state` alone.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.backend import compiled_state, require_compiled, use_compiled
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.rules import ValdoraState


def new_state(data: ComponentData, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    if use_compiled():
        return require_compiled().CompiledState.new(data, n_players, rng)
    return ValdoraState.new(data, n_players, rng)


def from_reference(state: ValdoraState) -> Any:
    """`state` as a state of the selected engine (itself on the reference engine)."""
    if use_compiled():
        return require_compiled().CompiledState.from_reference(state)
    return state


def as_reference(state: Any) -> ValdoraState:
    """A reference state equal to `state` (itself when it is one already)."""
    fast = compiled_state(state)
    return state if fast is None else fast.to_reference()
