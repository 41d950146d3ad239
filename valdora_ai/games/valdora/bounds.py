"""The most steps one Valdora turn can take, derived from the rules and the data.

A turn is a move, one action and END (provisions and silver are one step that ends
the turn). Within the action (every decision and every reveal counted):

* Purchase: page steps (turning a page or buying the top card) are bounded by the
  coins, because every turn after the first and every commission costs a coin, and
  by the items, because an equipment purchase adds an item the player did not own;
  each page step may wait for two reveals (the card's back, then the new top's
  front). A commission can be returned only while holding the maximum, so returns
  are at most one more than the commissions bought.
* Loading: each load takes a gem from the road here (never refilled during the game)
  or, at a harbour, uses one of its ships.
* Delivery: each completes one held commission.
"""

from __future__ import annotations

from valdora_ai.games.valdora.constants import MAX_HELD_COMMISSIONS
from valdora_ai.games.valdora.data import ComponentData


def max_turn_steps(data: ComponentData) -> int:
    """An upper bound on the steps (decisions and reveals) of one turn."""
    coins = data.coins_total  # nobody holds more coins than the game has
    page_steps = 1 + coins + len(data.items)
    purchase = 3 * page_steps + 1 + coins
    loading = max(data.gems_per_road, *(space.ships for space in data.spaces))
    return 2 + max(purchase, loading, MAX_HELD_COMMISSIONS)
