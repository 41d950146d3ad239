"""Valdora's turn describer: what a turn does, in plain sentences.

The game-agnostic explanation service (:mod:`valdora_ai.explanations`) asks the game
what a turn does; this module answers for Valdora by playing the turn's steps on a
copy of the position and comparing the mover's holdings before and after: the space
reached, coins paid on encounters, cards bought or returned, gems loaded, commissions
completed with their points, craftsmen hired, workshops opened, bonus tiles, coins,
and for a page turned onto a hidden card what it may reveal (the public pool's
chances) or what it did reveal (a ``?face`` step).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.narrating import narrate_turn
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.notation import describe_step
from valdora_ai.games.valdora.rules import MOVE, ValdoraState

SIDES = ("left", "right")


def describe_turn(state: Any, turn_steps: list[int]) -> list[str]:
    """Sentences saying what `turn_steps` (one turn of the seat to move) do in `state`."""
    told = narrate_turn(as_reference(state), turn_steps, _said,
                        lambda before, now: bool(now.turns != before.turns))
    if told is None:
        return []
    return told.sentences + _holdings_sentences(told.before, told.after, told.seat)


def _said(was: ValdoraState, _: ValdoraState, step: int) -> list[str]:
    sentence = _step_sentence(was, step)
    return [sentence] if sentence else []


def _step_sentence(board: ValdoraState, step: int) -> str | None:
    """The sentence for one step, read before it is applied (None: said elsewhere)."""
    data = board.data
    kind = S.kind(step)
    player = board.players[board.current] if board.current_player >= 0 else None
    if kind == "chance":
        return f"The book reveals {describe_step(board, step)[1:]}."
    if board.phase == MOVE:
        if step == S.END:
            return "Passes: the pawn cannot move."
        space = data.spaces[step - S.MOVE_BASE]
        met = [s for s, p in enumerate(board.players)
               if s != board.current and p.space == step - S.MOVE_BASE]
        text = f"Moves to {space.id} ({space.kind})"
        if met and space.kind != "mine":
            text += f", paying {len(met)} coin{'s' * (len(met) > 1)} to the pawns met"
        return text + "."
    assert player is not None
    if kind == "provisions":
        return "Takes provisions (may pass through a city next turn)."
    if kind == "silver":
        return "Refills silver coins at the mine."
    book = board.book_at(player.space)
    if kind in ("turn", "buy") and book is not None:
        side = (step - S.TURN_BASE) if kind == "turn" else (step - S.BUY_BASE) // S.BUY_STRIDE
        return _page_sentence(board, book, kind, side)
    if kind == "return":
        index, side = divmod(step - S.RETURN_BASE, S.RETURN_STRIDE)
        face = data.commissions[board._commission_face(player.commissions[index])]
        return f"Returns commission {face.id} onto the {SIDES[side]} stack."
    if kind == "load":
        gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
        cost = data.items[item].load_cost
        paid = f" for {cost} coin{'s' * (cost > 1)}" if cost else ""
        return f"Loads a {data.gems[gem].id} onto the {data.items[item].id}{paid}."
    if kind == "complete":
        index, _ = divmod(step - S.COMPLETE_BASE, S.COMPLETE_STRIDE)
        face = data.commissions[board._commission_face(player.commissions[index])]
        asked = (f"{face.coins} coin{'s' * (face.coins > 1)}" if face.coins
                 else " and ".join(data.gems[g].id for g in face.gems))
        return (f"Delivers commission {face.id} ({asked}) to the "
                f"{data.colours[face.patron].id} patron for {face.vp} points.")
    return None


def _page_sentence(board: ValdoraState, book: Any, kind: str, side: int) -> str:
    """Turning or buying a page, and what it may reveal when it moves a hidden card."""
    data = board.data
    face = book.visible(side)
    names = ([item.id for item in data.items] if book.cards.kind == "equipment"
             else [c.id for c in data.commissions])
    shown = names[face] if face is not None else "?"
    where = data.spaces[book.space].id
    if kind == "turn":
        text = f"Turns the {SIDES[side]} page ({shown}) of the book at {where}"
    elif book.cards.kind == "equipment":
        text = f"Buys the {shown} (equipment) from the book at {where}"
    else:
        text = f"Buys commission {shown} from the book at {where}"
    stack = book.left if side == S.LEFT else book.right
    if not stack and book.hidden_count and book.hidden is None:
        backs = book.back_candidates()
        total = sum(weight for _, weight in backs)
        odds = ", ".join(f"{names[back]} {weight / total:.0%}" for back, weight in backs)
        text += f"; its back is still unknown and may be {odds}"
    return text + "."


def _holdings_sentences(before: ValdoraState, after: ValdoraState, seat: int) -> list[str]:
    """Craftsmen, workshops, bonus tiles, coins and points the turn changed."""
    data = after.data
    old, new = before.players[seat], after.players[seat]
    sentences = []
    for colour, (was, now) in enumerate(zip(old.craftsmen, new.craftsmen, strict=True)):
        if now > was:
            sentences.append(f"Hires a {data.colours[colour].id} craftsman.")
    for colour in new.workshops[len(old.workshops):]:
        sentences.append(f"Opens the {data.colours[colour].id} workshop "
                         f"({data.colours[colour].workshop_vp} points).")
    if new.bonus > old.bonus:
        sentences.append(f"Takes a bonus tile ({data.bonus_vp} points).")
    if new.coins != old.coins:
        sentences.append(f"Coins: {old.coins} → {new.coins}.")
    points_before, points_after = before.scores()[seat], after.scores()[seat]
    if points_after != points_before:
        sentences.append(f"Points: {points_before} → {points_after} "
                         f"({points_after - points_before:+d}).")
    return sentences
