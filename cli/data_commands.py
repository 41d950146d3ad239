"""`valdora data show` and `valdora data check`: the component data file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from valdora_ai.games.valdora.data import default_data_path, load_data
from valdora_ai.richtext import literal

from .common import RulesData, console, user_errors
from .render import data_tables

data_app = typer.Typer(help="Inspect and validate the component data (board, cards, tiles).",
                       no_args_is_help=True,
                       context_settings={"help_option_names": ["-h", "--help"]})


@data_app.command("show")
def show(rules_data: RulesData = None) -> None:
    """Print the component data in use, readably."""
    with user_errors():
        data = load_data(rules_data)
        console.print(f"{literal(data.name)} component data from {literal(data.source)}\n"
                      f"sha256 {data.sha256}")
        for table in data_tables(data):
            console.print(table)


@data_app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A component data file (TOML) to validate.")],
) -> None:
    """Validate a corrected data file: prints 'valid' or the first problem (exit 1)."""
    with user_errors():
        data = load_data(file)
        console.print(f"{literal(file)}: valid ({len(data.spaces)} spaces, "
                      f"{len(data.edges)} roads, {len(data.card_sets)} card sets; "
                      f"sha256 {data.sha256[:12]})")


@data_app.command("path")
def path() -> None:
    """Print the path of the shipped data file (copy it to make a corrected one)."""
    console.print(literal(default_data_path()))
