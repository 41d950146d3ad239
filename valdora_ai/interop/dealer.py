"""A game being played through a framework adapter: the true world and its seats.

The dealer holds the world (the hidden part included) and resolves any chance node in
it itself, so that the framework only ever meets decisions; players get observations
and the mask of their legal steps, never the world.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, Game, make_game
from valdora_ai.games.base import Tensored, TensoredGame
from valdora_ai.rng import SEED_SPACE, derive_seed


class Dealer:
    """One registered game, re-dealt by :meth:`deal`; seeds follow from the first one."""

    def __init__(self, game: str | Game = DEFAULT_GAME, players: int | None = None, seed: int = 0,
                 **options: Any) -> None:
        made = make_game(game, players=players, **options) if isinstance(game, str) else game
        if not isinstance(made, Tensored):
            raise ValdoraError(f"the game {made.name!r} has no observation tensor yet, so the "
                               "framework adapters cannot serve it")
        self.game: TensoredGame = made
        self.base: Game = made
        self.num_steps = self.game.num_distinct_steps()
        self.tensor_size = self.game.observation_tensor_size()
        self._next_seed = seed
        self._deals = 0
        self.world: Any = None
        self.seed = seed

    def deal(self, seed: int | None = None) -> None:
        """A new game from `seed`, or from the next seed of this dealer's sequence."""
        if seed is None:
            seed = derive_seed(self._next_seed, self._deals)
        else:
            self._next_seed, self._deals = seed % SEED_SPACE, 0
        self._deals += 1
        self.seed = seed % SEED_SPACE
        self.world = self.game.new_state(self.seed)
        self._chance = make_rng(derive_seed(self.seed, 1))
        self.resolve_chance()

    def resolve_chance(self) -> None:
        """Play out chance nodes of the world, drawn with their exact probabilities."""
        while self.world.is_chance_node():
            outcomes = self.world.chance_outcomes()
            pick = self._chance.choice_weighted([p for _, p in outcomes])
            self.world.apply(outcomes[pick][0])

    def apply(self, step: int) -> None:
        """Play `step` for the player to move (IllegalMoveError if it is not legal)."""
        self.world.play(int(step))
        self.resolve_chance()

    @property
    def current(self) -> int:
        return int(self.world.current_player)

    def is_over(self) -> bool:
        return bool(self.world.is_terminal())

    def returns(self) -> list[float]:
        """Win shares once the game is over (1 split among the winners), zeros before."""
        return [float(r) for r in self.world.returns()]

    def observation(self, seat: int) -> Any:
        return self.game.observation(self.world, seat)

    def tensor(self, seat: int) -> np.ndarray:
        """What `seat` knows, as the game's observation vector."""
        vector: np.ndarray = self.game.observation_tensor(self.observation(seat))
        return vector

    def mask(self, seat: int) -> np.ndarray:
        """1 at each step `seat` may play now (all zeros when it is not its turn)."""
        mask = np.zeros(self.num_steps, dtype=np.int8)
        if not self.is_over() and self.current == seat:
            mask[self.world.legal_steps()] = 1
        return mask

    def render(self) -> str:
        """The public position in the game's notation, as text."""
        return repr(self.world)
