"""The Valley of Alchemists' board click targets: which element of the picture each
step acts on.

The browser table plays a step by a click on the element whose id
:func:`step_target` names (``Game.step_target``); the picture (:mod:`.svg`) draws its
elements with the ids the functions here make, so the two cannot drift apart.
Numbers in ids are the ones the picture prints (face-up and chest spaces from 1):

- a setup skill point: the mover's skill track (``seat-N-track-T``);
- collecting ingredients: the pair on the collect row (``collect-P``, P of ``PAIRS``);
- brewing a decoction, and transforming decoctions: the mover's decoction of that
  colour (``seat-N-decoction-C``; a transformation's targets and counts in its menu);
- making an elixir: the face-up card (``faceup-S``), a menu of the chest spaces;
- rearranging: the mover's chest space the elixir leaves (``seat-N-cell-K``), a menu
  of where it goes;
- selling: the mover's complete line (``seat-N-line-L``, L of ``LINES``);
- a special token on the sale: the mover's token (``seat-N-token-K``), a menu of the
  line's elixirs.

END (end the turn) and STOP (close a brew, a make or a sale) have no element: buttons.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.alchemists import steps as S

UNTARGETED_KINDS = ("end", "stop", "chance")  # no board element (a chance step is no one's)


def collect_id(pair: int) -> str:
    return f"collect-{pair}"


def faceup_id(slot: int) -> str:
    """The id of a face-up space, by its 0-based slot (printed from 1)."""
    return f"faceup-{slot + 1}"


def seat_id(seat: int, part: str, index: int) -> str:
    """The id of one part of a seat's panel: its "track", "decoction", "token" or
    "line" `index` (from 0), or its chest "cell" (`index` from 0, printed from 1)."""
    return f"seat-{seat}-{part}-{index + 1 if part == 'cell' else index}"


def step_target(state: Any, step: int) -> str:
    """The id of the element `step` (legal in `state`) acts on; "" for END, STOP and a
    chance step."""
    kind, arg = S.kind(step), S.argument(step)
    if kind in UNTARGETED_KINDS:
        return ""
    seat = int(state.current_player)
    if kind == "collect":
        return collect_id(arg)
    if kind == "make":
        return faceup_id(arg // S.CELLS)
    if kind == "transform":
        return seat_id(seat, "decoction", S.transform_parts(step)[0])
    part, index = {"skill": ("track", arg), "brew": ("decoction", arg),
                   "rearrange": ("cell", arg // S.CELLS), "sell": ("line", arg),
                   "token": ("token", arg // S.LINE_LENGTH)}[kind]
    return seat_id(seat, part, index)
