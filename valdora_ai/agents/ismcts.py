"""ISMCTS: single-observer information-set Monte Carlo tree search.

Every iteration samples a fresh world from the observation (``game.determinize``)
and walks one shared tree with it (:func:`valdora_ai.search.uct.iterate`). The tree
is keyed by decision steps and, after a step that reveals something, by the revealed
faces (``game.apply_revealing``), so statistics are shared by every world consistent
with what the players know and the tree never branches on an unseen face. In
Valdora all players share one information set, so the observer's tree is everybody's;
for a game with private information the same tree is the observer's view (opponents'
decisions are then searched over the observer's determinizations, the standard
single-observer simplification).

Values are per-player vectors (max^n): each player selects by its own component.
The tree is kept between decisions when sound (see :mod:`valdora_ai.search.reuse`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.mcts_base import MctsAgent
from valdora_ai.analysis import MAX_ITERATIONS, Analysis, Budget, Candidate, SearchControl
from valdora_ai.games.base import Game, Observation, State
from valdora_ai.rng import derive_seed
from valdora_ai.search.loop import run_loop
from valdora_ai.search.report import ORDERS, candidates, completed_turn
from valdora_ai.search.reuse import TreeMemory
from valdora_ai.search.settle import CHECK_EVERY, settled
from valdora_ai.search.tree import Node
from valdora_ai.search.uct import iterate, with_deadline


class IsmctsAgent(MctsAgent):
    name = "ismcts"
    summary = "information-set MCTS: a fresh sampled world per iteration, one shared tree"
    PARAMS: ClassVar[dict[str, Param]] = {
        **MctsAgent.PARAMS,
        "reuse": Param(bool, True, "keep the subtree of the step played for the next step"),
        "line": Param(float, 0.0, "a candidate's line follows the tree while its next step "
                                  "has at least this share of the search's iterations, and "
                                  "the greedy policy completes the turn from there (0: the "
                                  "tree's line to its end)", 0.0, 1.0),
        "pick": Param(str, "visits", "the recommended step: visits (the most visited) or lcb "
                                     "(the value's lower bound, among steps searched enough)",
                      choices=ORDERS[:2]),
        "stepwise": Param(int, 0, "the best decision's later steps each searched afresh with "
                                  "this many iterations, from the mover's observation after "
                                  "the steps before, to the end of the turn or a reveal (0: "
                                  "the tree's line; iteration budgets only)",
                          0, MAX_ITERATIONS),
        "settle": Param(int, 0, "adaptive budget: from this many iterations on, stop once the "
                                "recommendation is settled (0: off; the iterations are "
                                "then a maximum)", 0, MAX_ITERATIONS),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.memory = TreeMemory(game)

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """The search's analysis; with ``stepwise``, the recommended decision's line is
        the one the agent plays when it searches again at each step of its turn
        (docs/analysis.md: a turn's later steps follow a thinning tree, where seeds part).
        A time budget or a game clock leaves no room for the further searches."""
        analysis = super().analyze(observation, budget, control)
        later = self.params["stepwise"]
        timed = self.clock is not None or self.resolved_budget(budget).seconds is not None
        if not later or timed or not analysis.complete:
            return analysis
        best = analysis.candidates[0]
        line = self._stepwise_line(observation, best.step, later)
        return replace(analysis, candidates=(replace(best, pv=line), *analysis.candidates[1:]))

    def _stepwise_line(self, observation: Observation, first: int, iterations: int
                       ) -> tuple[int, ...]:
        """From `first`, each next step of the mover's turn chosen by a fresh search of
        `iterations` from the mover's observation after the steps before it (taken in a
        sampled world, which agrees with the observation on all the mover sees while no
        step reveals anything); ends with the turn, or with a step that reveals, whose
        outcome (a sampled draw) closes the line."""
        mover = observation.observer
        world = self.game.determinize(observation, self.rng)
        line, step = [first], first
        while True:
            revealed = self.game.apply_revealing(world, step)
            if revealed:
                return (*line, *revealed)
            if world.is_terminal() or world.current_player != mover:
                return tuple(line)
            step = self._later_step(self.game.observation(world, mover), iterations)
            line.append(step)

    def _later_step(self, observation: Observation, iterations: int) -> int:
        """The best step of a fresh search of `observation`, the spec's other settings
        kept (its own seed drawn from this agent's stream)."""
        legal = observation.belief_state().legal_steps()
        if len(legal) == 1:
            return legal[0]
        params = self.params | {"stepwise": 0, "iterations": iterations, "reuse": False,
                                "seed": derive_seed(self.rng.next_u64(), 0)}
        return type(self)(self.game, **params).analyze(observation).best.step

    def world_for_iteration(self, observation: Observation) -> State:
        """A world consistent with `observation`, sampled afresh for each iteration."""
        return self.game.determinize(observation, self.rng)

    def search(self, observation: Observation, budget: Budget,
               control: SearchControl | None) -> Analysis:
        start = budget.now()
        settings = with_deadline(self.settings, budget, start)
        root = (self.memory.recall(observation) if self.params["reuse"] else None) or Node()
        reused = root.visits
        player, order = observation.observer, self.params["pick"]

        def iteration(_: int) -> None:
            iterate(root, self.world_for_iteration(observation), settings)

        def partial(done: int, seconds: float) -> Analysis:
            return Analysis(player=player, candidates=candidates([root], player, order=order),
                            agent=self.spec, iterations=done, worlds=done, seconds=seconds)

        result = run_loop(iteration, budget, control, partial, start,
                          self._settled(root, observation, budget))
        analysis = Analysis(player=player, candidates=self._lines(root, observation),
                            agent=self.spec, iterations=result.iterations,
                            worlds=result.iterations, seconds=result.seconds,
                            complete=not result.stopped,
                            extra={"reused": reused, "settled": result.settled})
        if self.params["reuse"]:
            self.memory.remember(observation, root, analysis.best.step)
        return analysis

    def _lines(self, root: Node, observation: Observation) -> tuple[Candidate, ...]:
        """The root's candidates in the recommended order; with ``line`` set, each
        line cut where the tree has too few visits to choose and completed to the end
        of the turn by the greedy policy (docs/analysis.md: a thin tail is what two
        seeds disagree on)."""
        player, share = observation.observer, self.params["line"]
        found = candidates([root], player, order=self.params["pick"],
                           least=math.ceil(share * root.visits))
        if not share:
            return found
        belief = observation.belief_state()
        return tuple(replace(c, pv=completed_turn(self.game, belief, c.pv)) for c in found)

    def _settled(self, root: Node, observation: Observation, budget: Budget
                 ) -> Callable[[int], bool] | None:
        """The adaptive budget's check (:mod:`valdora_ai.search.settle`), None when
        ``settle`` is 0. Recommending by the lower bound (``pick=lcb``), only a step
        separated from every other settles it: a lead in visits says nothing there."""
        least, order = self.params["settle"], self.params["pick"]
        if not least:
            return None
        player = observation.observer
        legal = len(observation.belief_state().legal_steps())

        def check(done: int) -> bool:
            if done < least or done % CHECK_EVERY or done == budget.iterations:
                return False  # too early to judge, or nothing left to save
            remaining = (None if budget.iterations is None or order != "visits"
                         else budget.iterations - done)
            return settled(candidates([root], player, order=order), player, remaining,
                           legal - len(root.children))

        return check
