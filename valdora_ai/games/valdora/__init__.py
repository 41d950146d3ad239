"""Valdora: its facts (:data:`GAME_TYPE`), registered by :mod:`valdora_ai.games`, and
its compiled core (:data:`CORE`), refused when it is stale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from valdora_ai.backend import Core
from valdora_ai.games.game_type import GameType
from valdora_ai.games.valdora.compiled_constants import stale_core

if TYPE_CHECKING:
    from valdora_ai._valdora_core import ValdoraCompiledState

CORE: Core[ValdoraCompiledState] = Core(
    "Valdora", "valdora_ai._valdora_core", "ValdoraCompiledState", check=stale_core)

GAME_TYPE = GameType(
    name="valdora", title="Valdora", min_players=3, max_players=5,
    core=CORE,
    turn_examples=("'r4: +R@pick', 'C: tR bR', 'Pv: c1@hammer', 'M2: $', 'D: P' or 'Hb1' "
                   "(move and do nothing)"),
    step_example="tR")
