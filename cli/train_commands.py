"""`valdora train`: a learned value model from seeded greedy self-play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from valdora_ai.atomic import check_writable
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, player_counts
from valdora_ai.rng import check_seed

from .common import GameName, console, progress_bar, user_errors

if TYPE_CHECKING:
    from valdora_ai.learning.train import Accuracy

MIN_POSITIONS = 100


def _table(rows: list[Accuracy]) -> Table:
    table = Table(title="held-out accuracy: learned (hand-written estimate)")
    for column in ("positions", "count", "final score MAE", "winner predicted"):
        table.add_column(column, justify="left" if column == "positions" else "right")
    for acc in rows:
        table.add_row(acc.stage, f"{acc.positions:,}",
                      f"{acc.learned_mae:.2f} ({acc.estimate_mae:.2f})",
                      f"{acc.learned_winner:.1%} ({acc.estimate_winner:.1%})")
    return table


def train_command(
    output: Annotated[Path, typer.Option(
        "--output", "-o", help="Model file to write (JSON).")] = Path("value-model.json"),
    positions: Annotated[int, typer.Option(
        help="Self-play positions to generate (turn starts; whole games).")] = 100_000,
    players: Annotated[list[int] | None, typer.Option(
        "--players", "-p", help="Player count of the self-play games (repeatable; games "
                                "cycle through them; default 3 and 4).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the self-play games.")] = 1,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Parallel processes (joblib; -1: all cores).")] = 1,
    game_name: GameName = DEFAULT_GAME,
) -> None:
    """Train a value model for eval=learned: greedy self-play positions, a ridge
    regression of each seat's final score on position features, and its accuracy on
    held-out games against the hand-written estimate. The same seed and options
    write the same file.

    Example: valdora train --game alchemists --positions 20000 -p 3 -o model.json
    """
    with user_errors():
        counts = players or [3, 4]
        allowed = player_counts(game_name)
        for n in counts:
            if n not in allowed:
                raise ValdoraError(f"--players: {game_name} is played by "
                                   f"{', '.join(map(str, allowed))} players, not {n}")
        check_seed(seed, "--seed")
        if positions < MIN_POSITIONS:
            raise ValdoraError(f"--positions must be at least {MIN_POSITIONS}, got {positions}")
        if jobs == 0:
            raise ValdoraError("--jobs must be positive, or negative to count back from all "
                               "cores (-1: all)")
        check_writable(output)  # fail now, not after the self-play
        from valdora_ai.learning.train import train  # numpy: not for `train --help`

        with progress_bar() as progress:
            task = progress.add_task("self-play positions", total=positions)
            model, acc = train(game_name, counts, positions, seed, jobs,
                               lambda done: progress.update(task, completed=done))
        model.save(output)
        console.print(_table(acc))
        console.print(f"wrote {output} ({model.provenance['positions']:,} positions from "
                      f"{model.provenance['games']:,} games)")
