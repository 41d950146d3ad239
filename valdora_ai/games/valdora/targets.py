"""Valdora's board click targets: which element of the picture each step acts on.

The browser table plays a step by a click on the element whose id
:func:`step_target` names (``Game.step_target``); the picture (:mod:`.svg`) draws its
elements with the ids the functions here make, so the two cannot drift apart.

- a move, provisions and silver: the space (``space-ID``) -- the destination, or the
  city or mine the pawn stands on;
- turning a page or buying a card: the stack of the book here (``stack-CITY-left``);
  several payment sources of one buy share the stack and open its menu;
- returning or completing a commission: the mover's commission chip
  (``seat-N-commission-K``, K its index), a menu of sides or payments;
- loading a gem: the mover's item it goes onto (``seat-N-item-ID``), a menu of gems.

END (end the action, or pass when the pawn cannot move) has no element: a button.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.engines import as_reference

UNTARGETED_KINDS = ("end", "chance")  # no board element: buttons (a chance step is no one's)


def space_id(space_id_: str) -> str:
    """The id of a space's group, by the space's data id."""
    return f"space-{space_id_}"


def stack_id(city: str, side: str) -> str:
    """The id of a book's stack ("left" or "right"), by the book's city id."""
    return f"stack-{city}-{side}"


def commission_id(seat: int, index: int) -> str:
    """The id of a seat's held commission chip, by its index among the seat's held ones."""
    return f"seat-{seat}-commission-{index}"


def item_id(seat: int, item: str) -> str:
    """The id of a seat's equipment chip, by the item's data id."""
    return f"seat-{seat}-item-{item}"


def step_target(state: Any, step: int) -> str:
    """The id of the element `step` (legal in `state`) acts on; "" for END and chance."""
    kind = S.kind(step)
    if kind in UNTARGETED_KINDS:
        return ""
    board = as_reference(state)
    data, seat = board.data, board.current
    if kind == "move":
        return space_id(data.spaces[step - S.MOVE_BASE].id)
    if kind in ("provisions", "silver"):
        return space_id(data.spaces[board.players[seat].space].id)
    if kind in ("turn", "buy"):
        side = (step - S.TURN_BASE) if kind == "turn" else (step - S.BUY_BASE) // S.BUY_STRIDE
        city = data.spaces[board.players[seat].space].id
        return stack_id(city, ("left", "right")[side])
    if kind == "load":
        item = (step - S.LOAD_BASE) % S.LOAD_STRIDE
        return item_id(seat, data.items[item].id)
    base, stride = ((S.RETURN_BASE, S.RETURN_STRIDE) if kind == "return"
                    else (S.COMPLETE_BASE, S.COMPLETE_STRIDE))
    return commission_id(seat, (step - base) // stride)
