"""From trees to candidates: merged statistics, ranking and principal variations.

A candidate's statistics are the sums over every tree searched (one for ISMCTS, one
per world for PIMC): visits, and per player the mean reward, win share and score
estimate. Its principal variation follows the most visited edge, and after a
revealing step the most visited revealed outcome (written as chance steps), from
the tree in which the candidate was visited most.
"""

from __future__ import annotations

from valdora_ai.analysis import Candidate
from valdora_ai.search.tree import Edge, Node

PV_LIMIT = 40  # steps


def principal_variation(edge: Edge, limit: int = PV_LIMIT) -> tuple[int, ...]:
    """The candidate's step, then the most visited line below it."""
    pv = [edge.step]
    current: Edge | None = edge
    while current is not None and len(pv) < limit:
        if not current.outcomes:
            break
        revealed, node = max(current.outcomes.items(), key=lambda item: item[1].visits)
        pv.extend(revealed)
        current = max(node.children.values(), key=lambda e: e.visits, default=None)
        if current is None or current.visits == 0:
            break
        pv.append(current.step)
    return tuple(pv)


def merged_candidate(edges: list[Edge], player: int) -> Candidate:
    """One candidate from the edges of the same step in several trees."""
    visits = sum(e.visits for e in edges)
    players = len(edges[0].reward_sum)
    if not visits:
        return Candidate(step=edges[0].step, pv=(edges[0].step,))
    values = tuple(sum(e.reward_sum[i] for e in edges) / visits for i in range(players))
    scores = tuple(sum(e.score_sum[i] for e in edges) / visits for i in range(players))
    wins = tuple(sum(e.win_sum[i] for e in edges) / visits for i in range(players))
    richest = max(edges, key=lambda e: e.visits)
    return Candidate(step=richest.step, visits=visits, values=values,
                     win_probability=wins[player], expected_scores=scores,
                     pv=principal_variation(richest), win_probabilities=wins)


def candidates(roots: list[Node], player: int, votes: dict[int, int] | None = None,
               by_value: bool = False) -> tuple[Candidate, ...]:
    """Every root step tried, best first.

    Ranked by votes (PIMC by vote) when given, then by visits and mean reward of the
    player (mean reward first when `by_value`), then by step, so ties never depend on
    dictionary order.
    """
    by_step: dict[int, list[Edge]] = {}
    for root in roots:
        for step, edge in root.children.items():
            by_step.setdefault(step, []).append(edge)
    found = [merged_candidate(edges, player) for edges in by_step.values()]

    def key(c: Candidate) -> tuple[float, ...]:
        vote = votes.get(c.step, 0) if votes is not None else 0
        value = c.values[player] if c.values else 0.0
        if by_value:
            return (-vote, -value, -c.visits, c.step)
        return (-vote, -c.visits, -value, c.step)

    return tuple(sorted(found, key=key))
