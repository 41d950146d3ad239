"""Which engine makes Valdora states: the compiled core or the reference rules.

As for every game (:class:`valdora_ai.backend.Core`): `new_state` and `from_reference`
follow :meth:`~valdora_ai.backend.Core.select` for :data:`CORE`, so
``VALDORA_PURE_PYTHON=1`` (or a missing extension, with one warning) gives reference
states everywhere and ``VALDORA_REQUIRE_COMPILED=1`` turns a missing or stale core into
an error; :func:`compiled` (:meth:`~valdora_ai.backend.Core.compiled`) alone tells a
compiled state from a reference one. Code that reads a state's internals (position
JSON, invariants, heuristics) calls :func:`as_reference` first: the reference
:class:`ValdoraState` stays the one specification of those formats, and a compiled
state converts to it exactly.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.valdora import CORE
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.rules import ValdoraState

compiled = CORE.compiled
"""`state` itself when the Valdora core made it, else None (:meth:`Core.compiled`).

A compiled state does the hot work itself, in C (play-outs, the greedy policy, the score
estimate, belief and determinization), through methods the reference state does not
have; callers hand it that work and run the Python reference code for any other state.
"""


def new_state(data: ComponentData, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    kind = CORE.select()
    if kind is not None:
        return kind.new(data, n_players, rng)
    return ValdoraState.new(data, n_players, rng)


def from_reference(state: ValdoraState) -> Any:
    """`state` as a state of the selected engine (itself on the reference engine).

    Unchecked: for states the engine made or a position loader read (the core's
    own ``from_reference`` checks by default, games.state_check)."""
    kind = CORE.select()
    return state if kind is None else kind.from_reference(state, False)


def as_reference(state: Any) -> ValdoraState:
    """A reference state equal to `state` (itself when it is one already)."""
    fast = compiled(state)
    return state if fast is None else fast.to_reference()
