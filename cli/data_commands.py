"""`valdora data show` and `valdora data check`: the component data file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, game_type, make_game, player_counts
from valdora_ai.games.base import Game
from valdora_ai.richtext import literal

from .common import GameName, RulesData, console, user_errors

data_app = typer.Typer(help="Inspect and validate the component data (board, cards, tiles).",
                       no_args_is_help=True,
                       context_settings={"help_option_names": ["-h", "--help"]})


def _game(name: str, rules_data: Path | None) -> Game:
    """The game `name` with `rules_data` (its data file is validated as it loads); a
    ValdoraError for a game without a data file."""
    options = {} if rules_data is None else {"rules_data": rules_data}
    game = make_game(name, players=player_counts(name)[0], **options)
    if not game.data_source():
        raise ValdoraError(f"{game_type(name).title} has no component data file")
    return game


@data_app.command("show")
def show(game_name: GameName = DEFAULT_GAME, rules_data: RulesData = None) -> None:
    """Print the component data in use, readably.

    Example: valdora data show --game zavandor
    """
    with user_errors():
        game = _game(game_name, rules_data)
        name = getattr(getattr(game, "data", None), "name", game.name)
        console.print(f"{literal(name)} component data from "
                      f"{literal(game.data_source())}\nsha256 {game.data_sha256()}")
        for table in game.data_tables():
            console.print(table)


@data_app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="A component data file to validate.")],
    game_name: GameName = DEFAULT_GAME,
) -> None:
    """Validate a corrected data file: prints 'valid' or the first problem (exit 1).

    Example: valdora data check my-data.json --game alchemists
    """
    with user_errors():
        game = _game(game_name, file)
        console.print(f"{literal(file)}: valid ({game.data_summary()})")


@data_app.command("path")
def path(game_name: GameName = DEFAULT_GAME) -> None:
    """Print the path of the shipped data file (copy it to make a corrected one).

    Example: valdora data path --game zavandor
    """
    with user_errors():
        console.print(literal(_game(game_name, None).data_source()))
