"""Test doubles for the interactive loop: a view that records, scripted readers."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from valdora_ai.interactive.session import GameSession, PlayedTurn, Suggestion


class RecordingView:
    """A View that keeps what it was asked to show, as (kind, ...) tuples."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def position(self, observation: Any, seats: tuple[str, ...], turn: int) -> None:
        self.events.append(("position", turn, observation))

    def progress(self, observation: Any, so_far: str) -> None:
        self.events.append(("progress", so_far, observation))

    def menu(self, labels: list[str]) -> None:
        self.events.append(("menu", labels))

    def turn_played(self, number: int, turn: PlayedTurn, who: str, reasoning: str) -> None:
        self.events.append(("turn", number, turn.seat, turn.play, reasoning))

    def hint(self, suggestion: Suggestion) -> None:
        self.events.append(("hint", suggestion))

    def message(self, text: str) -> None:
        self.events.append(("message", text))

    def error(self, text: str) -> None:
        self.events.append(("error", text))

    def result(self, result: Any) -> None:
        self.events.append(("result", result))

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [event for event in self.events if event[0] == kind]


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """A reader that answers the prompts with `lines`, then reports end of input."""
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def hint_follower(session: GameSession, turns: int | None = None,
                  before: Iterable[str] = ()) -> Callable[[str], str]:
    """A person who types `before`, then the hint agent's suggested turn at each prompt,
    for `turns` turns (all of them when None), then ends the input."""
    pending = list(before)
    played = 0

    def read(prompt: str) -> str:
        nonlocal played
        if pending:
            return pending.pop(0)
        if turns is not None and played >= turns:
            raise EOFError
        played += 1
        state = session.state
        return session.suggest(state, state.current_player, "greedy", False).text

    return read
