"""The Gnomes of Zavandor's step codes: every decision and chance outcome as one integer.

A compound action is split into small sequential decisions, so search trees stay
narrow: "buy 3 rubies with the -4 marker" is BUY_GEM(ruby), MARKER(4), COUNT(3).
Soil samples are steps taken before the action, on the same turn. People never see
codes: :mod:`valdora_ai.games.zavandor.notation` prints and parses them.

Layout (gems are indices D=0, R=1, S=2, E=3; spaces index the board; decks are
0 artifacts, 1 jewelry; a slot is a face-up position 0-2, or 3 for the hand card)::

    0   + space         SAMPLE      take a soil sample (1 gold) at that space
    32  + gem           BUY_GEM     buy gems of that type (then MARKER?, COUNT)
    36  + gem           SELL_GEM    sell gems of that type (then COUNT)
    40  + deck          DRAW        draw 2 from that pile (then KEEP, ORDER?)
    48  + space         BUY_TILE    buy the mining-rights tile at that space (then PRISMS*)
    80  + deck*4 + slot BUY_ITEM    buy a face-up card or the hand card (then PRISMS*)
    88  + trader        TAKE_TRADER take (or exchange for) that trader card
    96  + gem           USE_TRADER  give gems of that type to your trader (then COUNT)
    100                 TAKE_GOLD   take 4 gold
    104 + n             COUNT       how many gems (1 to 15)
    120 + value         MARKER      Emeromobile marker value, 0 for none
    136 + i             KEEP        keep drawn card i (0 = the top card)
    138 + which         ORDER       0: the returned drawn card goes lowest; 1: the old hand card
    140 + n             PRISMS      prisms paid for the current cost colour (0 to 15)
    156 + n             MINE_USE    tiles of the current gem type used (Hoovermatic limit)
    172 + gem           WILD        the gem a wild symbol mines
    200 + value         CHANCE      a chance outcome: tile, card, district or seat index
"""

from __future__ import annotations

SAMPLE_BASE = 0
BUY_GEM_BASE = 32
SELL_GEM_BASE = 36
DRAW_BASE = 40
BUY_TILE_BASE = 48
BUY_ITEM_BASE = 80
ITEM_SLOTS = 4
HAND_SLOT = 3
TAKE_TRADER_BASE = 88
USE_TRADER_BASE = 96
TAKE_GOLD = 100
COUNT_BASE = 104
MARKER_BASE = 120
KEEP_BASE = 136
ORDER_BASE = 138
PRISMS_BASE = 140
MINE_USE_BASE = 156
WILD_BASE = 172
CHANCE_BASE = 200
STEP_LIMIT = 264  # every step code is below this

# (kind, first code, one past the last code), in code order.
_RANGES = (
    ("sample", SAMPLE_BASE, BUY_GEM_BASE),
    ("buy_gem", BUY_GEM_BASE, SELL_GEM_BASE),
    ("sell_gem", SELL_GEM_BASE, DRAW_BASE),
    ("draw", DRAW_BASE, DRAW_BASE + 2),
    ("buy_tile", BUY_TILE_BASE, BUY_ITEM_BASE),
    ("buy_item", BUY_ITEM_BASE, BUY_ITEM_BASE + 2 * ITEM_SLOTS),
    ("take_trader", TAKE_TRADER_BASE, TAKE_TRADER_BASE + 8),
    ("use_trader", USE_TRADER_BASE, USE_TRADER_BASE + 4),
    ("take_gold", TAKE_GOLD, TAKE_GOLD + 1),
    ("count", COUNT_BASE + 1, COUNT_BASE + 16),
    ("marker", MARKER_BASE, MARKER_BASE + 16),
    ("keep", KEEP_BASE, KEEP_BASE + 2),
    ("order", ORDER_BASE, ORDER_BASE + 2),
    ("prisms", PRISMS_BASE, PRISMS_BASE + 16),
    ("mine_use", MINE_USE_BASE, MINE_USE_BASE + 16),
    ("wild", WILD_BASE, WILD_BASE + 4),
    ("chance", CHANCE_BASE, STEP_LIMIT),
)
ACTION_KINDS = ("buy_gem", "sell_gem", "draw", "buy_tile", "buy_item", "take_trader",
                "use_trader", "take_gold")


def sample(space: int) -> int:
    return SAMPLE_BASE + space


def buy_gem(gem: int) -> int:
    return BUY_GEM_BASE + gem


def sell_gem(gem: int) -> int:
    return SELL_GEM_BASE + gem


def draw(deck: int) -> int:
    return DRAW_BASE + deck


def buy_tile(space: int) -> int:
    return BUY_TILE_BASE + space


def buy_item(deck: int, slot: int) -> int:
    return BUY_ITEM_BASE + deck * ITEM_SLOTS + slot


def take_trader(trader: int) -> int:
    return TAKE_TRADER_BASE + trader


def use_trader(gem: int) -> int:
    return USE_TRADER_BASE + gem


def count(n: int) -> int:
    return COUNT_BASE + n


def marker(value: int) -> int:
    return MARKER_BASE + value


def keep(index: int) -> int:
    return KEEP_BASE + index


def order(which: int) -> int:
    return ORDER_BASE + which


def prisms(n: int) -> int:
    return PRISMS_BASE + n


def mine_use(n: int) -> int:
    return MINE_USE_BASE + n


def wild(gem: int) -> int:
    return WILD_BASE + gem


def chance(value: int) -> int:
    return CHANCE_BASE + value


def kind(step: int) -> str:
    """The step's kind (see the module layout), or "invalid" outside the step space."""
    for name, low, high in _RANGES:
        if low <= step < high:
            return name
    return "invalid"


def argument(step: int) -> int:
    """The step's argument: its offset from its kind's base code."""
    for _, low, high in _RANGES:
        if low <= step < high:
            return step - (COUNT_BASE if low == COUNT_BASE + 1 else low)
    raise ValueError(f"step {step} is outside the step space")
