"""How every game, on both engines, refuses a step: one wording, written once.

A number that is no step code of the game (not an integer, or outside its code layout)
is refused with :func:`not_a_code`; a step played where it is not legal with a message
from :func:`not_legal`, which lists the legal steps grouped by kind. A flat list cut
after a dozen would not do: at the start of a Zavandor action the first two dozen
legal steps are all soil samples. Each kind shows its first few steps and how many
more it has, so the message stays short whatever the position. The compiled cores
call these same functions, so both engines say the same words.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from valdora_ai.errors import IllegalMoveError
from valdora_ai.inputs import brief

SHOWN_PER_KIND = 8  # steps of one kind written out; the rest are counted
WHOLE_KIND = SHOWN_PER_KIND + 2  # a kind this small is written whole ("and 1 more" saves nothing)
TOKEN_CHARS = 40  # a written step is cut to this (a data file's ids can be long)


def not_a_code(step: object) -> IllegalMoveError:
    """The error for a number (or anything else) that is no step code of the game."""
    return IllegalMoveError(f"{brief(step)} is not a step code of this game")


def step_code(step: object) -> int:
    """`step` as a plain int: any integer type (numpy's included), never a bool or a
    float; anything else raises :func:`not_a_code`'s error."""
    if not isinstance(step, bool):
        try:
            return operator.index(step)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise not_a_code(step)


def legal_by_kind(steps: Sequence[int], describe: Callable[[int], str],
                  kind: Callable[[int], str]) -> str:
    """The legal `steps` written with `describe`, grouped by `kind` in the order the
    kinds first appear: ``sample: sample:I.1 … and 16 more; buy gem: buy:D buy:R``."""
    if not steps:
        return "nothing, the game is over"
    groups: dict[str, list[int]] = {}
    for step in steps:
        groups.setdefault(kind(step), []).append(step)
    parts = []
    for name, members in groups.items():
        label = name.replace("_", " ")
        cut = len(members) if len(members) <= WHOLE_KIND else SHOWN_PER_KIND
        shown = " ".join(_cut(describe(step)) for step in members[:cut])
        if cut < len(members):
            shown += f" and {len(members) - cut} more"
        parts.append(shown if shown == label else f"{label}: {shown}")  # not "end: end"
    return "; ".join(parts)


def not_legal(what: str, steps: Sequence[int], describe: Callable[[int], str],
              kind: Callable[[int], str]) -> str:
    """``WHAT is not legal here (legal: ...)``, the legal `steps` grouped by kind."""
    return f"{what} is not legal here (legal: {legal_by_kind(steps, describe, kind)})"


def illegal_step(state: Any, step: int, describe: Callable[[Any, int], str],
                 kind: Callable[[int], str], legal: Sequence[int]) -> IllegalMoveError:
    """The error for applying the integer `step` where it is not one of the `legal`
    steps: :func:`not_a_code`'s when `kind` calls it ``"invalid"`` (outside the code
    layout), else :func:`not_legal`'s. `describe` writes steps of `state` (the game's
    notation, given its reference state)."""
    if kind(step) == "invalid":
        return not_a_code(step)
    return IllegalMoveError(not_legal(f"step {describe(state, step)!r}", legal,
                                      lambda s: describe(state, s), kind))


def legal_code(state: Any, step: object, describe: Callable[[Any, int], str],
               kind: Callable[[int], str]) -> int:
    """`step` as the step code it is, when it is one of `state`'s legal steps; else
    :func:`step_code`'s or :func:`illegal_step`'s error (a reference `apply` that
    checks legality, as the compiled cores of Zavandor and Alchemists do)."""
    code = step if type(step) is int else step_code(step)
    legal = state.legal_steps()
    if code not in legal:
        raise illegal_step(state, code, describe, kind, legal)
    return code


def _cut(token: str) -> str:
    return token if len(token) <= TOKEN_CHARS else token[:TOKEN_CHARS - 1] + "…"
