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

import numpy as np

from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora.engines import as_reference

FEATURES = ("coins", "coins x time", "provisions", "items", "items x time")


def features(state, seat: int) -> list[float]:
    """Candidate terms for one player, with time = the estimate's time factor."""
    player = state.players[seat]
    supply = state.supply
    left = sum(supply) - max(supply)
    time = min(1.0, left / state.n)
    items = sum(1 for x in player.load if x != -1)
    return [player.coins, player.coins * time, float(player.provisions), items,
            items * time]


def collect(players: int, games: int, seed: int) -> list[tuple[float, list[float], float]]:
    """(share of the game played, features, final - estimate) per player and turn."""
    game = make_game("valdora", players=players)
    rows = []
    for g in range(games):
        state = game.new_state(seed + g)
        rng = make_rng(seed + g)
        snapshots = []
        turns = -1
        while not state.is_terminal():
            if state.turns != turns and state.current_player >= 0:
                turns = state.turns
                ref = as_reference(state)
                snapshots.append((state.turns, game.estimate_final_scores(state),
                                  [features(ref, s) for s in range(players)]))
            state.apply(game.greedy_step(state, rng))
        final = state.scores()
        for turn, estimate, feats in snapshots:
            for seat in range(players):
                rows.append((turn / state.turns, feats[seat], final[seat] - estimate[seat]))
    return rows


def report(rows, weights: np.ndarray | None, label: str) -> None:
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
