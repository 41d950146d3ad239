"""The tournament report: standings, per-seat statistics, SPRT state; JSON and CSV.

Everything is computed from the stored games in (block, slot) order, so the same
games always give the same report, however and in whatever order they were played.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from valdora_ai.tournament.ratings import Rating, plackett_luce
from valdora_ai.tournament.seatings import tournament_design
from valdora_ai.tournament.sprt import (
    SPRT,
    EloEstimate,
    elo_estimate,
    luck_variance,
    pair_score,
)
from valdora_ai.tournament.stats import Interval, MeanSE, mean_se, wilson
from valdora_ai.tournament.storage import GameRow


@dataclass(frozen=True)
class Line:
    """Results of one entrant (or one seat): each seat played is one observation."""

    label: str
    games: int
    win_share: float
    win_ci: Interval
    score: MeanSE
    rank: MeanSE
    rating: Rating | None = None


@dataclass(frozen=True)
class TimeUsage:
    """One entrant's clock use over the games played under time controls."""

    label: str
    decisions: int
    mean: float  # seconds per decision
    longest: float  # the longest decision, seconds
    losses_on_time: int


@dataclass(frozen=True)
class SPRTState:
    elo0: float
    elo1: float
    alpha: float
    beta: float
    blocks: int
    llr: float
    lower: float
    upper: float
    decision: str | None


@dataclass(frozen=True)
class Report:
    identity: dict[str, Any]
    games: int
    blocks: int  # complete blocks
    capped: int
    seconds: float  # summed play time of all games
    standings: tuple[Line, ...]  # best rating first
    seats: tuple[Line, ...]
    sprt: SPRTState | None
    history: tuple[tuple[Rating, ...], ...]  # ratings per entrant after each game
    forfeits: tuple[str, ...] = ()  # per game lost by forfeit: "block B slot S: reason"
    time_usage: tuple[TimeUsage, ...] = ()  # per entrant, in entrant order (clocks only)
    # Two entrants: the first's Elo over the second from the complete blocks.
    head_to_head: EloEstimate | None = None

    def to_json(self) -> dict[str, Any]:
        """The report as plain JSON data (the history is left to the plot)."""
        document = asdict(self)
        del document["history"]
        return document

    def to_csv(self) -> str:
        """The standings, one row per entrant."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["entrant", "games", "win_share", "win_low", "win_high", "mean_score",
                         "score_se", "mean_rank", "rank_se", "rating_mu", "rating_sigma"])
        for line in self.standings:
            assert line.rating is not None
            writer.writerow([line.label, line.games, f"{line.win_share:.6f}",
                             f"{line.win_ci.low:.6f}", f"{line.win_ci.high:.6f}",
                             f"{line.score.mean:.6f}", f"{line.score.se:.6f}",
                             f"{line.rank.mean:.6f}", f"{line.rank.se:.6f}",
                             f"{line.rating.mu:.6f}", f"{line.rating.sigma:.6f}"])
        return out.getvalue()


def _line(label: str, results: Sequence[tuple[float, int, int]],
          rating: Rating | None = None) -> Line:
    """`results`: (win share, score, rank) of each seat played."""
    shares = [r[0] for r in results]
    return Line(label=label, games=len(results), win_share=sum(shares) / max(len(shares), 1),
                win_ci=wilson(sum(shares), len(shares)), score=mean_se([r[1] for r in results]),
                rank=mean_se([r[2] for r in results]), rating=rating)


def time_usage(rows: Sequence[GameRow], entrants: Sequence[str]) -> tuple[TimeUsage, ...]:
    """Each entrant's decisions, mean and longest decision time and losses on time, over
    the games that kept times; empty when none did."""
    if not any(row.times for row in rows):
        return ()
    spent: list[list[float]] = [[] for _ in entrants]
    flags = [0] * len(entrants)
    for row in rows:
        for seat, seconds in enumerate(row.times):
            spent[row.seats[seat]].extend(seconds)
        if row.forfeit is not None and row.forfeit.on_time:
            flags[row.seats[row.forfeit.seat]] += 1
    return tuple(TimeUsage(label=label, decisions=len(spent[e]),
                           mean=sum(spent[e]) / max(len(spent[e]), 1),
                           longest=max(spent[e], default=0.0), losses_on_time=flags[e])
                 for e, label in enumerate(entrants))


def _complete_blocks(rows: Sequence[GameRow], block_size: int) -> list[list[GameRow]]:
    blocks: dict[int, list[GameRow]] = {}
    for row in rows:
        blocks.setdefault(row.block, []).append(row)
    return [games for _, games in sorted(blocks.items()) if len(games) == block_size]


def block_results(rows: Sequence[GameRow], block_size: int, a: int = 0, b: int = 1,
                  ) -> list[float]:
    """Entrant a's mean score against b in each complete block, in block order."""
    return [sum(pair_score(r.seats, r.ranks, a, b) for r in games) / len(games)
            for games in _complete_blocks(rows, block_size)]


