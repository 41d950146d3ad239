"""A game's facts as data: what the registry answers without building the game.

Each game declares one :class:`GameType` (as OpenSpiel declares ``_GAME_TYPE``) and
registers it with its factory (:func:`valdora_ai.games.register_game`), so the player
range, the default table, the compiled core and the notation examples are read from
the record, never learned by building a game and catching its errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from valdora_ai.backend import Core, EngineStatus

CHANCE_MODES = ("explicit",)
"""``explicit``: chance nodes appear in belief states, their outcomes are steps."""
INFORMATION_MODES = ("imperfect", "perfect")
DEFAULT_GAME = "valdora"
"""The game played when nobody names one (``make_game()``, the CLI's ``--game``,
tournaments, the adapters)."""
DEFAULT_PLAYERS = 3
"""The player count a game is built for when nobody names one (``make_game``, the CLI,
tournaments, the adapters): one count every shipped game allows."""


@dataclass(frozen=True)
class GameType:
    """The facts of one game, with its shipped component data."""

    name: str
    """The registry name (``make_game(name)``, ``--game``, the ``game`` of files)."""
    title: str
    """The name people read, e.g. ``"The Gnomes of Zavandor"``."""
    min_players: int
    max_players: int
    """The player counts the shipped data allows (a data file may narrow or widen them)."""
    default_players: int = DEFAULT_PLAYERS
    """The player count ``make_game(name)`` and every surface use when none is given."""
    chance_mode: str = "explicit"
    """One of :data:`CHANCE_MODES`."""
    information: str = "imperfect"
    """One of :data:`INFORMATION_MODES`."""
    shared_belief: bool = True
    """Whether one belief state is every seat's information set: false in a game with
    private information, where a seat's belief holds that seat's secrets (OpenSpiel's
    belief mode needs it true; the default ``future_sampler`` relies on it)."""
    core: Core[Any] | None = None
    """The compiled core (module and class), None for a game with the reference engine only."""
    turn_examples: str = "the one 'hint' shows"
    """Whole turns in the game's notation, as the terminal's help quotes them."""
    step_example: str = "as the menu shows it"
    """One step token in the game's notation, as the terminal's help quotes it."""
    default_options: tuple[tuple[str, Any], ...] = ()
    """The game's options (keyword arguments of ``make_game``) and their values with the
    shipped data, in order."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.default_players <= self.max_players:
            raise ValueError(f"{self.name}: players must satisfy 1 <= min <= default <= max, "
                             f"not {self.min_players}, {self.default_players}, "
                             f"{self.max_players}")
        if self.chance_mode not in CHANCE_MODES:
            raise ValueError(f"{self.name}: chance_mode {self.chance_mode!r} is not one of "
                             f"{', '.join(CHANCE_MODES)}")
        if self.information not in INFORMATION_MODES:
            raise ValueError(f"{self.name}: information {self.information!r} is not one of "
                             f"{', '.join(INFORMATION_MODES)}")

    def player_counts(self) -> list[int]:
        """The player counts the shipped data allows, smallest first."""
        return list(range(self.min_players, self.max_players + 1))

    def engine_status(self) -> EngineStatus:
        """Which engine runs the game and why (without warning or raising)."""
        if self.core is None:
            return EngineStatus("pure", "no compiled core", None, None)
        return self.core.status()
