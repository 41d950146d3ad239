"""Tests of optional extras: skipped where an extra is missing, never under CI.

.ci/run sets VALDORA_REQUIRE_EXTRAS=1 (its `test` extra installs every framework), so
there a missing framework fails the test instead of skipping it quietly.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

import pytest

REQUIRE_ENV = "VALDORA_REQUIRE_EXTRAS"


def need(module: str) -> ModuleType:
    """Import `module`, or skip the calling test (fail it under VALDORA_REQUIRE_EXTRAS=1)."""
    try:
        return import_module(module)
    except ImportError:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{module} is not installed but {REQUIRE_ENV}=1")
        pytest.skip(f"{module} is not installed (an optional extra)")


MODULES = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo", "gymnasium": "gymnasium"}
"""The module each optional extra installs."""


def need_extras(names: list[str]) -> None:
    """Skip (fail under VALDORA_REQUIRE_EXTRAS=1) unless every named extra is installed."""
    for name in names:
        need(MODULES[name])


def tensored_games(largest: bool = False) -> list[tuple[str, int]]:
    """(game, players) for every registered game with observation tensors (``Tensored``),
    at its smallest table and, with `largest`, its largest too: the interop adapters'
    tests cover each such game as soon as it has its tensor."""
    from valdora_ai.games import game_names, make_game, player_counts
    from valdora_ai.games.base import Tensored

    tables = []
    for name in game_names():
        counts = player_counts(name)
        if isinstance(make_game(name, players=counts[0]), Tensored):
            tables += [(name, n) for n in dict.fromkeys([counts[0]] + counts[-1:] * largest)]
    return tables


UNTENSORED = "valdora-untensored"  # a test game: Valdora without observation tensors


class _WithoutTensors:
    """Valdora without observation tensors, for the adapters' refusal tests (every
    registered game has tensors)."""

    name = UNTENSORED

    def __init__(self, **options: object) -> None:
        from valdora_ai.games import make_game

        self._game = make_game("valdora", **options)

    def __getattr__(self, name: str) -> object:
        if name.startswith("observation_tensor"):
            raise AttributeError(name)
        return getattr(self._game, name)


def register_untensored(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register :data:`UNTENSORED` for the calling test only; its name."""
    from dataclasses import replace

    from valdora_ai import games

    kind = replace(games.game_type("valdora"), name=UNTENSORED)
    monkeypatch.setitem(games._REGISTRY, UNTENSORED, (kind, _WithoutTensors))
    return UNTENSORED
