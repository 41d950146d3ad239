"""The long differential run: many seeded games on both engines in lockstep.

    python benchmarks/parity_long.py                      # 100,000 games, round cap 10
    python benchmarks/parity_long.py --max-rounds 0       # full-length games (slow)
    python benchmarks/parity_long.py --games 2000 --start 500000 --greedy-every 50

Each game is checked as in tests/test_parity.py (valdora_ai.games.valdora.parity):
legal steps, chance outcomes and probabilities at every step, positions as JSON every
`--position-every` steps and at the end, determinizations, final scores. Players cycle
3, 4, 5; odd seeds are played on belief states (chance nodes); every
`--greedy-every`-th game has greedy seats. The round cap (`--max-rounds`, 0 = the data
file's) only shortens random games, which run far longer than real ones; the rules
are the same. Prints progress and exits 1 at the first difference.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.parity import ParityError, lockstep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=1_000_000, help="first seed")
    parser.add_argument("--max-rounds", type=int, default=10,
                        help="round cap of the random games (0: the data file's)")
    parser.add_argument("--position-every", type=int, default=10)
    parser.add_argument("--greedy-every", type=int, default=100)
    parser.add_argument("--progress-every", type=int, default=1000)
    args = parser.parse_args(argv)
    full = default_data()
    short = full if args.max_rounds <= 0 else dataclasses.replace(full, max_rounds=args.max_rounds)
    started = time.perf_counter()
    steps = greedy = 0
    for i in range(args.games):
        seed = args.start + i
        is_greedy = args.greedy_every > 0 and i % args.greedy_every == 0
        try:
            steps += lockstep(full if is_greedy else short, 3 + seed % 3, seed,
                              belief=seed % 2 == 1, greedy=is_greedy,
                              position_every=args.position_every)
        except ParityError as exc:
            print(f"DIFFERENCE after {i} games: {exc}", flush=True)
            return 1
        greedy += is_greedy
        if (i + 1) % args.progress_every == 0 or i + 1 == args.games:
            elapsed = time.perf_counter() - started
            print(f"{i + 1}/{args.games} games ({greedy} greedy), {steps} steps, "
                  f"{elapsed:.0f} s, no difference", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
