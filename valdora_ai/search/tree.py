"""The search tree of the MCTS agents: decision nodes, step edges, backup.

A :class:`Node` is a point where a player decides; its ``children`` are one
:class:`Edge` per decision step tried. An edge keeps the statistics (visits,
availability, per-player sums of reward, score estimate and win share, and of the
squares of reward and score, whose spread gives the means' intervals) and maps the
information the step made public (the chance steps of its reveals, ``()`` when it
revealed nothing) to the next decision node. So the tree is keyed by public
information only: two worlds that differ in unseen faces share every node until a
step shows the difference to everybody.
"""

from __future__ import annotations

from valdora_ai.search.rewards import Outcome


class Node:
    """A decision point; `visits` counts the iterations that passed through it,
    `policy_step` is the play-out policy's step here (-1: not known) and `priors` the
    learned policy's probability of each step (None: the search uses none)."""

    __slots__ = ("children", "policy_step", "priors", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Edge] = {}
        self.visits = 0
        self.policy_step = -1
        self.priors: dict[int, float] | None = None


class Edge:
    """One decision step from a node, with its statistics and its outcomes."""

    __slots__ = ("step", "visits", "avail", "reward_sum", "score_sum", "win_sum",
                 "reward_sq_sum", "score_sq_sum", "outcomes")

    def __init__(self, step: int, players: int) -> None:
        self.step = step
        self.visits = 0
        self.avail = 0  # iterations in which the step was legal (availability count)
        self.reward_sum = [0.0] * players
        self.score_sum = [0.0] * players
        self.win_sum = [0.0] * players
        self.reward_sq_sum = [0.0] * players
        self.score_sq_sum = [0.0] * players
        self.outcomes: dict[tuple[int, ...], Node] = {}

    def next_node(self, revealed: tuple[int, ...]) -> Node:
        node = self.outcomes.get(revealed)
        if node is None:
            node = self.outcomes[revealed] = Node()
        return node

    def add(self, outcome: Outcome) -> None:
        rewards, scores, wins = outcome
        self.visits += 1
        reward_sum, score_sum, win_sum = self.reward_sum, self.score_sum, self.win_sum
        reward_sq, score_sq = self.reward_sq_sum, self.score_sq_sum
        for i in range(len(reward_sum)):
            reward_sum[i] += rewards[i]
            score_sum[i] += scores[i]
            win_sum[i] += wins[i]
            reward_sq[i] += rewards[i] * rewards[i]
            score_sq[i] += scores[i] * scores[i]

    def mean(self, player: int) -> float:
        return self.reward_sum[player] / self.visits if self.visits else 0.0


def backup(nodes: list[Node], edges: list[Edge], outcome: Outcome) -> None:
    """Add one iteration's outcome along its path (max^n: the whole vector)."""
    for node in nodes:
        node.visits += 1
    for edge in edges:
        edge.add(outcome)
