"""Position features for the learned value model: one row per seat, from public facts.

Every feature comes from the Game protocol, so any registered game has them; the hand
estimate is one of them, so the model refines it rather than starting over. Per seat
``i`` of ``n`` (``est`` is ``game.estimate_final_scores``, ``row`` is
the score breakdown, ``r`` the rounds completed, 0 for a game that does not count them;
both through :mod:`valdora_ai.games.facts`):

* ``bias`` -- 1;
* ``estimate`` -- ``est[i]``, the hand-written estimate of the seat's final score;
* ``lead`` -- ``est[i]`` less the best other seat's estimate;
* ``above_mean`` -- ``est[i]`` less the mean estimate of all seats;
* ``score:<column>`` -- each column of the seat's current score breakdown
  (its ``score_columns``: for Valdora commissions, craftsmen, workshops, bonus, gems,
  total and coins);
* ``rounds`` -- ``r``; ``estimate_x_rounds`` -- ``est[i] * r / 10``, so the weight of
  the estimate can change as the game goes on;
* ``players`` -- ``n``; ``to_move`` -- 1 when seat ``i`` is to move.

Only public information is used (estimates and score rows read no hidden card).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from valdora_ai.games.base import Game

ROUNDS_SCALE = 10.0


def feature_names(game: Game) -> list[str]:
    """The names of the columns :func:`features` returns for `game`, in order."""
    return (["bias", "estimate", "lead", "above_mean"]
            + [f"score:{c}" for c in game.score_columns]
            + ["rounds", "estimate_x_rounds", "players", "to_move"])


def feature_rows(game: Game, state: Any) -> list[list[float]]:
    """One list of feature values per seat (plain floats: the search calls this at every
    cut-off, where numpy's per-call overhead would cost more than the arithmetic)."""
    n = game.num_players
    est = [float(v) for v in game.estimate_final_scores(state)]
    rounds = float(game.round_count(state) or 0)
    mean = sum(est) / n
    mover = state.current_player
    score_rows = game.score_rows(state)
    rows = []
    for i in range(n):
        best_other = max((e for j, e in enumerate(est) if j != i), default=est[i])
        row = [1.0, est[i], est[i] - best_other, est[i] - mean]
        row.extend(float(v) for v in score_rows[i])
        row.extend((rounds, est[i] * rounds / ROUNDS_SCALE, float(n),
                    1.0 if i == mover else 0.0))
        rows.append(row)
    return rows


def features(game: Game, state: Any) -> np.ndarray:
    """A ``(num_players, len(feature_names(game)))`` float64 array for `state`."""
    return np.asarray(feature_rows(game, state), dtype=np.float64)
