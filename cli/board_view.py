"""The interactive game on a Rich console (the Rich :class:`valdora_ai.interactive.view.View`).

The game draws its own table through its `position_view` and `progress_view` hooks
(see valdora_ai.games.facts); a person is shown observations only.
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from valdora_ai.games import Game
from valdora_ai.games.base import Observation
from valdora_ai.interactive.session import PlayedTurn, Suggestion
from valdora_ai.interactive.view import Choice
from valdora_ai.richtext import SEAT_STYLES, literal
from valdora_ai.selfplay import GameResult

from .render import result_table


class RichView:
    """Draws the interactive game on a Rich console."""

    def __init__(self, console: Console, game: Game) -> None:
        self.console = console
        self.game = game
        self.seats: tuple[str, ...] = ()

    def position(self, observation: Observation, seats: tuple[str, ...], turn: int) -> None:
        self.seats = seats
        seat = observation.observer
        rounds = self.game.round_count(observation.belief_state())
        where = "" if rounds is None else f" · round {rounds + 1}"
        self.console.print(Rule(f"Turn {turn}{where} · seat {seat} "
                                f"({literal(seats[seat])}) to move"))
        for shown in self.game.position_view(observation, seats, self.console.width):
            self.console.print(shown)

    def progress(self, observation: Observation, so_far: str) -> None:
        self.console.print(f"so far: [bold]{literal(so_far)}[/]")
        for shown in self.game.progress_view(observation, self.seats):
            self.console.print(shown)

    def menu(self, choices: list[Choice]) -> None:
        """The choices in columns, each its number, its words and its token (dim)."""
        self.console.print("choices:")
        width = len(str(len(choices)))
        items = [Text.assemble(f"{number:>{width}} ", choice.words, (f" · {choice.token}", "dim"))
                 for number, choice in enumerate(choices, start=1)]
        self.console.print(Columns(items, column_first=True, padding=(0, 3)))

    def turn_played(self, number: int | None, turn: PlayedTurn, who: str,
                    reasoning: str) -> None:
        text = Text(f"{'setup' if number is None else f'turn {number:3d}':8}  ")
        text.append(f"seat {turn.seat} ({who})", style=SEAT_STYLES[turn.seat % len(SEAT_STYLES)])
        text.append(f"  {turn.play}", style="bold")
        if turn.words:
            text.append(f"  = {'; '.join(turn.words)}")
        if reasoning:
            text.append(f"   -- {reasoning}", style="dim")
        self.console.print(text)

    def hint(self, suggestion: Suggestion) -> None:
        then = " ... (then it depends on the reveal)" if suggestion.open_end else ""
        self.console.print(f"hint: [bold]{literal(suggestion.text)}[/]{then}   "
                           f"[dim]-- {literal(suggestion.analysis.summary())}[/]")
        self.console.print(literal("      = " + "; ".join(suggestion.words)))

    def message(self, text: str) -> None:
        self.console.print(literal(text))

    def error(self, text: str) -> None:
        self.console.print(f"[bold red]error:[/] {literal(text)}")

    def result(self, result: GameResult) -> None:
        self.console.print(result_table(result))
