"""`valdora train`: a learned value model from seeded greedy self-play, or (``--kind
policy``) a learned policy prior from the search's own visit distributions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from valdora_ai.atomic import check_writable
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, player_counts
from valdora_ai.rng import check_seed
from valdora_ai.workers import check_jobs

from .common import GameName, console, progress_bar, user_errors

if TYPE_CHECKING:
    from valdora_ai.learning.policy_train import PolicyAccuracy
    from valdora_ai.learning.train import Accuracy

MIN_POSITIONS = 100
MIN_DECISIONS = 10
KINDS = ("value", "policy")
DEFAULT_POSITIONS = {"value": 100_000, "policy": 2_000}


def _table(rows: list[Accuracy]) -> Table:
    table = Table(title="held-out accuracy: learned (hand-written estimate)")
    for column in ("positions", "count", "final score MAE", "winner predicted"):
        table.add_column(column, justify="left" if column == "positions" else "right")
    for acc in rows:
        table.add_row(acc.stage, f"{acc.positions:,}",
                      f"{acc.learned_mae:.2f} ({acc.estimate_mae:.2f})",
                      f"{acc.learned_winner:.1%} ({acc.estimate_winner:.1%})")
    return table


def _policy_table(acc: PolicyAccuracy) -> Table:
    table = Table(title=f"held-out fit over {acc.decisions:,} decisions")
    for column in ("policy", "cross-entropy", "top step = most visited"):
        table.add_column(column, justify="left" if column == "policy" else "right")
    table.add_row("learned", f"{acc.learned_cross_entropy:.3f}", f"{acc.learned_top1:.1%}")
    table.add_row("greedy step", "", f"{acc.greedy_top1:.1%}")
    table.add_row("uniform", f"{acc.uniform_cross_entropy:.3f}", f"{acc.uniform_top1:.1%}")
    return table


def _train_policy(output: Path, game_name: str, counts: list[int], decisions: int, seed: int,
                  searcher: str, jobs: int) -> None:
    """The policy prior: searched self-play decisions, the fit, its held-out table."""
    from valdora_ai.learning.policy_train import train_policy  # numpy: not for --help
    from valdora_ai.learning.search_data import check_searcher

    check_searcher(searcher, game_name)
    with progress_bar() as progress:
        task = progress.add_task("searched decisions", total=decisions)
        model, losses, acc = train_policy(game_name, counts, decisions, seed, searcher, jobs,
                                          lambda done: progress.update(task, completed=done))
    model.save(output)
    console.print(_policy_table(acc))
    console.print(f"training loss {losses[0]:.3f} (uniform) -> {losses[-1]:.3f} in "
                  f"{len(losses) - 1} Newton steps")
    console.print(f"wrote {output} ({model.provenance['decisions']:,} decisions from "
                  f"{model.provenance['games']:,} games)")


def train_command(
    output: Annotated[Path, typer.Option(
        "--output", "-o", help="Model file to write (JSON).")] = Path("value-model.json"),
    kind: Annotated[str, typer.Option(
        help="value (an evaluation for eval=learned) or policy (a prior for "
             "policy=learned).")] = "value",
    positions: Annotated[int | None, typer.Option(
        help="Self-play positions to generate (whole games): turn starts for a value "
             "model (default 100000), searched decisions for a policy (default 2000)."
    )] = None,
    searcher: Annotated[str, typer.Option(
        help="--kind policy: the searching agent of the self-play, at fixed iterations."
    )] = "ismcts:iterations=400,policy=greedy",
    players: Annotated[list[int] | None, typer.Option(
        "--players", "-p", help="Player count of the self-play games (repeatable; games "
                                "cycle through them; default 3 and 4, or 3 for a "
                                "policy).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the self-play games.")] = 1,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", help="Parallel processes (joblib; -1: all cores).")] = 1,
    game_name: GameName = DEFAULT_GAME,
) -> None:
    """Train a value model for eval=learned: greedy self-play positions, a ridge
    regression of each seat's final score on position features, and its accuracy on
    held-out games against the hand-written estimate. With --kind policy, a policy
    prior for policy=learned: self-play by --searcher, a softmax over each decision's
    steps fitted to the search's visit shares, and its held-out fit. The same seed and
    options write the same file.

    Example: valdora train --game alchemists --positions 20000 -p 3 -o model.json
    Example: valdora train --kind policy -g zavandor --positions 2000 -p 3 -o policy.json
    """
    with user_errors():
        if kind not in KINDS:
            raise ValdoraError(f"--kind must be one of {', '.join(KINDS)}, got {kind!r}")
        positions = DEFAULT_POSITIONS[kind] if positions is None else positions
        counts = players or ([3] if kind == "policy" else [3, 4])
        allowed = player_counts(game_name)
        for n in counts:
            if n not in allowed:
                raise ValdoraError(f"--players: {game_name} is played by "
                                   f"{', '.join(map(str, allowed))} players, not {n}")
        check_seed(seed, "--seed")
        least = MIN_DECISIONS if kind == "policy" else MIN_POSITIONS
        if positions < least:
            raise ValdoraError(f"--positions must be at least {least}, got {positions}")
        check_jobs(jobs)
        check_writable(output)  # fail now, not after the self-play
        if kind == "policy":
            _train_policy(output, game_name, counts, positions, seed, searcher, jobs)
            return
        from valdora_ai.learning.train import train  # numpy: not for `train --help`

        with progress_bar() as progress:
            task = progress.add_task("self-play positions", total=positions)
            model, acc = train(game_name, counts, positions, seed, jobs,
                               lambda done: progress.update(task, completed=done))
        model.save(output)
        console.print(_table(acc))
        console.print(f"wrote {output} ({model.provenance['positions']:,} positions from "
                      f"{model.provenance['games']:,} games)")
