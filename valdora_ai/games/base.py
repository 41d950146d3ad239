"""The game-agnostic contracts agents and services rely on.

Agents never import a game's rules: they see a :class:`Game` and its states through
these protocols (as OpenSpiel's algorithms see ``pyspiel.State``), so a second game
plugs in through the registry in :mod:`valdora_ai.games` without touching them.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

CHANCE = -1  # `State.current_player` at a chance node
TERMINAL = -2  # `State.current_player` once the game is over


class State(Protocol):
    """One position. Steps are small integers; chance outcomes are steps too."""

    @property
    def current_player(self) -> int: ...
    def legal_steps(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply(self, step: int) -> None: ...
    def play(self, step: int) -> None: ...
    def copy(self) -> State: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def returns(self) -> list[float]:
        """The game's result per seat: win shares (1 split among the winners) once the
        game is over, zeros before (as OpenSpiel's ``returns`` before the end). Search
        agents value unfinished states with the game's estimate, never this."""
        ...


class Observation(Protocol):
    """What one player knows: never the hidden part of the true state."""

    @property
    def observer(self) -> int: ...
    def belief_state(self) -> State: ...
    def key(self) -> tuple[Any, ...]:
        """A hashable information-state key: equal exactly when two observations are
        (same observer, same public position); ``==`` and ``hash`` use it."""
        ...


class Game(Protocol):
    """A game with its facts and the ways to make and inspect its states."""

    name: str
    num_players: int
    chance_mode: str  # "explicit": chance nodes appear in belief states
    information: str  # "imperfect" or "perfect"

    def new_state(self, seed: int) -> State: ...
    def observation(self, state: Any, player: int) -> Observation:
        """What seat `player` knows of `state`; a ValdoraError for a seat that does
        not exist (0 to num_players - 1)."""
        ...

    # The game's dimensions, for frameworks that size tables or tensors up front
    # (OpenSpiel's action-space size, chance fan-out and length bound).
    def num_distinct_steps(self) -> int:
        """Every step code, decision or chance outcome, lies in range(this)."""
        ...

    def max_chance_outcomes(self) -> int:
        """The most outcomes any chance node of this game can have."""
        ...

    def max_turns(self) -> int | None:
        """The most turns a game can last (all seats together), None if the rules set
        no bound."""
        ...

    def determinize(self, observation: Any, rng: Any) -> State: ...
    def describe_step(self, state: Any, step: int) -> str: ...
    def parse_turn(self, state: Any, text: str) -> list[int]: ...
    def position_to_json(self, state: Any) -> dict[str, Any]: ...
    def position_from_json(self, document: Any) -> State: ...
    def render_svg(self, state: Any, observer: int | None = None) -> str:
        """A self-contained SVG picture of `state`, showing only what is public (and
        what `observer` knows, when given): frontends and reports draw with it."""
        ...

    # Used by the search agents (valdora_ai.search); a game without a heuristic can
    # return its current scores and a random legal step.
    def apply_revealing(self, state: Any, step: int) -> tuple[int, ...]:
        """Apply `step` to a world and return the chance steps a belief state would
        have passed through (the information the step made public), in order."""
        ...

    def estimate_final_scores(self, state: Any) -> list[float]: ...
    def greedy_step(self, state: Any, rng: Any) -> int: ...
    def format_turn(self, state: Any, steps: list[int]) -> str: ...

    # Used by the learning-framework adapters (valdora_ai.interop).
    def observation_tensor_size(self) -> int:
        """The length of every :meth:`observation_tensor` vector of this game instance."""
        ...

    def observation_tensor(self, observation: Any) -> np.ndarray:
        """`observation` as a fixed-length float32 vector holding only what the observer
        knows, so that networks and tabular learners can read it (PettingZoo, Gymnasium
        and OpenSpiel observation tensors)."""
        ...
