"""One tournament game as a self-contained task, played wherever joblib sends it.

A task carries everything needed to play (game name, players, seed, specs), so a
worker process or a cluster node needs nothing but the library. The record, if
asked for, travels back as text: the worker may not share a disk with the runner.
"""

from __future__ import annotations

import tempfile
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from valdora_ai import __version__
from valdora_ai.backend import engine_status
from valdora_ai.games import make_game
from valdora_ai.selfplay import play_game
from valdora_ai.tournament.stats import competition_ranks
from valdora_ai.tournament.storage import GameRow


@dataclass(frozen=True)
class GameTask:
    game: str
    players: int
    rules_data: str | None
    block: int
    slot: int
    seed: int
    seats: tuple[int, ...]  # entrant index per seat
    specs: tuple[str, ...]  # entrant spec per seat
    record: bool


@dataclass(frozen=True)
class Played:
    row: GameRow
    record: str | None  # the game record (JSON lines) when the task asked for one


def play_task(task: GameTask) -> Played:
    """Play one game and describe it as a database row (plus its record)."""
    options = {} if task.rules_data is None else {"rules_data": task.rules_data}
    game = make_game(task.game, players=task.players, **options)
    with tempfile.TemporaryDirectory() if task.record else nullcontext() as scratch:
        record = Path(scratch, "game.jsonl") if scratch is not None else None
        start = time.perf_counter()
        # play_game plays Valdora (the one game registered here); see selfplay
        result = play_game(game, list(task.specs), task.seed,  # type: ignore[arg-type]
                           record=record)
        duration = time.perf_counter() - start
        text = record.read_text(encoding="utf-8") if record is not None else None
    winners = set(result.winners)
    row = GameRow(
        block=task.block, slot=task.slot, seed=task.seed, seats=task.seats,
        specs=tuple(result.seats), scores=tuple(result.scores),
        ranks=tuple(competition_ranks(result.scores, result.winners)),
        shares=tuple(1.0 / len(winners) if s in winners else 0.0
                     for s in range(task.players)),
        turns=result.turns, capped=result.capped, duration=duration,
        engine=f"valdora_ai {__version__} ({engine_status().engine})")
    return Played(row=row, record=text)
