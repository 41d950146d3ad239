"""Walking one turn's steps to describe it: the loop every game's turn describer shares.

A describer (a game's ``describe_turn``) plays the turn on a copy of the position and
says, step by step, what each did; then it compares the mover's holdings before and
after. :func:`narrate_turn` is the walk; the game supplies what a step says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from valdora_ai.games.base import CHANCE


@dataclass
class Narration:
    """A walked turn: the mover, the position before and after, what the steps said."""

    seat: int
    before: Any
    after: Any
    sentences: list[str]


def narrate_turn(state: Any, turn_steps: list[int],
                 say_step: Callable[[Any, Any, int], list[str]],
                 turn_ended: Callable[[Any, Any], bool] | None = None) -> Narration | None:
    """Play `turn_steps` (one turn of the seat to move, reveals included) on a copy of
    `state`, collecting `say_step(position before the step, after it, step)`; stop when
    another seat is to move, the game ends or `turn_ended(start, now)`. None when nobody
    is to move."""
    board = state.copy()
    seat = board.current_player
    if seat < 0:
        return None
    before = board.copy()
    sentences: list[str] = []
    for step in turn_steps:
        if board.is_terminal() or board.current_player not in (seat, CHANCE):
            break
        was = board.copy()
        board.apply(step)
        sentences += say_step(was, board, step)
        if turn_ended is not None and turn_ended(before, board):
            break
    return Narration(seat, before, board, sentences)
