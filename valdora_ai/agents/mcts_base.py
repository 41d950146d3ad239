"""Parameters shared by the two MCTS agents (exploration, rollouts, cut-off)."""

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
        "c": Param(float, 0.7, "UCB exploration constant (rewards are in [0, 1])"),
        "rollout": Param(str, "greedy", "playout policy: greedy or random"),
        "depth": Param(int, 1, "playout cut-off in turns after the current one, "
                               "then the score estimate"),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        check_policy(self.params["rollout"])
        if self.params["depth"] < 0:
            raise SpecError(f"{self.name}: depth must not be negative, got {self.params['depth']}")
        self.settings = UctSettings(game=game, evaluator=self.evaluator, c=self.params["c"],
                                    policy=self.params["rollout"], depth=self.params["depth"],
                                    rng=self.rng)
