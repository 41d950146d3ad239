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
    """Import `module`, or skip the calling test or module (fail it under
    VALDORA_REQUIRE_EXTRAS=1)."""
    try:
        return import_module(module)
    except ImportError:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{module} is not installed but {REQUIRE_ENV}=1", pytrace=False)
        pytest.skip(f"{module} is not installed (an optional extra)", allow_module_level=True)


MODULES = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo", "gymnasium": "gymnasium",
           "serve": "starlette"}
"""The module each optional extra installs."""


def need_extras(names: list[str]) -> None:
    """Skip (fail under VALDORA_REQUIRE_EXTRAS=1) unless every named extra is installed."""
    for name in names:
        need(MODULES[name])


def tensored_games(both_ends: bool = False) -> list[tuple[str, int]]:
    """(game, players) for every registered game with observation tensors (the framework
    adapters serve exactly these): its smallest player count, and its largest too when
    `both_ends`."""
    from valdora_ai.games import game_names, make_game, player_counts
    from valdora_ai.games.base import Tensored

    chosen = []
    for name in game_names():
        counts = player_counts(name)
        if isinstance(make_game(name, players=counts[0]), Tensored):
            ends = sorted({counts[0], counts[-1]}) if both_ends else [counts[0]]
            chosen += [(name, players) for players in ends]
    return chosen
