"""Parameters shared by the two MCTS agents (exploration, rollouts, cut-off).

Defaults: ``c=0.1`` because rewards are in [0, 1] and good and poor moves differ by a
few hundredths of a win share, so a larger constant (0.7) spreads a few hundred
iterations almost evenly over the moves; greedy play-outs to the end of the
searching player's next turn (``depth=1``), which separated moves that ``depth=0``
could not (see :mod:`valdora_ai.search.rollout`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.search_base import SearchAgent
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game
from valdora_ai.search.rollout import check_policy
from valdora_ai.search.uct import UctSettings


class MctsAgent(SearchAgent):
    """A search agent running UCT iterations (see :mod:`valdora_ai.search.uct`)."""

    PARAMS: ClassVar[dict[str, Param]] = {
        **SearchAgent.PARAMS,
        "c": Param(float, 0.1, "UCB exploration constant (rewards are in [0, 1])"),
        "widen": Param(float, 1.0, "progressive widening: at most 1 + widen*sqrt(visits) "
                                   "children, the policy's step first (0: off)"),
        "rollout": Param(str, "greedy", "playout policy: greedy or random"),
        "depth": Param(int, 1, "playout cut-off: the searching player's turns after the "
                               "current one, then the score estimate (-1: to the end)"),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        check_policy(self.params["rollout"])
        if self.params["depth"] < -1:
            raise SpecError(f"{self.name}: depth must be -1 (to the end) or more, "
                            f"got {self.params['depth']}")
        self.settings = UctSettings(game=game, evaluator=self.evaluator, c=self.params["c"],
                                    widen=self.params["widen"],
                                    policy=self.params["rollout"], depth=self.params["depth"],
                                    rng=self.rng)
