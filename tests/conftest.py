"""Shared test setup: the ``engine``, ``use_compiled``, ``missing_core`` and ``disk``
fixtures and the
VALDORA_REQUIRE_COMPILED guard."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from disk_helpers import Disk, mount_tmpfs, unmount

from valdora_ai import backend
from valdora_ai.games import game_names, game_type

ENGINES = ["pure", "compiled"]


def all_cores() -> list[backend.Core[Any]]:
    """Every compiled core: each registered game's and the random generator's."""
    cores = [game_type(name).core for name in game_names()]
    return [core for core in cores if core is not None] + [backend.RNG_CORE]


def pytest_configure(config: pytest.Config) -> None:
    """With VALDORA_REQUIRE_COMPILED=1, refuse to run at all without every compiled core.

    Otherwise every "compiled" test would be skipped and CI would quietly test the
    pure engine twice.
    """
    if os.environ.get(backend.REQUIRE_ENV) == "1":
        try:
            for core in all_cores():
                core.require()
        except RuntimeError as exc:
            raise pytest.UsageError(f"{exc} -- refusing to run the tests.") from exc


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test once per engine; returns ``"pure"`` or ``"compiled"``.

    The environment is set so that every core's ``select()`` (and so ``make_rng`` and
    everything built on it) picks that engine inside the test: the states a game's
    ``new_state``/``position_from_json`` hand out are then its compiled or its
    reference states. Modules whose every test should
    run on both engines say ``pytestmark = pytest.mark.usefixtures("engine")``; tests
    outside the fixture use the default engine (compiled when built).
    "compiled" is skipped when an extension is not built (unless
    VALDORA_REQUIRE_COMPILED=1, in which case the session never starts).
    """
    name: str = request.param
    if name == "compiled":
        missing = [core.module for core in all_cores() if not core.available()]
        if missing:
            pytest.skip(f"compiled extensions not built: {', '.join(missing)}")
        monkeypatch.delenv(backend.PURE_ENV, raising=False)
    else:
        monkeypatch.setenv(backend.PURE_ENV, "1")
    return name


@pytest.fixture
def use_compiled(monkeypatch: pytest.MonkeyPatch) -> Callable[[backend.Core[Any]], Any]:
    """``use_compiled(core)`` selects the compiled engine for the test and returns the
    core's class (the test is skipped when that core is not built)."""
    def select(core: backend.Core[Any]) -> Any:
        kind = core.find()
        if kind is None:
            pytest.skip(f"{core.module} is not built")
        monkeypatch.delenv(backend.PURE_ENV, raising=False)
        return kind
    return select


@pytest.fixture
def missing_core(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """A function that makes the import of a compiled extension fail for the rest of the
    test, as if it had never been built. The engine variables are unset and no fallback
    warning counts as given yet; the loader's caches are emptied before and after."""
    hidden: set[str] = set()
    real = importlib.import_module

    def import_module(name: str, package: str | None = None) -> ModuleType:
        if name in hidden:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real(name, package)

    def forget() -> None:
        backend.forget_loaded_cores()

    def hide(module: str) -> None:
        hidden.add(module)
        forget()

    monkeypatch.setattr(importlib, "import_module", import_module)
    monkeypatch.setattr(backend, "_warned", set())
    monkeypatch.delenv(backend.PURE_ENV, raising=False)
    monkeypatch.delenv(backend.REQUIRE_ENV, raising=False)
    yield hide
    forget()


@pytest.fixture(params=["tmpfs", "injected"])
def disk(request: pytest.FixtureRequest, tmp_path: Path,
         monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    """A directory whose disk a test can fill: a real 64 KiB tmpfs (skipped where this
    process may not mount one), and ENOSPC injected into os.fsync and SQLite's writes."""
    path = tmp_path / "disk"
    path.mkdir()
    mounted = request.param == "tmpfs"
    if mounted and not mount_tmpfs(path):
        pytest.skip("mounting a tmpfs is not permitted here")
    try:
        yield Disk(path, mounted, monkeypatch)
    finally:
        if mounted:
            unmount(path)
