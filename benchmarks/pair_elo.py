"""The first entrant's Elo over the second from a two-entrant tournament database: its
mean head-to-head score per game (the SPRT's pair score) with a 95% interval, as Elo.

Reads the database directly (read-only), so it works while the series is still
running; games are independent draws of a seat-rotated design, so the interval is the
normal one over games (a block-level interval needs more blocks than a short series
has).

    python benchmarks/pair_elo.py alch-greedy-cpu01.sqlite
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
import statistics

from valdora_ai.analysis import Z95
from valdora_ai.tournament.sprt import pair_score


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
    with sqlite3.connect(f"file:{args.db}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT seats, ranks FROM games ORDER BY block, slot")
        scores = [pair_score(json.loads(seats), json.loads(ranks), 0, 1)
                  for seats, ranks in rows]
    if len(scores) < 2:
        raise SystemExit(f"error: {args.db}: {len(scores)} games, need at least 2")
    mean = statistics.mean(scores)
    half = Z95 * statistics.stdev(scores) / math.sqrt(len(scores))
    print(f"{len(scores)} games: pair score {mean:.3f} ± {half:.3f}; Elo {elo(mean)} "
          f"(95% {elo(mean - half)} to {elo(mean + half)})")


if __name__ == "__main__":
    main()
