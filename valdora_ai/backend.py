"""Engine selection: compiled Cython extensions or the pure-Python reference.

Environment variables:

``VALDORA_PURE_PYTHON=1``
    Always use the pure-Python engine, silently.
``VALDORA_REQUIRE_COMPILED=1``
    Never fall back: if the compiled extension cannot be imported, raise
    ``RuntimeError``. CI sets it so that a broken build fails loudly instead of
    testing the pure engine twice.

Without either, the compiled engine is used when it imports; otherwise one warning is
emitted and the pure engine is used.
"""

from __future__ import annotations

import functools
import importlib
import os
import warnings
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from valdora_ai import _rng, _valdora_core

__all__ = [
    "COMPILED_MODULE",
    "CompiledCore",
    "EngineStatus",
    "FastPlayouts",
    "RngLike",
    "compiled_available",
    "compiled_state",
    "engine_status",
    "fast_playouts",
    "make_rng",
    "register_fast_playouts",
    "require_compiled",
    "use_compiled",
]

COMPILED_MODULE = "valdora_ai._valdora_core"
"""The extension whose presence means "the compiled engine is built": the Valdora core
(``CompiledState``), which also re-exports the compiled ``Rng`` of ``valdora_ai._rng``."""

PURE_ENV = "VALDORA_PURE_PYTHON"
REQUIRE_ENV = "VALDORA_REQUIRE_COMPILED"

FALLBACK_WARNING = (
    "valdora_ai: compiled extension not built; using the pure-Python engine "
    "(set VALDORA_PURE_PYTHON=1 to silence)"
)

_warned = False


class RngLike(Protocol):
    """What both ``valdora_ai.rng.Rng`` and ``valdora_ai._rng.Rng`` provide."""

    def next_u64(self) -> int: ...
    def randbelow(self, n: int) -> int: ...
    def random(self) -> float: ...
    def shuffle(self, lst: MutableSequence[Any]) -> None: ...
    def choice(self, seq: Sequence[Any]) -> Any: ...
    def choice_weighted(self, weights: Sequence[float]) -> int: ...
    def getstate(self) -> tuple[int, int, int, int]: ...
    def setstate(self, state: tuple[int, int, int, int]) -> None: ...
    def spawn(self) -> RngLike: ...


class CompiledCore(Protocol):
    """What :func:`require_compiled` returns: the compiled core module, as far as the
    library uses it (valdora_ai/_valdora_core.pyi types the module itself)."""

    @property
    def CompiledState(self) -> type[_valdora_core.CompiledState]: ...
    @property
    def Rng(self) -> type[_rng.Rng]: ...
    @property
    def CONSTANTS_DIGEST(self) -> str: ...
    def copy_loop(self, state: _valdora_core.CompiledState, n: int) -> int: ...


def _env_flag(name: str) -> bool:
    return os.environ.get(name) == "1"


def _import_compiled() -> tuple[ModuleType | None, str | None]:
    """Import the extension; return ``(module, None)`` or ``(None, reason)``.

    An extension compiled from other shared constants than the installed Python sources
    (edited, not rebuilt) counts as not importable: it would disagree with the reference.
    """
    try:
        module = importlib.import_module(COMPILED_MODULE)
    except ImportError as exc:
        return None, f"{type(exc).__name__}: {exc}"
    stale = _constants_mismatch(getattr(module, "CONSTANTS_DIGEST", None))
    return (None, stale) if stale else (module, None)


@functools.cache
def _constants_mismatch(built: str | None) -> str | None:
    """Why an extension with this constants digest is stale, or None when it is not."""
    from valdora_ai.games.valdora.compiled_constants import digest

    expected = digest()
    if built == expected:
        return None
    return (f"it was compiled from other shared constants ({built}) than the installed "
            f"sources ({expected}); rebuild it")


def compiled_available() -> bool:
    """True if the compiled extension (:data:`COMPILED_MODULE`) can be imported."""
    module, _ = _import_compiled()
    return module is not None


