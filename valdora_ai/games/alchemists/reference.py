"""The one door through which the presentation hooks take a state.

Tables, explanations, pictures and the position schema read the reference
:class:`~valdora_ai.games.alchemists.rules.AlchemistsState`. A game may hand them a
state of another engine (the compiled core); :func:`as_reference` is the single place
that turns it into a reference state, so every hook stays correct whichever engine runs.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.alchemists.rules import AlchemistsState


def as_reference(state: Any) -> AlchemistsState:
    """`state` as a reference state (today every Alchemists state is one)."""
    return state  # type: ignore[no-any-return]
