"""`valdora tournament` (play or resume) and `valdora tournament report` (re-print).

Thin commands: parse the options, call :mod:`valdora_ai.tournament`, render with
Rich. The progress bar and live standings appear only on a terminal and without
--quiet; the SPRT's ratio and the head-to-head Elo are printed after every block in
any case.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Group
from rich.live import Live
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from valdora_ai.atomic import check_writable, write_text_atomic
from valdora_ai.clock import DEFAULT_FLAG_MARGIN, TimeControl
from valdora_ai.games import DEFAULT_GAME, DEFAULT_PLAYERS
from valdora_ai.interrupts import unwrapped_interrupts
from valdora_ai.richtext import literal
from valdora_ai.tournament import Progress as RunProgress
from valdora_ai.tournament import Report, TournamentSpec, load_report
from valdora_ai.tournament.cluster import CONNECT_TIMEOUT
from valdora_ai.tournament.report import build_report, head_to_head
from valdora_ai.tournament.runner import run
from valdora_ai.tournament.sprt import parse_sprt
from valdora_ai.tournament.tables import elo_text, report_renderable, standings_table

from .common import (
    INTERRUPTED_EXIT,
    GameName,
    RulesData,
    check_range,
    console,
    err_console,
    user_errors,
)

LIVE_REFRESH = 0.5  # seconds between recomputations of the live standings

tournament_app = typer.Typer(
    help="Self-play tournaments: play (or resume) with options, or `report` a database.\n\n"
         "Example: valdora tournament -a ismcts:time=1 -a greedy --games 30 --sprt 0,50",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
)

@tournament_app.callback(invoke_without_command=True)
def tournament(
    ctx: typer.Context,
    agent: Annotated[list[str] | None, typer.Option(
        "--agent", "-a", help="An entrant's agent spec; repeat for each (two or more). The "
                              "same agent twice needs different seeds: greedy:seed=1.")] = None,
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", help="Instead of --agent: a lineup, one agent spec per seat (repeats "
                       "allowed), played in every rotation: --seat ismcts --seat greedy "
                       "--seat greedy.")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p",
        help=f"Players per game (default: {DEFAULT_PLAYERS}, or one per --seat).")] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", help="Games to play at least (rounded up to whole blocks; with "
                              "--sprt, the most).")] = 60,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the block setups.")] = 1,
    db: Annotated[Path | None, typer.Option(
        "--db", help="Results database (SQLite); default: tournament-<id>.sqlite here, "
                     "named after the tournament so the same command resumes.")] = None,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Parallel games (joblib; -1: all cores or cluster workers).")
    ] = -1,
    backend: Annotated[str, typer.Option(
        "--backend", help="local (processes on this machine) or dask (a cluster).")
    ] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="Dask scheduler address for --backend dask, e.g. tcp://host:8786.")
    ] = None,
    connect_timeout: Annotated[float, typer.Option(
        "--connect-timeout", help="Seconds to wait for the Dask scheduler to answer.")
    ] = CONNECT_TIMEOUT,
    sprt: Annotated[str | None, typer.Option(
        "--sprt", help="ELO0,ELO1: with two entrants, stop when a sequential probability "
                       "ratio test on block results decides; each block prints the "
                       "ratio and the first entrant's Elo over the second.")] = None,
    tc: Annotated[list[str] | None, typer.Option(
        "--tc", help="Time control BASE+INC: seconds for the game plus seconds added after "
                     "each decision, e.g. 10+0.1. Once: every entrant; repeated: one per "
                     "--agent (or distinct --seat spec) in order. A seat that overruns its "
                     "clock loses on time (scored as a forfeit).")] = None,
    flag_margin: Annotated[float, typer.Option(
        "--flag-margin", help="Seconds a seat may overrun its clock before it flags (for "
                              "the runner's overhead).")] = DEFAULT_FLAG_MARGIN,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Write a PNG of win shares and ratings (needs matplotlib).")] = None,
    records: Annotated[Path | None, typer.Option(
        "--records", help="Save every game played as a record in this directory.")] = None,
    json_file: Annotated[Path | None, typer.Option(
        "--json", help="Export the report as JSON to this file (- for standard output).")] = None,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", help="Export the standings as CSV to this file (- for standard output).")] = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="No progress display and no tables (exports still written).")
    ] = False,
    game_name: GameName = DEFAULT_GAME,
    rules_data: RulesData = None,
) -> None:
    """Play a tournament between agents (or resume it), then print its report."""
    if ctx.invoked_subcommand is not None:
        return
    with user_errors():
        lineup = tuple(seat or ())
        check_range("--players", players, 1)
        spec = TournamentSpec(entrants=tuple(agent or ()), players=players or 0, games=games,
                              seed=seed, game=game_name,
                              rules_data=None if rules_data is None else str(rules_data),
                              lineup=lineup,
                              time_controls=tuple(TimeControl.parse(t) for t in tc or ()),
                              flag_margin=flag_margin)
        test = parse_sprt(sprt) if sprt is not None else None
        db_path = db if db is not None else spec.default_db()
        for export in (json_file, csv_file, plot):  # fail now, not after the games
            if export is not None and export != Path("-"):
                check_writable(export)
        display = _Display(spec, quiet, to_stdout=Path("-") in (json_file, csv_file))
        try:
            with display, unwrapped_interrupts():
                report = run(spec, db_path, jobs=jobs, backend=backend, address=address,
                             connect_timeout=connect_timeout,
                             records=records, sprt=test, on_progress=display.update)
        except KeyboardInterrupt:
            console.print(f"interrupted: finished games are in {literal(db_path)}; run the same "
                          "command to resume")
            raise typer.Exit(INTERRUPTED_EXIT) from None
        _finish(report, quiet, plot, json_file, csv_file)
        if not quiet and Path("-") not in (json_file, csv_file):
            console.print(f"results in {literal(db_path)}")


@tournament_app.command("report")
def report_command(
    db: Annotated[Path, typer.Option("--db", help="A tournament database.")],
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Write a PNG of win shares and ratings.")] = None,
    json_file: Annotated[Path | None, typer.Option(
        "--json", help="Export the report as JSON to this file (- for standard output).")] = None,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", help="Export the standings as CSV to this file (- for standard output).")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No tables.")] = False,
) -> None:
    """Re-print a tournament's report from its database, without playing.

    Example: valdora tournament report --db t.sqlite --csv standings.csv
    """
    with user_errors():
        _finish(load_report(db), quiet, plot, json_file, csv_file)


def _finish(report: Report, quiet: bool, plot: Path | None, json_file: Path | None,
            csv_file: Path | None) -> None:
    """Print the tables and write the exports."""
    to_stdout = Path("-") in (json_file, csv_file)
    if not quiet and not to_stdout:
        console.print(report_renderable(report))
    if json_file is not None:
        _write(json_file, json.dumps(report.to_json(), indent=1) + "\n")
    if csv_file is not None:
        _write(csv_file, report.to_csv())
    if plot is not None:
        from valdora_ai.tournament.plot import write_plot

        write_plot(report, plot)
        if not quiet and not to_stdout:
            console.print(f"plot written to {literal(plot)}")


def _write(path: Path, text: str) -> None:
    if path == Path("-"):
        typer.echo(text, nl=False)
    else:
        write_text_atomic(path, text)


class _Display:
    """The progress bar with ETA and the live standings, on a terminal only.

    With an export to standard output, nothing else may go there: the SPRT's lines go
    to standard error and there is no live display.
    """

    def __init__(self, spec: TournamentSpec, quiet: bool, to_stdout: bool) -> None:
        self.spec = spec
        self.quiet = quiet
        self.lines = err_console if to_stdout else console
        self.live_display = console.is_terminal and not quiet and not to_stdout
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TimeElapsedColumn(),
                                 TextColumn("ETA"), TimeRemainingColumn(), console=console)
        self.task = self.progress.add_task("games", total=spec.blocks * spec.block_size)
        self.live = Live(self.progress, console=console, refresh_per_second=4, transient=True)
        self.last = 0.0
        self.sprt_blocks = -1

    def __enter__(self) -> _Display:
        if self.live_display:
            self.live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.live_display:
            self.live.__exit__(None, None, None)

    def update(self, state: RunProgress) -> None:
        blocks = len(state.rows) // self.spec.block_size
        if state.llr is not None and not self.quiet and blocks != self.sprt_blocks:
            self.sprt_blocks = blocks  # a line per complete block, not per game
            estimate = head_to_head(state.rows, self.spec.block_size)
            elo = "" if estimate is None else f", {elo_text(estimate)}"
            self.lines.print(f"SPRT after {blocks} blocks: LLR {state.llr:.2f}{elo}")
        if not self.live_display:
            return
        self.progress.update(self.task, completed=state.done, total=state.total)
        now = time.monotonic()
        if now - self.last >= LIVE_REFRESH or state.done == state.total:
            self.last = now
            report = build_report(self.spec.identity(), state.rows)
            self.live.update(Group(self.progress, standings_table(report)))
