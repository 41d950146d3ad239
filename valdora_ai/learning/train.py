"""``valdora train``: self-play data, a fitted value model, and its held-out accuracy.

The last :data:`HOLDOUT` of the games (whole games, so no position of a test game is
seen in training) are held out; the model is fitted on the rest and compared there
with the hand-written estimate: mean absolute error of the final score per seat, and
how often the seat predicted to finish first is a winner; over all held-out positions
and over each quarter of a game (by a position's place among its game's positions).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from valdora_ai.games import make_game
from valdora_ai.learning.model import ValueModel, fit
from valdora_ai.learning.selfplay_data import Samples, generate

HOLDOUT = 0.2
STAGES = 4
POLICY = "greedy"
ESTIMATE_COLUMN = 1  # features.feature_names: "estimate"


@dataclass(frozen=True)
class Accuracy:
    """Held-out accuracy of the learned model and of the hand estimate."""

    stage: str
    positions: int
    learned_mae: float
    estimate_mae: float
    learned_winner: float
    estimate_winner: float


def _winner_hits(predicted: np.ndarray, samples: Samples) -> float:
    """The share of positions whose top predicted seat is a winner."""
    hits = []
    for pid in np.unique(samples.position):
        rows = samples.position == pid
        hits.append(samples.won[rows][int(np.argmax(predicted[rows]))])
    return float(np.mean(hits))


def _accuracy(stage: str, model: ValueModel, samples: Samples) -> Accuracy:
    learned = model.predict_rows(samples.x)
    estimate = samples.x[:, ESTIMATE_COLUMN]
    return Accuracy(stage, samples.positions, float(np.mean(np.abs(learned - samples.y))),
                    float(np.mean(np.abs(estimate - samples.y))),
                    _winner_hits(learned, samples), _winner_hits(estimate, samples))


def _stages(samples: Samples) -> np.ndarray:
    """Per row, the quarter (0-3) of its game that its position falls in."""
    stage = np.zeros(len(samples.y), dtype=np.int64)
    for g in np.unique(samples.game):
        rows = samples.game == g
        ids = samples.position[rows]
        first, count = ids.min(), ids.max() - ids.min() + 1
        stage[rows] = (ids - first) * STAGES // count
    return stage


def accuracy(model: ValueModel, samples: Samples) -> list[Accuracy]:
    """How well `model` and the hand estimate predict `samples`' final scores: over all
    positions, then per quarter of a game."""
    stage = _stages(samples)
    return [_accuracy("all", model, samples)] + [
        _accuracy(f"quarter {q + 1}", model, samples.subset(stage == q))
        for q in range(STAGES)]


def train(game_name: str, players: Sequence[int], positions: int, seed: int, jobs: int = 1,
          on_progress: Callable[[int], None] | None = None) -> tuple[ValueModel, list[Accuracy]]:
    """Generate `positions` self-play positions, fit on the first games, test on the rest."""
    samples = generate(game_name, players, positions, seed, jobs, on_progress)
    games = int(samples.game.max()) + 1
    test = samples.game >= games - max(1, round(games * HOLDOUT))
    training = samples.subset(~test)
    provenance = {"seed": seed, "positions": samples.positions, "games": games,
                  "players": list(players), "policy": POLICY, "holdout": HOLDOUT}
    model = fit(make_game(game_name, players=players[0]), training.x, training.y, provenance)
    return model, accuracy(model, samples.subset(test))
