"""PIMC: perfect-information Monte Carlo (determinized UCT).

Samples ``worlds`` worlds consistent with the observation once per decision (no
more than the iteration budget can visit, and no longer than its seconds or a stop
request allow: at least one), grows
one UCT tree per world (iterations dealt round-robin, so a time budget treats every
world alike) and aggregates the root: ``aggregate=vote`` ranks steps by the number
of worlds whose most visited step they are (then by total visits), ``average`` by
the mean reward of the player over every world's visits. Each tree sees its world's
hidden faces, which is PIMC's known weakness (strategy fusion); ISMCTS avoids it.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.mcts_base import MctsAgent
from valdora_ai.analysis import Analysis, Budget, SearchControl
from valdora_ai.games.base import Observation
from valdora_ai.search.loop import run_loop
from valdora_ai.search.report import candidates
from valdora_ai.search.tree import Node
from valdora_ai.search.uct import iterate, with_deadline

AGGREGATES = ("vote", "average")
MAX_WORLDS = 10_000


class PimcAgent(MctsAgent):
    name = "pimc"
    summary = "determinized UCT over sampled worlds, aggregated by vote or average"
    PARAMS: ClassVar[dict[str, Param]] = {
        **MctsAgent.PARAMS,
        "worlds": Param(int, 20, "worlds sampled per decision, one tree each", 1, MAX_WORLDS),
        "aggregate": Param(str, "vote", "root aggregation: vote or average",
                           choices=AGGREGATES),
    }

    def search(self, observation: Observation, budget: Budget,
               control: SearchControl | None) -> Analysis:
        start = budget.now()
        settings = with_deadline(self.settings, budget, start)
        worlds = self._sample(observation, budget, control, start)
        count = len(worlds)
        roots = [Node() for _ in range(count)]
        player = observation.observer

        def iteration(i: int) -> None:
            k = i % count
            iterate(roots[k], worlds[k].copy(), settings)

        def analysis(done: int, seconds: float, complete: bool = False) -> Analysis:
            used = [root for root in roots if root.visits]
            votes = self._votes(used, player) if self.params["aggregate"] == "vote" else None
            return Analysis(player=player, agent=self.spec, iterations=done,
                            worlds=len(used), seconds=seconds, complete=complete,
                            candidates=candidates(used, player, votes=votes,
                                                  order="value" if votes is None else "visits"),
                            extra={"votes": votes} if votes else {})

        result = run_loop(iteration, budget, control, analysis, start)
        return analysis(result.iterations, result.seconds, complete=not result.stopped)

    def _sample(self, observation: Observation, budget: Budget,
                control: SearchControl | None, start: float) -> list[Any]:
        """The worlds to search: ``worlds`` of them, fewer when the budget ends first."""
        count = self.params["worlds"]
        if budget.iterations is not None:
            count = min(count, budget.iterations)  # trees past the last iteration stay empty
        deadline = math.inf if budget.seconds is None else start + budget.seconds
        worlds = [self.game.determinize(observation, self.rng)]
        while len(worlds) < count and budget.now() < deadline:
            if control is not None and control.should_stop():
                break
            worlds.append(self.game.determinize(observation, self.rng))
        return worlds

    @staticmethod
    def _votes(roots: list[Node], player: int) -> dict[int, int]:
        """Each world's vote: its most visited root step (ties: higher mean, lower step)."""
        votes: dict[int, int] = {}
        for root in roots:
            edge = min(root.children.values(),
                       key=lambda e: (-e.visits, -e.mean(player), e.step))
            votes[edge.step] = votes.get(edge.step, 0) + 1
        return votes
