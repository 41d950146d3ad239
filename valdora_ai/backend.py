"""Engine selection: compiled Cython extensions or the pure-Python reference.

Each compiled extension the library uses is a :class:`Core`, found or missed on its own:
the core of each game (declared with its facts, ``GameType.core``, in its package's
``__init__``) and the shared random generator (:data:`RNG_CORE`). A core that is missing
(or stale) switches only its own user to the pure engine.

Environment variables:

``VALDORA_PURE_PYTHON=1``
    Always use the pure-Python engines, silently.
``VALDORA_REQUIRE_COMPILED=1``
    Never fall back: if a core cannot be imported, raise a one-line ``RuntimeError``
    naming it. CI sets it so that a broken build fails loudly instead of testing the
    pure engine twice.

Without either, each core is used when it imports; otherwise one warning per core
names it, and its user runs on the pure engine.
"""

from __future__ import annotations

import functools
import importlib
import os
import warnings
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from valdora_ai import _rng

__all__ = [
    "RNG_CORE",
    "Core",
    "EngineStatus",
    "FastPlayouts",
    "RngLike",
    "fast_playouts",
    "make_rng",
]

PURE_ENV = "VALDORA_PURE_PYTHON"
REQUIRE_ENV = "VALDORA_REQUIRE_COMPILED"

FALLBACK_WARNING = (
    "valdora_ai: compiled core {module} cannot be imported ({reason}); {user} uses the "
    f"pure-Python engine (set {PURE_ENV}=1 to silence)"
)
REQUIRED_ERROR = (
    f"valdora_ai: compiled core {{module}} is required ({REQUIRE_ENV}=1) but cannot be "
    f'imported ({{reason}}); build it with `pip install -e ".[test]"` or `pip install .`'
)

_warned: set[str] = set()
"""The modules whose fallback warning this process has given."""

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


def _env_flag(name: str) -> bool:
    return os.environ.get(name) == "1"


T = TypeVar("T")


@functools.cache
def _import(module: str) -> tuple[ModuleType | None, str | None]:
    """Import `module` once per process; ``(module, None)`` or ``(None, reason)``.

    Cached so that a missing core costs one failed import, not one per game started.
    """
    try:
        return importlib.import_module(module), None
    except ImportError as exc:
        return None, f"{type(exc).__name__}: {exc}"


def forget_loaded_cores() -> None:
    """Empty the caches of what imported and which state types are compiled, so the next
    look-up imports again (tests that hide a core, as if it had never been built)."""
    _import.cache_clear()
    _class_of.cache_clear()


@functools.cache
def _class_of(module: str, class_name: str) -> type | None:
    """The class `class_name` of `module`, or None when the module does not import (once
    per process: searches ask for every state they step)."""
    found = _import(module)[0]
    return getattr(found, class_name, None) if found is not None else None


