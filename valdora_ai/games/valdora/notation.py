"""Turn notation: how people and records write Valdora turns and steps.

A whole turn is the destination, then a colon and the action's steps::

    r4: +R@pick +E@cart      move to road r4, load a ruby on the pick and an
                             emerald on the cart
    C: tR bR x2L bL          at city C: turn the right page, buy the right card,
                             return commission 2 onto the left stack, buy the left card
    A: tL bR@horse           buy the right card, paying with the gold on the horse
    Pv: c1@hammer c2@cart    complete commissions 1 and 2 (1-based, as held)
    M2: $                    refill silver          D: P     take provisions
    Hb1                      move and do nothing    pass     no destination possible

Step tokens: ``tL``/``tR`` turn the top page of the left/right stack; ``bL``/``bR``
buy its top card (``@item`` names the item whose gold pays for equipment); ``xNL``/
``xNR`` return commission N onto a stack; ``+G@item`` load a gem (by its letter);
``cN`` complete commission N, ``@items`` naming the items that pay its gems (in any
order); ``P``
provisions; ``$`` silver; ``end`` ends the action (implicit at the end of a turn).
In a belief state (hidden order unknown) a reveal is written ``?face`` right after the
step that caused it, e.g. ``C: tR ?S ?G bL``. Tokens are read in any letter case.
This module is the only parser of the notation.
"""

from __future__ import annotations

import re

from valdora_ai.errors import IllegalMoveError, NotationError
from valdora_ai.games.refusals import not_legal
from valdora_ai.games.spelling import named_step
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.rules import MOVE, TERMINAL, ValdoraState
from valdora_ai.games.valdora.stepcheck import is_step_code
from valdora_ai.inputs import brief

PASS = "pass"


def describe_step(state: ValdoraState, step: int) -> str:
    """The notation token of `step` in `state` (the move token is the space id).

    A number that is no step code of this game raises NotationError.
    """
    if is_step_code(state.data, step):
        try:
            return _token(state, step)
        except IndexError:  # a chance face the book being revealed does not have
            pass
    raise NotationError(f"{step} is not a step code of this game")


def _token(state: ValdoraState, step: int) -> str:
    data = state.data
    kind = S.kind(step)
    if kind == "end":
        return "end"
    if kind == "provisions":
        return "P"
    if kind == "silver":
        return "$"
    if kind == "move":
        return data.spaces[step - S.MOVE_BASE].id
    if kind == "turn":
        return "t" + S.SIDE_LETTERS[step - S.TURN_BASE]
    if kind == "buy":
        side, source = divmod(step - S.BUY_BASE, S.BUY_STRIDE)
        token = "b" + S.SIDE_LETTERS[side]
        return token if source == S.NO_SOURCE else f"{token}@{data.items[source].id}"
    if kind == "return":
        index, side = divmod(step - S.RETURN_BASE, S.RETURN_STRIDE)
        return f"x{index + 1}{S.SIDE_LETTERS[side]}"
    if kind == "load":
        gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
        return f"+{data.gems[gem].letter}@{data.items[item].id}"
    if kind == "complete":
        index, mask = divmod(step - S.COMPLETE_BASE, S.COMPLETE_STRIDE)
        items = [data.items[i].id for i in range(len(data.items)) if mask >> i & 1]
        return f"c{index + 1}" + ("@" + ",".join(items) if items else "")
    return "?" + _face_names(state)[step - S.CHANCE_BASE]


def _face_names(state: ValdoraState) -> list[str]:
    """Face names of the book being revealed (items or commission faces)."""
    book = state.books[state.reveal_book] if state.reveal_book >= 0 else state.books[0]
    if book.cards.kind == "equipment":
        return [item.id for item in state.data.items]
    return [face.id for face in state.data.commissions]


