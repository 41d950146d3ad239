"""The greedy agent: a sensible rule-based baseline player.

It buys commissions it can fulfil and the equipment they need, collects matching
gems, delivers, and refills silver when short. The policy itself is game knowledge and
lives with the game (Valdora: :func:`valdora_ai.games.valdora.heuristics.greedy_step`);
this agent only asks its game for it, so it stays game-agnostic.

Like every agent that does not search, it reports its choice and no expectation
(:meth:`Agent.analyze`): the game's score estimate is a play-out cut-off's heuristic,
not a forecast (at Valdora's start it gives every seat the same 121 points), and an
honest figure would need the search this agent does not do.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.agents.base import Agent
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, Observation


class GreedyAgent(Agent):
    """Plays the game's greedy policy on its belief state, ties broken by its own rng."""

    name = "greedy"
    summary = "rule-based: fulfillable commissions, needed gems and equipment, deliveries"
    PARAMS = Agent.PARAMS

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.rng = make_rng(self.params["seed"])

    def choose(self, observation: Observation) -> int:
        """The greedy step for the observer (the player to move)."""
        return self.game.greedy_step(observation.belief_state(), self.rng)
