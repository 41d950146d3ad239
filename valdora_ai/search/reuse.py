"""Tree reuse between decisions: keep the subtree below the step just played.

After an MCTS agent chooses a step, the next decision it is asked about is often the
same player's next step in the same turn. If the new observation is exactly what the
old one becomes after that step (and whatever it revealed), the subtree below it was
built on the same public information, so its statistics stay valid and the search
continues from it. Anything else (another observer, other players' turns in
between, a different step played) starts a fresh tree.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.base import Game, Observation
from valdora_ai.search.tree import Node


class TreeMemory:
    """The last root searched, the belief state it was built on and the step chosen."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._last: tuple[int, Any, Node, int] | None = None

    def remember(self, observation: Observation, root: Node, step: int) -> None:
        self._last = (observation.observer, observation.belief_state(), root, step)

    def recall(self, observation: Observation) -> Node | None:
        """The subtree matching `observation`, or None."""
        if self._last is None:
            return None
        observer, belief, root, step = self._last
        self._last = None
        edge = root.children.get(step)
        if observer != observation.observer or edge is None:
            return None
        target = self.game.position_to_json(observation.belief_state())
        after = belief.copy()
        after.apply(step)
        for revealed, state in _resolve(after, ()):
            if self.game.position_to_json(state) == target:
                return edge.outcomes.get(revealed)
        return None


def _resolve(state: Any, revealed: tuple[int, ...]) -> list[tuple[tuple[int, ...], Any]]:
    """Every way the chance nodes after a step can resolve: (chance steps, state)."""
    if not state.is_chance_node():
        return [(revealed, state)]
    found = []
    for outcome, _ in state.chance_outcomes():
        child = state.copy()
        child.apply(outcome)
        found.extend(_resolve(child, (*revealed, outcome)))
    return found
