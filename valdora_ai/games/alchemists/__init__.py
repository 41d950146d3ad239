"""The Valley of Alchemists: its facts (:data:`GAME_TYPE`), registered by
:mod:`valdora_ai.games`, and its compiled core (:data:`CORE`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from valdora_ai.backend import Core
from valdora_ai.games.game_type import GameType

if TYPE_CHECKING:
    from valdora_ai._alchemists_core import AlchemistsCompiledState

CORE: Core[AlchemistsCompiledState] = Core(
    "Alchemists", "valdora_ai._alchemists_core", "AlchemistsCompiledState")

GAME_TYPE = GameType(
    name="alchemists", title="The Valley of Alchemists", min_players=2, max_players=4,
    core=CORE, turn_examples="'cYW bG bG .' or 'sD1 tS3 .'",
    step_example="bG",
    default_options=(("track", "plain"), ("stall_safeguard", True), ("stall_rounds", 60)))
