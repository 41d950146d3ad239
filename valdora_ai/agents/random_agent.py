"""The random agent: a uniformly random legal step, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from valdora_ai.agents.base import Agent
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, Observation


class RandomAgent(Agent):
    name = "random"
    summary = "uniform over the legal steps"

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.rng = make_rng(self.params["seed"])

    def choose(self, observation: Observation) -> int:
        legal: list[int] = observation.legal_steps()  # type: ignore[attr-defined]
        return legal[self.rng.randbelow(len(legal))]
