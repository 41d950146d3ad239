"""The most steps a game of The Gnomes of Zavandor can take, from the rules and data.

Every decision and every reveal is counted. One action (a turn as ``max_turns``
counts them) is:

* soil samples first: at most one per board space, each with one reveal;
* then the action itself, at most: buy an item (BUY_ITEM, the hand card's reveal, one
  PRISMS step per gem type, the new display card's reveal); buy a tile (BUY_TILE,
  PRISMS per gem type, the tile's reveal); draw (DRAW, two reveals, KEEP, ORDER); buy
  gems (BUY_GEM, MARKER, COUNT); the others take one or two steps.

Each mining round, every player mines: one MINE_USE step per gem type and one WILD
step per wild symbol owned (no more than the tiles hold).
"""

from __future__ import annotations

from valdora_ai.games.zavandor.data import N_GEMS, ZavandorData

DRAW_STEPS = 5  # DRAW, two reveals, KEEP, ORDER
BUY_GEM_STEPS = 3  # BUY_GEM, MARKER, COUNT


def max_action_steps(data: ZavandorData) -> int:
    """An upper bound on the steps of one action, its soil samples included."""
    samples = 2 * len(data.spaces)
    buy_item = 3 + N_GEMS
    return samples + max(buy_item, DRAW_STEPS, BUY_GEM_STEPS)


def max_mining_steps(data: ZavandorData) -> int:
    """An upper bound on one player's steps when mining once."""
    return N_GEMS + sum(tile.wild for tile in data.tiles)
