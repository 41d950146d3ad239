"""The game registry: ``make_game(name, players=...)`` builds any registered game.

Valdora, The Gnomes of Zavandor and The Valley of Alchemists are registered; a new
game registers a factory here and every agent, service and CLI command can play it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.base import CHANCE, TERMINAL, Game, Observation, State

MAX_PLAYERS = 8  # the largest table any registered game is asked about
GameFactory = Callable[..., Game]
_REGISTRY: dict[str, GameFactory] = {}


def register_game(name: str, factory: GameFactory) -> None:
    """Make `factory(players=..., **options)` available as `make_game(name, ...)`."""
    _REGISTRY[name] = factory


def game_names() -> list[str]:
    return sorted(_REGISTRY)


def player_counts(name: str) -> list[int]:
    """The player counts `name` accepts with its default data (its factory decides);
    a ValdoraError for an unknown game."""
    factory, counts = _factory(name), []
    for players in range(1, MAX_PLAYERS + 1):
        try:
            factory(players=players)
        except ValdoraError:
            continue
        counts.append(players)
    return counts


def make_game(name: str = "valdora", players: int = 4, **options: Any) -> Game:
    """Build a registered game for `players` players (options are game-specific)."""
    return _factory(name)(players=players, **options)


def check_game(name: str) -> None:
    """Refuse (ValdoraError naming the known games) a name that is not a registered game."""
    _factory(name)


def _factory(name: str) -> GameFactory:
    factory = _REGISTRY.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValdoraError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    return factory


def _valdora(**options: Any) -> Game:
    from valdora_ai.games.valdora.game import ValdoraGame

    return ValdoraGame(**options)


def _zavandor(**options: Any) -> Game:
    from valdora_ai.games.zavandor.game import ZavandorGame

    return ZavandorGame(**options)


def _alchemists(**options: Any) -> Game:
    from valdora_ai.games.alchemists.game import AlchemistsGame

    return AlchemistsGame(**options)


register_game("valdora", _valdora)
register_game("zavandor", _zavandor)
register_game("alchemists", _alchemists)

__all__ = ["CHANCE", "TERMINAL", "Game", "Observation", "State", "check_game", "game_names",
           "make_game", "player_counts", "register_game"]
