"""How well the heuristic final-score estimate predicts real final scores.

Plays greedy self-play games and, at the start of every round, compares each
player's ``game.estimate_final_scores`` with the score they really finish with:
mean error (bias), mean absolute error, and how often the estimated leader is the
real winner, by quarter of the game.

    python benchmarks/estimate_calibration.py --players 3 --games 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from typing import TypeVar

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.rules import ValdoraState

T = TypeVar("T")


def turn_snapshots(players: int, games: int, seed: int,
                   take: Callable[[ValdoraState], T | None]
                   ) -> list[tuple[float, T, list[int]]]:
    """Greedy self-play games of Valdora: ``take(state)`` at the start of every turn,
    kept when not None, as (share of the game played, what it took, final scores)."""
    game = ValdoraGame(players=players)
    rows = []
    for g in range(games):
        state = game.new_state(seed + g)
        rng = make_rng(seed + g)
        snapshots = []
        turns = -1
        while not state.is_terminal():
            if state.turns != turns:
                turns = state.turns
                taken = take(state)
                if taken is not None:
                    snapshots.append((state.turns, taken))
            state.apply(game.greedy_step(state, rng))
        final = state.scores()
        rows += [(turn / state.turns, taken, final) for turn, taken in snapshots]
    return rows


def calibration(players: int, games: int, seed: int = 0) -> list[dict[str, float]]:
    """Per quarter of the game: bias, MAE and leader agreement of the estimate."""
    game = make_game("valdora", players=players)
    rows = turn_snapshots(players, games, seed, lambda state: (
        game.estimate_final_scores(state) if state.current_player == 0 else None))
    out = []
    for quarter in range(4):
        part = [(e, f) for share, e, f in rows if quarter / 4 <= share < (quarter + 1) / 4]
        errors = [a - b for e, f in part for a, b in zip(e, f, strict=True)]
        leader = [e.index(max(e)) == f.index(max(f)) for e, f in part]
        out.append({"quarter": quarter + 1, "bias": statistics.mean(errors),
                    "mae": statistics.mean(abs(x) for x in errors),
                    "leaderIsWinner": sum(leader) / len(leader)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for row in calibration(args.players, args.games, args.seed):
        print(f"quarter {row['quarter']}: bias {row['bias']:+5.1f}  MAE {row['mae']:4.1f}  "
              f"estimated leader wins {row['leaderIsWinner']:.0%}")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad player count: one line, exit 1
        sys.exit(f"error: {error}")
