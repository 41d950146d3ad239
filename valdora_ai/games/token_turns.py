"""Turns written as one token a step, space-separated: the notation of the games whose
every step has its own token (Zavandor, Alchemists). Each game supplies how one step is
read and written; this module walks a copy of the state through the turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import NotationError


def parse_tokens(state: Any, text: str, parse_step: Callable[[Any, str], int]) -> list[int]:
    """The steps of a space-separated token sequence, checked on a copy of `state`."""
    work = state.copy()
    steps = []
    for token in text.split():
        step = parse_step(work, token)
        work.apply(step)
        steps.append(step)
    if not steps:
        raise NotationError("an empty turn")
    return steps


def format_tokens(state: Any, steps: list[int],
                  describe_step: Callable[[Any, int], str]) -> str:
    """The tokens of `steps` played from `state`, separated by spaces."""
    work = state.copy()
    tokens = []
    for step in steps:
        tokens.append(describe_step(work, step))
        work.apply(step)
    return " ".join(tokens)


def apply_recording(state: Any, step: int) -> tuple[int, ...]:
    """Apply `step` to a world whose rules note, in `state.recording`, the chance steps a
    viewer's belief state would pass through; return them in order."""
    state.recording = []
    try:
        state.apply(step)
        return tuple(state.recording)
    finally:
        state.recording = None
