"""Style agents: play one of the game's named playing styles besides greedy.

The styles are game knowledge and live with the game (Valdora:
:mod:`valdora_ai.games.valdora.styles`); an agent asks its game for a policy object
by name (``game.make_policy``) and keeps it, so a style that plans ahead (the
planner's route) remembers its plan from one decision to the next.
"""

from __future__ import annotations

from typing import Any, ClassVar

from valdora_ai.agents.base import Agent
from valdora_ai.backend import make_rng
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game, Observation, Styled


class StyleAgent(Agent):
    """Plays the game's policy `style` on its belief state, ties broken by its own rng."""

    style: ClassVar[str]
    PARAMS = Agent.PARAMS

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        if not isinstance(game, Styled) or self.style not in game.policy_names():
            raise SpecError(f"{self.name}: the game {game.name} has no {self.style} style")
        self.policy = game.make_policy(self.style)
        self.rng = make_rng(self.params["seed"])

    def choose(self, observation: Observation) -> int:
        """The style's step for the observer (the player to move)."""
        return self.policy.step(observation.belief_state(), self.rng)


class PlannerAgent(StyleAgent):
    name = "planner"
    style = "planner"
    summary = "rule-based: commits to a multi-turn goal and works towards it"


class HoarderAgent(StyleAgent):
    name = "hoarder"
    style = "hoarder"
    summary = "rule-based: builds stock early, converts it late"
