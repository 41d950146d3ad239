"""Compare the compiled engine of two source trees, interleaved to cancel machine load.

    python benchmarks/compare_builds.py --base /tmp/base --runs 5 --seconds 3
    python benchmarks/compare_builds.py --base /tmp/base --section ismcts --players 4
    python benchmarks/compare_builds.py --base /tmp/base --check 2000
    python benchmarks/compare_builds.py --base /tmp/base --this-section quick_games

`--base` is another checkout with its extensions built in place (for example
``git archive <commit> | tar -x -C /tmp/base && cd /tmp/base && python setup.py
build_ext --inplace``). Each run measures one `valdora bench` section on the compiled
engine in a fresh interpreter whose ``valdora_ai`` is imported from that tree
(``PYTHONPATH`` and the working directory); the runs alternate base, this tree,
base, ... so a change of load on a shared machine hits both about equally. Prints
every run, the medians, their ratio and the load average before and after.
`--this-section` times another section in this tree than `--section` in the base
(e.g. the quick play-out policy's games against the base's greedy games).

`--check N` compares play instead of speed: both trees play N complete greedy games
per player count (3, 4, 5) on the compiled engine, and the digest of every final
position, step count and generator state must be the same (a different decision
anywhere changes the rest of that game). Exit status 1 when they differ.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Runs in the child: one section, compiled engine only, rate on stdout.
_CHILD = """
import sys
import valdora_ai
from valdora_ai import bench
from valdora_ai.games import make_game
name, players, seconds, tree = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
if not valdora_ai.__file__.startswith(tree):
    sys.exit(f"imported valdora_ai from {valdora_ai.__file__}, not from {tree}")
with bench.selected("compiled"):
    ops, elapsed = bench.SECTIONS[name].measure(make_game("valdora", players=players), 1,
                                                seconds)
print(ops / elapsed)
"""

# Runs in the child: the digest of N seeded greedy games per player count.
_CHECK = """
import hashlib, json, sys
from valdora_ai import backend
from valdora_ai.games import make_game
from valdora_ai.playout import greedy_playout
digest = hashlib.sha256()
for players in (3, 4, 5):
    game = make_game("valdora", players=players)
    for seed in range(int(sys.argv[1])):
        state, rng = game.new_state(seed), backend.make_rng(seed + 7)
        steps = greedy_playout(game, state, rng)
        digest.update(json.dumps([game.position_to_json(state), steps, rng.getstate()],
                                 sort_keys=True).encode())
print(digest.hexdigest())
"""


def _child(tree: Path, code: str, *args: str) -> str:
    """Run `code` with `tree`'s valdora_ai (compiled engine required); its stdout."""
    env = dict(os.environ, PYTHONPATH=str(tree), VALDORA_REQUIRE_COMPILED="1")
    env.pop("VALDORA_PURE_PYTHON", None)
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, cwd=tree,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"error: {tree}: {done.stderr.strip().splitlines()[-1]}")
    return done.stdout.strip()


def measure(tree: Path, section: str, players: int, seconds: float) -> float:
    """Operations per CPU second of `section` with `tree`'s compiled engine."""
    return float(_child(tree, _CHILD, section, str(players), str(seconds), str(tree)))


def check(base: Path, games: int) -> int:
    """Compare the play of both trees over `games` greedy games per player count."""
    digests = {label: _child(tree, _CHECK, str(games))
               for label, tree in (("base", base), ("this", HERE))}
    for label, digest in digests.items():
        print(f"{label:<4} {digest}")
    same = digests["base"] == digests["this"]
    print(f"{games} games per player count: {'same play' if same else 'DIFFERENT play'}")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the tree to compare against")
    parser.add_argument("--section", default="greedy_games")
    parser.add_argument("--this-section", help="the section to time in this tree "
                                               "(default: --section)")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--check", type=int, metavar="N",
                        help="compare the play of N greedy games per player count instead")
    args = parser.parse_args(argv)
    if not (args.base / "valdora_ai").is_dir():
        raise SystemExit(f"error: --base {args.base}: not a checkout of valdora_ai "
                         "(no valdora_ai/ folder in it)")
    if args.check:
        return check(args.base.resolve(), args.check)
    trees = {"base": args.base.resolve(), "this": HERE}
    sections = {"base": args.section, "this": args.this_section or args.section}
    rates: dict[str, list[float]] = {"base": [], "this": []}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for run in range(args.runs):
        for label, tree in trees.items():
            rate = measure(tree, sections[label], args.players, args.seconds)
            rates[label].append(rate)
            print(f"run {run + 1} {label:<4} {rate:12,.1f} /s", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    base, this = statistics.median(rates["base"]), statistics.median(rates["this"])
    print(f"{sections['base']} against {sections['this']}, {args.players} players, "
          f"median of {args.runs}: base {base:,.1f}/s, this {this:,.1f}/s, "
          f"ratio {this / base:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
