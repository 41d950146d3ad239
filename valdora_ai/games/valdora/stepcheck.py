"""Which numbers `apply` accepts: the memory-safety contract shared by both engines.

`apply` trusts its caller about legality (that keeps search loops fast), but no number
may break a state's structure, least of all the compiled core's fixed C arrays. So
both engines refuse, with the same IllegalMoveError, a number that is no step code of
this game (not an integer, out of the code layout, or naming a space, gem, item or
commission slot the data does not have), any step once the game is over, a chance
outcome that is not one at this chance node, a chance code where a player decides,
and a step whose objects are not there (no book here, an empty stack, no commission
at that index, an item carrying no gem, a gem not on the road or that the item cannot
carry, coins the player does not have). Anything else is applied unchecked. The
compiled core mirrors `step_problem` in C (``core_step_problem``) and builds its
messages with `step_error`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import valdora_ai.games.valdora.rules as rules  # circular: used at call time only
from valdora_ai.errors import IllegalMoveError
from valdora_ai.games.refusals import illegal_step, not_a_code
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.constants import MAX_HELD_COMMISSIONS
from valdora_ai.games.valdora.data import ANY_GEM

if TYPE_CHECKING:
    from valdora_ai.games.valdora.data import ComponentData
    from valdora_ai.games.valdora.rules import ValdoraState

# Problems, in the order they are checked (the C core returns the same numbers).
OK, NOT_A_CODE, GAME_OVER, NOT_AN_OUTCOME, NOT_A_DECISION, CANNOT_APPLY = range(6)


def is_step_code(data: ComponentData, step: int) -> bool:
    """Whether `step` is a code of the step layout naming only things the data has."""
    n_items = len(data.items)
    if step < S.BUY_BASE:
        return step >= S.END
    if step < S.RETURN_BASE:
        source = (step - S.BUY_BASE) % S.BUY_STRIDE
        return source < n_items or source == S.NO_SOURCE
    if step < S.MOVE_BASE:
        return (step - S.RETURN_BASE) // S.RETURN_STRIDE < MAX_HELD_COMMISSIONS
    if step < S.LOAD_BASE:
        return step - S.MOVE_BASE < len(data.spaces)
    if step < S.COMPLETE_BASE:
        gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
        return gem < len(data.gems) and item < n_items
    if step < S.CHANCE_BASE:
        index, mask = divmod(step - S.COMPLETE_BASE, S.COMPLETE_STRIDE)
        return index < MAX_HELD_COMMISSIONS and mask < 1 << n_items
    return step - S.CHANCE_BASE < max(n_items, len(data.commissions))


def step_problem(state: ValdoraState, step: int) -> int:
    """OK, or the first problem that keeps `apply` from applying `step` (reference)."""
    if not is_step_code(state.data, step):
        return NOT_A_CODE
    if state.over:
        return GAME_OVER
    if state.reveal != rules.NO_REVEAL:
        faces = (face for face, _ in state._reveal_weights())
        return OK if step - S.CHANCE_BASE in faces else NOT_AN_OUTCOME
    if step >= S.CHANCE_BASE:
        return NOT_A_DECISION
    return OK if step < S.TURN_BASE or _applicable(state, step) else CANNOT_APPLY


def _applicable(state: ValdoraState, step: int) -> bool:
    """Whether what a decision step acts on exists in `state`: the cards, gems and
    commissions it moves and the coins it pays (a state never holds negative coins)."""
    player = state.players[state.current]
    data = state.data
    if S.MOVE_BASE <= step < S.LOAD_BASE:  # encounters: a coin to each pawn met off mines
        dest = step - S.MOVE_BASE
        return (player.coins >= state.n - 1 or data.spaces[dest].kind == "mine"
                or player.coins >= len(state._others_at(dest)))
    if S.TURN_BASE <= step < S.MOVE_BASE:
        book = state.book_at(player.space)
        if book is None:
            return False
        if step >= S.RETURN_BASE:
            index = (step - S.RETURN_BASE) // S.RETURN_STRIDE
            return book.cards.kind == "commission" and index < len(player.commissions)
        side = step - S.TURN_BASE if step < S.BUY_BASE else (step - S.BUY_BASE) // S.BUY_STRIDE
        if not (book.left if side == S.LEFT else book.right or book.hidden_count):
            return False
        if step < S.BUY_BASE:
            return state.pages_turned == 0 or player.coins >= 1
        source = (step - S.BUY_BASE) % S.BUY_STRIDE
        if book.cards.kind == "commission":
            return (source == S.NO_SOURCE and len(player.commissions) < MAX_HELD_COMMISSIONS
                    and player.coins >= 1)
        return (source != S.NO_SOURCE and player.load[source] >= 0
                and len(player.equipment) < len(data.items) - 1)
    if S.LOAD_BASE <= step < S.COMPLETE_BASE:
        gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
        return (player.load[item] != rules.NOT_OWNED
                and data.items[item].loads in (gem, ANY_GEM) and state._load_source()[gem] > 0
                and player.coins >= data.items[item].load_cost)
    if S.COMPLETE_BASE <= step < S.CHANCE_BASE:
        index, mask = divmod(step - S.COMPLETE_BASE, 128)
        if index >= len(player.commissions):
            return False
        face = data.commissions[state._commission_face(player.commissions[index])]
        return player.coins >= face.coins and all(
            player.load[item] >= 0 for item in range(len(player.load)) if mask >> item & 1)
    return True


def step_error(state: ValdoraState, step: int, problem: int) -> IllegalMoveError:
    """The error for `problem` (not OK), worded the same on both engines."""
    if problem == NOT_A_CODE:
        return not_a_code(step)
    if problem == GAME_OVER:
        return IllegalMoveError(f"step {step}: the game is over")
    if problem == NOT_AN_OUTCOME:
        return IllegalMoveError(f"step {step} is not an outcome of this chance event")
    if problem == NOT_A_DECISION:
        return IllegalMoveError(f"step {step} is a chance outcome, but a player decides here")
    from valdora_ai.games.valdora.notation import describe_step

    return IllegalMoveError(f"step {describe_step(state, step)!r} cannot be applied here")


def play_error(state: ValdoraState, step: int, legal: list[int],
               problem: int) -> IllegalMoveError:
    """The error `play` raises for `step`, which is not one of the `legal` steps, given
    `step_problem`'s answer for it (both engines): `step_error`'s for a number `apply`
    refuses too, else the legal steps grouped by kind."""
    if problem not in (OK, CANNOT_APPLY):
        return step_error(state, step, problem)
    from valdora_ai.games.valdora.notation import describe_step

    return illegal_step(state, step, describe_step, S.kind, legal)
