"""The one door from any Zavandor state to the reference engine's state.

The presentation modules (tables, explanations, the picture, tensors) read the
reference :class:`ZavandorState`'s fields. Every one of them takes its state through
:func:`as_reference`, so a compiled state needs converting in this one place only.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.zavandor.rules import ZavandorState


def as_reference(state: Any) -> ZavandorState:
    """`state` as a reference ZavandorState (today every Zavandor state is one)."""
    return state  # type: ignore[no-any-return]
