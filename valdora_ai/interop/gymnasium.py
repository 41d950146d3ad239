"""A single-agent Gymnasium environment: one seat of a registered game, the other
seats played by library agents.

``SeatEnv(game="valdora", players=3, seat=0, opponents=["greedy", "random"])`` gives
the learner the game's observation vector for its seat and, in ``info["action_mask"]``,
1 at each step it may play now. Actions are the game's step codes; the opponents and
chance (resolved by the true world) move between the learner's steps. The reward is
the learner's win share at the end. An illegal action ends the episode as a loss
(reward -1, ``info["illegal_action"]``): a learner must follow the mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from valdora_ai.agents import Agent, make_agent
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, Game
from valdora_ai.interop import require
from valdora_ai.interop.dealer import Dealer
from valdora_ai.rng import derive_seed

_gym = require("gymnasium", "gymnasium")


class SeatEnv(_gym.Env):  # type: ignore[name-defined]
    """One seat of a registered game as a Gymnasium environment (see the module)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game = DEFAULT_GAME, players: int | None = None, seat: int = 0,
                 opponents: Sequence[str | Agent] | None = None, seed: int = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        self.dealer = Dealer(game, players, seed, **options)
        n = self.dealer.game.num_players
        if not 0 <= seat < n:
            raise ValdoraError(f"seat {seat} does not exist (0 to {n - 1})")
        opponents = ["random"] * (n - 1) if opponents is None else list(opponents)
        if len(opponents) != n - 1:
            raise ValdoraError(f"{n} players need {n - 1} opponents, got {len(opponents)}")
        self.seat = seat
        self._specs = opponents
        self._others: dict[int, Agent] = {}
        self.render_mode = render_mode
        self.observation_space = _gym.spaces.Box(-np.inf, np.inf, (self.dealer.tensor_size,),
                                                 np.float32)
        self.action_space = _gym.spaces.Discrete(self.dealer.num_steps)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.dealer.deal(seed)
        others = [s for s in range(self.dealer.game.num_players) if s != self.seat]
        self._others = {s: spec if isinstance(spec, Agent) else make_agent(
            spec, self.dealer.game, seed=derive_seed(self.dealer.seed, s))
            for s, spec in zip(others, self._specs, strict=True)}
        self._play_others()
        return self.dealer.tensor(self.seat), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        step = int(action)
        if not (0 <= step < self.dealer.num_steps and self.dealer.mask(self.seat)[step]):
            info = self._info() | {"illegal_action": step}
            return self.dealer.tensor(self.seat), -1.0, True, False, info
        self.dealer.apply(step)
        self._play_others()
        over = self.dealer.is_over()
        reward = self.dealer.returns()[self.seat] if over else 0.0
        return self.dealer.tensor(self.seat), reward, over, False, self._info()

    def _play_others(self) -> None:
        """Let the other seats move until it is the learner's turn or the game is over."""
        while not self.dealer.is_over() and self.dealer.current != self.seat:
            mover = self.dealer.current
            self.dealer.apply(self._others[mover].choose(self.dealer.observation(mover)))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.dealer.mask(self.seat)}

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.dealer.render()
        return None


__all__ = ["SeatEnv"]
