"""Valdora: its facts (:data:`GAME_TYPE`), registered by :mod:`valdora_ai.games`."""

from __future__ import annotations

from valdora_ai.backend import VALDORA_CORE
from valdora_ai.games.game_type import GameType

GAME_TYPE = GameType(
    name="valdora", title="Valdora", min_players=3, max_players=5, default_players=4,
    core=VALDORA_CORE,
    turn_examples=("'r4: +R@pick', 'C: tR bR', 'Pv: c1@hammer', 'M2: $', 'D: P' or 'Hb1' "
                   "(move and do nothing)"),
    step_example="tR")
