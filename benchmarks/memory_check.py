"""Memory growth over many copies and applies of compiled states (RSS before/after).

    python benchmarks/memory_check.py                 # 10,000,000 copies + applies

Each iteration copies a mid-game ValdoraCompiledState (a Python object around the C struct)
and applies a legal step to the copy; the copy is then dropped. Resident memory is
read from /proc/self/statm after a warm-up and at the end; a leak of even one byte
per iteration would show as ~10 MB. Prints both numbers and the difference.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from valdora_ai.backend import make_rng
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.data import default_data
from valdora_ai.playout import random_playout


def rss_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=10_000_000)
    args = parser.parse_args(argv)
    core = VALDORA_CORE.require_module()
    states = []
    for seed in range(8):  # a few positions, so applies differ (moves, loads, buys...)
        state = core.ValdoraCompiledState.new(default_data(), 4, make_rng(seed))
        random_playout(state, make_rng(seed), 40 + seed * 13)
        states.append((state, state.legal_steps()))

    def churn(count: int) -> None:
        for i in range(count):
            state, legal = states[i & 7]
            twin = state.copy()
            twin.apply(legal[i % len(legal)])

    churn(100_000)
    before = rss_bytes()
    started = time.perf_counter()
    churn(args.iterations)
    elapsed = time.perf_counter() - started
    after = rss_bytes()
    print(f"{args.iterations:,} copies + applies in {elapsed:.1f} s; RSS before "
          f"{before / 2**20:.1f} MiB, after {after / 2**20:.1f} MiB, growth "
          f"{(after - before) / 2**10:+.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
