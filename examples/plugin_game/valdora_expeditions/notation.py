"""The notation: a card is its colour and number (``R7``, ``Y*`` for a stake); a turn
is one token, the card to play onto your expedition (``R7``) or, after ``x``, the card
to discard (``xY*``). A draw in a belief state is a reveal, written as every game of
the library writes one: ``?G4``."""

from __future__ import annotations

from valdora_ai.errors import NotationError
from valdora_ai.games.token_turns import format_tokens
from valdora_expeditions.rules import DISCARD, DRAW, KINDS, ExpeditionsState, card_name


def describe_step(state: ExpeditionsState, step: int) -> str:
    if not 0 <= step < DRAW + KINDS:
        raise NotationError(f"step {step} is no step of Expeditions")
    prefix = "?" if step >= DRAW else "x" if step >= DISCARD else ""
    return prefix + card_name(step % KINDS)


def parse_step(state: ExpeditionsState, token: str) -> int:
    """The legal step (or the draw, at a chance node) `token` names."""
    steps = state.legal_steps() or [step for step, _ in state.chance_outcomes()]
    for step in steps:
        if describe_step(state, step).lower() == token.lower():
            return step
    legal = " ".join(describe_step(state, step) for step in steps)
    raise NotationError(f"{token!r} is not a legal step here (legal: {legal or 'none'})")


def parse_turn(state: ExpeditionsState, text: str) -> list[int]:
    """A turn is one card: ``R7`` plays it, ``xR7`` discards it."""
    tokens = text.split()
    if len(tokens) != 1:
        raise NotationError(f"a turn is one card, e.g. 'R7' or 'xY*', not {text.strip()!r}")
    return [parse_step(state, tokens[0])]


def format_turn(state: ExpeditionsState, steps: list[int]) -> str:
    return format_tokens(state, steps, describe_step)
