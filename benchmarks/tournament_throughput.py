"""Tournament throughput: games per second with 1 and 2 jobs (never asserted in tests).

Usage: python benchmarks/tournament_throughput.py [--games 60] [--players 3] [--jobs 1 2]
       [--agents SPEC SPEC ...]

Plays the same tournament (by default greedy agents with different seeds, one per
seat) into a fresh database for each job count and prints wall-clock games per
second, which includes starting the worker processes. Compiled greedy games take a
few milliseconds, so that default mostly measures the runner's overhead; search
agents (``--agents ismcts:iterations=100,seed=1 greedy:seed=2 greedy:seed=3``) show
how the games themselves scale.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import valdora_ai as va
from valdora_ai.tournament import run_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--agents", nargs="+", default=None,
                        help="entrant specs (default: one greedy per seat)")
    args = parser.parse_args()
    entrants = args.agents or [f"greedy:seed={i + 1}" for i in range(args.players)]
    baseline = None
    for jobs in args.jobs:
        with tempfile.TemporaryDirectory() as scratch:
            start = time.perf_counter()
            report = run_tournament(entrants, players=args.players, games=args.games, seed=1,
                                    db=Path(scratch, "bench.sqlite"), jobs=jobs)
            wall = time.perf_counter() - start
        rate = report.games / wall
        baseline = baseline or rate
        print(f"jobs {jobs}: {report.games} games in {wall:.1f} s = {rate:.2f} games/s "
              f"(x{rate / baseline:.2f}; summed play time {report.seconds:.1f} s)")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad spec or player count: one line, exit 1
        sys.exit(f"error: {error}")
