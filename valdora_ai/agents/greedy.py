"""The greedy agent: a sensible rule-based baseline player.

It buys commissions it can fulfil and the equipment they need, collects matching
gems, delivers, and refills silver when short. The policy itself is game knowledge and
lives with the game (Valdora: :func:`valdora_ai.games.valdora.heuristics.greedy_step`);
this agent only asks its game for it, so it stays game-agnostic.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.agents.base import Agent
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
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

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """The greedy step, with the game's estimate of every seat's final score after
        it (from the state before it when the step ends at an unseen page)."""
        step = self.choose(observation)
        belief = observation.belief_state()
        after = belief.copy()
        after.apply(step)
        judged = belief if after.is_chance_node() else after
        estimate = self.game.estimate_final_scores(judged)
        return Analysis(player=observation.observer, agent=self.spec, candidates=(
            Candidate(step=step, expected_scores=tuple(estimate), pv=(step,)),))
