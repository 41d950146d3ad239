"""Which engine makes Alchemists states: the compiled core or the reference rules.

As for Valdora (:mod:`valdora_ai.games.valdora.engines`): compiled states unless
``VALDORA_PURE_PYTHON=1`` (or the core is missing, with one warning); with
``VALDORA_REQUIRE_COMPILED=1`` a missing or broken ``valdora_ai._alchemists_core``
raises. Code that reads a state's internals (positions, notation, observations,
invariants, presentation hooks) calls :func:`as_reference` first: the reference
:class:`AlchemistsState` stays the one specification of those formats.
"""

from __future__ import annotations

import functools
import importlib
import os
import warnings
from types import ModuleType
from typing import Any

from valdora_ai.backend import PURE_ENV, REQUIRE_ENV, register_fast_playouts
from valdora_ai.games.alchemists.data import AlchemistsData, Options
from valdora_ai.games.alchemists.rules import AlchemistsState

CORE_MODULE = "valdora_ai._alchemists_core"
FALLBACK_WARNING = (f"valdora_ai: {CORE_MODULE} not built; The Valley of Alchemists uses the "
                    f"pure-Python engine (set {PURE_ENV}=1 to silence)")


def _core() -> tuple[ModuleType | None, str | None]:
    """The imported core (registered for the search's play-outs), or why it is missing."""
    return _import(CORE_MODULE)


@functools.cache
def _import(name: str) -> tuple[ModuleType | None, str | None]:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        return None, f"{type(exc).__name__}: {exc}"
    register_fast_playouts(module.AlchemistsCompiledState)
    return module, None


def require_core() -> ModuleType:
    """The compiled Alchemists core, or a one-line RuntimeError naming the fix."""
    module, reason = _core()
    if module is None:
        raise RuntimeError(
            f"valdora_ai: compiled extension {CORE_MODULE} is required ({REQUIRE_ENV}=1) but "
            f'cannot be imported ({reason}); build it with `pip install -e ".[test]"`')
    return module


def use_compiled() -> bool:
    """True when Alchemists states come from the compiled core (see the docstring)."""
    if os.environ.get(PURE_ENV) == "1":
        return False
    if _core()[0] is not None:
        return True
    if os.environ.get(REQUIRE_ENV) == "1":
        require_core()  # raises
    _warn_once()
    return False


@functools.cache
def _warn_once() -> None:
    warnings.warn(FALLBACK_WARNING, RuntimeWarning, stacklevel=4)


def new_state(data: AlchemistsData, options: Options, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    if use_compiled():
        return require_core().AlchemistsCompiledState.new(data, options, n_players, rng)
    return AlchemistsState.new(data, options, n_players, rng)


def from_reference(state: AlchemistsState) -> Any:
    """`state` as a state of the selected engine (itself on the reference engine)."""
    if use_compiled():
        return require_core().AlchemistsCompiledState.from_reference(state)
    return state


def as_reference(state: Any) -> AlchemistsState:
    """A reference state equal to `state` (itself when it is one already)."""
    return state if isinstance(state, AlchemistsState) else state.to_reference()
