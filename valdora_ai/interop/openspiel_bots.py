"""OpenSpiel's Python search bots as library agents, usable wherever a spec is.

``py:valdora_ai.interop.openspiel_bots:Ismcts,iterations=200,time=1`` is OpenSpiel's
``ISMCTSBot`` (random-rollout evaluator) searching the game's OpenSpiel form
(:mod:`valdora_ai.interop.openspiel`) from the agent's observation: the root is one
world drawn by ``determinize`` and every iteration resamples through
``resample_from_infostate``. ``py:...:Mcts`` is OpenSpiel's ``MCTSBot`` on one
determinized world (it sees that world as the truth). ``time`` caps the seconds of
one decision for ISMCTS (0: iterations alone); both stop after ``iterations``.
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

import numpy as np

from valdora_ai.agents.base import Agent, Param
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, Observation
from valdora_ai.interop import require
from valdora_ai.interop.openspiel import DEALS, Play, WorldState, short_name

pyspiel = require("pyspiel", "openspiel")
_ismcts = require("open_spiel.python.algorithms.ismcts", "openspiel")
_mcts = require("open_spiel.python.algorithms.mcts", "openspiel")

_SEED_MASK = 2**32 - 1  # numpy's RandomState takes 32-bit seeds


class _TimeUp(Exception):
    """Raised inside OpenSpiel's search loop when the decision's time is spent."""


class _TimedIsmcts(_ismcts.ISMCTSBot):  # type: ignore[name-defined]
    """ISMCTSBot that stops between iterations once `deadline` has passed."""

    deadline = math.inf

    def sample_root_state(self, state: Any) -> Any:
        if time.monotonic() >= self.deadline and self._root_node.total_visits > 0:
            raise _TimeUp
        return super().sample_root_state(state)


class _OpenSpielAgent(Agent):
    """The common part: the game's OpenSpiel form and a root state per decision."""

    PARAMS: ClassVar[dict[str, Param]] = Agent.PARAMS | {
        "iterations": Param(int, 200, "search iterations per decision", 1, 1_000_000),
        "c": Param(float, 2.0, "UCT exploration constant", 0.0, 100.0),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.spiel = pyspiel.load_game(short_name(game.name), {"players": game.num_players})
        self._worlds = make_rng(self.params["seed"])
        self.random = np.random.RandomState(self.params["seed"] & _SEED_MASK)

    def root(self, observation: Observation) -> Any:
        """A pyspiel state in the observer's information set (one determinized world)."""
        world = self.game.determinize(observation, self._worlds)
        return WorldState(self.spiel, Play(self.game, DEALS, world=world))

    def evaluator(self) -> Any:
        return _mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random)


class Ismcts(_OpenSpielAgent):
    """OpenSpiel's ISMCTSBot (see the module docstring)."""

    name = "openspiel-ismcts"
    summary = "OpenSpiel's Python ISMCTS bot (random rollouts)"
    PARAMS: ClassVar[dict[str, Param]] = _OpenSpielAgent.PARAMS | {
        "time": Param(float, 0.0, "seconds per decision at most (0: no limit)", 0.0, 86_400.0),
    }

    def choose(self, observation: Observation) -> int:
        bot = _TimedIsmcts(self.spiel, self.evaluator(), self.params["c"],
                           self.params["iterations"], random_state=self.random)
        limit = self.params["time"]
        bot.deadline = time.monotonic() + limit if limit else math.inf
        state = self.root(observation)
        try:
            policy = bot.run_search(state)
        except _TimeUp:
            policy = bot.get_final_policy(state, bot._root_node)  # the tree searched so far
        return int(max(policy, key=lambda pair: pair[1])[0])


class Mcts(_OpenSpielAgent):
    """OpenSpiel's MCTSBot on one determinized world (see the module docstring)."""

    name = "openspiel-mcts"
    summary = "OpenSpiel's Python MCTS bot on one determinized world (random rollouts)"

    def choose(self, observation: Observation) -> int:
        bot = _mcts.MCTSBot(self.spiel, self.params["c"], self.params["iterations"],
                            self.evaluator(), solve=False, random_state=self.random)
        return int(bot.step(self.root(observation)))


__all__ = ["Ismcts", "Mcts"]