@dataclass(frozen=True)
class Core(Generic[T]):
    """One compiled extension and the class of it the library uses: a game's core (its
    compiled state) or the random generator. Found or missed on its own, so a missing
    core puts only its own `user` on the pure engine."""

    user: str
    """Who runs on it, as messages name it: a game ("Zavandor") or "the random generator"."""
    module: str
    """The extension, e.g. ``"valdora_ai._zavandor_core"``."""
    class_name: str
    """The class the library takes from it."""
    check: Callable[[ModuleType], str | None] | None = None
    """Why an importable extension is still unusable (e.g. stale), or None when it is not."""
    playouts: bool = True
    """Its objects are game states running :class:`FastPlayouts` in C."""

    def find_module(self) -> tuple[ModuleType | None, str | None]:
        """The usable extension, or ``(None, reason)``; never warns or raises."""
        module, reason = _import(self.module)
        if module is not None and self.check is not None:
            reason = self.check(module)
        return (None, reason) if reason is not None else (module, None)

    def __post_init__(self) -> None:
        if self.playouts:
            _playout_cores.append(self)

    def find(self) -> type[T] | None:
        """The class, or None when the extension is missing or unusable."""
        module = self.find_module()[0]
        return None if module is None else cast("type[T]", getattr(module, self.class_name))

    def available(self) -> bool:
        """True when the extension imports and is usable (never warns or raises)."""
        return self.find_module()[0] is not None

    def compiled(self, state: object) -> T | None:
        """`state` itself when this core made it, else None: the one test that tells a
        game's compiled states from its reference ones (never warns or raises)."""
        kind = _class_of(self.module, self.class_name)
        return cast(T, state) if kind is not None and isinstance(state, kind) else None

    def require(self) -> type[T]:
        """The class, or a one-line ``RuntimeError`` naming the core and why it is missing."""
        return cast("type[T]", getattr(self.require_module(), self.class_name))

    def require_module(self) -> ModuleType:
        """The extension itself, or a one-line ``RuntimeError`` as :meth:`require`."""
        module, reason = self.find_module()
        if module is None:
            raise RuntimeError(REQUIRED_ERROR.format(module=self.module, reason=reason))
        return module

    def select(self) -> type[T] | None:
        """The class when its user runs on the compiled engine, None for the pure engine
        (see the module docstring for the rules: may warn once, or raise)."""
        if _env_flag(PURE_ENV):
            return None
        kind = self.find()
        if kind is not None:
            return kind
        if _env_flag(REQUIRE_ENV):
            self.require()  # raises
        if self.module not in _warned:
            _warned.add(self.module)
            warnings.warn(FALLBACK_WARNING.format(module=self.module, user=self.user,
                                                  reason=self.find_module()[1]),
                          RuntimeWarning, stacklevel=3)
        return None

    def status(self) -> EngineStatus:
        """What :meth:`select` would choose and why, without warning or raising."""
        module, reason = self.find_module()
        path = getattr(module, "__file__", None)
        if _env_flag(PURE_ENV):
            return EngineStatus("pure", f"{PURE_ENV}=1", path, reason)
        if module is not None:
            return EngineStatus("compiled", f"{self.module} imports", path, None)
        why = "extension not importable"
        if _env_flag(REQUIRE_ENV):
            why += f" (and {REQUIRE_ENV}=1: engine selection would raise)"
        return EngineStatus("pure", why, None, reason)


_playout_cores: list[Core[Any]] = []
"""The game cores whose states run :class:`FastPlayouts` in C, in declaration order."""

RNG_CORE: Core[_rng.Rng] = Core("the random generator", "valdora_ai._rng", "Rng",
                                playouts=False)


class FastPlayouts(Protocol):
    """The play-outs a compiled state of any game runs in C for the search agents
    (:mod:`valdora_ai.playout`, :mod:`valdora_ai.search.rollout`), draw for draw as the
    Python reference loops there."""

    def playout(self, rng: RngLike, max_steps: int = ..., policy: str = ...) -> int: ...
    def rollout(self, rng: RngLike, policy: str, searcher: int, depth: int) -> None: ...


def fast_playouts(state: object) -> FastPlayouts | None:
    """`state` itself when a compiled core of any game made it, else None: the search's
    play-outs hand such a state the whole loop."""
    for core in _playout_cores:
        fast = core.compiled(state)
        if fast is not None:
            return cast(FastPlayouts, fast)
    return None


def make_rng(seed: int) -> RngLike:
    """Return an ``Rng`` for ``seed``: the compiled generator unless :data:`RNG_CORE`
    selects the pure engine (both give the same stream)."""
    kind = RNG_CORE.select()
    if kind is not None:
        return kind(seed)
    from valdora_ai.rng import Rng

    return Rng(seed)


@dataclass(frozen=True)
class EngineStatus:
    """What :meth:`Core.status` reports (used by ``valdora engine-info``)."""

    engine: str
    """``"compiled"`` or ``"pure"``: what :meth:`Core.select` would choose."""
    reason: str
    """Why that engine is chosen."""
    module_path: str | None
    """File of the compiled extension, or ``None`` when it cannot be imported."""
    import_error: str | None
    """Why the extension cannot be imported, or ``None``."""

    def summary(self) -> str:
        """One line: the engine and why, e.g. ``pure (VALDORA_PURE_PYTHON=1)``."""
        return f"{self.engine} ({self.reason})"