def require_compiled() -> CompiledCore:
    """Return the compiled extension module, or raise a one-line ``RuntimeError``."""
    module, reason = _import_compiled()
    if module is None:
        raise RuntimeError(
            f"valdora_ai: compiled extension {COMPILED_MODULE} is required "
            f"({REQUIRE_ENV}=1) but cannot be imported ({reason}); "
            f'build it with `pip install -e ".[test]"` or `pip install .`'
        )
    return cast(CompiledCore, module)


def use_compiled() -> bool:
    """Decide which engine to use (see the module docstring for the rules)."""
    return _select_compiled(stacklevel=3)


def _select_compiled(stacklevel: int) -> bool:
    global _warned
    if _env_flag(PURE_ENV):
        return False
    if compiled_available():
        return True
    if _env_flag(REQUIRE_ENV):
        require_compiled()  # raises
    if not _warned:
        _warned = True
        warnings.warn(FALLBACK_WARNING, RuntimeWarning, stacklevel=stacklevel)
    return False


@functools.cache
def _compiled_state_type() -> type[_valdora_core.CompiledState] | None:
    try:
        return cast(CompiledCore, importlib.import_module(COMPILED_MODULE)).CompiledState
    except ImportError:
        return None


def compiled_state(state: object) -> _valdora_core.CompiledState | None:
    """`state` itself when the compiled core made it, else None.

    The one place that tells the engines' states apart. A compiled state does the hot
    work itself, in C (play-outs, roll-outs, the greedy policy, the score estimate,
    belief and determinization), through methods the reference state does not have;
    callers hand it that work and run the Python reference code for any other state.
    """
    kind = _compiled_state_type()
    return state if kind is not None and isinstance(state, kind) else None


class FastPlayouts(Protocol):
    """The play-outs a compiled state of any game runs in C for the search agents
    (:mod:`valdora_ai.playout`, :mod:`valdora_ai.search.rollout`), draw for draw as the
    Python reference loops there."""

    def playout(self, rng: RngLike, max_steps: int = ..., policy: str = ...) -> int: ...
    def rollout(self, rng: RngLike, policy: str, searcher: int, depth: int) -> None: ...


_fast_playout_types: tuple[type, ...] = ()


def register_fast_playouts(kind: type) -> None:
    """Declare that states of `kind` (a game's compiled core, registered by the game
    module that makes them) run :class:`FastPlayouts` in C."""
    global _fast_playout_types
    if kind not in _fast_playout_types:
        _fast_playout_types = (*_fast_playout_types, kind)


def fast_playouts(state: object) -> FastPlayouts | None:
    """`state` itself when a compiled core of any game made it, else None: the search's
    play-outs hand such a state the whole loop."""
    valdora = compiled_state(state)
    if valdora is not None:
        return valdora
    return cast(FastPlayouts, state) if isinstance(state, _fast_playout_types) else None


def make_rng(seed: int) -> RngLike:
    """Return an ``Rng`` for ``seed`` from the engine chosen by :func:`use_compiled`."""
    if _select_compiled(stacklevel=3):
        return require_compiled().Rng(seed)
    from valdora_ai.rng import Rng

    return Rng(seed)


@dataclass(frozen=True)
class EngineStatus:
    """What :func:`engine_status` reports (used by ``valdora engine-info``)."""

    engine: str
    """``"compiled"`` or ``"pure"``: what :func:`use_compiled` would choose."""
    reason: str
    """Why that engine is chosen."""
    module_path: str | None
    """File of the compiled extension, or ``None`` when it cannot be imported."""
    import_error: str | None
    """Why the extension cannot be imported, or ``None``."""


def engine_status() -> EngineStatus:
    """Describe the engine selection without warning or raising."""
    module, reason = _import_compiled()
    path = getattr(module, "__file__", None) if module is not None else None
    if _env_flag(PURE_ENV):
        return EngineStatus("pure", f"{PURE_ENV}=1", path, reason)
    if module is not None:
        return EngineStatus("compiled", f"{COMPILED_MODULE} imports", path, None)
    why = "extension not importable"
    if _env_flag(REQUIRE_ENV):
        why += f" (and {REQUIRE_ENV}=1: engine selection would raise)"
    return EngineStatus("pure", why, None, reason)
