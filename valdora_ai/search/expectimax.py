"""Depth-limited expectimax-n over a belief state, with exact chance nodes.

The search runs on the observation's belief state, so every reveal is an explicit
chance node whose outcomes carry their exact probabilities (``chance_outcomes()``);
no world is ever sampled. Decision nodes are max^n: the player to move picks the
child with the highest reward for themselves, ties going to the lowest step, and
the whole vector (rewards, score estimates, win shares) is backed up. Chance nodes
average the vectors by probability.

Depth counts **decision steps** (chance steps are free). At the horizon, the turn in
progress (the player who made the last decision still to move) is finished by the
game's greedy policy, still expanding its reveals exactly, and then evaluated with
the game's score estimate (:class:`~valdora_ai.search.rewards.Evaluator`). With
``playouts=N`` the horizon is instead valued by the mean outcome of N greedy play-outs
to the end of the game from the belief state, which finish the turn themselves and
draw its reveals with their exact probabilities (so each play-out is a sample of the
real distribution; expanding the greedy finish's reveals exactly and playing out
every outcome multiplied the play-outs by the outcomes; docs/performance.md). Play-out i
of every horizon draws from a generator seeded ``seed + i`` (common random numbers):
the horizons are compared under the same luck, which cancels much of the sampling noise
between them, and a horizon's value does not depend on the order of the search, so
pruning stays exact. So ``depth=1`` compares the steps available now, each followed
by a greedy finish of the turn.

Move ordering: the game's greedy step first, then the others in step order. Pruning
(only when rewards are constant-sum, i.e. ``win`` and ``rank``; rewards lie in
[0, 1]): *shallow max^n pruning* -- below a node where player p has a best value
``b``, a node of another player q stops once its best ``v_q`` proves
``v_p <= S - v_q < b``; and *chance bounds* (Star1) -- a chance node stops once even
1 for every unexplored outcome cannot lift p's expectation to ``b``, and its children
get the matching threshold. Both only cut subtrees whose value for p is proven
strictly below ``b``, so the values at the root are exactly those of full expansion
(``tests/test_expectimax.py`` checks it against brute force). The root's children are
all searched without a bound, so every candidate has its exact value.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from valdora_ai.backend import make_rng
from valdora_ai.games.base import CHANCE, Game
from valdora_ai.playout import greedy_playout
from valdora_ai.rng import derive_seed
from valdora_ai.search.rewards import Evaluator, Outcome

Result = tuple[Outcome, tuple[int, ...]]  # (value, principal variation)
TIE_SEED = 0  # seed of the greedy tie-breaker at the horizon (fixed: results reproducible)
EPS = 1e-9  # a cut needs a margin: values equal up to rounding are never pruned
CLOCK_EVERY = 16  # leaves between looks at the clock (a look is cheap, a leaf is not)


class Aborted(Exception):
    """The budget ran out in the middle of a depth."""


class Expectimax:
    """One depth-limited search; ``leaves`` counts evaluations (the iteration budget)."""

    def __init__(self, game: Game, evaluator: Evaluator, max_leaves: int | None = None,
                 deadline: float | None = None,
                 should_stop: Callable[[], bool] | None = None, playouts: int = 0,
                 seed: int = 0, now: Callable[[], float] = time.perf_counter) -> None:
        self.game = game
        self.playouts = playouts
        self.seed = seed
        self.evaluator = evaluator
        self.total = evaluator.constant_sum
        self.max_leaves = max_leaves
        self.deadline = deadline  # a reading of the clock `now`
        self.now = now
        self.should_stop = should_stop
        self.leaves = 0

    # ------------------------------------------------------------- horizon
    def leaf(self, state: Any, player: int) -> Outcome:
        """Finish `player`'s turn greedily (reveals expanded exactly), then evaluate; with
        play-outs, the play-outs finish the turn themselves (drawing its reveals)."""
        if self.playouts and not state.is_terminal():
            self._tick()
            return self._played_out(state)
        if state.is_chance_node():
            return self._average([(p, self.leaf(_after(state, s), player))
                                  for s, p in state.chance_outcomes()])
        if state.is_terminal() or state.current_player != player:
            self._tick()
            return self.evaluator.evaluate(state)
        state = state.copy()
        state.apply(self.game.greedy_step(state, make_rng(TIE_SEED)))
        return self.leaf(state, player)

    def _played_out(self, state: Any) -> Outcome:
        """The mean outcome of `playouts` greedy play-outs to the end from `state`.

        The clock is checked before every play-out after the first: one horizon may
        be thousands of them."""
        weight = 1.0 / self.playouts
        outcomes = []
        for i in range(self.playouts):
            if i and self._out_of_time():
                raise Aborted
            world = state.copy()
            greedy_playout(self.game, world, make_rng(derive_seed(self.seed, i)))
            outcomes.append((weight, self.evaluator.evaluate(world)))
        return self._average(outcomes)

    def _tick(self) -> None:
        self.leaves += 1
        if self.max_leaves is not None and self.leaves > self.max_leaves:
            raise Aborted
        if self.leaves % CLOCK_EVERY == 0 and self._out_of_time():
            raise Aborted

    def _out_of_time(self) -> bool:
        """The deadline has passed or the caller asked to stop."""
        return ((self.deadline is not None and self.now() > self.deadline)
                or (self.should_stop is not None and self.should_stop()))

    @staticmethod
    def _average(weighted: list[tuple[float, Outcome]]) -> Outcome:
        n = len(weighted[0][1][0])
        return tuple([sum(p * o[k][i] for p, o in weighted) for i in range(n)]  # type: ignore[return-value]
                     for k in range(3))

    # ------------------------------------------------------------- search
    def children(self, state: Any) -> list[int]:
        return ordered_steps(self.game, state)

    def value(self, state: Any, depth: int, last: int, bound: tuple[int, float] | None
              ) -> Result | None:
        """The value of `state` with `depth` decisions left, or None when pruned.

        `last` is the player who made the previous decision; `bound` (p, b) means the
        caller only needs this node if p's value here can be at least b.
        """
        if state.is_terminal():
            self._tick()
            return self.evaluator.evaluate(state), ()
        player = state.current_player
        if player == CHANCE:
            return self._chance(state, depth, last, bound)
        if depth == 0:
            return self.leaf(state, last), ()
        best: Result | None = None
        best_step = -1
        for step in self.children(state):
            own = best[0][0][player] if best is not None else -math.inf
            child_bound = (player, own) if self.total is not None and best is not None else None
            if bound is not None and bound[0] == player and self.total is not None:
                child_bound = (player, max(own, bound[1]))
            result = self.value(_after(state, step), depth - 1, player, child_bound)
            if result is None:
                continue
            mine = result[0][0][player]
            if best is None or mine > own or (mine == own and step < best_step):
                best, best_step = (result[0], (step, *result[1])), step
            if bound is not None and self.total is not None and bound[0] != player:
                if self.total - best[0][0][player] < bound[1] - EPS:
                    return None  # the caller's player gets less than b here
        if best is None or (bound is not None and bound[0] == player
                            and best[0][0][player] < bound[1] - EPS):
            return None
        return best

    def _chance(self, state: Any, depth: int, last: int, bound: tuple[int, float] | None
                ) -> Result | None:
        canonical = state.chance_outcomes()
        outcomes = sorted(canonical, key=lambda o: (-o[1], o[0]))  # likeliest first
        values: dict[int, Outcome] = {}
        pv: tuple[int, ...] = ()
        done = 0.0  # probability explored
        gained = 0.0  # p's expectation over the explored outcomes
        for step, prob in outcomes:
            child_bound = None
            if bound is not None and self.total is not None:
                # The rest at best 1 each: this child must reach `need` to matter.
                need = (bound[1] - gained - (1.0 - done - prob)) / prob
                child_bound = (bound[0], need) if need > 0 else None
            result = self.value(_after(state, step), depth, last, child_bound)
            if result is None:
                return None  # proven: p's expectation here stays below b
            values[step] = result[0]
            if not pv:
                pv = (step, *result[1])
            done += prob
            if bound is not None:
                gained += prob * result[0][0][bound[0]]
                if self.total is not None and gained + (1.0 - done) < bound[1] - EPS:
                    return None
        # Averaged in the game's outcome order, so the sum is the same float however
        # the outcomes were explored.
        return self._average([(prob, values[step]) for step, prob in canonical]), pv


def ordered_steps(game: Game, state: Any) -> list[int]:
    """Legal steps, the greedy step first (move ordering)."""
    legal = state.legal_steps()
    first = game.greedy_step(state, make_rng(TIE_SEED))
    return [first] + [s for s in legal if s != first] if first in legal else legal


def _after(state: Any, step: int) -> Any:
    child = state.copy()
    child.apply(step)
    return child
