"""OpenSpiel's Python search bots as library agents, usable wherever a spec is.

``openspiel:ismcts,time=0.5`` is OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator)
searching the game's OpenSpiel form (:mod:`valdora_ai.interop.openspiel`) from the
agent's observation: the root is one world drawn by ``determinize`` and every
iteration resamples through ``resample_from_infostate``. ``openspiel:mcts`` is
OpenSpiel's ``MCTSBot`` on one determinized world (it sees that world as the truth).
Both stop at ``iterations`` or once ``time`` seconds of the decision are spent,
whichever comes first (with neither, :data:`DEFAULT_ITERATIONS`); a search stopped by
the clock answers from the tree searched so far. A budget handed to ``analyze`` (the
engine's request budget, ``valdora suggest --time``) replaces the spec's limits. The
classes are also reachable as ``py:valdora_ai.interop.openspiel_bots:Ismcts`` and
``...:Mcts``.
"""

from __future__ import annotations

import math
import time
from abc import abstractmethod
from typing import Any, ClassVar

import numpy as np

from valdora_ai.agents.base import Agent, Param
from valdora_ai.analysis import (
    MAX_ITERATIONS,
    MAX_SECONDS,
    Analysis,
    Budget,
    Candidate,
    SearchControl,
)
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, Observation
from valdora_ai.interop import require
from valdora_ai.interop.openspiel import DEALS, Play, WorldState, short_name

pyspiel = require("pyspiel", "openspiel")
_ismcts = require("open_spiel.python.algorithms.ismcts", "openspiel")
_mcts = require("open_spiel.python.algorithms.mcts", "openspiel")

_SEED_MASK = 2**32 - 1  # numpy's RandomState takes 32-bit seeds
DEFAULT_ITERATIONS = 200  # per decision when the spec sets neither iterations nor time


class _TimeUp(Exception):
    """Raised inside OpenSpiel's search loop when the decision's time is spent."""


class _Clock:
    """A decision's deadline, checked between iterations once one iteration is done."""

    deadline = math.inf

    def check(self, visits: int) -> None:
        if visits > 0 and time.monotonic() >= self.deadline:
            raise _TimeUp


class _TimedIsmcts(_ismcts.ISMCTSBot, _Clock):  # type: ignore[name-defined]
    """ISMCTSBot that stops between iterations once its deadline has passed."""

    def sample_root_state(self, state: Any) -> Any:
        self.check(self._root_node.total_visits)
        return super().sample_root_state(state)


class _TimedMcts(_mcts.MCTSBot, _Clock):  # type: ignore[name-defined]
    """MCTSBot that stops between iterations once its deadline has passed; `root` is
    the tree searched so far."""

    root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        self.check(root.explore_count)
        return super()._apply_tree_policy(root, state)


class _OpenSpielAgent(Agent):
    """The common part: the game's OpenSpiel form, the budget and a root per decision."""

    PARAMS: ClassVar[dict[str, Param]] = Agent.PARAMS | {
        "iterations": Param(int, 0, "search iterations per decision (0: no limit); with "
                                    f"neither limit, {DEFAULT_ITERATIONS}", 0, MAX_ITERATIONS),
        "time": Param(float, 0.0, "seconds per decision at most (0: no limit)", 0.0,
                      MAX_SECONDS),
        "uct_c": Param(float, 2.0, "UCT exploration constant (OpenSpiel's uct_c)", 0.0, 100.0),
        "rollouts": Param(int, 1, "random rollouts per leaf evaluation", 1, 1000),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.spiel = pyspiel.load_game(short_name(game.name), {"players": game.num_players})
        self._worlds = make_rng(self.params["seed"])
        self.random = np.random.RandomState(self.params["seed"] & _SEED_MASK)

    def choose(self, observation: Observation) -> int:
        return self.search(observation, None)

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """The bot's one choice, searched within `budget` when one is given."""
        step = self.search(observation, budget)
        return Analysis(player=observation.observer, agent=self.spec,
                        candidates=(Candidate(step=step, pv=(step,)),))

    @abstractmethod
    def search(self, observation: Observation, budget: Budget | None) -> int:
        """The step OpenSpiel's bot picks within `budget` (None: the spec's limits)."""

    def limit(self, clock: _Clock, budget: Budget | None) -> int:
        """The iteration cap of one decision; starts `clock` on the time limit."""
        iterations, limit = self.params["iterations"], self.params["time"]
        if budget is not None and (budget.iterations or budget.seconds):
            iterations, limit = budget.iterations or 0, budget.seconds or 0.0
        clock.deadline = time.monotonic() + limit if limit else math.inf
        if iterations:
            return int(iterations)
        return MAX_ITERATIONS if limit else DEFAULT_ITERATIONS

    def root(self, observation: Observation) -> Any:
        """A pyspiel state in the observer's information set (one determinized world)."""
        world = self.game.determinize(observation, self._worlds)
        return WorldState(self.spiel, Play(self.game, DEALS, world=world))

    def evaluator(self) -> Any:
        return _mcts.RandomRolloutEvaluator(n_rollouts=self.params["rollouts"],
                                            random_state=self.random)


class Ismcts(_OpenSpielAgent):
    """OpenSpiel's ISMCTSBot (see the module docstring)."""

    name = "openspiel:ismcts"
    summary = "OpenSpiel's Python ISMCTS bot (random rollouts)"
    PARAMS: ClassVar[dict[str, Param]] = _OpenSpielAgent.PARAMS | {
        "max_world_samples": Param(int, 0, "distinct worlds sampled at the root (0: a fresh "
                                           "one every iteration)", 0, MAX_ITERATIONS),
    }

    def search(self, observation: Observation, budget: Budget | None) -> int:
        worlds = self.params["max_world_samples"] or _ismcts.UNLIMITED_NUM_WORLD_SAMPLES
        bot = _TimedIsmcts(self.spiel, self.evaluator(), self.params["uct_c"], 0,
                           max_world_samples=worlds, random_state=self.random)
        bot._max_simulations = self.limit(bot, budget)
        state = self.root(observation)
        try:
            policy = bot.run_search(state)
        except _TimeUp:
            policy = bot.get_final_policy(state, bot._root_node)
        return int(max(policy, key=lambda pair: pair[1])[0])


class Mcts(_OpenSpielAgent):
    """OpenSpiel's MCTSBot on one determinized world (see the module docstring)."""

    name = "openspiel:mcts"
    summary = "OpenSpiel's Python MCTS bot on one determinized world (random rollouts)"

    def search(self, observation: Observation, budget: Budget | None) -> int:
        bot = _TimedMcts(self.spiel, self.params["uct_c"], 1, self.evaluator(), solve=False,
                         random_state=self.random)
        bot.max_simulations = self.limit(bot, budget)
        try:
            root = bot.mcts_search(self.root(observation))
        except _TimeUp:
            root = bot.root
        return int(root.best_child().action)


__all__ = ["DEFAULT_ITERATIONS", "Ismcts", "Mcts"]
