"""Per-player reward vectors: how a (final or estimated) score vector is valued.

Every search backs up one reward per seat (max^n), in [0, 1]:

* ``win`` -- the win share. At the end of the game the game's own ``returns()``
  (1 split among the winners); before it, a soft win share from the estimated final
  scores: ``exp(s_i / T) / sum_j exp(s_j / T)`` with ``T = SOFT_WIN_POINTS``, so a lead
  of about 8 points is worth odds of e:1. Rewards sum to 1.
* ``rank`` -- ``(players behind + half the players level) / (n - 1)``: 1 for a clear
  first, 0 for a clear last. Rewards sum to n/2.
* ``margin`` -- ``(1 + tanh((s_i - best other) / MARGIN_POINTS)) / 2``: the lead over
  the best opponent, squashed. Not constant-sum.

A constant sum lets expectimax prune soundly (:attr:`Evaluator.constant_sum`).
Alongside the reward, an evaluation carries the score vector and the win-share vector,
which :class:`~valdora_ai.analysis.Candidate` reports as expected final scores
and win probability whatever the reward.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game

if TYPE_CHECKING:
    from valdora_ai.learning.model import ValueModel

REWARDS = ("win", "rank", "margin")
SOFT_WIN_POINTS = 8.0
MARGIN_POINTS = 20.0

# (rewards, scores, win shares), each one value per seat.
Outcome = tuple[list[float], list[float], list[float]]


def check_reward(name: str) -> str:
    if name not in REWARDS:
        raise SpecError(f"reward must be one of {', '.join(REWARDS)}, got {name!r}")
    return name


def soft_wins(scores: list[float]) -> list[float]:
    """Win shares from estimated scores: a softmax with temperature SOFT_WIN_POINTS."""
    top = max(scores)
    weights = [math.exp((s - top) / SOFT_WIN_POINTS) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def rank_rewards(scores: list[float]) -> list[float]:
    n = len(scores)
    out = []
    for s in scores:
        behind = sum(1 for t in scores if t < s)
        level = sum(1 for t in scores if t == s) - 1
        out.append((behind + 0.5 * level) / (n - 1) if n > 1 else 1.0)
    return out


def margin_rewards(scores: list[float]) -> list[float]:
    out = []
    for i, s in enumerate(scores):
        best_other = max((t for j, t in enumerate(scores) if j != i), default=s)
        out.append(0.5 + 0.5 * math.tanh((s - best_other) / MARGIN_POINTS))
    return out


class Evaluator:
    """Values terminal states exactly and other states by a final-score estimate: the
    game's hand-written one, or a learned value model's (:mod:`valdora_ai.learning`)."""

    def __init__(self, game: Game, reward: str, model: ValueModel | None = None) -> None:
        self.game = game
        self.reward = check_reward(reward)
        self.model = model
        n = game.num_players
        self.constant_sum: float | None = {"win": 1.0, "rank": n / 2, "margin": None}[reward]

    def evaluate(self, state: Any) -> Outcome:
        """The outcome of `state`: exact when terminal, else estimated."""
        if state.is_terminal():
            scores = [float(s) for s in state.scores()]
            wins = list(state.returns())
        else:
            scores = (self.model.predict(self.game, state) if self.model is not None
                      else list(self.game.estimate_final_scores(state)))
            wins = soft_wins(scores)
        if self.reward == "win":
            rewards = wins
        elif self.reward == "rank":
            rewards = rank_rewards(scores)
        else:
            rewards = margin_rewards(scores)
        return rewards, scores, wins
