"""Does a search agent lose on time? Issue 31's acceptance check for the game clocks.

Plays ``--agent`` (default ``ismcts``) against ``greedy`` and ``random`` (3 players,
seat-rotated blocks) at time control ``--tc`` (default ``10+0.1``) for ``--games``
games of each ``--game``, one game at a time (``--jobs 1``), and prints per game the
agent's decisions, its mean and longest decision time and its losses on time. The
exit code is 1 if it lost any game on time. The full measurement::

    python benchmarks/clock_flags.py --game valdora --games 20

(about 25 s a game; run one game per process to use both cores). A smoke run:
``--games 1 --tc 2+0.05``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import valdora_ai as va


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeat; default: all)")
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    flagged = 0
    for game in args.game or va.game_names():
        with tempfile.TemporaryDirectory() as scratch:
            report = va.run_tournament([args.agent, "greedy", "random"], players=3,
                                       games=args.games, seed=args.seed, game=game,
                                       db=Path(scratch, "t.sqlite"), jobs=1,
                                       time_controls=[args.tc])
        usage = report.time_usage[0]
        flagged += usage.losses_on_time
        print(f"{game}: {report.games} games at {args.tc}: {args.agent} made "
              f"{usage.decisions} decisions, mean {usage.mean:.3f} s, longest "
              f"{usage.longest:.3f} s, lost on time {usage.losses_on_time}", flush=True)
    return 1 if flagged else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game, spec or time control: one line, exit 1
        sys.exit(f"error: {error}")
