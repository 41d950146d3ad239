"""What the dialogue loop shows, as a protocol: the command line renders it with Rich.

Every position a view receives is an observation, so a view cannot show what the
player to move does not know.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from valdora_ai.games.base import Observation
from valdora_ai.interactive.session import PlayedTurn, Suggestion
from valdora_ai.selfplay import GameResult


class Choice(NamedTuple):
    """One legal choice of the menu: the step in words and as typed (its token)."""

    words: str
    token: str


class View(Protocol):
    def position(self, observation: Observation, seats: tuple[str, ...], turn: int) -> None:
        """The whole table at the start of a person's turn, turn `turn` as the game
        counts it (its picture's number)."""

    def progress(self, observation: Observation, so_far: str) -> None:
        """The table after a step in the middle of a person's turn."""

    def menu(self, choices: list[Choice]) -> None:
        """The legal choices, to be numbered from 1."""

    def turn_played(self, number: int | None, turn: PlayedTurn, who: str,
                    reasoning: str) -> None:
        """A whole turn just played, shown as turn `number` (None: a setup line the game
        does not count as a turn; valdora_ai.games.facts.turn_label); `reasoning` is
        empty for people."""

    def hint(self, suggestion: Suggestion) -> None: ...

    def message(self, text: str) -> None: ...

    def error(self, text: str) -> None: ...

    def result(self, result: GameResult) -> None:
        """The final scores."""
