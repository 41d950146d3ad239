"""The game registry: ``make_game(name, players=...)`` builds any registered game.

Valdora, The Gnomes of Zavandor and The Valley of Alchemists are registered; a new
game (a :class:`GameBase` subclass, or any :class:`Game`) registers its facts (a
:class:`GameType`) with a factory here, and every agent, service and CLI command can
play it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games import alchemists, valdora, zavandor
from valdora_ai.games.base import CHANCE, TERMINAL, Game, Observation, State
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.game_type import GameType

GameFactory = Callable[..., Game]
_REGISTRY: dict[str, tuple[GameType, GameFactory]] = {}


def register_game(game_type: GameType, factory: GameFactory) -> None:
    """Make `factory(players=..., **options)` available as `make_game(game_type.name, ...)`,
    and `game_type` the answer to every question about the game that needs no instance."""
    _REGISTRY[game_type.name] = (game_type, factory)


def game_names() -> list[str]:
    return sorted(_REGISTRY)


def game_type(name: str) -> GameType:
    """The facts of the registered game `name`; a ValdoraError for an unknown game."""
    return _entry(name)[0]


def player_counts(name: str) -> list[int]:
    """The player counts `name` accepts with its shipped data; a ValdoraError for an
    unknown game."""
    return game_type(name).player_counts()


def make_game(name: str = "valdora", players: int | None = None, **options: Any) -> Game:
    """Build a registered game for `players` players (None: its default count; options
    are game-specific)."""
    kind, factory = _entry(name)
    return factory(players=kind.default_players if players is None else players, **options)


def check_game(name: str) -> None:
    """Refuse (ValdoraError naming the known games) a name that is not a registered game."""
    _entry(name)


def _entry(name: str) -> tuple[GameType, GameFactory]:
    entry = _REGISTRY.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ValdoraError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    return entry


def _valdora(**options: Any) -> Game:
    from valdora_ai.games.valdora.game import ValdoraGame

    return ValdoraGame(**options)


def _zavandor(**options: Any) -> Game:
    from valdora_ai.games.zavandor.game import ZavandorGame

    return ZavandorGame(**options)


def _alchemists(**options: Any) -> Game:
    from valdora_ai.games.alchemists.game import AlchemistsGame

    return AlchemistsGame(**options)


register_game(valdora.GAME_TYPE, _valdora)
register_game(zavandor.GAME_TYPE, _zavandor)
register_game(alchemists.GAME_TYPE, _alchemists)

__all__ = ["CHANCE", "TERMINAL", "Game", "GameBase", "GameType", "Observation", "State",
           "check_game", "game_names", "game_type", "make_game", "player_counts",
           "register_game"]
