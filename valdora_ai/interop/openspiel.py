"""Every registered game as an OpenSpiel python game (``pyspiel``).

:func:`register` (run on import) registers ``valdora_ai_<name>`` for each game in the
registry, with the parameter ``players``. It is the game in **world mode**: the root
is a chance node that deals one of ``deals`` seeded setups uniformly (the setup is
chance's only move: after it the true world fixes every hidden card), and the
players' steps are the game's step codes. What each player may know is kept apart
from the world:

* observation string and tensor: the player's observation (the public position) as
  canonical JSON and as the game's observation vector;
* information-state string: the observation string and the public step history since
  the deal (every step is seen by every player); the information-state tensor is the
  observation tensor (the position is all a player needs to decide);
* ``resample_from_infostate``: a world drawn by the game's own ``determinize``.

``valdora_ai_<name>_belief`` is the **belief mode**: after the deal the state is the
belief state (what every player knows; the hidden order is nowhere), and each reveal
is a chance node whose outcomes (step codes) carry the game's exact probabilities;
``resample_from_infostate`` is then a copy. Only a game whose belief state is the
same for every seat has it: in a game with private information (Zavandor's soil samples
and hand cards) each seat's belief holds its own secrets, so no single belief state is
every player's information set, and only the world mode is registered.

The game's facts are the game's own: ``num_distinct_actions`` is its step-space size,
``max_chance_outcomes`` the larger of ``deals`` and its chance fan-out (in belief mode
its step-space size, as chance outcomes are step codes), and ``max_game_length`` the
deal plus the game's own bound on a game's steps (``Game.max_game_steps``;
UNBOUNDED_STEPS if the rules set none).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import Game, game_names, game_type, make_game
from valdora_ai.games.base import Tensored, TensoredGame
from valdora_ai.interop import require
from valdora_ai.rng import SEED_SPACE

pyspiel = require("pyspiel", "openspiel")

DEALS = 1000  # setups the root chance node chooses among
UNBOUNDED_STEPS = 1_000_000  # the length assumed when the rules set no bound


def short_name(game: str, belief: bool = False) -> str:
    """The pyspiel name of a registered game, in world or belief mode."""
    return f"valdora_ai_{game}" + ("_belief" if belief else "")


def _game_type(name: str, players: tuple[int, int], belief: bool) -> Any:
    return pyspiel.GameType(
        short_name=short_name(name, belief),
        long_name=f"valdora_ai {name} ({'belief' if belief else 'world'} mode)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players[0], "deals": DEALS},
    )


class WorldGame(pyspiel.Game):  # type: ignore[name-defined]
    """A registered game in world or belief mode (see the module docstring);
    :func:`register` makes one subclass per game and mode, naming them."""

    name: str = ""
    players: tuple[int, int] = (0, 0)
    belief = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name, players = self.name, self.players
        params = dict(params or {})
        n = int(params.get("players", players[0]))
        self.deals = int(params.get("deals", DEALS))
        made = make_game(name, players=n)
        if not isinstance(made, Tensored):
            raise ValdoraError(f"the game {name!r} has no observation tensor yet, so "
                               "OpenSpiel cannot load it")
        self.game: TensoredGame = made
        # Chance outcomes are step codes in belief mode: pyspiel wants them below this.
        fan_out = self.game.num_distinct_steps() if self.belief else self.game.max_chance_outcomes()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game.num_distinct_steps(),
            max_chance_outcomes=max(self.deals, fan_out),
            num_players=n,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=1 + (self.game.max_game_steps() or UNBOUNDED_STEPS),
        )
        super().__init__(_game_type(name, players, self.belief), info, params)

    def new_initial_state(self) -> WorldState:
        return WorldState(self, Play(self.game, self.deals, self.belief))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.game, perfect_recall)


class Play:
    """The Python side of a :class:`WorldState`: the game, the world and the steps.

    pyspiel clones a python state by deep-copying its attributes; this one copies the
    world with the engine's own ``copy`` and shares the (immutable) game.
    """

    __slots__ = ("game", "deals", "belief", "world", "steps")

    def __init__(self, game: Game, deals: int, belief: bool = False, world: Any = None,
                 steps: list[int] | None = None) -> None:
        self.game = game
        self.deals = deals
        self.belief = belief
        self.world = world  # in belief mode, the belief state
        self.steps = steps or []

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return self.with_world(None if self.world is None else self.world.copy())

    def with_world(self, world: Any) -> Play:
        return Play(self.game, self.deals, self.belief, world, self.steps.copy())


class WorldState(pyspiel.State):  # type: ignore[name-defined]
    """A pyspiel state over the true world: no world yet at the root (the deal)."""

    def __init__(self, game: Any, play: Play) -> None:
        super().__init__(game)
        self.play = play

    def current_player(self) -> int:
        world = self.play.world
        if world is None:
            return int(pyspiel.PlayerId.CHANCE)
        if world.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if world.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        return int(world.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.play.world.legal_steps())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.play.world is not None:  # a reveal in belief mode, exact probabilities
            return list(self.play.world.chance_outcomes())
        deals = self.play.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.play.world is None:
            world = self.play.game.new_state(int(action))
            if self.play.belief:  # the hidden order is forgotten: reveals become chance
                world = self.play.game.observation(world, 0).belief_state()
            self.play.world = world
        else:
            self.play.world.play(int(action))
            self.play.steps.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.play.world is None:
            return f"deal {action}"
        return self.play.game.describe_step(self.play.world, int(action))

    def is_terminal(self) -> bool:
        return self.play.world is not None and bool(self.play.world.is_terminal())

    def returns(self) -> list[float]:
        if self.play.world is None:
            return [0.0] * self.play.game.num_players
        return [float(r) for r in self.play.world.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WorldState:
        """A state with the same history in a world drawn by the game's determinize (in
        belief mode the state is the information set itself: a copy)."""
        if self.play.world is None or self.play.belief:
            copy: WorldState = self.clone()
            return copy
        seed = int(probability_sampler() * SEED_SPACE) % SEED_SPACE
        observation = self.play.game.observation(self.play.world, player_id)
        world = self.play.game.determinize(observation, make_rng(seed))
        state: WorldState = WorldState(self.get_game(), self.play.with_world(world))
        return state

    def __str__(self) -> str:
        if self.play.world is None:
            return "deal"
        return _position(self.play.game, self.play.world)


def _position(game: Game, state: Any) -> str:
    return json.dumps(game.position_to_json(state), sort_keys=True, separators=(",", ":"))


class Observer:
    """Observation and information-state strings and tensors of one player."""

    def __init__(self, game: TensoredGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: WorldState, player: int) -> None:
        if state.play.world is None:
            self.tensor.fill(0.0)
            return
        observation = self.game.observation(state.play.world, player)
        self.tensor[:] = self.game.observation_tensor(observation)

    def string_from(self, state: WorldState, player: int) -> str:
        if state.play.world is None:
            return f"p{player} deal"
        observation: Any = self.game.observation(state.play.world, player)
        text = json.dumps(observation.to_json(), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += "|" + ",".join(map(str, state.play.steps))
        return text


def register() -> list[str]:
    """Register every game of the registry with pyspiel (again after new games join the
    registry: names pyspiel knows already are kept); their short names."""
    names, known = [], set(pyspiel.registered_names())
    for name in game_names():
        kind = game_type(name)
        players = (kind.min_players, kind.max_players)
        # pyspiel keeps the class to build games from; a class (unlike a closure) is
        # still safe to release when the interpreter exits.
        modes = (False, True) if kind.shared_belief else (False,)
        for belief in modes:
            names.append(short_name(name, belief))
            if names[-1] in known:
                continue
            cls = type(f"WorldGame_{name}_{belief}", (WorldGame,),
                       {"name": name, "players": players, "belief": belief})
            pyspiel.register_game(_game_type(name, players, belief), cls)
    return names


REGISTERED = register()

__all__ = ["DEALS", "REGISTERED", "Observer", "WorldGame", "WorldState", "register",
           "short_name"]
