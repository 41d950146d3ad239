"""The agent interface: an agent sees an observation, never the true state.

Every agent is built from a spec string (``greedy:seed=3``) by
:func:`valdora_ai.agents.make_agent`, which knows each agent's parameters from its
``PARAMS`` table. ``choose(observation)`` returns the step to play for the observer,
who is the player to move.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.clock import ClockReading
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game, Observation, State
from valdora_ai.rng import SEED_SPACE


@dataclass(frozen=True)
class Param:
    """One agent parameter: its type, default, a line of help and the values it accepts.

    A number must be finite and lie in ``[low, high]`` (both inclusive); a string must be
    one of ``choices`` when they are given. Every bound is finite, so no spec can ask
    for an unbounded amount of work or memory.
    """

    type: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def accepts(self) -> str:
        """What a valid value is, in words (used in error messages and the docs)."""
        if self.type is bool:
            return "true or false"
        if self.choices:
            return f"one of {', '.join(self.choices)}"
        if self.type in (int, float):
            kind = "an integer" if self.type is int else "a number"
            return f"{kind} from {_number(self.low)} to {_number(self.high)}"
        return f"a {self.type.__name__}"

    def check(self, where: str, key: str, value: Any) -> Any:
        """`value` if this parameter accepts it, else SpecError naming `key` and the range."""
        if self._valid(value):
            return value
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise SpecError(f"{where}: {key} must be {self.accepts()}, got {shown}")

    def _valid(self, value: Any) -> bool:
        if self.type is bool:
            return isinstance(value, bool)
        if self.type in (int, float):
            numeric = (int,) if self.type is int else (int, float)
            return (isinstance(value, numeric) and not isinstance(value, bool)
                    and math.isfinite(value)
                    and (self.low is None or value >= self.low)
                    and (self.high is None or value <= self.high))
        return isinstance(value, self.type) and (not self.choices or value in self.choices)

    def parse(self, text: str) -> Any:
        """The value written `text` (ValueError when it is not of this type)."""
        if self.type is bool:
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("true", "1", "yes")
        return self.type(text)

    def format(self, value: Any) -> str:
        """`value` as a spec writes it: the one canonical text :meth:`parse` reads back."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, float):
            return repr(value).removesuffix(".0")
        return str(value)


def spec_parts(cls: type[Agent], params: dict[str, Any], keys: list[str]) -> list[str]:
    """The parts of a spec that write `keys` of `params`: ``key=value``, but the bare
    value for the agent's positional parameter (``level:3``)."""
    return [cls.PARAMS[key].format(params[key]) if key == cls.POSITIONAL
            else f"{key}={cls.PARAMS[key].format(params[key])}" for key in keys]


def spec_text(name: str, written: list[str]) -> str:
    """A spec from an agent's name and its ``key=value`` parts. A ``py:`` or ``cmd:``
    name holds a colon already (``py:module:Class``), so its parameters follow a comma."""
    if not written:
        return name
    return name + ("," if ":" in name else ":") + ",".join(written)


def _number(bound: float | None) -> str:
    return f"{bound:g}" if isinstance(bound, float) else str(bound)


class Agent(ABC):
    """Base class: a named, seeded decision maker for one game."""

    name: ClassVar[str]
    summary: ClassVar[str]
    # True only for evaluation-only agents that search the true world: the self-play
    # runner hands them a copy of it through `choose_in_world`, human-facing surfaces
    # refuse them (valdora_ai.agents.refuse_world_seer), every other agent gets
    # observations alone.
    needs_true_state: ClassVar[bool] = False
    # The parameter a spec may give first without its key (``level:3``); it is always
    # written, bare, in the agent's spec.
    POSITIONAL: ClassVar[str | None] = None
    PARAMS: ClassVar[dict[str, Param]] = {
        "seed": Param(int, 0, "seed of the agent's own random generator", 0, SEED_SPACE - 1),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        self.game = game
        for key, value in params.items():
            if key not in self.PARAMS:
                raise SpecError(f"{self.name}: unknown parameter {key!r} "
                                f"(valid: {', '.join(sorted(self.PARAMS))})")
            self.PARAMS[key].check(self.name, key, value)
        self.params = {key: p.default for key, p in self.PARAMS.items()} | params
        # The seat's clock for its next decision, set by whoever plays the game under a
        # time control (None: no clock); a search agent manages its time from it.
        self.clock: ClockReading | None = None

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this agent."""
        changed = [key for key, value in self.params.items()
                   if value != self.PARAMS[key].default or key == self.POSITIONAL]
        return spec_text(self.name, spec_parts(type(self), self.params, changed))

    @abstractmethod
    def choose(self, observation: Observation) -> int:
        """The step to play for the observer, who is the player to move."""

    def decide(self, analysis: Analysis) -> int:
        """The step this agent plays, given its own analysis: the recommendation (the
        first candidate). A difficulty level, which plays a plausible move rather than
        the best one, overrides it; the engine's ``move`` asks this."""
        return analysis.best.step

    def choose_in_world(self, observation: Observation, world: State) -> int:
        """The step to play given the true `world` too: only agents with
        ``needs_true_state`` are asked this way (by :func:`valdora_ai.selfplay.play_game`)."""
        raise SpecError(f"{self.spec} plays from observations only")

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """Ranked candidates with statistics, best first.

        Agents that do not search report their one choice and no figures (no value,
        no expected score, no win chance: they have none they could stand by); search
        agents override this (and implement :meth:`choose` as
        ``analyze(...).best.step``), honour the budget, stop early when ``control``
        says so and stream partial results to it.
        """
        step = self.choose(observation)
        return Analysis(player=observation.observer, agent=self.spec,
                        candidates=(Candidate(step=step, pv=(step,)),))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"
