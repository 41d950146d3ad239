"""One MCTS iteration over a world: select by UCB, expand one edge, roll out, back up.

The same code serves both MCTS agents: ISMCTS passes a fresh determinization per
iteration (the tree is keyed by public information, see :mod:`tree`, so it is an
information-set tree), PIMC passes a copy of one fixed world per tree. Selection is
UCB1 with availability counts (Cowling et al. 2012): an edge's exploration term uses
the number of iterations in which its step was legal, since a determinization may
not offer every step. Untried legal steps are expanded first, in a random order
drawn from the search's own generator.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

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
    policy: str
    depth: int
    rng: Any


def select(node: Node, legal: list[int], player: int, c: float) -> Edge:
    """The UCB-best edge among the legal steps (all tried); ties go to the first."""
    children = node.children
    best = children[legal[0]]
    best_value = -math.inf
    for step in legal:
        edge = children[step]
        value = (edge.reward_sum[player] / edge.visits
                 + c * math.sqrt(math.log(edge.avail) / edge.visits))
        if value > best_value:
            best, best_value = edge, value
    return best


def iterate(root: Node, world: Any, settings: UctSettings) -> None:
    """One iteration from `root` in `world` (modified in place).

    Worlds are assumed to have no chance nodes of their own: all randomness of the
    game is in its hidden part, which the determinization fixed.
    """
    game = settings.game
    nodes = [root]
    edges: list[Edge] = []
    node = root
    while not world.is_terminal():
        legal = world.legal_steps()
        children = node.children
        untried = [s for s in legal if s not in children]
        for step in legal:
            edge = children.get(step)
            if edge is not None:
                edge.avail += 1
        if untried:  # expand one untried step, then roll out
            step = untried[settings.rng.randbelow(len(untried))]
            edge = children[step] = Edge(step, game.num_players)
            edge.avail = 1
            node = edge.next_node(game.apply_revealing(world, step))
            edges.append(edge)
            nodes.append(node)
            break
        edge = select(node, legal, world.current_player, settings.c)
        node = edge.next_node(game.apply_revealing(world, edge.step))
        edges.append(edge)
        nodes.append(node)
    outcome = rollout(game, world, settings.policy, settings.depth, settings.rng,
                      settings.evaluator)
    backup(nodes, edges, outcome)
