"""`valdora position check|legal|apply`: inspect and advance a position file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from valdora_ai.games import CHANCE, TERMINAL, Game, State
from valdora_ai.positions import load_position
from valdora_ai.richtext import literal

from .common import FileGame, RulesData, console, user_errors, write_json

position_app = typer.Typer(help="Check, list legal steps of, and play turns on position files.",
                           no_args_is_help=True,
                           context_settings={"help_option_names": ["-h", "--help"]})

PositionFile = Annotated[Path, typer.Argument(help="A position JSON file.")]


def _who(state: State) -> str:
    player = state.current_player
    if player == TERMINAL:
        return "the game is over"
    if player == CHANCE:
        return "a reveal (chance) is pending"
    return f"seat {player} to move"


@position_app.command("check")
def check(file: PositionFile, game_name: FileGame = None,
          rules_data: RulesData = None) -> None:
    """Validate a position file and summarise it.

    Example: valdora position check p.json
    """
    with user_errors():
        game, state = load_position(file, game_name, rules_data)
        console.print(f"{literal(file)}: valid {game.num_players}-player position, "
                      f"{_summary(game, state)}")


def _summary(game: Game, state: State) -> str:
    return game.position_summary(state) or _who(state)


@position_app.command("legal")
def legal(file: PositionFile, game_name: FileGame = None,
          rules_data: RulesData = None) -> None:
    """List the legal steps of the player to move, in the notation.

    Example: valdora position legal p.json
    """
    with user_errors():
        game, state = load_position(file, game_name, rules_data)
        if state.is_terminal():
            console.print("the game is over: no legal steps")
            return
        console.print(f"{game.who_moves(state) or _who(state)}:")
        if state.is_chance_node():
            for step, probability in state.chance_outcomes():
                console.print(f"  {literal(game.describe_step(state, step))}  "
                              f"p={probability:.4f}")
        for step in [] if state.is_chance_node() else state.legal_steps():
            console.print(f"  {literal(game.describe_step(state, step))}")


@position_app.command("apply")
def apply(
    file: PositionFile,
    turn: Annotated[str, typer.Argument(help="A whole turn in the notation, e.g. 'r4: +R@pick'.")],
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Write the new position here instead of standard output.")] = None,
    game_name: FileGame = None,
    rules_data: RulesData = None,
) -> None:
    """Play one whole turn on a position and write the resulting position.

    Example: valdora position apply p.json 'r4: +R@pick' -o next.json
    """
    with user_errors():
        game, state = load_position(file, game_name, rules_data)
        for step in game.parse_turn(state, turn):
            state.apply(step)
        write_json(game.position_to_json(state), output)
