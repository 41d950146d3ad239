"""Steps as people type them: any letter case, and the other spellings a game reads.

A step's token is what the game's ``describe_step`` writes, but people write the same
step in other ways: ``CYW`` for ``cYW``, the two ingredients of a collect in the
other order (``cWY``), the cells of a swap the other way round (``r5-1``), the items
paying a commission in another order. Each game's parser asks :func:`named_step`,
giving it a ``respell`` that reads its own other spellings; every other token is
still refused. Letter case is safe to ignore because no two legal steps of any game
have tokens that differ only in case (``tests/test_notation_spellings.py`` checks it
at every node of seeded games).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import NotationError
from valdora_ai.games.refusals import not_legal
from valdora_ai.inputs import brief

Respell = Callable[[Any, str, list[int]], int | None]


def named_step(state: Any, token: str, describe_step: Callable[[Any, int], str],
               respell: Respell | None = None) -> int | None:
    """The legal step `token` names in `state`, or None: the step whose token it is in
    any letter case, else the one ``respell(state, token, legal)`` reads from another
    spelling of it."""
    legal: list[int] = state.legal_steps()
    folded = token.casefold()
    for step in legal:
        if describe_step(state, step).casefold() == folded:
            return step
    return respell(state, token, legal) if respell is not None else None


def parse_named_step(state: Any, token: str, describe_step: Callable[[Any, int], str],
                     kind: Callable[[int], str], respell: Respell | None = None) -> int:
    """The step :func:`named_step` reads; a NotationError listing the legal steps grouped
    by `kind` when `token` names none."""
    step = named_step(state, token, describe_step, respell)
    if step is None:
        raise NotationError(not_legal(brief(token, 120), state.legal_steps(),
                                      lambda s: describe_step(state, s), kind))
    return step
