"""What the adaptive budget of issue 28 item 6 saves, and what it costs, on a record.

For every position of a recorded game (the seat to move's observation, a fresh agent,
as ``valdora analyze`` searches), the analysing agent (``DEFAULT_AGENT``) is run with
its adaptive budget and with the same maximum searched in full (``settle`` removed):
the iterations each spent, how many searches stopped early, and how often the two
recommend the same step. ::

    python benchmarks/adaptive_budget.py game.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import valdora_ai as va
from valdora_ai.game_analysis import DEFAULT_AGENT


def full_budget(spec: str) -> str:
    """`spec` without its adaptive early stop."""
    name, _, params = spec.partition(":")
    return f"{name}:" + ",".join(p for p in params.split(",") if p and
                                 not p.startswith("settle="))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--agent", default=DEFAULT_AGENT)
    args = parser.parse_args(argv)
    replayed = va.replay(args.record)
    game = replayed.game
    spent, early, same = [], 0, 0
    seconds = {"adaptive": 0.0, "full": 0.0}
    for state in replayed.positions:
        if state.is_terminal() or len(state.legal_steps()) < 2:
            continue
        observation = game.observation(state, state.current_player)
        results = {}
        for name, spec in (("adaptive", args.agent), ("full", full_budget(args.agent))):
            start = time.process_time()
            results[name] = va.make_agent(spec, game).analyze(observation)
            seconds[name] += time.process_time() - start
        adaptive = results["adaptive"]
        spent.append(adaptive.iterations)
        early += bool(adaptive.extra.get("settled"))
        same += adaptive.best.step == results["full"].best.step
    print(json.dumps({
        "record": args.record, "agent": args.agent, "positions": len(spent),
        "meanIterations": round(statistics.fmean(spent), 1),
        "medianIterations": statistics.median(spent), "stoppedEarly": early,
        "sameRecommendation": same, "cpuSecondsAdaptive": round(seconds["adaptive"], 2),
        "cpuSecondsFull": round(seconds["full"], 2)}))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad record or spec: one line, exit 1
        sys.exit(f"error: {error}")
