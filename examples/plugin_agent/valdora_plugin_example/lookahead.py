"""A plugin agent: the step whose turn, finished greedily, the game's estimate likes best.

It uses only the public API (an observation in, a step out), so it plays every game
in the registry. Installed, it is the spec ``lookahead:worlds=4``; from a source tree,
``py:valdora_plugin_example.lookahead:LookaheadAgent,worlds=4``.
"""

from __future__ import annotations

from typing import Any

import valdora_ai as va
from valdora_ai.agents import Param


class LookaheadAgent(va.Agent):
    """Try every legal step in a few determinized worlds, finish the turn with the game's
    greedy policy, and keep the step with the best mean estimated margin."""

    summary = "one-step lookahead on sampled worlds, valued by the game's estimate"
    PARAMS = {
        **va.Agent.PARAMS,
        "worlds": Param(int, 2, "worlds sampled per decision", 1, 64),
    }

    def __init__(self, game: Any, **params: Any) -> None:
        super().__init__(game, **params)
        self.rng = va.make_rng(self.params["seed"])

    def choose(self, observation: Any) -> int:
        me = observation.observer
        legal = observation.legal_steps()
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.params["worlds"]):
            world = self.game.determinize(observation, self.rng)
            for step in legal:
                after = world.copy()
                after.apply(step)
                while not after.is_terminal() and after.current_player == me:
                    after.apply(self.game.greedy_step(after, self.rng))
                scores = self.game.estimate_final_scores(after)
                others = [s for seat, s in enumerate(scores) if seat != me]
                totals[step] += scores[me] - max(others)
        return max(legal, key=lambda step: totals[step])
