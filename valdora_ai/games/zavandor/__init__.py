"""The Gnomes of Zavandor: its facts (:data:`GAME_TYPE`), registered by
:mod:`valdora_ai.games`, and its compiled core (:data:`CORE`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from valdora_ai.backend import Core
from valdora_ai.games.game_type import GameType

if TYPE_CHECKING:
    from valdora_ai._zavandor_core import CompiledZavandorState

CORE: Core[CompiledZavandorState] = Core(
    "Zavandor", "valdora_ai._zavandor_core", "CompiledZavandorState")

GAME_TYPE = GameType(
    name="zavandor", title="The Gnomes of Zavandor", min_players=2, max_players=4,
    shared_belief=False, core=CORE,
    turn_examples="'sample:IV.2 sample:IV.3 tile:IV.2', 'buy:R marker:4 x3' or 'trader:DR'",
    step_example="gold",
    default_options=(("expert_discount", False), ("prism_raises_price", True),
                     ("emero_floor", 1), ("hoover_per_gem", True), ("max_rounds", 40)))
