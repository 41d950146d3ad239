"""What the search agents share: budget and reward parameters, choose, root ensembles.

A search agent implements :meth:`SearchAgent.search` (one search of one decision,
honouring a budget and a control); this class turns spec parameters into a budget,
runs several independent searches merged at the root when asked (``jobs`` processes,
or ``trees`` searches one after another in this one), and chooses the best candidate.
A decision with a single legal step is answered without searching.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from dataclasses import replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Agent, Param
from valdora_ai.analysis import (
    CLOCKS,
    MAX_ITERATIONS,
    MAX_SECONDS,
    Analysis,
    Budget,
    Candidate,
    SearchControl,
)
from valdora_ai.backend import make_rng
from valdora_ai.clock import plan_time
from valdora_ai.games.base import Game, Observation
from valdora_ai.learning.model import model_for
from valdora_ai.rng import derive_seed
from valdora_ai.search.parallel import merge_analyses, run_parallel, split_budget
from valdora_ai.search.rewards import REWARDS, Evaluator
from valdora_ai.search.timing import ClockControl

DEFAULT_ITERATIONS = 300
ESTIMATES = ("hand", "learned")
MAX_JOBS = 64


class SearchAgent(Agent):
    """Base of the search agents; subclasses add their own parameters."""

    PARAMS: ClassVar[dict[str, Param]] = {
        **Agent.PARAMS,
        "iterations": Param(int, 0, "iterations per decision (0: no limit)", 0,
                            MAX_ITERATIONS),
        "time": Param(float, 0.0, "seconds per decision (0: no limit); with neither, "
                                  f"{DEFAULT_ITERATIONS} iterations", 0.0, MAX_SECONDS),
        "clock": Param(str, "wall", "what `time` measures: wall (elapsed) or cpu (the search's "
                                    "own CPU time, fair on a loaded machine); a time control "
                                    "always runs on the wall clock", choices=tuple(CLOCKS)),
        "reward": Param(str, "win", "backed-up reward: win (share), rank or margin",
                        choices=REWARDS),
        "eval": Param(str, "hand", "estimate at play-out cut-offs: hand (the game's) or "
                                   "learned (a value model)", choices=ESTIMATES),
        "model": Param(str, "", "value model file for eval=learned (empty: the shipped one)"),
        "jobs": Param(int, 1, "processes searching in parallel (root parallelism)", 1,
                      MAX_JOBS),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        model = (model_for(game, self.params["model"]) if self.params["eval"] == "learned"
                 else None)
        self.evaluator = Evaluator(game, self.params["reward"], model)
        self.rng = make_rng(self.params["seed"])

    def default_budget(self) -> Budget:
        """The budget from the spec (iterations and/or time), else the default."""
        iterations = self.params["iterations"] or None
        seconds = self.params["time"] or None
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        return Budget(iterations=iterations, seconds=seconds, clock=self.params["clock"])

    def resolved_budget(self, budget: Budget | None) -> Budget:
        """The budget a search is given: `budget` when the caller set one, else the
        spec's (before any game clock cuts it)."""
        return budget if budget is not None and not budget.is_default else self.default_budget()

    def choose(self, observation: Observation) -> int:
        return self.decide(self.analyze(observation))

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        explicit = budget is not None and not budget.is_default
        budget = self.resolved_budget(budget)
        legal = observation.belief_state().legal_steps()
        if len(legal) == 1:
            return Analysis(player=observation.observer, agent=self.spec,
                            candidates=(Candidate(step=legal[0], pv=(legal[0],)),))
        jobs = self.params["jobs"]
        searches = max(jobs, self.params.get("trees", 1))
        timer = None
        if self.clock is not None:
            plan = plan_time(self.clock, self.game.decisions_left(observation))
            iterations = budget.iterations if explicit or self.params["iterations"] else None
            limit = plan.hard if searches == 1 else plan.soft  # the parts cannot see the lead
            seconds = limit if budget.seconds is None else min(budget.seconds, limit)
            budget = Budget(iterations=iterations, seconds=seconds)  # a game clock is wall time
            if searches == 1:
                control = timer = ClockControl(plan=plan, inner=control,
                                               start=time.perf_counter())
        if searches > 1:
            return self._ensemble(observation, budget, control, searches, jobs)
        analysis = self.search(observation, budget, control)
        # Stopped by the time plan, not by the caller: the search did all it meant to.
        return replace(analysis, complete=True) if timer and timer.timed_out else analysis

    def _ensemble(self, observation: Observation, budget: Budget,
                  control: SearchControl | None, searches: int, jobs: int) -> Analysis:
        """`searches` independent searches of the decision, the iterations split between
        them, merged at the root: in `jobs` processes, or one after the other here (`jobs`
        1), where a stop request ends the current search and skips the rest, and progress
        reports show the merge so far.

        The searches' seeds follow on from one drawn from the agent's stream, so a seeded
        agent repeats its game, but a position it meets again is searched afresh: seeds
        fixed by the agent's seed alone made every decision a function of the position,
        and two ensembles in self-play then repeated a cycle of positions to the safety
        cap (docs/analysis.md)."""
        extra = {"trees": 1} if "trees" in self.params else {}
        first = self.rng.next_u64()
        params = [self.params | extra | {"jobs": 1, "seed": derive_seed(first, j)}
                  for j in range(searches)]
        budgets = split_budget(budget, searches)
        if budget.seconds is not None:  # each process runs searches/jobs of them in turn
            budgets = [replace(b, seconds=budget.seconds * jobs / searches) for b in budgets]
        pick = self.params.get("pick", "visits")
        if jobs > 1:
            args = [(type(self), self.game, p, observation, b)
                    for p, b in zip(params, budgets, strict=True)]
            return merge_analyses(run_parallel(_search_job, args, jobs), self.spec, pick)
        inner = None if control is None else SearchControl(stop_event=control.stop_event)
        done: list[Analysis] = []
        for p, b in zip(params, budgets, strict=True):
            done.append(type(self)(self.game, **p).search(observation, b, inner))
            if control is not None:
                if control.should_stop():
                    break
                if control.wants_report():
                    control.report(merge_analyses(done, self.spec, pick))
        return merge_analyses(done, self.spec, pick)

    @abstractmethod
    def search(self, observation: Observation, budget: Budget,
               control: SearchControl | None) -> Analysis:
        """One search of the observer's decision within `budget`."""


def _search_job(cls: type[SearchAgent], game: Game, params: dict[str, Any],
                observation: Observation, budget: Budget) -> Analysis:
    """A worker of root parallelism: a fresh agent searching one decision."""
    return cls(game, **params).search(observation, budget, None)
