"""What every command shares: consoles, the --rules-data option, error handling."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from valdora_ai.atomic import write_text_atomic
from valdora_ai.errors import ValdoraError
from valdora_ai.richtext import literal

from . import INTERRUPTED_EXIT as INTERRUPTED_EXIT  # what commands exit with on Ctrl-C

# Off a terminal (pipes, CI logs, tests) Rich would wrap tables at 80 columns.
console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
err_console = Console(stderr=True, highlight=False, width=None if sys.stderr.isatty() else 200)

RulesData = Annotated[
    Path | None,
    typer.Option("--rules-data", help="Component data file replacing the shipped one."),
]
EngineRulesData = Annotated[
    list[str] | None,
    typer.Option("--rules-data", metavar="[GAME=]FILE",
                 help="A component data file replacing a game's shipped one: GAME=FILE, "
                      "repeatable; a bare FILE is Valdora's. Checked at start."),
]
GameName = Annotated[
    str,
    typer.Option("--game", "-g", help="The game: valdora, zavandor, alchemists or an "
                                      "installed plug-in (engine-info lists them)."),
]
FileGame = Annotated[
    str | None,
    typer.Option("--game", "-g", help="The game the file must be of (valdora, zavandor, "
                                      "alchemists or an installed plug-in); by default "
                                      "the one it names."),
]


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bad input into one red line on stderr and exit code 1, never a traceback."""
    try:
        yield
    except (ValdoraError, OSError) as exc:
        message = str(exc)
        if isinstance(exc, OSError) and exc.filename:
            message = f"{exc.filename}: {exc.strerror}"
        print_error(message)
        raise typer.Exit(1) from None


def print_error(message: str) -> None:
    """The one `error:` line on standard error, `message` shown as written (no markup
    or emoji codes read from it)."""
    err_console.print(f"[bold red]error:[/] {literal(message)}", markup=True, soft_wrap=True,
                      emoji=False)


def progress_bar() -> Progress:
    """A bar with counts and time left for long work, on standard error and only on a
    terminal (standard output stays clean for pipes)."""
    return Progress("[progress.description]{task.description}", BarColumn(),
                    MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                    transient=True, disable=not err_console.is_terminal)


def check_range(option: str, value: float | None, low: float,
                high: float | None = None) -> None:
    """Refuse a number outside [low, high] (nan too) with one line naming the option;
    None (not given) passes."""
    if value is None or low <= value <= (value if high is None else high):
        return
    def text(number: float) -> str:  # 1000000000, 0.001, 86400
        return str(number) if isinstance(number, int) else f"{number:g}"

    bound = f"at least {text(low)}" if high is None else f"from {text(low)} to {text(high)}"
    raise ValdoraError(f"{option} must be {bound}, got {value}")


def write_json(document: Any, output: Path | None, what: str = "position") -> None:
    """Write JSON to a file (atomically), saying "`what` written to FILE", or to stdout
    when `output` is None."""
    text = json.dumps(document, indent=1)
    if output is None:
        typer.echo(text)
    else:
        write_text_atomic(output, text + "\n")
        console.print(f"{what} written to {literal(str(output))}")
