"""The ``valdora`` command line (installed as ``valdora_ai.cli.app``).

This directory is packaged as ``valdora_ai.cli`` (see setup.py): import the library from
``valdora_ai`` and this package's own modules relatively (``from .common import ...``), so
the code works as ``valdora_ai.cli`` installed and type-checks as the ``cli`` folder.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import typer

from valdora_ai import __version__
from valdora_ai.backend import RNG_CORE
from valdora_ai.games import game_names, game_type

from .analyze_commands import analyze
from .bench_commands import bench
from .data_commands import data_app
from .engine_commands import engine
from .game_commands import new_position, play, replay
from .position_commands import position_app
from .render_commands import render
from .serve_commands import serve
from .suggest_commands import suggest
from .tournament_commands import tournament_app
from .train_commands import train_command

app = typer.Typer(
    name="valdora",
    help="AI opponents for hidden-information board games: Valdora, The Gnomes of "
         "Zavandor and The Valley of Alchemists.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=False,
)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"valdora_ai {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        help="Print the version and exit.",
        callback=_version_callback,
        is_eager=True,
    ),
) -> None:
    """AI opponents for hidden-information board games."""


def engine_info() -> None:
    """Show which engine (compiled or pure Python) runs each game and the random
    generator, and where each compiled extension is.

    Example: valdora engine-info
    """
    statuses = [(name, game_type(name).engine_status()) for name in game_names()]
    for name, status in [*statuses, ("random generator", RNG_CORE.status())]:
        typer.echo(f"{name}: {status.summary()}")
        if status.module_path:
            typer.echo(f"  extension: {status.module_path}")
        if status.import_error:
            typer.echo(f"  import error: {status.import_error}")


def _short_help(command: Callable[..., None]) -> str:
    """The first paragraph of `command`'s docstring on one line, for the list of commands
    (Typer keeps the docstring's line breaks there)."""
    return " ".join((inspect.getdoc(command) or "").split("\n\n")[0].split())


for _name, _command in (("play", play), ("replay", replay), ("new-position", new_position),
                        ("engine", engine), ("suggest", suggest), ("analyze", analyze),
                        ("render", render), ("bench", bench), ("serve", serve),
                        ("train", train_command), ("engine-info", engine_info)):
    app.command(_name, short_help=_short_help(_command))(_command)
app.add_typer(data_app, name="data")
app.add_typer(position_app, name="position")
app.add_typer(tournament_app, name="tournament")


def __getattr__(name: str) -> Callable[[], None]:
    """``main``, the entry point, for scripts installed before it moved to
    valdora_ai.cli.launch; imported only when asked for, since importing launch sets
    the SIGINT handler of a command-line process (never of a program importing `app`)."""
    if name == "main":
        from .launch import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # `python -m valdora_ai.cli.app`, as the console script runs
    from .launch import main

    main()
