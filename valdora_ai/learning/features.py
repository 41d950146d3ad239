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

from valdora_ai.games import facts
from valdora_ai.games.base import Game

ROUNDS_SCALE = 10.0


def feature_names(game: Game) -> list[str]:
    """The names of the columns :func:`features` returns for `game`, in order."""
    return (["bias", "estimate", "lead", "above_mean"]
            + [f"score:{c}" for c in facts.score_columns(game)]
            + ["rounds", "estimate_x_rounds", "players", "to_move"])


def features(game: Game, state: Any) -> np.ndarray:
    """A ``(num_players, len(feature_names(game)))`` float64 array for `state`."""
    n = game.num_players
    est = np.asarray(game.estimate_final_scores(state), dtype=np.float64)
    rows = np.asarray([facts.score_row(game, state, i) for i in range(n)], dtype=np.float64)
    rounds = float(facts.round_count(game, state) or 0)
    others = np.array([np.max(np.delete(est, i)) if n > 1 else est[i] for i in range(n)])
    to_move = np.zeros(n)
    if 0 <= state.current_player < n:
        to_move[state.current_player] = 1.0
    head = np.column_stack([np.ones(n), est, est - others, est - est.mean()])
    tail = np.column_stack([np.full(n, rounds), est * rounds / ROUNDS_SCALE,
                            np.full(n, float(n)), to_move])
    return np.hstack([head, rows, tail])
