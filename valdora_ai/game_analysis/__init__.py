"""Whole-game analysis: how a finished (or saved) game went, turn by turn.

For every turn (or one seat's), the search evaluates the position before it (and the
position after it, for the win-chance curve); the turn's review gives the mover's
expected points and win chance before, the turn played, the best turn found, and the
loss of the played decision against the best one, valued on common sampled worlds
(:mod:`.paired`) with its 95% interval, flagged by the thresholds of :mod:`.review`
when significant. The service knows no game's rules: it reads records, searches
observations and asks the game to write and explain turns. ``valdora analyze`` and
the engine's ``analyze_game`` action use it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from valdora_ai.analysis import SearchControl
from valdora_ai.errors import ValdoraError
from valdora_ai.game_analysis.evaluate import (
    CACHE_SUFFIX,
    DEFAULT_WORLDS,
    EvalCache,
    PositionJob,
    evaluations,
)
from valdora_ai.game_analysis.paired import MIN_WORLDS
from valdora_ai.game_analysis.review import (
    FLAGGED,
    THRESHOLDS,
    PlayerSummary,
    PositionEval,
    TurnReview,
    review_turn,
    summarize,
)
from valdora_ai.records import Replay

# An adaptive budget (issue 28 item 6): at most 800 iterations, stopping from 100 on
# once the recommendation is settled (docs/analysis.md, "The adaptive budget"), in each
# of four merged searches, with the learned policy prior where the game ships one and a
# narrow widening: recommendations that agree between seeds ("Measured: false flags").
DEFAULT_AGENT = "ismcts:iterations=3200,trees=4,settle=100,policy=auto,widen=0.25,seed=1"
ANALYSIS_FORMAT = "valdora-analysis"
ANALYSIS_VERSION = 2  # 2: decisions compared on common worlds, losses with intervals

__all__ = ["CACHE_SUFFIX", "DEFAULT_AGENT", "DEFAULT_WORLDS", "FLAGGED", "THRESHOLDS", "EvalCache",
           "GameAnalysis", "GameAnalyzer", "PlayerSummary", "PositionEval", "TurnReview"]


@dataclass
class GameAnalysis:
    """The reviews of a game's turns, each seat's summary and the evaluations behind."""

    game: str
    seed: int
    players: int
    agent: str
    worlds: int  # common worlds per comparison of a played decision with the best
    reviews: list[TurnReview]
    summaries: list[PlayerSummary]
    evals: dict[int, PositionEval] = field(default_factory=dict)  # by position index
    complete: bool = True  # False when stopped before every turn was reviewed

    def win_chances(self) -> list[tuple[int, tuple[float, ...]]]:
        """(position index, each seat's win chance) for the positions evaluated."""
        return [(index, e.wins) for index, e in sorted(self.evals.items()) if e.wins]

    def to_json(self) -> dict[str, Any]:
        return {"format": ANALYSIS_FORMAT, "version": ANALYSIS_VERSION, "game": self.game,
                "seed": self.seed, "players": self.players, "agent": self.agent,
                "worlds": self.worlds, "turns": [r.to_json() for r in self.reviews],
                "summary": [s.to_json() for s in self.summaries],
                "winChances": [{"position": i, "wins": list(w)}
                               for i, w in self.win_chances()]}


class GameAnalyzer:
    """Plans the searches a record needs and turns their results into reviews."""

    def __init__(self, replayed: Replay, agent: str = DEFAULT_AGENT, *,
                 seat: int | None = None, explain: bool = False,
                 rules_data: str | Path | None = None, worlds: int = DEFAULT_WORLDS) -> None:
        header = replayed.header
        if seat is not None and not 0 <= seat < header.players:
            raise ValdoraError(f"seat {seat} is not in this {header.players}-player game")
        if worlds < MIN_WORLDS:
            raise ValdoraError(f"worlds must be at least {MIN_WORLDS}, got {worlds}")
        self.replayed, self.agent, self.explain = replayed, agent, explain
        self.worlds = worlds
        self.turns = [t for t in range(1, len(replayed.plays) + 1)
                      if seat is None or replayed.positions[t - 1].current_player == seat]
        self.indices = sorted({i for t in self.turns for i in (t - 1, t)})
        reviewed = set(self.turns)
        game = replayed.game
        self.jobs = [PositionJob(
            game=header.game, players=header.players,
            rules_data=None if rules_data is None else str(rules_data),
            data_sha256=header.data_sha256, seed=header.seed,
            plays=tuple(replayed.plays[:i]),
            position=game.position_to_json(replayed.positions[i]), spec=agent,
            played=replayed.plays[i] if i + 1 in reviewed else None, worlds=worlds)
            for i in self.indices]
        self.evals: dict[int, PositionEval] = {}

    def stream(self, cache: EvalCache | None = None, jobs: int = 1,
               control: SearchControl | None = None) -> Iterator[TurnReview | None]:
        """Evaluate the positions; after each, yield the turns' reviews it completes, in
        turn order, or None when it completes none (a progress tick). Stops early when
        `control` is stopped."""
        cache = cache if cache is not None else EvalCache(None)
        pending = list(self.turns)
        for job_index, evaluation in evaluations(self.jobs, cache, self.explain, jobs,
                                                 control):
            self.evals[self.indices[job_index]] = evaluation
            ready = False
            while pending and {pending[0] - 1, pending[0]} <= self.evals.keys():
                yield self.review(pending.pop(0))
                ready = True
            if not ready:
                yield None
            if control is not None and control.should_stop():
                return

    def review(self, turn: int) -> TurnReview:
        return review_turn(turn, self.replayed.plays[turn - 1], self.evals[turn - 1],
                           self.explain)

    def result(self) -> GameAnalysis:
        """The analysis of the turns whose positions are evaluated so far."""
        header = self.replayed.header
        reviews = [self.review(t) for t in self.turns if {t - 1, t} <= self.evals.keys()]
        return GameAnalysis(game=header.game, seed=header.seed, players=header.players,
                            agent=self.agent, worlds=self.worlds, reviews=reviews,
                            summaries=summarize(reviews, header.players),
                            evals=dict(self.evals), complete=len(reviews) == len(self.turns))
