"""Valdora's steps in words: what a player choosing a step reads in a menu or on a button.

The words are the rulebook's ("Purchase equipment or commissions", "turn the page",
"Load gemstones", "Complete commissions", "Replenish silver", "Take provisions") and
the names come from the component data (spaces, gems, equipment items, commission
faces, patron colours), read in the state the step is played in: a page's visible
card is named, so two buys at one book never read alike.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.notation import describe_step
from valdora_ai.games.valdora.rules import MOVE, ValdoraState
from valdora_ai.games.wording import listed

SIDES = ("left", "right")
PLACES = {"road": "road", "city": "city", "harbour": "harbour", "mine": "silver mine",
          "patron": "patron's house"}


def step_words(state: Any, step: int) -> str:
    """`step` in `state` in plain words ("Load 1 emerald onto the cart (2 coins)")."""
    board: ValdoraState = as_reference(state)
    data = board.data
    kind = S.kind(step)
    if kind == "chance":
        book = board.books[max(board.reveal_book, 0)]
        name = describe_step(board, step)[1:]
        shown = f"the {name}" if book.cards.kind == "equipment" else f"commission {name}"
        return f"The next page is revealed: {shown}"
    if board.phase == MOVE:
        if step == S.END:
            return "Pass: the pawn cannot move"
        space = data.spaces[step - S.MOVE_BASE]
        return f"Move to the {PLACES.get(space.kind, space.kind)} {space.id}"
    if kind == "end":
        return "End the action"
    if kind == "provisions":
        return "Take provisions"
    if kind == "silver":
        return "Replenish silver"
    player = board.players[board.current]
    if kind in ("turn", "buy"):
        return _page_words(board, step, kind)
    if kind == "return":
        index, side = divmod(step - S.RETURN_BASE, S.RETURN_STRIDE)
        face = data.commissions[board._commission_face(player.commissions[index])]
        return (f"Return your commission {index + 1} ({face.id}) onto the {SIDES[side]} "
                "side of the book")
    if kind == "load":
        gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
        cost = data.items[item].load_cost
        paid = f" ({_coins(cost)})" if cost else ""
        return f"Load 1 {data.gems[gem].id} onto the {data.items[item].id}{paid}"
    index, mask = divmod(step - S.COMPLETE_BASE, S.COMPLETE_STRIDE)
    face = data.commissions[board._commission_face(player.commissions[index])]
    items = [data.items[i].id for i in range(len(data.items)) if mask >> i & 1]
    paying = (" with the gemstones on the " + listed(items) if items
              else f" for {_coins(face.coins)}")
    return (f"Complete your commission {index + 1} ({face.id}, "
            f"{data.colours[face.patron].id} patron){paying} ({face.vp} points)")


def _page_words(board: ValdoraState, step: int, kind: str) -> str:
    """Turning a page or buying the card on top of a side of the book here."""
    data = board.data
    book = board.book_at(board.players[board.current].space)
    side = (step - S.TURN_BASE) if kind == "turn" else (step - S.BUY_BASE) // S.BUY_STRIDE
    equipment = book is not None and book.cards.kind == "equipment"
    face = book.visible(side) if book is not None else None
    names = ([item.id for item in data.items] if equipment
             else [c.id for c in data.commissions])
    shown = "an unseen card" if face is None else (
        f"the {names[face]}" if equipment else f"commission {names[face]}")
    if kind == "turn":
        cost = "free" if board.pages_turned == 0 else _coins(1)
        return f"Turn the page on the {SIDES[side]} ({shown}; {cost})"
    source = (step - S.BUY_BASE) % S.BUY_STRIDE
    if not equipment:
        return f"Buy {shown} on the {SIDES[side]} ({_coins(1)})"
    payer = "" if source == S.NO_SOURCE else f" with the gold on the {data.items[source].id}"
    return f"Buy {shown} on the {SIDES[side]} (1 gold{payer})"


def _coins(n: int) -> str:
    return f"{n} coin{'s' * (n != 1)}"

