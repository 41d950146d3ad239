"""From trees to candidates: merged statistics, ranking and principal variations.

A candidate's statistics are the sums over every tree searched (one for ISMCTS, one
per world for PIMC): visits, and per player the mean reward, win share and score
estimate with the standard deviations of reward and score. Its principal variation
follows the most visited edge, and after a revealing step the most visited revealed
outcome (written as chance steps), from the tree in which the candidate was visited
most.

The recommended order (``candidates``) is what the agent plays first: by default the
most visited step (the robust child, as MCTS programs play), the votes first for
PIMC. ``order="lcb"`` ranks by the lower end of the 95% interval of the player's mean
reward instead (KataGo's ``lcb``), among the steps with at least LCB_VISIT_SHARE of
the most visited step's visits (KataGo's ``minVisitPropForLCB``; a spread measured on
a handful of play-outs is itself noise), the others following by visits. It is not
the default: in a 48-game seat-rotated Gnomes series at 100 iterations it won 15% of
the games against the robust child's 51% (docs/agents.md); the maximum of several
noisy means is biased upwards, and the visits already say where the search trusted
its estimates. ``order="value"`` ranks by the mean (PIMC's ``aggregate=average``).
"""

from __future__ import annotations

import math

from valdora_ai.analysis import Candidate
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, State
from valdora_ai.search.tree import Edge, Node

PV_LIMIT = 40  # steps
LCB_VISIT_SHARE = 0.15
ORDERS = ("visits", "lcb", "value")


def principal_variation(edge: Edge, limit: int = PV_LIMIT, least: int = 1) -> tuple[int, ...]:
    """The candidate's step, then the most visited line below it, as long as its next
    step has at least `least` visits."""
    pv = [edge.step]
    current: Edge | None = edge
    while current is not None and len(pv) < limit:
        if not current.outcomes:
            break
        revealed, node = max(current.outcomes.items(), key=lambda item: item[1].visits)
        pv.extend(revealed)
        current = max(node.children.values(), key=lambda e: e.visits, default=None)
        if current is None or current.visits < max(1, least):
            break
        pv.append(current.step)
    return tuple(pv)


def merged_candidate(edges: list[Edge], player: int, least: int = 1) -> Candidate:
    """One candidate from the edges of the same step in several trees (its line: see
    :func:`principal_variation`)."""
    visits = sum(e.visits for e in edges)
    players = len(edges[0].reward_sum)
    if not visits:
        return Candidate(step=edges[0].step, pv=(edges[0].step,))
    values = tuple(sum(e.reward_sum[i] for e in edges) / visits for i in range(players))
    scores = tuple(sum(e.score_sum[i] for e in edges) / visits for i in range(players))
    wins = tuple(sum(e.win_sum[i] for e in edges) / visits for i in range(players))
    value_sd = tuple(_sd(sum(e.reward_sq_sum[i] for e in edges), values[i], visits)
                     for i in range(players))
    score_sd = tuple(_sd(sum(e.score_sq_sum[i] for e in edges), scores[i], visits)
                     for i in range(players))
    richest = max(edges, key=lambda e: e.visits)
    return Candidate(step=richest.step, visits=visits, values=values,
                     win_probability=wins[player], expected_scores=scores,
                     pv=principal_variation(richest, least=least), win_probabilities=wins,
                     value_sd=value_sd, score_sd=score_sd)


def completed_turn(game: Game, belief: State, pv: tuple[int, ...]) -> tuple[int, ...]:
    """`pv` from the belief state `belief`, and, where it stops while its player is still
    to move with nothing to reveal, the rest of that turn by the game's greedy policy
    (ties broken by a fixed seed, so the same line is always completed the same way)."""
    board = belief.copy()
    mover = board.current_player

    def deciding() -> bool:
        return not (board.is_terminal() or board.is_chance_node()
                    or board.current_player != mover)

    for step in pv:
        if not deciding():
            return pv
        board.apply(step)
    rest: list[int] = []
    rng = make_rng(0)
    while deciding():
        rest.append(game.greedy_step(board, rng))
        board.apply(rest[-1])
    return (*pv, *rest)


def _sd(square_sum: float, mean: float, n: int) -> float:
    """The sample standard deviation of `n` values from their sum of squares and mean."""
    if n < 2:
        return 0.0
    return math.sqrt(max(0.0, (square_sum - n * mean * mean) / (n - 1)))


def candidates(roots: list[Node], player: int, votes: dict[int, int] | None = None,
               order: str = "visits", least: int = 1) -> tuple[Candidate, ...]:
    """Every root step tried, in the recommended order (:func:`ranked`), each line
    followed while its steps have at least `least` visits."""
    by_step: dict[int, list[Edge]] = {}
    for root in roots:
        for step, edge in root.children.items():
            by_step.setdefault(step, []).append(edge)
    return ranked([merged_candidate(edges, player, least) for edges in by_step.values()], player,
                  votes, order)


def ranked(found: list[Candidate], player: int, votes: dict[int, int] | None = None,
           order: str = "visits") -> tuple[Candidate, ...]:
    """`found` in the recommended order.

    By votes (PIMC by vote) when given, then by `order` (one of ORDERS): the visits,
    the lower confidence bound of the player's mean reward, or the mean; then by
    visits, mean and step, so ties never depend on dictionary order.
    """
    enough = LCB_VISIT_SHARE * max((c.visits for c in found), default=0)

    def key(c: Candidate) -> tuple[float, ...]:
        vote = votes.get(c.step, 0) if votes is not None else 0
        value = c.values[player] if c.values else 0.0
        if order == "value":
            return (-vote, -value, -c.visits, c.step)
        if order == "visits":
            return (-vote, -c.visits, -value, c.step)
        bound = c.lcb(player) if c.visits >= enough else -math.inf
        return (-vote, -bound, -c.visits, -value, c.step)

    return tuple(sorted(found, key=key))
