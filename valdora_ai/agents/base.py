"""The agent interface: an agent sees an observation, never the true state.

Every agent is built from a spec string (``greedy:seed=3``) by
:func:`valdora_ai.agents.make_agent`, which knows each agent's parameters from its
``PARAMS`` table. ``choose(observation)`` returns the step to play for the observer,
who is the player to move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.games.base import Game, Observation


@dataclass(frozen=True)
class Param:
    """One agent parameter: its type, default and a line of help."""

    type: type
    default: Any
    help: str


class Agent(ABC):
    """Base class: a named, seeded decision maker for one game."""

    name: ClassVar[str]
    summary: ClassVar[str]
    PARAMS: ClassVar[dict[str, Param]] = {
        "seed": Param(int, 0, "seed of the agent's own random generator"),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        self.game = game
        self.params = {key: p.default for key, p in self.PARAMS.items()} | params

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this agent."""
        changed = [f"{k}={v}" for k, v in self.params.items() if v != self.PARAMS[k].default]
        return self.name + (":" + ",".join(changed) if changed else "")

    @abstractmethod
    def choose(self, observation: Observation) -> int:
        """The step to play for the observer, who is the player to move."""

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """Ranked candidates with statistics, best first.

        Agents that do not search report their one choice; search agents override
        this (and implement :meth:`choose` as ``analyze(...).best.step``), honour the
        budget, stop early when ``control`` says so and stream partial results to it.
        """
        step = self.choose(observation)
        return Analysis(player=observation.observer, agent=self.spec,
                        candidates=(Candidate(step=step, pv=(step,)),))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"
