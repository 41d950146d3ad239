"""Fitting the policy prior: cross-entropy against the search's visit distributions.

The data are decisions: each a block of consecutive rows of ``x`` (one per legal
step) with the share of the root's visits each step got. The loss is the mean over
decisions of the cross-entropy ``-sum q log p`` plus ``l2 / 2 * |w|^2``, convex in the
weights; it is minimised by Newton's method with a halving line search (a few dozen
features, so the Hessian is small), deterministic given the data: no sampling, no
learning rate.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from valdora_ai.games.base import Game
from valdora_ai.learning.policy_model import PolicyModel
from valdora_ai.learning.step_features import step_feature_names

L2 = 0.01
MAX_NEWTON = 50
TOLERANCE = 1e-9  # the largest gradient component at which the fit stops


@dataclass
class Decisions:
    """Feature rows ``x`` of every legal step, the start row of each decision
    (``starts``, increasing, the first 0) and each step's visit share ``q``."""

    x: np.ndarray
    starts: np.ndarray
    q: np.ndarray

    @property
    def count(self) -> int:
        return len(self.starts)

    @property
    def sizes(self) -> np.ndarray:
        sizes: np.ndarray = np.diff(np.append(self.starts, len(self.x)))
        return sizes

    def take(self, chosen: np.ndarray) -> Decisions:
        """The decisions whose indices are `chosen` (increasing), in order."""
        sizes = self.sizes
        rows = np.concatenate([np.arange(self.starts[i], self.starts[i] + sizes[i])
                               for i in chosen])
        return Decisions(self.x[rows], np.concatenate(([0], np.cumsum(sizes[chosen])[:-1])),
                         self.q[rows])

    def digest(self) -> str:
        """SHA-256 of the rows, starts and shares (float64 and int64, C order)."""
        digest = hashlib.sha256()
        for a, kind in ((self.x, np.float64), (self.starts, np.int64), (self.q, np.float64)):
            digest.update(np.ascontiguousarray(a, dtype=kind).tobytes())
        return digest.hexdigest()


def log_softmax(logits: np.ndarray, decisions: Decisions) -> np.ndarray:
    """The log-probability of every row within its decision."""
    sizes = decisions.sizes
    top = np.repeat(np.maximum.reduceat(logits, decisions.starts), sizes)
    total = np.add.reduceat(np.exp(logits - top), decisions.starts)
    result: np.ndarray = logits - top - np.repeat(np.log(total), sizes)
    return result


def cross_entropy(logits: np.ndarray, decisions: Decisions) -> float:
    """The mean over decisions of ``-sum q log p``."""
    return float(-(decisions.q * log_softmax(logits, decisions)).sum() / decisions.count)


def _loss(z: np.ndarray, w: np.ndarray, decisions: Decisions, l2: float) -> float:
    return cross_entropy(z @ w, decisions) + 0.5 * l2 * float(w @ w)


def fit_policy(game: Game, decisions: Decisions, provenance: dict[str, Any],
               l2: float = L2) -> tuple[PolicyModel, list[float]]:
    """The policy model minimising the penalised cross-entropy on `decisions`, and the
    loss after each Newton step (the first entry: at zero weights, the uniform policy).
    `l2` must be positive: a feature no step of the data has (a kind that never came
    up) would leave the Hessian singular."""
    scale = decisions.x.std(axis=0)
    scale[scale == 0] = 1.0
    z = decisions.x / scale
    count, width = decisions.count, z.shape[1]
    w = np.zeros(width)
    losses = [_loss(z, w, decisions, l2)]
    for _ in range(MAX_NEWTON):
        p = np.exp(log_softmax(z @ w, decisions))
        gradient = z.T @ (p - decisions.q) / count + l2 * w
        if np.abs(gradient).max() < TOLERANCE:
            break
        weighted = np.add.reduceat(z * p[:, None], decisions.starts)
        hessian = ((z * p[:, None]).T @ z - weighted.T @ weighted) / count + l2 * np.eye(width)
        direction = np.linalg.solve(hessian, gradient)
        step = 1.0
        while (loss := _loss(z, w - step * direction, decisions, l2)) > losses[-1] and step > 1e-6:
            step /= 2
        if loss > losses[-1]:
            break
        w = w - step * direction
        losses.append(loss)
    model = PolicyModel(game.name, tuple(step_feature_names(game)), scale, w, l2,
                        {**provenance, "data_sha256": decisions.digest()})
    return model, losses
