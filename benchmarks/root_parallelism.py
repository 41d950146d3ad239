"""Root parallelism's cost: ISMCTS with ``jobs=2`` against ``jobs=1``, per game, in CPU
seconds of the whole process tree (the worker processes included), with wall time.

For each game, the start of a setup-seed-1 game (seat 0 to move) is searched with the
same iteration budget by ``ismcts:jobs=1`` and ``ismcts:jobs=2`` (the budget split
between two worker processes), `decisions` times each, after one untimed warm-up
decision that starts the workers. Printed per job count: iterations per CPU second of
the process tree, iterations per wall second, and the parent's own CPU milliseconds per
decision. The CPU efficiency (jobs=2 iterations per CPU second over jobs=1) is what the
second core can add: 2 x efficiency is the wall-clock speed-up an idle 2-core machine
would show, less the result's latency (joblib polls for it). On a loaded machine the
wall figures only say how much CPU the run was given.

    python benchmarks/root_parallelism.py --iterations 4000 --decisions 3

Needs psutil (to read the workers' CPU time): ``pip install psutil``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from types import ModuleType

import valdora_ai as va
from valdora_ai.agents import make_agent
from valdora_ai.analysis import Budget
from valdora_ai.games import game_names, make_game


def tree_cpu(psutil: ModuleType) -> float:
    """CPU seconds (user and system) of this process and its live descendants."""
    me = psutil.Process()
    total: float = sum(me.cpu_times()[:2])
    for child in me.children(recursive=True):
        try:
            total += sum(child.cpu_times()[:2])
        except psutil.Error:  # ended in between
            pass
    return total


def measure(game_name: str, jobs: int, iterations: int, decisions: int, psutil: ModuleType
            ) -> dict[str, float]:
    """Iterations per CPU and wall second of `decisions` searches with `jobs` jobs."""
    game = make_game(game_name, players=3)
    observation = game.observation(game.new_state(1), 0)
    agent = make_agent(f"ismcts:jobs={jobs},seed=1", game, seed=1)
    agent.analyze(observation, Budget(iterations=iterations))  # starts the workers
    done = 0
    own, cpu, wall = os.times().user, tree_cpu(psutil), time.perf_counter()
    for _ in range(decisions):
        done += agent.analyze(observation, Budget(iterations=iterations)).iterations
    wall = time.perf_counter() - wall
    cpu = max(tree_cpu(psutil) - cpu, 1e-3)  # the clocks tick in 10 ms: never 0
    wall = max(wall, 1e-6)
    return {"per_cpu_s": done / cpu, "per_wall_s": done / wall,
            "parent_ms": (os.times().user - own) / decisions * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=game_names(),
                        help="a game (repeatable; default: every game)")
    parser.add_argument("--iterations", type=int, default=4000)
    parser.add_argument("--decisions", type=int, default=3)
    args = parser.parse_args()
    if args.decisions < 1:
        sys.exit(f"error: --decisions must be at least 1, got {args.decisions}")
    try:
        import psutil
    except ImportError:
        sys.exit("root_parallelism.py needs psutil: pip install psutil")
    for name in args.game or game_names():
        one = measure(name, 1, args.iterations, args.decisions, psutil)
        two = measure(name, 2, args.iterations, args.decisions, psutil)
        print(f"{name:11s} jobs=1 {one['per_cpu_s']:8.0f} it/CPU s {one['per_wall_s']:8.0f} "
              f"it/wall s | jobs=2 {two['per_cpu_s']:8.0f} it/CPU s {two['per_wall_s']:8.0f} "
              f"it/wall s, parent {two['parent_ms']:.1f} ms a decision | CPU efficiency "
              f"{two['per_cpu_s'] / one['per_cpu_s']:.2f}, "
              f"wall {two['per_wall_s'] / one['per_wall_s']:.2f}x",
              flush=True)


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad budget: one line, exit 1
        sys.exit(f"error: {error}")
