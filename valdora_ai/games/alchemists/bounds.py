"""The most steps one turn of The Valley of Alchemists can take, from the rules and data.

A turn is up to ``actions_per_turn`` actions, then END unless the last action ended
it, then one draw per empty face-up space (every decision and every reveal counted):

* collect and rearrange are one step each;
* a brew is one step per decoction, then STOP: a colour is brewed only below the
  decoction limit, and only the transformation (its token is used once a game) takes
  decoctions away mid-action, so at most one colour's worth more;
* a make is one step per face-up elixir (made spaces stay empty until the turn's
  refill), then STOP;
* a sale is SELL, at most one step per token kind, then STOP;
* one transformation, at any point.

Setup is each seat's skill points (or one END when none can be placed).
"""

from __future__ import annotations

from valdora_ai.games.alchemists.data import AlchemistsData
from valdora_ai.games.alchemists.steps import N_TOKENS


def max_turn_steps(data: AlchemistsData) -> int:
    """An upper bound on the steps (decisions and reveals) of one turn after setup."""
    brew = (len(data.recipes) + 1) * data.decoction_limit + 1
    make = data.face_up + 1
    sale = 2 + N_TOKENS
    action = max(1, brew, make, sale)
    return data.actions_per_turn * action + 1 + 1 + data.face_up


def max_setup_steps(data: AlchemistsData, players: int) -> int:
    """An upper bound on the steps of the setup (the skill points)."""
    return players * max(data.start_points, 1)
