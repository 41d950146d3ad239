"""Seat-rotated strength series between agents, with 95% confidence intervals.

A *lineup* is one agent spec per seat (``ismcts:time=1 greedy greedy``). Every setup
seed is played once per rotation of the lineup, so each spec sits in every seat
equally often and no seat advantage leaks into the result. A spec's result is its
mean win share per game (a shared win counts 1/k); the interval is the normal
approximation ``mean +- 1.96 * sd / sqrt(games)`` over its per-game shares (when a
spec appears in several seats of a lineup its shares are averaged per game first).

    python benchmarks/strength.py --players 3 --games 30 --jobs 2 \\
        "ismcts:time=1" greedy greedy

``--games`` counts games (rounded up to whole rotations). ``run_series`` is the
function to call from other tools.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass

from joblib import Parallel, delayed

from valdora_ai.games import make_game
from valdora_ai.selfplay import play_game
from valdora_ai.tournament.stats import Interval, MeanSE, mean_se, wilson


@dataclass(frozen=True)
class SpecResult:
    spec: str
    games: int
    win_share: float
    ci95: Interval
    mean_score: MeanSE

    def to_json(self) -> dict[str, object]:
        return {"spec": self.spec, "games": self.games, "winShare": round(self.win_share, 4),
                "ci95": [round(self.ci95.low, 4), round(self.ci95.high, 4)],
                "meanScore": round(self.mean_score.mean, 2),
                "meanScoreSE": round(self.mean_score.se, 2)}


def _one_game(players: int, lineup: list[str], seed: int, shift: int
              ) -> tuple[list[float], list[int]]:
    """Play setup `seed` with the lineup rotated by `shift`; shares and scores per
    lineup position."""
    game = make_game("valdora", players=players)
    positions = [(seat - shift) % players for seat in range(players)]  # lineup index
    result = play_game(game, [lineup[p] for p in positions], seed)
    shares = [0.0] * players
    scores = [0] * players
    for seat, position in enumerate(positions):
        shares[position] = (1.0 / len(result.winners)) if seat in result.winners else 0.0
        scores[position] = result.scores[seat]
    return shares, scores


def run_series(players: int, lineup: list[str], games: int, seed: int = 1,
               jobs: int = 1, progress: bool = False) -> list[SpecResult]:
    """Play `games` seat-rotated games; one result per distinct spec of the lineup.

    With `progress`, each game's shares and scores (by lineup position) go to stderr.
    """
    if len(lineup) != players:
        raise ValueError(f"{players} players need {players} specs, got {len(lineup)}")
    setups = math.ceil(games / players)
    tasks = [(players, lineup, seed + s, shift) for s in range(setups) for shift in range(players)]
    results = []
    for task, result in zip(tasks, Parallel(n_jobs=jobs, return_as="generator")(
            delayed(_one_game)(*t) for t in tasks), strict=True):
        results.append(result)
        if progress:
            print(f"  setup {task[2]} shift {task[3]}: shares {result[0]} scores {result[1]}",
                  file=sys.stderr, flush=True)
    out = []
    for spec in dict.fromkeys(lineup):
        positions = [i for i, s in enumerate(lineup) if s == spec]
        shares = [sum(r[0][i] for i in positions) / len(positions) for r in results]
        scores = [sum(r[1][i] for i in positions) / len(positions) for r in results]
        n = len(shares)
        out.append(SpecResult(spec, n, sum(shares) / n, wilson(sum(shares), n),
                              mean_se(scores)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lineup", nargs="+", help="one agent spec per seat")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true", help="no per-game lines on stderr")
    args = parser.parse_args()
    players = args.players or len(args.lineup)
    start = time.perf_counter()
    results = run_series(players, args.lineup, args.games, args.seed, args.jobs,
                         progress=not args.quiet)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({"players": players, "lineup": args.lineup, "seconds": round(seconds),
                          "results": [r.to_json() for r in results]}))
        return
    print(f"{players} players, lineup {' '.join(args.lineup)}, {seconds:.0f} s")
    for r in results:
        print(f"  {r.spec:40s} win share {r.win_share:6.1%} "
              f"(95% CI {r.ci95.low:.1%}-{r.ci95.high:.1%}; {r.games} games, fair "
              f"{1 / players:.0%}), mean score {r.mean_score.mean:.1f} "
              f"+- {r.mean_score.se:.1f}")


if __name__ == "__main__":
    main()
