"""Expeditions' steps in words, as a player reads them on a menu or a button: the
game's ``step_words`` hook (without it the library shows the notation token)."""

from __future__ import annotations

from valdora_expeditions.rules import DISCARD, DRAW, KINDS, RANKS, colour

COLOUR_NAMES = ("yellow", "blue", "white", "green", "red")  # in the order of COLOURS


def card_words(kind: int) -> str:
    """"the red 7", "the yellow stake"."""
    rank = kind % RANKS
    return f"the {COLOUR_NAMES[colour(kind)]} {rank + 1 if rank else 'stake'}"


def step_words(step: int) -> str:
    """"Play the red 7 onto your red expedition", "Discard the yellow stake", or a draw
    revealed in a belief state."""
    card = card_words(step % KINDS)
    if step >= DRAW:
        return f"The card drawn is revealed: {card}"
    if step >= DISCARD:
        return f"Discard {card}"
    return f"Play {card} onto your {COLOUR_NAMES[colour(step)]} expedition"
