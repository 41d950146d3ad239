"""The ``valdora`` command line (installed as ``valdora_ai.cli.app``): the root app; its
commands are listed, and imported when they run, in lazy_commands.py.

This directory is packaged as ``valdora_ai.cli`` (see setup.py): import the library from
``valdora_ai`` and this package's own modules relatively (``from .common import ...``), so
the code works as ``valdora_ai.cli`` installed and type-checks as the ``cli`` folder.
"""

from __future__ import annotations

from collections.abc import Callable

import typer

from valdora_ai import __version__

from .lazy_commands import LazyCommands

app = typer.Typer(
    name="valdora",
    cls=LazyCommands,
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
