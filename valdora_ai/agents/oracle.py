"""EVALUATION ONLY: ISMCTS that searches the true present instead of sampled ones.

``oracle-ismcts`` cheats: it knows everything any player holds or has seen (opponents'
hand cards and soil samples included), so it measures what hidden information costs
the honest ``ismcts`` at equal budget (docs/strength.md). What no player can know, the
future (the order of face-down piles nobody has looked at), it samples afresh each
iteration (``future=sampled``, the game's ``future_sampler``), as the honest search
samples its worlds; ``future=known`` searches copies of the one true world instead,
clairvoyant about every future draw, and its greedy play-outs from that world all end
alike. It is never offered for play against people:

* it is not handed observations it could search: :meth:`choose` and :meth:`analyze`
  refuse, because an observation carries no world;
* only the self-play runner (:func:`valdora_ai.selfplay.play_game`, so tournaments and
  benchmarks) gives it the world, through :meth:`choose_in_world`, because the class
  declares ``needs_true_state``; every other agent gets observations alone;
* interactive play, hints, ``suggest`` and the engine refuse it by name
  (:func:`valdora_ai.agents.refuse_world_seer`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.analysis import Analysis, Budget, SearchControl
from valdora_ai.errors import SpecError
from valdora_ai.games.base import Game, Observation, State

FUTURES = ("sampled", "known")

class OracleIsmctsAgent(IsmctsAgent):
    name = "oracle-ismcts"
    summary = ("EVALUATION ONLY, sees every player's hidden cards: ismcts searching the "
               "true present (never for play against people)")
    needs_true_state = True
    PARAMS: ClassVar[dict[str, Param]] = {
        **IsmctsAgent.PARAMS,
        "jobs": replace(IsmctsAgent.PARAMS["jobs"],
                        help="processes searching in parallel (only 1: workers get no world)",
                        high=1),
        "trees": replace(IsmctsAgent.PARAMS["trees"],
                         help="independent searches of each decision (only 1: a fresh "
                              "search gets no world)", high=1),
        "future": Param(str, "sampled", "sampled: draw what no player knows afresh each "
                        "iteration; known: search the true world, future draws included",
                        choices=FUTURES),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self._world: State | None = None
        self._future: Callable[[Any], State] | None = None

    def choose_in_world(self, observation: Observation, world: State) -> int:
        """The step searched on copies of the true `world` (a copy of the game's state)."""
        return self.analyze_in_world(observation, world).best.step

    def analyze_in_world(self, observation: Observation, world: State,
                         budget: Budget | None = None,
                         control: SearchControl | None = None) -> Analysis:
        """:meth:`analyze`, each iteration on a copy of the true `world` (recording what
        the observer would see, so the tree has the honest search's keys), its future
        drawn afresh unless ``future=known``."""
        self._world = self.game.world_seen_by(world, observation.observer)
        if self.params["future"] == "sampled":
            self._future = self.game.future_sampler(self._world)
        try:
            return super().analyze(observation, budget, control)
        finally:
            self._world = self._future = None

    def choose(self, observation: Observation) -> int:
        return self.analyze(observation).best.step

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        if self._world is None:
            raise SpecError(f"{self.name} sees the hidden cards and is for evaluation only: "
                            "only self-play (tournaments, benchmarks) hands it the world")
        return super().analyze(observation, budget, control)

    def world_for_iteration(self, observation: Observation) -> State:
        assert self._world is not None  # analyze refuses to search without one
        if self._future is None:
            return self._world.copy()
        return self._future(self.rng)
