"""The engine's ``--rules-data``: a component data file per game, checked at start.

``--rules-data zavandor=PATH`` replaces Zavandor's shipped data for every request of
that game; the bare form ``--rules-data PATH`` is Valdora's. Each file is loaded once
by its own game's loader when the engine starts, so a bad file, an unknown game or a
game named twice stops the engine with one line before it reads a request, and a
request for a game without a file is served with the shipped data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_names, make_game, player_counts
from valdora_ai.positions import UNNAMED_GAME


def parse_rules_data(options: Iterable[str]) -> dict[str, Path]:
    """The ``[GAME=]PATH`` options as {game: path}; ValdoraError names a bad one."""
    files: dict[str, Path] = {}
    for option in options:
        name, eq, path = option.partition("=")
        name, path = (name.strip(), path) if eq else (UNNAMED_GAME, option)
        if name not in game_names():
            raise ValdoraError(f"--rules-data {option!r}: unknown game {name!r} (known: "
                               f"{', '.join(game_names())}; write GAME=PATH)")
        if name in files:
            raise ValdoraError(f"--rules-data {option!r}: {name} has a data file already "
                               f"({files[name]})")
        if not path.strip():
            raise ValdoraError(f"--rules-data {option!r}: no file after {name}=")
        files[name] = Path(path)
    return files


def check_rules_data(files: Mapping[str, Path]) -> None:
    """Load every file with its game's own loader (ValdoraError if one is bad)."""
    for name, path in files.items():
        try:
            make_game(name, players=player_counts(name)[0], rules_data=path)
        except ValdoraError as exc:
            raise ValdoraError(f"--rules-data {name}={path}: {exc}") from None


__all__ = ["check_rules_data", "parse_rules_data"]
