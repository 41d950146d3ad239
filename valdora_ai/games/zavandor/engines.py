"""Which engine makes Zavandor worlds: the compiled core or the reference rules.

`new_state` and `from_reference` follow :func:`valdora_ai.backend.use_compiled`, so
``VALDORA_PURE_PYTHON=1`` (or a missing extension) gives reference states everywhere,
and ``VALDORA_REQUIRE_COMPILED=1`` turns a missing or broken ``_zavandor_core`` into
an error. The compiled core holds worlds only: belief states (observations) stay
reference states. Code that reads a state's internals (positions, notation,
observations, invariants, the game's hooks) calls :func:`as_reference` first, so the
reference :class:`ZavandorState` stays the one specification of those formats.
"""

from __future__ import annotations

import functools
import importlib
import os
from typing import TYPE_CHECKING, Any

from valdora_ai.backend import REQUIRE_ENV, register_fast_playouts, use_compiled
from valdora_ai.games.zavandor.data import Options, ZavandorData
from valdora_ai.games.zavandor.rules import WORLD, ZavandorState

if TYPE_CHECKING:
    from valdora_ai._zavandor_core import CompiledZavandorState

COMPILED_MODULE = "valdora_ai._zavandor_core"


@functools.cache
def _load() -> tuple[type[CompiledZavandorState] | None, str]:
    try:
        module = importlib.import_module(COMPILED_MODULE)
    except ImportError as exc:
        return None, f"{type(exc).__name__}: {exc}"
    kind: type[CompiledZavandorState] = module.CompiledZavandorState
    register_fast_playouts(kind)
    return kind, ""


def compiled_class() -> type[CompiledZavandorState]:
    """The compiled state class, or a one-line RuntimeError naming why it is missing."""
    kind, reason = _load()
    if kind is None:
        raise RuntimeError(f"valdora_ai: compiled extension {COMPILED_MODULE} is required "
                           f"({REQUIRE_ENV}=1) but cannot be imported ({reason}); build it "
                           f'with `pip install -e ".[test]"` or `pip install .`')
    return kind


def compiled_selected() -> bool:
    """True when Zavandor worlds come from the compiled core (see the module doc)."""
    if not use_compiled():
        return False
    if _load()[0] is not None:
        return True
    if os.environ.get(REQUIRE_ENV) == "1":
        compiled_class()  # raises: the Valdora core imports but this one does not
    return False


def new_state(data: ZavandorData, options: Options, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    if compiled_selected():
        return compiled_class().new(data, options, n_players, rng)
    return ZavandorState.new(data, options, n_players, rng)


def from_reference(state: ZavandorState) -> Any:
    """`state` as a state of the selected engine (a belief state stays a reference one)."""
    if state.observer == WORLD and compiled_selected():
        return compiled_class().from_reference(state)
    return state


def as_reference(state: Any) -> ZavandorState:
    """A reference state equal to `state` (itself when it is one already)."""
    return state if isinstance(state, ZavandorState) else state.to_reference()


def compiled(state: Any) -> CompiledZavandorState | None:
    """`state` itself when the compiled core made it, else None."""
    kind = _load()[0]
    return state if kind is not None and isinstance(state, kind) else None
