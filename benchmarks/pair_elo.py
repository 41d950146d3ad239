"""The first entrant's Elo over the second from a two-entrant tournament database: its
mean head-to-head score per game (the SPRT's pair score) with a 95% interval, as Elo.

Only reads the database (it takes no run's lock), so it works while the series is
still running; games are independent draws of a seat-rotated design, so the interval
is the normal one over games (a block-level interval needs more blocks than a short
series has).

    python benchmarks/pair_elo.py alch-greedy-cpu01.sqlite
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys

import valdora_ai as va
from valdora_ai.analysis import Z95
from valdora_ai.tournament.sprt import pair_score
from valdora_ai.tournament.storage import ResultsDB


def elo(score: float) -> str:
    """The Elo difference whose expected score is `score` (infinite at 0 and 1 and past)."""
    if score <= 0.0:
        return "-inf"
    if score >= 1.0:
        return "+inf"
    return f"{-400.0 * math.log10(1.0 / score - 1.0):+.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    args = parser.parse_args()
    with ResultsDB.open(args.db) as results:
        scores = [pair_score(row.seats, row.ranks, 0, 1) for row in results.rows()]
    if len(scores) < 2:
        raise SystemExit(f"error: {args.db}: {len(scores)} games, need at least 2")
    mean = statistics.mean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(len(scores))
    print(f"{len(scores)} games: pair score {mean:.3f} ± {half:.3f}; Elo {elo(mean)} "
          f"(95% {elo(mean - half)} to {elo(mean + half)})")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a file that is no tournament database: one line, exit 1
        sys.exit(f"error: {error}")
