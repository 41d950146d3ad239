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

*A learned prior* (``settings.guide``, spec ``policy=learned``: a policy trained on the
search's own visit distributions, :mod:`valdora_ai.learning.policy_model`) adds to
both, taking nothing away: at a node's first expansion it gives every legal step a
probability ``P``; the policy's step is still the first child and keeps its bias, the
later untried steps are added in order of ``P`` (the first of a tie in legal order)
rather than at random, and every child gets the further bias ``prior * P / (1 +
visits)`` (PUCT-like, after AlphaZero). A step legal in a later world but not in the
first one has ``P = 0``. Without a guide nothing changes. (Generation 1 replaced the
policy step's bias by the learned one; its near-uniform ``P`` then took visits from
the greedy step and lost heavily, docs/strength.md.)

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
from typing import TYPE_CHECKING, Any

from valdora_ai.analysis import Budget
from valdora_ai.games.base import Game
from valdora_ai.search.rewards import Evaluator
from valdora_ai.search.rollout import rollout
from valdora_ai.search.tree import Edge, Node, backup

if TYPE_CHECKING:
    from valdora_ai.learning.policy_model import PolicyModel


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
    guide: PolicyModel | None = None
    """A learned policy prior (None: the greedy step's bias and random expansion)."""


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


def select_guided(node: Node, tried: list[int], player: int, c: float, prior: float,
                  priors: dict[int, float]) -> Edge:
    """As :func:`select`, with the further bias ``prior * P / (1 + visits)`` on every
    edge, ``P`` the learned probability of its step."""
    children = node.children
    policy_step = node.policy_step
    sqrt, log = math.sqrt, math.log
    best = children[tried[0]]
    best_value = -math.inf
    for step in tried:
        edge = children[step]
        visits = edge.visits
        bias = prior * (priors.get(step, 0.0) + (step == policy_step))
        value = (edge.reward_sum[player] / visits + c * sqrt(log(edge.avail) / visits)
                 + bias / (1 + visits))
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
        if node.priors is None:
            edge = select(node, tried, world.current_player, settings.c, settings.prior)
        else:
            edge = select_guided(node, tried, world.current_player, settings.c,
                                 settings.prior, node.priors)
        node = edge.next_node(game.apply_revealing(world, edge.step))
        edges.append(edge)
        nodes.append(node)
    outcome = rollout(game, world, settings.policy, settings.depth, settings.rng,
                      settings.evaluator, searcher, settings.deadline, settings.now)
    backup(nodes, edges, outcome)


def _expand(node: Node, legal: list[int], settings: UctSettings, world: Any) -> Edge:
    """Add the next child: the policy's step first, then a random untried step (with a
    guide: the untried step of the highest learned probability)."""
    if settings.guide is not None:
        return _expand_guided(node, legal, settings, world, settings.guide)
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


def _expand_guided(node: Node, legal: list[int], settings: UctSettings, world: Any,
                   guide: PolicyModel) -> Edge:
    """Add the policy's step first, then the untried step of the highest learned
    probability; the node's first expansion computes them for every legal step."""
    children = node.children
    if node.priors is None:
        greedy = -1
        if settings.policy != "random":
            greedy = settings.game.greedy_step(world, settings.rng)
        node.policy_step = greedy if greedy in legal else -1
        node.priors = guide.priors(settings.game, world, legal, node.policy_step)
    priors = node.priors
    if not children and node.policy_step >= 0:
        step = node.policy_step
    else:
        step = max((s for s in legal if s not in children), key=lambda s: priors.get(s, 0.0))
    edge = children[step] = Edge(step, settings.game.num_players)
    edge.avail = 1
    return edge
