"""Tree reuse between decisions: keep the subtree below the step just played.

After an MCTS agent chooses a step, the next decision it is asked about is often the
same player's next step in the same turn. If the new observation is exactly what the
old one becomes after that step (and whatever it revealed), the subtree below it was
built on the same public information, so its statistics stay valid and the search
continues from it. Anything else (another observer, other players' turns in
between, a different step played) starts a fresh tree.

Only the outcomes the tree stored are tried: enumerating every way the chance nodes
after the step could resolve was the Valley of Alchemists' loss on time (a step that
emptied three face-up spaces has tens of thousands of refill draws; one such recall
took 2 to 6 s, past a 10+0.1 clock, and found nothing when other players had moved).
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
        for revealed, node in edge.outcomes.items():
            state = _follow(after, revealed)
            if state is not None and self.game.position_to_json(state) == target:
                return node
        return None


def _follow(state: Any, revealed: tuple[int, ...]) -> Any | None:
    """A copy of `state` after the chance steps `revealed`, which must resolve all its
    chance nodes and no more; None when they do not fit it."""
    state = state.copy()
    for outcome in revealed:
        if not state.is_chance_node() or outcome not in {
                o for o, _ in state.chance_outcomes()}:
            return None
        state.apply(outcome)
    return None if state.is_chance_node() else state
