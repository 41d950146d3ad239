"""`valdora position check|legal|apply`: inspect and advance a position file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from valdora_ai.errors import PositionError
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.notation import describe_step
from valdora_ai.games.valdora.position import loads, position_to_json
from valdora_ai.games.valdora.rules import CHANCE, TERMINAL, ValdoraState
from valdora_ai.inputs import read_text
from valdora_ai.richtext import literal

from .common import RulesData, console, user_errors, write_json

position_app = typer.Typer(help="Check, list legal steps of, and play turns on position files.",
                           no_args_is_help=True,
                           context_settings={"help_option_names": ["-h", "--help"]})

PositionFile = Annotated[Path, typer.Argument(help="A position JSON file.")]


def _load(file: Path, rules_data: Path | None) -> tuple[ValdoraGame, ValdoraState]:
    text = read_text(file, PositionError, what="position file")
    game = ValdoraGame(players=3, rules_data=rules_data)
    state = loads(text, game.data, str(file))
    return ValdoraGame(players=state.n, rules_data=game.data), state


def _who(state: ValdoraState) -> str:
    player = state.current_player
    if player == TERMINAL:
        return "the game is over"
    if player == CHANCE:
        return "a reveal (chance) is pending"
    phase = "to move" if state.phase == 0 else "in the action phase"
    return f"seat {player} {phase}"


@position_app.command("check")
def check(file: PositionFile, rules_data: RulesData = None) -> None:
    """Validate a position file and summarise it."""
    with user_errors():
        _, state = _load(file, rules_data)
        kind = "world (hidden order known)" if state.is_world else "belief (hidden order unknown)"
        console.print(f"{literal(file)}: valid {state.n}-player position, "
                      f"round {state.rounds + 1}, {_who(state)}; {kind}")


@position_app.command("legal")
def legal(file: PositionFile, rules_data: RulesData = None) -> None:
    """List the legal steps of the player to move, in the notation."""
    with user_errors():
        _, state = _load(file, rules_data)
        console.print(f"{_who(state)}:")
        if state.is_chance_node():
            for step, probability in state.chance_outcomes():
                console.print(f"  {literal(describe_step(state, step))}  p={probability:.4f}")
        for step in [] if state.is_chance_node() else state.legal_steps():
            console.print(f"  {literal(describe_step(state, step))}")


@position_app.command("apply")
def apply(
    file: PositionFile,
    turn: Annotated[str, typer.Argument(help="A whole turn in the notation, e.g. 'r4: +R@pick'.")],
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", help="Write the new position here instead of standard output.")] = None,
    rules_data: RulesData = None,
) -> None:
    """Play one whole turn on a position and write the resulting position."""
    with user_errors():
        game, state = _load(file, rules_data)
        for step in game.parse_turn(state, turn):
            state.apply(step)
        write_json(position_to_json(state), output)
