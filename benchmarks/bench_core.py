"""Benchmark both engines: ops/s per section and player count, and their ratio.

    python benchmarks/bench_core.py                 # every section, 3/4/5 players
    python benchmarks/bench_core.py --json --seconds 2 --section random_playout

The same measurements as `valdora bench` (valdora_ai.bench), printed as plain text.
Run it on an idle core (`taskset -c 0 ...`) for numbers worth comparing.
"""

from __future__ import annotations

import argparse
import json
import sys

from valdora_ai.bench import SECTIONS, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, action="append", choices=(3, 4, 5))
    parser.add_argument("--section", action="append", choices=list(SECTIONS))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = run(args.players or (3, 4, 5), args.section, args.seconds)
    if args.json:
        print(json.dumps([row.to_json() for row in rows], indent=1))
        return 0
    print(f"{'section':<16} {'players':>7} {'reference/s':>14} {'compiled/s':>14} {'ratio':>8}")
    for row in rows:
        pure = "-" if row.pure is None else f"{row.pure:,.0f}"
        compiled = "-" if row.compiled is None else f"{row.compiled:,.0f}"
        ratio = "-" if row.ratio is None else f"{row.ratio:,.1f}x"
        print(f"{row.section:<16} {row.players:>7} {pure:>14} {compiled:>14} {ratio:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