def block_luck_variance(rows: Sequence[GameRow], block_size: int, a: int = 0,
                        b: int = 1) -> float:
    """The variance of a block result by luck alone (mean over the complete blocks;
    the games of a block are independent)."""
    blocks = _complete_blocks(rows, block_size)
    if not blocks:
        return 0.0
    return sum(sum(luck_variance(tuple(r.seats), a, b) for r in games) / len(games) ** 2
               for games in blocks) / len(blocks)


def head_to_head(rows: Sequence[GameRow], block_size: int, a: int = 0, b: int = 1,
                 ) -> EloEstimate | None:
    """Entrant a's Elo over entrant b after the complete blocks of `rows` (None before
    two blocks)."""
    return elo_estimate(block_results(rows, block_size, a, b),
                        block_luck_variance(rows, block_size, a, b))


def sprt_llr(sprt: SPRT, rows: Sequence[GameRow], block_size: int) -> float:
    """The SPRT's log-likelihood ratio after the complete blocks of `rows`."""
    return sprt.llr(block_results(rows, block_size), block_luck_variance(rows, block_size))


def build_report(identity: dict[str, Any], rows: Sequence[GameRow],
                 sprt: SPRT | None = None) -> Report:
    """The report of these games (any order: they are sorted here)."""
    rows = sorted(rows, key=lambda r: (r.block, r.slot))
    entrants = list(identity["entrants"])
    players = int(identity["players"])
    lineup = [entrants.index(spec) for spec in identity.get("lineup", ())]
    block_size = len(tournament_design(len(entrants), players, lineup))
    history = plackett_luce(len(entrants), [(r.seats, r.ranks) for r in rows])
    per_entrant: list[list[tuple[float, int, int]]] = [[] for _ in entrants]
    per_seat: list[list[tuple[float, int, int]]] = [[] for _ in range(players)]
    for row in rows:
        for seat, entrant in enumerate(row.seats):
            result = (row.shares[seat], row.scores[seat], row.ranks[seat])
            per_entrant[entrant].append(result)
            per_seat[seat].append(result)
    lines = [_line(spec, per_entrant[e], history[-1][e]) for e, spec in enumerate(entrants)]
    order = sorted(range(len(entrants)), key=lambda e: (-history[-1][e].mu, e))
    blocks = len(_complete_blocks(rows, block_size))
    state = None
    pair = head_to_head(rows, block_size) if len(entrants) == 2 else None
    if sprt is not None:
        llr = sprt_llr(sprt, rows, block_size)
        state = SPRTState(elo0=sprt.elo0, elo1=sprt.elo1, alpha=sprt.alpha, beta=sprt.beta,
                          blocks=blocks, llr=llr, lower=sprt.lower, upper=sprt.upper,
                          decision=sprt.decision(llr))
    return Report(
        identity=dict(identity), games=len(rows), blocks=blocks,
        capped=sum(1 for r in rows if r.capped), seconds=sum(r.duration for r in rows),
        standings=tuple(lines[e] for e in order),
        seats=tuple(_line(f"seat {s}", per_seat[s]) for s in range(players)),
        sprt=state, history=tuple(tuple(h) for h in history),
        forfeits=tuple(f"block {r.block} slot {r.slot}: {r.forfeit.reason}"
                       for r in rows if r.forfeit is not None),
        time_usage=time_usage(rows, entrants), head_to_head=pair)
