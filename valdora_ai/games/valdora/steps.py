"""Valdora's step codes: every decision and chance outcome as one small integer.

A turn is a sequence of steps: a move (the destination), then the action's steps,
then an explicit END (provisions and silver are one-step actions that end the turn by
themselves). Integers keep the search loops and the compiled core free of Python
objects; both engines use exactly these codes, so their legal-step lists compare
directly. People never see codes: :mod:`valdora_ai.games.valdora.notation` prints and
parses them.

Layout (sides: 0 = left stack, 1 = right stack; items and gems are data indices)::

    0                      END        end the action and the turn
    1                      PROVISIONS take provisions (city)
    2                      SILVER     refill coins at a silver mine
    3 + side               TURN       turn the top page of that stack over
    5 + side*8 + source    BUY        buy the top card of that stack; source is the item
                                      whose gold pays for equipment, NO_SOURCE for a
                                      commission (paid with a coin)
    21 + index*2 + side    RETURN     put incomplete commission `index` onto that stack
    32 + space             MOVE
    96 + gem*8 + item      LOAD       load a gem onto an item (reloading a horse/cart)
    160 + index*128 + mask COMPLETE   complete commission `index`, paying with the gems
                                      on the items in `mask` (mask 0: pay a coin)
    600 + face             CHANCE     a face revealed in a book (belief states only)
"""

from __future__ import annotations

END = 0
PROVISIONS = 1
SILVER = 2
TURN_BASE = 3
BUY_BASE = 5
NO_SOURCE = 7
RETURN_BASE = 21
MOVE_BASE = 32
LOAD_BASE = 96
COMPLETE_BASE = 160
CHANCE_BASE = 600

# Incomplete commissions a player may hold: the slots RETURN and COMPLETE codes name.
MAX_HELD = 3

LEFT = 0
RIGHT = 1
SIDE_LETTERS = "LR"


def turn(side: int) -> int:
    return TURN_BASE + side


def buy(side: int, source: int = NO_SOURCE) -> int:
    return BUY_BASE + side * 8 + source


def return_commission(index: int, side: int) -> int:
    return RETURN_BASE + index * 2 + side


def move(space: int) -> int:
    return MOVE_BASE + space


def load(gem: int, item: int) -> int:
    return LOAD_BASE + gem * 8 + item


def complete(index: int, mask: int) -> int:
    return COMPLETE_BASE + index * 128 + mask


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
