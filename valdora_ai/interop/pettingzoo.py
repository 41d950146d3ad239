"""PettingZoo AEC environments for every registered game.

``env(game="valdora", players=3, seed=1)`` is an :class:`pettingzoo.AECEnv` whose
agents ``player_0`` ... are the seats. An observation is a dict: ``"observation"``,
the game's observation vector for that seat (what it knows, never the hidden part),
and ``"action_mask"``, 1 at each step it may play now. Actions are the game's step
codes (``Discrete(game.num_distinct_steps())``); a turn is several steps by the same
agent. Chance is resolved inside the environment by the true world. Rewards come at
the end: each seat's win share (1 split among the winners).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from valdora_ai.errors import IllegalMoveError
from valdora_ai.games import DEFAULT_GAME, Game
from valdora_ai.interop import require
from valdora_ai.interop.dealer import Dealer

_pz = require("pettingzoo", "pettingzoo")
_spaces = require("gymnasium.spaces", "pettingzoo")


class ValdoraAECEnv(_pz.AECEnv):  # type: ignore[name-defined]
    """One registered game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"name": "valdora_ai_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str | Game = DEFAULT_GAME, players: int | None = None, seed: int = 0,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.dealer = Dealer(game, players, seed, **options)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.dealer.game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_space = _spaces.Dict({
            "observation": _spaces.Box(-np.inf, np.inf, (self.dealer.tensor_size,), np.float32),
            "action_mask": _spaces.Box(0, 1, (self.dealer.num_steps,), np.int8),
        })
        self._action_space = _spaces.Discrete(self.dealer.num_steps)

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.dealer.deal(seed)
        self.agents = self.possible_agents.copy()
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.dealer.tensor(seat), "action_mask": self.dealer.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        step = int(action)
        if not (0 <= step < self.dealer.num_steps and self.dealer.mask(self._seat[agent])[step]):
            raise IllegalMoveError(f"{agent}: step {step} is not legal here")
        self._cumulative_rewards[agent] = 0.0
        self.dealer.apply(step)
        if self.dealer.is_over():
            for a, share in zip(self.possible_agents, self.dealer.returns(), strict=True):
                self.rewards[a] = share
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The agent to act: the seat to move, or the first one left once it is over."""
        if self.dealer.is_over():
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.dealer.current]

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.dealer.render()
        return None

    def close(self) -> None:
        pass


def env(game: str | Game = DEFAULT_GAME, players: int | None = None, seed: int = 0,
        render_mode: str | None = None, **options: Any) -> ValdoraAECEnv:
    """An AEC environment for the registered `game` (options go to the game factory)."""
    return ValdoraAECEnv(game, players, seed, render_mode, **options)


__all__ = ["ValdoraAECEnv", "env"]
