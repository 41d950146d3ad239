"""One tournament game as a self-contained task, played wherever joblib sends it.

A task carries everything needed to play (game name, players, seed, specs), so a
worker process or a cluster node needs nothing but the library. The record, if
asked for, travels back as text: the worker may not share a disk with the runner.
"""

from __future__ import annotations

import tempfile
import time
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from valdora_ai import __version__
from valdora_ai.agents import make_agent
from valdora_ai.agents.external import ExternalAgent, ExternalEngineError
from valdora_ai.clock import Flagged, SeatClock, TimeControl
from valdora_ai.games import Game, game_type, make_game
from valdora_ai.rng import derive_seed
from valdora_ai.selfplay import GameResult, play_game
from valdora_ai.tournament.stats import competition_ranks
from valdora_ai.tournament.storage import Forfeit, GameRow


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
    time_controls: tuple[TimeControl, ...] = ()  # per seat; empty: no clocks
    flag_margin: float = 0.0


@dataclass(frozen=True)
class Played:
    row: GameRow
    record: str | None  # the game record (JSON lines) when the task asked for one


def play_task(task: GameTask) -> Played:
    """Play one game and describe it as a database row (plus its record).

    An external engine that fails a decision, or a seat that overruns its clock,
    forfeits the game (:func:`forfeit_row`); every external program is stopped before
    this returns, however the game ended. Under clocks each decision's time is kept.
    """
    options = {} if task.rules_data is None else {"rules_data": task.rules_data}
    game = make_game(task.game, players=task.players, **options)
    agents = [make_agent(spec, game, seed=derive_seed(task.seed, seat))
              for seat, spec in enumerate(task.specs)]
    clocks = [SeatClock(tc, task.flag_margin) for tc in task.time_controls] or None
    live: list[Any] = []  # turns played and the game's state (played in place)

    def remember(turns: int, seat: int, play: str, state: Any) -> None:
        live[:] = [turns, state]
    with tempfile.TemporaryDirectory() if task.record else nullcontext() as scratch:
        record = Path(scratch, "game.jsonl") if scratch is not None else None
        start = time.perf_counter()
        try:
            result = play_game(game, agents, task.seed, record=record, on_turn=remember,
                               clocks=clocks)
        except (ExternalEngineError, Flagged) as failure:
            turns, state = live if live else (0, game.new_state(task.seed))
            stood = GameResult.of(game, state, task.seed,
                                  tuple(agent.spec for agent in agents), turns)
            row = forfeit_row(task, stood, failure, time.perf_counter() - start,
                              _engine(game))
            return Played(row=replace(row, times=_times(clocks)), record=None)
        finally:
            for agent in agents:
                if isinstance(agent, ExternalAgent):
                    agent.close()
        duration = time.perf_counter() - start
        text = record.read_text(encoding="utf-8") if record is not None else None
    winners = set(result.winners)
    row = GameRow(
        block=task.block, slot=task.slot, seed=task.seed, seats=task.seats,
        specs=tuple(result.seats), scores=tuple(result.scores),
        ranks=tuple(competition_ranks(result.scores, result.winners)),
        shares=_shares(winners, task.players), turns=result.turns, capped=result.capped,
        duration=duration, engine=_engine(game), times=_times(clocks))
    return Played(row=row, record=text)


def _times(clocks: list[SeatClock] | None) -> tuple[tuple[float, ...], ...]:
    """Seconds per decision per seat (empty without clocks)."""
    return () if clocks is None else tuple(tuple(clock.used) for clock in clocks)


def forfeit_row(task: GameTask, stood: GameResult, failure: ExternalEngineError | Flagged,
                duration: float, engine: str) -> GameRow:
    """A game lost by forfeit: the forfeiting seat ranks last with no win share; the
    others are ranked by their scores when it happened (`stood`, the game as it stood,
    read through the game contract like a finished game's result), and the best of
    them share the win (GameResult.forfeited). No record is kept (the game did not end)."""
    scores = [int(s) for s in stood.scores]
    winners = list(stood.forfeited(failure.seat).winners)
    ranks = competition_ranks(scores, winners)
    ranks[failure.seat] = task.players
    return GameRow(
        block=task.block, slot=task.slot, seed=task.seed, seats=task.seats,
        specs=stood.seats, scores=tuple(scores),
        ranks=tuple(ranks), shares=_shares(set(winners), task.players),
        turns=stood.turns, capped=False, duration=duration, engine=engine,
        forfeit=Forfeit(failure.seat, str(failure)))


def _shares(winners: set[int], players: int) -> tuple[float, ...]:
    return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(players))


def _engine(game: Game) -> str:
    """The library and the engine that ran `game`, as a result row records them."""
    return f"valdora_ai {__version__} ({game_type(game.name).engine_status().engine})"
