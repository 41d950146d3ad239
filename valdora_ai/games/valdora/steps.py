"""Valdora's step codes: every decision and chance outcome as one small integer.

A turn is a sequence of steps: a move (the destination), then the action's steps,
then an explicit END (provisions and silver are one-step actions that end the turn by
themselves). Integers keep the search loops and the compiled core free of Python
objects; both engines use exactly these codes, so their legal-step lists compare
directly. People never see codes: :mod:`valdora_ai.games.valdora.notation` prints and
parses them.

Layout (sides: 0 = left stack, 1 = right stack; items and gems are data indices; the
numbers are defined once in :mod:`~valdora_ai.games.valdora.constants`, shared with the
compiled core)::

    END                                  end the action and the turn
    PROVISIONS                           take provisions (city)
    SILVER                               refill coins at a silver mine
    TURN_BASE + side                     turn the top page of that stack over
    BUY_BASE + side*BUY_STRIDE + source  buy the top card of that stack; source is the
                                         item whose gold pays for equipment, NO_SOURCE
                                         for a commission (paid with a coin)
    RETURN_BASE + index*RETURN_STRIDE + side
                                         put incomplete commission `index` onto that stack
    MOVE_BASE + space                    move
    LOAD_BASE + gem*LOAD_STRIDE + item   load a gem onto an item (reloading a horse/cart)
    COMPLETE_BASE + index*COMPLETE_STRIDE + mask
                                         complete commission `index`, paying with the
                                         gems on the items in `mask` (mask 0: pay a coin)
    CHANCE_BASE + face                   a face revealed in a book (belief states only)
"""

from __future__ import annotations

from valdora_ai.games.valdora.constants import (
    BUY_BASE,
    BUY_STRIDE,
    CHANCE_BASE,
    COMPLETE_BASE,
    COMPLETE_STRIDE,
    END,
    LEFT,
    LOAD_BASE,
    LOAD_STRIDE,
    MOVE_BASE,
    NO_SOURCE,
    PROVISIONS,
    RETURN_BASE,
    RETURN_STRIDE,
    RIGHT,
    SILVER,
    TURN_BASE,
)

__all__ = [
    "BUY_BASE", "BUY_STRIDE", "CHANCE_BASE", "COMPLETE_BASE", "COMPLETE_STRIDE", "END",
    "LEFT", "LOAD_BASE", "LOAD_STRIDE", "MOVE_BASE", "NO_SOURCE", "PROVISIONS",
    "RETURN_BASE", "RETURN_STRIDE", "RIGHT", "SIDE_LETTERS", "SILVER", "TURN_BASE", "buy",
    "chance", "complete", "kind", "load", "move", "return_commission", "turn",
]

SIDE_LETTERS = "LR"


def turn(side: int) -> int:
    return TURN_BASE + side


def buy(side: int, source: int = NO_SOURCE) -> int:
    return BUY_BASE + side * BUY_STRIDE + source


def return_commission(index: int, side: int) -> int:
    return RETURN_BASE + index * RETURN_STRIDE + side


def move(space: int) -> int:
    return MOVE_BASE + space


def load(gem: int, item: int) -> int:
    return LOAD_BASE + gem * LOAD_STRIDE + item


def complete(index: int, mask: int) -> int:
    return COMPLETE_BASE + index * COMPLETE_STRIDE + mask


def chance(face: int) -> int:
    return CHANCE_BASE + face


def kind(step: int) -> str:
    """The step's kind: end, provisions, silver, turn, buy, return, move, load,
    complete or chance."""
    if step == END:
        return "end"
    if step == PROVISIONS:
        return "provisions"
    if step == SILVER:
        return "silver"
    if TURN_BASE <= step < BUY_BASE:
        return "turn"
    if BUY_BASE <= step < RETURN_BASE:
        return "buy"
    if RETURN_BASE <= step < MOVE_BASE:
        return "return"
    if MOVE_BASE <= step < LOAD_BASE:
        return "move"
    if LOAD_BASE <= step < COMPLETE_BASE:
        return "load"
    if COMPLETE_BASE <= step < CHANCE_BASE:
        return "complete"
    return "chance"
