"""An entrant's final-score margin over each other entrant, per game, from a tournament
database: the mean with a 95% interval over games, and the games it was ahead in.

Issue 30 item 0 asks that the search "outscores each style with a 95% interval above
zero"; a win share alone does not say by how much. Only reads the database (no run's
lock), so it works while the series is still running. Games of a seat-rotated series
are independent draws, so the interval is the normal one over games.

    python benchmarks/score_margins.py zav-item0.sqlite            # entrant 0 against the others
    python benchmarks/score_margins.py zav-item0.sqlite --entrant 1
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys

import valdora_ai as va
from valdora_ai.analysis import Z95
from valdora_ai.tournament.storage import GameRow, ResultsDB


def score(row: GameRow, entrant: int) -> float:
    """`entrant`'s final score in `row` (the mean of its seats when a lineup repeats a
    spec, which makes it one entrant in several seats)."""
    return statistics.mean(s for s, e in zip(row.scores, row.seats, strict=True) if e == entrant)


def margins(rows: list[GameRow], entrant: int, other: int) -> list[float]:
    """`entrant`'s score minus `other`'s, one per game both played."""
    return [score(row, entrant) - score(row, other) for row in rows
            if entrant in row.seats and other in row.seats]


def spec_of(rows: list[GameRow], entrant: int) -> str:
    """The spec `entrant` played with (as its first game recorded it)."""
    for row in rows:
        if entrant in row.seats:
            return row.specs[row.seats.index(entrant)]
    raise SystemExit(f"error: no game has entrant {entrant}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--entrant", type=int, default=0,
                        help="the entrant whose margins are shown (default 0, the first --seat)")
    args = parser.parse_args()
    with ResultsDB.open(args.db) as results:
        rows = results.rows()
    if len(rows) < 2:
        raise SystemExit(f"error: {args.db}: {len(rows)} games, need at least 2")
    entrants = sorted({e for row in rows for e in row.seats})
    if args.entrant not in entrants:
        raise SystemExit(f"error: --entrant {args.entrant}: the entrants are "
                         f"{', '.join(map(str, entrants))}")
    print(f"{len(rows)} games; entrant {args.entrant}: {spec_of(rows, args.entrant)}")
    for other in entrants:
        if other == args.entrant:
            continue
        found = margins(rows, args.entrant, other)
        mean = statistics.mean(found)
        error = statistics.stdev(found) / math.sqrt(len(found))
        ahead = sum(m > 0 for m in found)
        print(f"  against {spec_of(rows, other)}: {mean:+.1f} ± {error:.1f} (se) points a game, "
              f"95% {mean - Z95 * error:+.1f} to {mean + Z95 * error:+.1f}; ahead in {ahead} "
              f"of {len(found)}")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a file that is no tournament database: one line, exit 1
        sys.exit(f"error: {error}")
