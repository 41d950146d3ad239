"""Rich renderings of results, shared by the commands."""

from __future__ import annotations

from rich.table import Table

from valdora_ai.richtext import literal
from valdora_ai.selfplay import GameResult


def result_table(result: GameResult, title: str | None = None) -> Table:
    """The final score table: points by source per seat (as the game breaks them
    down), and the winner(s)."""
    how = ("the safety cap" if result.capped else "the end trigger"
           if result.forfeit is None else f"seat {result.forfeit}'s forfeit")
    length = (f"{result.turns} turns" if result.rounds is None
              else f"{result.rounds} rounds ({result.turns} turns)")
    table = Table(title=title or f"Seed {result.seed}: game over after {length}, "
                                 f"ended by {how}")
    columns = result.columns or ("total",)
    for column in ("seat", "agent", *columns, ""):
        table.add_column(column, justify="left" if column in ("agent", "") else "right")
    for seat, (spec, row) in enumerate(zip(result.seats, result.rows, strict=True)):
        mark = "winner" if seat in result.winners else ""
        if mark and len(result.winners) > 1:
            mark = "shared win"
        cells = row if result.columns else (result.scores[seat],)
        table.add_row(str(seat), literal(spec), *(str(c) for c in cells), mark,
                      style="bold" if mark else None)
    return table
