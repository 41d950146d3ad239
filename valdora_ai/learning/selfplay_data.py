"""Training positions from seeded greedy self-play, in parallel and reproducibly.

Every game is played by the game's greedy policy on the fastest engine available
(the same decisions on both engines). A sample is the position at the start of each
turn (where the search's play-outs are cut off), as one feature row per seat, labelled
with that seat's final score. Games come in chunks of :data:`CHUNK` with seeds derived
from the run's seed and are collected in order, so the data do not depend on
``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import dataclass

import numpy as np

from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.base import CHANCE
from valdora_ai.learning.features import features
from valdora_ai.rng import derive_seed
from valdora_ai.workers import in_order

CHUNK = 20  # games per parallel task


@dataclass
class Samples:
    """Feature rows ``x``, final scores ``y``, and per row its game and position index
    and whether its seat won (shared wins count)."""

    x: np.ndarray
    y: np.ndarray
    game: np.ndarray
    position: np.ndarray
    won: np.ndarray

    @property
    def positions(self) -> int:
        return len(np.unique(self.position)) if len(self.position) else 0

    def subset(self, mask: np.ndarray) -> Samples:
        return Samples(self.x[mask], self.y[mask], self.game[mask], self.position[mask],
                       self.won[mask])


def play_game(game_name: str, players: int, seed: int) -> tuple[np.ndarray, np.ndarray,
                                                                 np.ndarray]:
    """One greedy self-play game: (features per turn start, stacked; final scores per
    row; won per row). Positions are stacked ``players`` rows at a time."""
    game = make_game(game_name, players=players)
    state = game.new_state(seed)
    rng = make_rng(seed)
    rows: list[np.ndarray] = []
    previous = None
    while not state.is_terminal():
        current = state.current_player
        if current == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.choice_weighted([p for _, p in outcomes])][0])
            continue
        if current != previous:
            rows.append(features(game, state))
            previous = current
        state.apply(game.greedy_step(state, rng))
    final = np.asarray(state.scores(), dtype=np.float64)
    won = (final == final.max()).astype(np.float64)
    count = len(rows)
    return np.vstack(rows), np.tile(final, count), np.tile(won, count)


def _chunk(game_name: str, players: Sequence[int], seed: int, first: int
           ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]:
    out = []
    for k in range(first, first + CHUNK):
        n = players[k % len(players)]
        out.append((*play_game(game_name, n, derive_seed(seed, k)), n))
    return out


def _chunks(game_name: str, players: Sequence[int], seed: int, jobs: int
            ) -> Generator[list[tuple[np.ndarray, np.ndarray, np.ndarray, int]], None, None]:
    """Chunks of games in order, without end (the caller stops)."""
    return in_order(_chunk, lambda i: (game_name, players, seed, i * CHUNK), jobs,
                    max(1, jobs) * 4)


def generate(game_name: str, players: Sequence[int], positions: int, seed: int, jobs: int = 1,
             on_progress: Callable[[int], None] | None = None) -> Samples:
    """At least `positions` positions from whole games (player counts in turn)."""
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    games: list[np.ndarray] = []
    ids: list[np.ndarray] = []
    wons: list[np.ndarray] = []
    done = 0
    with closing(_chunks(game_name, players, seed, jobs)) as chunks:
        while done < positions:
            for x, y, won, n in next(chunks):
                if done >= positions:
                    break
                count = len(x) // n
                xs.append(x)
                ys.append(y)
                wons.append(won)
                games.append(np.full(len(x), len(games)))
                ids.append(np.repeat(np.arange(done, done + count), n))
                done += count
                if on_progress is not None:
                    on_progress(done)
    return Samples(np.vstack(xs), np.concatenate(ys), np.concatenate(games),
                   np.concatenate(ids), np.concatenate(wons))
