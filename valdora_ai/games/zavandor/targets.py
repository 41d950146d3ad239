"""Zavandor's board click targets: which element of the picture each step acts on.

The browser table plays a step by a click on the element whose id
:func:`step_target` names (``Game.step_target``); the picture (:mod:`.svg`) draws its
elements with the ids the functions here make, so the two cannot drift apart. A
compound action's follow-up steps stay on the element the action began on, so a
person clicks it again for the amount or the payment (a menu when there are several):

- a soil sample, a tile bought and its prisms: the district space (``space-II-3``);
- buying or selling gems, the Emeromobile marker and the amount: the gem's market row
  (``market-R``); a trade's amount: the mover's trader card (``seat-N-trader``);
- a face-up card bought and its prisms: the card (``card-0-2``: deck, slot); the hand
  card bought: the mover's hand (``seat-N-hand``);
- drawing from a pile and where the card left over goes: the pile (``pile-0``); which
  drawn card to keep: that drawn card (``drawn-0``);
- taking a free trader card: that card (``trader-DR``); using one's own: the mover's
  trader card;
- taking 4 gold: the mover's gold (``seat-N-gold``);
- mining (tiles used, the gem a wild symbol mines): the mover's tiles (``seat-N-tiles``).

Every step a person plays has an element; only chance outcomes have none.
"""

from __future__ import annotations

import re
from typing import Any

from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import GEM_LETTERS
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import TRADE_COUNT, ZavandorState

UNTARGETED_KINDS = ("chance",)  # no board element (a chance step is no one's)


def space_id(label: str) -> str:
    """The id of a tile space, by its label ("II.3" gives ``space-II-3``)."""
    return "space-" + re.sub(r"[^A-Za-z0-9_-]", "-", label)


def market_id(gem: int) -> str:
    return f"market-{GEM_LETTERS[gem]}"


def card_id(deck: int, slot: int) -> str:
    """The id of a face-up card, by its deck and display slot."""
    return f"card-{deck}-{slot}"


def pile_id(deck: int) -> str:
    return f"pile-{deck}"


def drawn_id(index: int) -> str:
    return f"drawn-{index}"


def trader_id(gems: tuple[int, int]) -> str:
    """The id of a free trader card, by its two gems ("DR" gives ``trader-DR``)."""
    return "trader-" + "".join(GEM_LETTERS[g] for g in gems)


def seat_id(seat: int, part: str) -> str:
    """The id of one part of a seat's band: "trader", "hand", "gold" or "tiles"."""
    return f"seat-{seat}-{part}"


def step_target(state: Any, step: int) -> str:
    """The id of the element `step` (legal in `state`) acts on; "" for a chance step."""
    kind, arg = S.kind(step), S.argument(step)
    if kind in UNTARGETED_KINDS:
        return ""
    board: ZavandorState = as_reference(state)
    seat = board.current
    by_kind = {
        "sample": lambda: space_id(board.data.spaces[arg].label),
        "buy_tile": lambda: space_id(board.data.spaces[arg].label),
        "buy_gem": lambda: market_id(arg), "sell_gem": lambda: market_id(arg),
        "marker": lambda: market_id(board.pend_gem),
        "count": lambda: (seat_id(seat, "trader") if board.phase == TRADE_COUNT
                          else market_id(board.pend_gem)),
        "use_trader": lambda: seat_id(seat, "trader"),
        "take_trader": lambda: trader_id(board.data.traders[arg]),
        "take_gold": lambda: seat_id(seat, "gold"),
        "draw": lambda: pile_id(arg), "order": lambda: pile_id(board.pend_deck),
        "keep": lambda: drawn_id(arg),
        "buy_item": lambda: _item(seat, *divmod(arg, S.ITEM_SLOTS)),
        "prisms": lambda: _paid_for(board),
        "mine_use": lambda: seat_id(seat, "tiles"), "wild": lambda: seat_id(seat, "tiles"),
    }
    return by_kind[kind]()


def _item(seat: int, deck: int, slot: int) -> str:
    return seat_id(seat, "hand") if slot == S.HAND_SLOT else card_id(deck, slot)


def _paid_for(board: ZavandorState) -> str:
    """What a payment in prisms is for: the tile's space or the card being bought."""
    if board.pend_space >= 0:
        return space_id(board.data.spaces[board.pend_space].label)
    return _item(board.current, board.pend_deck, board.pend_slot)
