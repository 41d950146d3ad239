"""The expectimax agent: depth-limited expectimax-n on the observation's belief state.

See :mod:`valdora_ai.search.expectimax` for the algorithm (depth in decision steps,
greedy finish of the turn at the horizon, exact chance nodes, max^n backups, move
ordering and sound pruning). Within its budget of seconds or iterations (iterations
count evaluated leaves; with neither, the default below) the agent deepens
iteratively from depth 1 and answers with the deepest depth completed within it. An
iteration budget never cuts depth 1 short (so the answer does not depend on timing),
but the clock and a stop request end any depth, checked between play-outs: a search
stopped before its first depth is complete ranks the root steps valued so far, which
start with the greedy step (or, with none valued yet, answers the greedy step alone).
``jobs=N`` splits the root steps between N processes.

With neither ``iterations`` nor ``time`` the budget is :data:`DEFAULT_SECONDS`: one
horizon is 32 play-outs to the end of the game on a belief state, milliseconds in
Valdora but seconds in Zavandor and the Valley of Alchemists (whose belief states
play out on the reference engine), so no count of leaves keeps a decision short in
every game; the clock does, and a decision that ends within it (most of Valdora's)
is the same as without one.

Defaults (``depth=1,playouts=32,reward=margin``): each step available now, the turn
finished by the greedy policy, valued by 32 play-outs to the end with common random
numbers. They won the strength series against greedy bots where deeper searches did
not: with few play-outs a horizon's value is too noisy for the max over many, with
many a deeper search is too slow, and the estimate horizon (``playouts=0``) is
exploited through its blind spot for coins. The series are in docs/strength.md
("Expectimax horizons").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.search_base import SearchAgent
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.games.base import Game, Observation
from valdora_ai.search.expectimax import Aborted, Expectimax, ordered_steps
from valdora_ai.search.parallel import run_parallel

DEFAULT_SECONDS = 5.0  # the budget of a decision whose spec gives neither iterations nor time


class ExpectimaxAgent(SearchAgent):
    name = "expectimax"
    summary = "depth-limited expectimax-n with exact chance nodes at reveals"
    PARAMS: ClassVar[dict[str, Param]] = {
        **SearchAgent.PARAMS,
        "iterations": replace(SearchAgent.PARAMS["iterations"],
                              help="evaluated leaves per decision (0: no limit)"),
        "time": replace(SearchAgent.PARAMS["time"],
                        help="seconds per decision (0: no limit); with neither, "
                             f"{DEFAULT_SECONDS:g} seconds"),
        "reward": replace(SearchAgent.PARAMS["reward"], default="margin"),
        "depth": Param(int, 1, "decision steps searched (chance steps are free)", 1, 64),
        "playouts": Param(int, 32, "horizon value: N > 0 the mean of N greedy play-outs "
                                   "to the end, 0 the score estimate", 0, 100_000),
    }

    def default_budget(self) -> Budget:
        """The budget from the spec (iterations and/or time), else DEFAULT_SECONDS."""
        iterations = self.params["iterations"] or None
        seconds = self.params["time"] or (None if iterations else DEFAULT_SECONDS)
        return Budget(iterations=iterations, seconds=seconds, clock=self.params["clock"])

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        jobs = self.params["jobs"]
        legal = observation.belief_state().legal_steps()
        if jobs == 1 or len(legal) == 1:
            return super().analyze(observation, budget, control)
        if budget is None or budget.is_default:
            budget = self.default_budget()
        params = self.params | {"jobs": 1}
        args = [(self.game, params, observation, budget, legal[j::jobs]) for j in range(jobs)]
        parts = run_parallel(_root_job, [a for a in args if a[4]])
        player = observation.observer
        found = _ranked([c for part in parts for c in part.candidates], player)
        return Analysis(player=observation.observer, candidates=found, agent=self.spec,
                        iterations=sum(p.iterations for p in parts),
                        seconds=max(p.seconds for p in parts),
                        complete=all(p.complete for p in parts),
                        extra={"depth": min(p.extra["depth"] for p in parts), "jobs": jobs})

    def search(self, observation: Observation, budget: Budget,
               control: SearchControl | None, steps: list[int] | None = None) -> Analysis:
        start = budget.now()
        belief = observation.belief_state()
        player = observation.observer
        roots = steps if steps is not None else ordered_steps(self.game, belief)
        limited = budget.iterations is not None or budget.seconds is not None
        deadline = None if budget.seconds is None else start + budget.seconds
        should_stop = control.should_stop if control is not None else None
        # Common random numbers within this search, fresh ones for the next decision (so
        # a position met again is not bound to repeat its choice).
        sampling = {"playouts": self.params["playouts"], "seed": self.rng.next_u64()}
        best: tuple[Candidate, ...] = ()
        reached = 0
        leaves = 0
        stopped = False
        for depth in range(1 if limited else self.params["depth"], self.params["depth"] + 1):
            max_leaves = (None if budget.iterations is None or depth == 1
                          else budget.iterations - leaves)
            search = Expectimax(self.game, self.evaluator, max_leaves, deadline, should_stop,
                                now=budget.now, **sampling)
            found: list[Candidate] = []
            try:
                self._depth(search, belief, roots, depth, player, found)
            except Aborted:
                stopped = should_stop is not None and should_stop()
                leaves += search.leaves
                if not best:  # nothing complete: the roots valued so far, else the first
                    best = _ranked(found, player) or (Candidate(step=roots[0],
                                                                pv=(roots[0],)),)
                break
            leaves += search.leaves
            best, reached = _ranked(found, player), depth
            if control is not None and control.wants_report() and depth < self.params["depth"]:
                control.report(Analysis(player=player, candidates=best, agent=self.spec,
                                        iterations=leaves, seconds=budget.now() - start,
                                        complete=False, extra={"depth": depth}))
        return Analysis(player=player, candidates=best, agent=self.spec, iterations=leaves,
                        seconds=budget.now() - start,
                        complete=reached == self.params["depth"] and not stopped,
                        extra={"depth": reached})

    @staticmethod
    def _depth(search: Expectimax, belief: Any, roots: list[int], depth: int, player: int,
               found: list[Candidate]) -> None:
        """Append every root step's exact value at `depth` to `found` (Aborted may cut
        it short: `found` then holds the roots valued so far)."""
        for step in roots:
            before = search.leaves
            child = belief.copy()
            child.apply(step)
            result = search.value(child, depth - 1, player, None)
            assert result is not None  # no bound at the root: nothing is pruned
            (rewards, scores, wins), line = result
            found.append(Candidate(step=step, visits=search.leaves - before,
                                   values=tuple(rewards), win_probability=wins[player],
                                   expected_scores=tuple(scores), pv=(step, *line),
                                   win_probabilities=tuple(wins)))


def _ranked(found: list[Candidate], player: int) -> tuple[Candidate, ...]:
    """Candidates best first for `player`; those without values (not searched) last."""
    return tuple(sorted(found, key=lambda c: (not c.values,
                                              -c.values[player] if c.values else 0.0, c.step)))


def _root_job(game: Game, params: dict[str, Any], observation: Observation, budget: Budget,
              steps: list[int]) -> Analysis:
    """A worker of root splitting: search only `steps` at the root."""
    return ExpectimaxAgent(game, **params).search(observation, budget, None, steps)
