"""`valdora bench`: operations per second of both engines, and their ratio."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from valdora_ai.analysis import MAX_SECONDS
from valdora_ai.bench import Row, game_sections, run
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, game_type, player_counts

from .common import GameName, console, progress_bar, user_errors, write_json

QUICK_BUDGET = 0.02  # seconds per measurement with --quick (numbers only indicative)


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _table(rows: list[Row], engine: str) -> Table:
    table = Table(title="operations per CPU second (one core)", caption=engine)
    for column in ("section", "players", "reference", "compiled", "ratio"):
        table.add_column(column, justify="left" if column == "section" else "right")
    for row in rows:
        table.add_row(f"{row.section} ({row.unit})", str(row.players), _rate(row.pure),
                      _rate(row.compiled), "-" if row.ratio is None else f"{row.ratio:,.1f}x")
    return table


def bench(
    players: Annotated[list[int] | None, typer.Option(
        "--players", "-p", help="Player count to measure (repeatable; default every count "
                                "the game allows).")] = None,
    section: Annotated[list[str] | None, typer.Option(
        "--section", "-s", help="Section to run (repeatable; default all).")] = None,
    seconds: Annotated[float, typer.Option(
        help="Time budget of each measurement, in seconds.")] = 0.5,
    quick: Annotated[bool, typer.Option(
        "--quick", help=f"Tiny budget ({QUICK_BUDGET} s) for smoke tests.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")
                       ] = False,
    game_name: GameName = DEFAULT_GAME,
) -> None:
    """Benchmark the reference and the compiled engine (copies, legal steps, applies,
    play-outs, greedy games, determinizations, search iterations of each search agent)
    for every player count of the game.

    Example: valdora bench --game zavandor -p 3 --section ismcts --seconds 1
    """
    with user_errors():
        known = game_sections(game_name)
        names = section or known
        for name in names:
            if name not in known:
                raise ValdoraError(f"--section: unknown section {name!r} "
                                   f"(known: {', '.join(known)})")
        allowed = player_counts(game_name)
        counts = players or allowed
        for n in counts:
            if n not in allowed:
                raise ValdoraError(f"--players: {game_name} is for {allowed[0]} to "
                                   f"{allowed[-1]} players, not {n}")
        if not 0 < seconds <= MAX_SECONDS:  # nan and inf would measure for ever
            raise ValdoraError(f"--seconds: must be positive and at most {MAX_SECONDS:g}, "
                               f"got {seconds}")
        with progress_bar() as progress:
            task = progress.add_task("measuring", total=len(names) * len(counts))
            rows = run(counts, names, QUICK_BUDGET if quick else seconds, game=game_name,
                       on_row=lambda done, _: progress.update(task, completed=done))
        if as_json:
            write_json([row.to_json() for row in rows], None)
        else:
            status = game_type(game_name).engine_status()
            console.print(_table(rows, f"{game_name}: {status.summary()}"))
