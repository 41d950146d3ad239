"""Latency of `valdora engine`: from an analyze request to its first (partial) result.

Starts the real engine, waits for its handshake, sends `--repeats` analyze queries one
after another (each with `reportEvery`), and times from writing the request to reading
the first line answering it: a partial result (isDuringSearch) for a searching agent, the final one
for an agent that does not search. Prints median, 90th percentile and maximum.

    python benchmarks/engine_latency.py --agent ismcts --repeats 30 [--background 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="greedy", help="agent spec to analyse with")
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0, help="budget of each search")
    parser.add_argument("--report-every", type=float, default=0.05)
    parser.add_argument("--background", type=int, default=0,
                        help="long searches kept running meanwhile (load on the engine)")
    args = parser.parse_args()
    valdora = Path(sys.executable).with_name("valdora")
    workers = str(args.background + 1)
    engine = subprocess.Popen([str(valdora), "engine", "--workers", workers],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write(b'{"id": "hello", "action": "version"}\n')  # wait until it is up
    engine.stdin.flush()
    engine.stdout.readline()
    for i in range(args.background):
        busy = {"id": f"bg{i}", "action": "analyze", "agent": args.agent,
                "setup": {"players": args.players, "seed": 1000 + i}, "budget": {"seconds": 60}}
        engine.stdin.write(json.dumps(busy).encode() + b"\n")
    latencies, kinds = [], set()
    for i in range(args.repeats):
        request = {"id": i, "action": "analyze", "agent": args.agent,
                   "setup": {"players": args.players, "seed": i},
                   "budget": {"seconds": args.seconds}, "reportEvery": args.report_every}
        start = time.perf_counter()
        engine.stdin.write(json.dumps(request).encode() + b"\n")
        engine.stdin.flush()
        first = None
        while True:
            response = json.loads(engine.stdout.readline())
            if response["id"] != i:
                continue  # a background search
            if "error" in response:
                sys.exit(f"error: {response['error']['message']}")
            if first is None:
                latencies.append(time.perf_counter() - start)
                first = response
                kinds.add("partial" if response.get("isDuringSearch") else "final")
            if not response.get("isDuringSearch"):
                break
    engine.stdin.write(b'{"id": "bye", "action": "quit"}\n')
    engine.stdin.close()
    engine.wait()
    ms = sorted(1000 * x for x in latencies)
    print(f"agent {args.agent}, {args.players} players, {args.repeats} queries, "
          f"{args.background} background searches, first result was {'/'.join(sorted(kinds))}")
    print(f"latency to first result: median {statistics.median(ms):.1f} ms, "
          f"p90 {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms")


if __name__ == "__main__":
    main()
