"""Least-squares fit of candidate correction terms to the final-score estimate.

Plays greedy self-play games (3, 4 and 5 players) and, at the start of every turn,
records for every player the estimate's error (real final score minus
``estimate_final_scores``) next to candidate features of the player's position that
the estimate leaves out or may weigh wrongly. Prints the fitted weights and the MAE
by quarter of the game with and without them, on games held out of the fit.

    python benchmarks/fit_estimate.py --games 300
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np
from estimate_calibration import turn_snapshots

from valdora_ai.games import make_game
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import ValdoraState

FEATURES = ("coins", "coins x time", "provisions", "items", "items x time")


def features(state: ValdoraState, seat: int) -> list[float]:
    """Candidate terms for one player, with time = the estimate's time factor."""
    player = state.players[seat]
    supply = state.supply
    left = sum(supply) - max(supply)
    time = min(1.0, left / state.n)
    items = sum(1 for x in player.load if x != -1)
    return [player.coins, player.coins * time, float(player.provisions), items,
            items * time]


Row = tuple[float, list[float], float]


def collect(players: int, games: int, seed: int) -> list[Row]:
    """(share of the game played, features, final - estimate) per player and turn."""
    game = make_game("valdora", players=players)

    def take(state: Any) -> tuple[list[float], list[list[float]]]:
        reference = as_reference(state)
        return (game.estimate_final_scores(state),
                [features(reference, seat) for seat in range(players)])

    rows = []
    for share, (estimate, feats), final in turn_snapshots(players, games, seed, take):
        rows += [(share, feats[seat], final[seat] - estimate[seat]) for seat in range(players)]
    return rows


def report(rows: list[Row], weights: np.ndarray | None, label: str) -> None:
    parts = []
    for quarter in range(4):
        part = [(f, r) for share, f, r in rows if quarter / 4 <= share < (quarter + 1) / 4]
        x = np.array([f for f, _ in part])
        y = np.array([r for _, r in part])
        if weights is not None:
            y = y - x @ weights
        parts.append(f"Q{quarter + 1} bias {y.mean():+5.1f} MAE {np.abs(y).mean():4.1f}")
    print(f"{label:>10}: " + "  ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.games < 3:  # a third of them are the held-out games
        sys.exit(f"error: --games must be at least 3, got {args.games}")
    train, test = [], []
    for players in (3, 4, 5):
        train += collect(players, args.games, args.seed)
        test += collect(players, args.games // 3, args.seed + 10_000_000)
    x = np.array([f for _, f, _ in train])
    y = np.array([r for _, _, r in train])
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"{name:>14}: {w:+.3f}")
    report(test, None, "estimate")
    report(test, weights, "corrected")


if __name__ == "__main__":
    main()
