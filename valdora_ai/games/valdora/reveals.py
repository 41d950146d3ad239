"""What a step shows everybody: the reveals a world step makes public.

In a world (hidden order known) turning or buying a page simply looks faces up; in a
belief state the same step passes through chance nodes (``?back`` then ``?front``,
see :mod:`valdora_ai.games.valdora.rules`). :func:`apply_revealing` applies a step to
a world and returns those chance steps, exactly as the belief state would resolve
them. Information-set search keys its tree by them, so a tree built on sampled worlds
only ever branches on information that is public once the step is played.
"""

from __future__ import annotations

from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.rules import UNSEEN, ValdoraState


def apply_revealing(state: ValdoraState, step: int) -> tuple[int, ...]:
    """Apply `step` to the world `state`; return the chance steps it revealed, in order.

    Only page steps (turn, buy) reveal anything: the back of the top hidden card when
    it moves, then the front of the hidden card it uncovers. Works on both engines'
    states (a compiled state's books are read-only snapshots, hence the re-reads).
    """
    if not S.TURN_BASE <= step < S.RETURN_BASE:
        state.apply(step)
        return ()
    space = state.players[state.current].space
    book = state.book_at(space)
    if book is None or book.hidden is None:
        state.apply(step)
        return ()
    side = step - S.TURN_BASE if step < S.BUY_BASE else (step - S.BUY_BASE) // S.BUY_STRIDE
    stack = book.left if side == S.LEFT else book.right
    hidden_before = book.hidden_count
    front_before = book.top_front
    revealed: list[int] = []
    if not stack and hidden_before:
        revealed.append(S.chance(book.cards.types[book.hidden[-1]][1]))
    state.apply(step)
    book = state.book_at(space)  # re-read: a compiled state hands out snapshots
    assert book is not None  # books never leave their city
    pinned = book.hidden_count < hidden_before
    if (book.hidden_count and not book.right and book.top_front != UNSEEN
            and (pinned or front_before == UNSEEN)):
        revealed.append(S.chance(book.top_front))
    return tuple(revealed)
