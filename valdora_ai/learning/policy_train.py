"""``valdora train --kind policy``: search self-play decisions, a fitted policy prior, and
its held-out fit.

The last :data:`HOLDOUT` of the games (whole games) are held out; the model is fitted
on the rest and measured there against two references: the uniform policy (what
zero weights give) and the play-out policy's step alone. Measured are the mean
cross-entropy against the visit shares and how often the model's most probable step is
the search's most visited one (``top1``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from valdora_ai.games import make_game
from valdora_ai.learning.policy_fit import Decisions, cross_entropy, fit_policy
from valdora_ai.learning.policy_model import PolicyModel
from valdora_ai.learning.search_data import DEFAULT_SEARCHER, generate_decisions

HOLDOUT = 0.2


@dataclass(frozen=True)
class PolicyAccuracy:
    """Held-out fit of the learned policy and of the references."""

    decisions: int
    learned_cross_entropy: float
    uniform_cross_entropy: float
    learned_top1: float
    greedy_top1: float
    uniform_top1: float


def _top1(scores: np.ndarray, decisions: Decisions) -> float:
    """The share of decisions whose highest-scored step (the first of a tie) is the most
    visited one (any of a tie)."""
    hits = []
    for start, size in zip(decisions.starts, decisions.sizes, strict=True):
        q = decisions.q[start:start + size]
        hits.append(q[int(np.argmax(scores[start:start + size]))] == q.max())
    return float(np.mean(hits))


def policy_accuracy(model: PolicyModel, decisions: Decisions) -> PolicyAccuracy:
    """How well `model`, the uniform policy and the greedy step predict `decisions`."""
    logits = model.logits(decisions.x)
    greedy = decisions.x[:, model.features.index("greedy")]
    return PolicyAccuracy(decisions.count, cross_entropy(logits, decisions),
                          cross_entropy(np.zeros(len(logits)), decisions),
                          _top1(logits, decisions), _top1(greedy, decisions),
                          float(np.mean(1.0 / decisions.sizes)))


def train_policy(game_name: str, players: Sequence[int], decisions: int, seed: int,
                 searcher: str = DEFAULT_SEARCHER, jobs: int = 1,
                 on_progress: Callable[[int], None] | None = None
                 ) -> tuple[PolicyModel, list[float], PolicyAccuracy]:
    """Generate `decisions` searched decisions, fit on the first games, test on the
    rest: the model, its training losses (one per Newton step) and its held-out fit."""
    data, game_of = generate_decisions(game_name, players, decisions, seed, searcher, jobs,
                                       on_progress)
    games = int(game_of.max()) + 1
    test = game_of >= games - max(1, round(games * HOLDOUT))
    if test.all():
        test[:] = False  # one game: train on it, report on it
    indices = np.arange(data.count)
    training = data.take(indices[~test])
    held_out = data.take(indices[test]) if test.any() else training
    provenance = {"seed": seed, "decisions": data.count, "games": games,
                  "players": list(players), "searcher": searcher, "holdout": HOLDOUT,
                  "first_game_sha256": data.take(indices[game_of == 0]).digest()}
    model, losses = fit_policy(make_game(game_name, players=players[0]), training, provenance)
    return model, losses, policy_accuracy(model, held_out)
