"""`valdora render`: draw a position as a picture file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from valdora_ai.atomic import write_text_atomic
from valdora_ai.games import facts
from valdora_ai.positions import load_position

from .common import FileGame, RulesData, console, user_errors


def render(
    position: Annotated[Path, typer.Argument(help="A position JSON file (world or public).")],
    svg: Annotated[Path, typer.Option(
        "--svg", help="Write the board picture (SVG) to this file.")],
    observer: Annotated[int | None, typer.Option(
        "--observer", help="Draw what this seat knows and mark it (default: the public "
                           "view; the hidden book order is never drawn).")] = None,
    game_name: FileGame = None,
    rules_data: RulesData = None,
) -> None:
    """Draw a position as an SVG picture: the board and every player's holdings.

    Example: valdora render p.json --svg board.svg --observer 0
    """
    with user_errors():
        game, state = load_position(position, game_name, rules_data=rules_data)
        write_text_atomic(svg, facts.render_svg(game, state, observer))
        console.print(f"wrote {svg}")
