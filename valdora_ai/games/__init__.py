"""The game registry: ``make_game(name, players=...)`` builds any registered game.

Valdora, The Gnomes of Zavandor and The Valley of Alchemists are registered; a new
game (a :class:`GameBase` subclass, or any :class:`Game`) registers its facts (a
:class:`GameType`) with a factory here, and every agent, service and CLI command can
play it. An installed distribution adds a game with an entry point in the group
``valdora_ai.games`` naming its game class (see docs/new-game.md); the registry loads
them on its first question, so ``import valdora_ai`` reads no distribution metadata.
"""

from __future__ import annotations

import functools
import inspect
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games import alchemists, valdora, zavandor
from valdora_ai.games.base import CHANCE, TERMINAL, Game, Observation, State
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.game_type import DEFAULT_GAME, DEFAULT_PLAYERS, GameType

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GameFactory = Callable[..., Game]
_REGISTRY: dict[str, tuple[GameType, GameFactory]] = {}
PLUGIN_GROUP = "valdora_ai.games"


def register_game(game_type: GameType, factory: GameFactory) -> None:
    """Make `factory(players=..., **options)` available as `make_game(game_type.name, ...)`,
    and `game_type` the answer to every question about the game that needs no instance."""
    _REGISTRY[game_type.name] = (game_type, factory)


def game_names() -> list[str]:
    _load_plugins()
    return sorted(_REGISTRY)


def game_type(name: str) -> GameType:
    """The facts of the registered game `name`; a ValdoraError for an unknown game."""
    return _entry(name)[0]


def player_counts(name: str) -> list[int]:
    """The player counts `name` accepts with its shipped data; a ValdoraError for an
    unknown game."""
    return game_type(name).player_counts()


def make_game(name: str = DEFAULT_GAME, players: int | None = None, rules_data: Any = None,
              **options: Any) -> Game:
    """Build a registered game for `players` players (None: its default count) with the
    component data file `rules_data` (None: the shipped data; given only to a game that
    takes one); options are game-specific. A ValdoraError names an option the game's
    factory does not take."""
    kind, factory = _entry(name)
    if rules_data is not None:
        options["rules_data"] = rules_data
    _check_options(kind, factory, options)
    return factory(players=kind.default_players if players is None else players, **options)


def _check_options(kind: GameType, factory: GameFactory, options: dict[str, Any]) -> None:
    """Refuse an option the factory's signature has no parameter for (a factory taking
    ``**options`` checks its own)."""
    parameters = inspect.signature(factory).parameters.values()
    if any(parameter.kind is parameter.VAR_KEYWORD for parameter in parameters):
        return
    for option in options:
        if option not in {parameter.name for parameter in parameters}:
            what = "component data file" if option == "rules_data" else f"option {option!r}"
            raise ValdoraError(f"{kind.title} takes no {what}")


def check_game(name: str) -> None:
    """Refuse (ValdoraError naming the known games) a name that is not a registered game."""
    _entry(name)


def _entry(name: str) -> tuple[GameType, GameFactory]:
    _load_plugins()
    entry = _REGISTRY.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ValdoraError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    return entry


@functools.cache
def _load_plugins() -> None:
    """Register the games of the ``valdora_ai.games`` entry points, once a process.

    A plug-in that cannot be loaded is skipped with one warning naming it and why, so
    a broken game never stops the others from being played."""
    from importlib.metadata import entry_points  # not at import: it costs ~20 ms

    for entry in entry_points(group=PLUGIN_GROUP):
        problem = _load_plugin(entry)
        if problem is not None:
            warnings.warn(f"valdora_ai: game plug-in {entry.name!r} ({entry.value}) is "
                          f"skipped: {problem}", RuntimeWarning, stacklevel=3)


def _load_plugin(entry: EntryPoint) -> str | None:
    """Register the game class `entry` names; why not, if it cannot."""
    if entry.name in _REGISTRY:
        return f"a game named {entry.name!r} is registered already"
    try:
        game_class = entry.load()
    except Exception as exc:  # the plug-in's own code failed while importing
        return f"loading it failed ({type(exc).__name__}: {' '.join(str(exc).split())})"
    kind = getattr(game_class, "game_type", None)
    if not callable(game_class) or not isinstance(kind, GameType):
        return "it names no game class with a GameType as its game_type"
    if kind.name != entry.name:
        return f"its GameType is named {kind.name!r}"
    register_game(kind, game_class)
    return None


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

__all__ = ["CHANCE", "DEFAULT_GAME", "DEFAULT_PLAYERS", "TERMINAL", "Game", "GameBase",
           "GameType", "Observation", "State", "check_game", "game_names", "game_type",
           "make_game", "player_counts", "register_game"]