def parse_step(state: ValdoraState, token: str) -> int:
    """The legal step written `token` in `state`; NotationError if none is."""
    legal = state.legal_steps()
    if state.phase == MOVE and state.current_player >= 0 and token == PASS and legal == [S.END]:
        return S.END
    step = named_step(state, token, describe_step, respell)
    if step is not None:
        return step
    if not legal:
        raise NotationError(f"{brief(token, 120)}: the game is over")
    raise NotationError(not_legal(brief(token, 120), legal, lambda s: describe_step(state, s),
                                  S.kind))


def respell(state: ValdoraState, token: str, legal: list[int]) -> int | None:
    """The legal step another spelling names: the items paying a commission in any
    order (``c1@cart,hammer`` for ``c1@hammer,cart``)."""
    commission, at, items = token.partition("@")
    if not at or not commission[:1].casefold() == "c":
        return None
    written = sorted(item.casefold() for item in items.split(","))
    for step in legal:
        if S.kind(step) == "complete":
            head, _, paid = describe_step(state, step).partition("@")
            if (head.casefold() == commission.casefold()
                    and sorted(item.casefold() for item in paid.split(",")) == written):
                return step
    return None


_TURN = re.compile(r"^\s*([^:\s]+)\s*(?::\s*(.*))?$")


def parse_turn(state: ValdoraState, text: str) -> list[int]:
    """The steps of a whole turn written in notation, checked on a copy of `state`.

    The returned list ends with the turn's END where the notation leaves it implicit.
    """
    match = _TURN.match(text)
    if not match or state.current_player < 0:
        if state.current_player == TERMINAL:
            raise NotationError(f"{brief(text, 120)}: the game is over")
        raise NotationError(f"{brief(text, 120)}: a turn is 'DESTINATION[: STEP STEP ...]'")
    if state.phase != MOVE:
        raise NotationError(f"{brief(text, 120)}: a whole turn must start before the move")
    board = state.copy()
    seat = board.current_player
    tokens = [match.group(1)] + (match.group(2) or "").split()
    result = []
    for token in tokens:
        if board.current_player != seat and not board.is_chance_node():
            raise NotationError(f"{brief(text, 120)}: {brief(token, 120)} comes after the turn "
                                "has ended")
        try:
            step = parse_step(board, token)
        except NotationError as exc:
            raise NotationError(f"in turn {brief(text, 120)}: {exc}") from None
        board.apply(step)
        result.append(step)
    if board.is_chance_node():
        raise NotationError(f"{brief(text, 120)}: a reveal (?face) is missing at the end")
    if board.turns == state.turns:
        result.append(S.END)
    return result


def format_turn(state: ValdoraState, turn_steps: list[int]) -> str:
    """Write the steps of one whole turn, starting from `state` (before the move).

    From the middle of a turn (after the move) the rest of the turn is written after
    the space reached and an ellipsis: ``C: … bR x2L``.
    """
    board = state.copy()
    if board.phase != MOVE and not board.is_chance_node() and not board.is_terminal():
        here = board.data.spaces[board.players[board.current].space].id
        rest = format_turn_tokens(board, turn_steps)
        return f"{here}: …" + (f" {' '.join(rest)}" if rest else "")
    tokens = format_turn_tokens(board, turn_steps)
    if len(tokens) == 1:
        return tokens[0]
    return f"{tokens[0]}: {' '.join(tokens[1:])}" if tokens else ""


def format_turn_tokens(board: ValdoraState, turn_steps: list[int]) -> list[str]:
    """The tokens of `turn_steps` played on `board` (modified), without a final end."""
    tokens = []
    for step in turn_steps:
        tokens.append(PASS if board.phase == MOVE and step == S.END
                      else describe_step(board, step))
        board.apply(step)
    if tokens and tokens[-1] == "end":
        tokens.pop()
    return tokens


def split_turns(state: ValdoraState, steps: list[int]) -> list[list[int]]:
    """Cut a step sequence starting at a turn's move into whole turns."""
    board = state.copy()
    turns: list[list[int]] = []
    current: list[int] = []
    for step in steps:
        before = board.turns
        board.apply(step)
        current.append(step)
        if board.turns != before:
            turns.append(current)
            current = []
    if current:
        raise IllegalMoveError("the steps end in the middle of a turn")
    return turns
