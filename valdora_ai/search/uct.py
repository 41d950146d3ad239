"""One MCTS iteration over a world: select by UCB, expand one edge, roll out, back up.

The same code serves both MCTS agents: ISMCTS passes a fresh determinization per
iteration (the tree is keyed by public information, see :mod:`tree`, so it is an
information-set tree), PIMC passes a copy of one fixed world per tree. Selection is
UCB1 with availability counts (Cowling et al. 2012): an edge's exploration term uses
the number of iterations in which its step was legal, since a determinization may
not offer every step.

Expansion uses *progressive widening* with a policy prior: a node's first child is
the greedy step (with ``greedy`` or ``quick`` play-outs: one step a node, so
the better policy's), and a further untried step is
added only while the node has fewer than ``1 + widen * sqrt(visits)`` children
(``widen=0``: every legal step is tried before any is revisited, plain UCT). Without
it, a few hundred iterations spread over ~20 moves each try every reply once, and
the poor replies drag the mean of a good move down to the level of the others; with
it, a good move is first valued by its best-known continuation, and alternatives are
added as the visits grow, so the search still converges. Later untried steps come
in a random order from the search's own generator. Selection then adds a
*progressive bias* ``prior / (1 + visits)`` to the policy's step (Chaslot et al.
2008): with full-game play-outs one lucky result could otherwise carry a poor move
past the policy's in a small search; the bias fades as the step's own visits grow.

*Tree span.* With ``turn_only`` (spec ``tree=turn``) the tree holds only the
searching player's decisions of the current turn; once another player is to move the
iteration rolls out. Every iteration then values a complete turn of the searcher by
the play-out policy's continuation: a policy-improvement step over that policy,
whose estimates are not diluted by exploring the opponents' poor replies (with
``tree=game`` a few thousand iterations spread over every player's decisions pulled a
good move's mean well below its flat Monte Carlo value; see docs/strength.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from valdora_ai.analysis import Budget
from valdora_ai.games.base import Game
from valdora_ai.search.rewards import Evaluator
from valdora_ai.search.rollout import rollout
from valdora_ai.search.tree import Edge, Node, backup


@dataclass
class UctSettings:
    """What an iteration needs besides the tree and the world."""

    game: Game
    evaluator: Evaluator
    c: float
    widen: float
    policy: str
    depth: int
    rng: Any
    turn_only: bool = False
    prior: float = 0.0
    deadline: float | None = None
    """A reading of the budget's clock (`now`): a pure-Python play-out still running then
    stops and is valued where it stands, so one slow iteration cannot overrun the
    search's budget (compiled play-outs take milliseconds and always finish)."""
    now: Callable[[], float] = time.perf_counter
    """The clock `deadline` is read on (the budget's: wall or CPU time)."""


def with_deadline(settings: UctSettings, budget: Budget, start: float) -> UctSettings:
    """`settings` for a search that began at `start` (:meth:`Budget.now`) under `budget`."""
    if budget.seconds is None:
        return settings
    return replace(settings, deadline=start + budget.seconds, now=budget.now)


def select(node: Node, tried: list[int], player: int, c: float, prior: float = 0.0) -> Edge:
    """The UCB-best edge among the `tried` legal steps; ties go to the first.

    The policy's step gets a progressive bias ``prior / (1 + visits)`` (Chaslot et al.
    2008): a head start that fades as its own statistics accumulate.
    """
    children = node.children
    policy_step = node.policy_step
    sqrt, log = math.sqrt, math.log  # locals: this loop is most of a search's own time
    best = children[tried[0]]
    best_value = -math.inf
    for step in tried:
        edge = children[step]
        visits = edge.visits
        value = edge.reward_sum[player] / visits + c * sqrt(log(edge.avail) / visits)
        if step == policy_step:
            value += prior / (1 + visits)
        if value > best_value:
            best, best_value = edge, value
    return best


def iterate(root: Node, world: Any, settings: UctSettings) -> None:
    """One iteration from `root` in `world` (modified in place).

    Worlds are assumed to have no chance nodes of their own: all randomness of the
    game is in its hidden part, which the determinization fixed.
    """
    game = settings.game
    searcher = world.current_player
    nodes = [root]
    edges: list[Edge] = []
    node = root
    while not world.is_terminal():
        if settings.turn_only and world.current_player != searcher:
            break  # the searcher's turn is over: the rest is play-out
        legal = world.legal_steps()
        children = node.children
        tried = [step for step in legal if step in children]
        for step in tried:
            children[step].avail += 1
        if len(tried) < len(legal) and (
                not tried or settings.widen <= 0
                or len(tried) < 1 + settings.widen * math.sqrt(node.visits)):
            edge = _expand(node, legal, settings, world)
            node = edge.next_node(game.apply_revealing(world, edge.step))
            edges.append(edge)
            nodes.append(node)
            break  # then roll out
        edge = select(node, tried, world.current_player, settings.c, settings.prior)
        node = edge.next_node(game.apply_revealing(world, edge.step))
        edges.append(edge)
        nodes.append(node)
    outcome = rollout(game, world, settings.policy, settings.depth, settings.rng,
                      settings.evaluator, searcher, settings.deadline, settings.now)
    backup(nodes, edges, outcome)


def _expand(node: Node, legal: list[int], settings: UctSettings, world: Any) -> Edge:
    """Add the next child: the policy's step first, then a random untried step."""
    children = node.children
    step = -1
    if not children:
        if settings.policy != "random":  # quick too: greedy's step is the better prior
            step = settings.game.greedy_step(world, settings.rng)
        if step not in legal:
            step = -1
        node.policy_step = step
    if step < 0:
        untried = [s for s in legal if s not in children]
        step = untried[settings.rng.randbelow(len(untried))]
    edge = children[step] = Edge(step, settings.game.num_players)
    edge.avail = 1
    return edge
