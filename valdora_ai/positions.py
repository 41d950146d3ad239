"""Position files of any game: each document names its game and the game reads it.

A position document has a ``"game"`` field (documents from before positions named
their game are Valdora's) and a ``"players"`` count; loading one as another game is a
PositionError naming the ``game`` field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.games import Game, State, check_game, make_game
from valdora_ai.inputs import brief, read_json

UNNAMED_GAME = "valdora"
"""The game of a document (position, record, analysis engine request) without a
``"game"`` field: those came before documents named their game, and were Valdora's."""


def game_of(document: Any) -> str:
    """The game a position document names."""
    if isinstance(document, dict) and "game" in document:
        named = document["game"]
        if not isinstance(named, str):
            raise PositionError(f"must be a game name, got {brief(named)}", where="game")
        return named
    return UNNAMED_GAME


def position_from_document(document: Any, name: str | None,
                           rules_data: Any = None) -> tuple[Game, State]:
    """The game `name` (None: the one the document names) and the state of `document`
    (PositionError naming the field)."""
    named = game_of(document)
    if name is None:
        name = named
    check_game(name)
    if named != name:
        raise PositionError(f"a position of {named!r}, not of {name!r}", where="game")
    options: dict[str, Any] = {} if rules_data is None else {"rules_data": rules_data}
    players = document.get("players") if isinstance(document, dict) else None
    try:
        if not isinstance(players, int):
            raise ValdoraError("no player count")
        game = make_game(name, players=players, **options)
    except ValdoraError:  # a missing or bad count: the game's reader names the field
        game = make_game(name, **options)
    state = game.position_from_json(document)
    if game.num_players != len(state.scores()):
        game = make_game(name, players=len(state.scores()), **options)
    return game, state


def load_position(position: Any, name: str | None = None,
                  rules_data: Any = None) -> tuple[Game, Any]:
    """(game, state) from a position file path, a position document, or a state of the
    game `name` (which a file or document must name; None: the game a file or document
    names, Valdora for a state). `rules_data`: the game's corrected data file."""
    if isinstance(position, str | Path):
        document, _ = read_json(position, PositionError, what="position file")
        try:
            return position_from_document(document, name, rules_data)
        except PositionError as exc:  # the field is named; name the file too
            raise PositionError(str(exc), where=str(position)) from None
    if hasattr(position, "legal_steps"):  # a state passes through
        options: dict[str, Any] = {} if rules_data is None else {"rules_data": rules_data}
        return make_game(name or UNNAMED_GAME, players=len(position.scores()), **options), position
    return position_from_document(position, name, rules_data)
