"""Where a request's position comes from: a position document, a record, or a setup.

Everything goes through the game registry and the game-agnostic contract
(:mod:`valdora_ai.games.base`), so the engine serves any registered game.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from threading import Lock
from typing import Any

from valdora_ai.engine.protocol import BAD_POSITION, BAD_RECORD, INVALID_REQUEST, EngineError
from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.base import Game, State
from valdora_ai.positions import UNNAMED_GAME, game_of
from valdora_ai.records import Replay, parse_record_text, replay_lines


class Games:
    """Game objects by (name, players), built once; `rules_data` maps a game's name to
    the data file replacing its shipped one."""

    def __init__(self, rules_data: Mapping[str, Path] | None = None) -> None:
        self.rules_data: Mapping[str, Path] = dict(rules_data or {})
        self._games: dict[tuple[str, int | None], Game] = {}
        self._lock = Lock()

    def get(self, name: str, players: int | None, field: str) -> Game:
        """The game `name` for `players` players (None: the game's default count)."""
        with self._lock:
            if (name, players) not in self._games:
                options: dict[str, Any] = {} if players is None else {"players": players}
                if name in self.rules_data:
                    options["rules_data"] = self.rules_data[name]
                try:
                    self._games[name, players] = make_game(name, **options)
                except ValdoraError as exc:
                    raise EngineError(INVALID_REQUEST, str(exc), field) from None
            return self._games[name, players]

    def load(self, request: dict[str, Any]) -> tuple[Game, State]:
        """The game and the state a validated request names (EngineError if bad)."""
        if "setup" in request:
            setup = request["setup"]
            game = self.get(request.get("game", UNNAMED_GAME), int(setup["players"]),
                            "setup.players")
            return game, game.new_state(int(setup["seed"]))
        if "position" in request:
            return self._from_position(request.get("game"), request["position"])
        return self._from_record(request["record"], request.get("turn"), request.get("game"))

    def _from_position(self, name: str | None,
                       document: dict[str, Any]) -> tuple[Game, State]:
        """The state of a position document of the game `name` (None: the game the
        document names)."""
        try:
            if name is None:
                name = game_of(document)
            # Read with the game for the document's own player count (games check that
            # their positions match it); a missing or bad count is the reader's to name.
            players = document.get("players")
            try:
                probe = self.get(name, players if type(players) is int else None, "game")
            except EngineError:
                probe = self.get(name, None, "game")
            state = probe.position_from_json(document)
        except PositionError as exc:
            field = "position" if exc.where in (None, "position") else f"position.{exc.where}"
            message = str(exc)
            if exc.where and message.startswith(f"{exc.where}: "):
                message = message[len(exc.where) + 2:]
            raise EngineError(BAD_POSITION, f"{field}: {message}", field) from None
        except ValdoraError as exc:
            raise EngineError(BAD_POSITION, f"position: {exc}", "position") from None
        game = self.get(name, len(state.scores()), "position")
        return game, state

    def replay(self, record: str | list[Any], name: str | None = None) -> Replay:
        """A request's record (its text or its lines), replayed (EngineError if bad); with
        `name`, a record of another game is refused."""
        lines = (parse_record_text(record, "record") if isinstance(record, str)
                 else enumerate(record, start=1))
        try:
            return replay_lines(lines, "record", self.rules_data, expect_game=name)
        except ValdoraError as exc:
            raise EngineError(BAD_RECORD, str(exc), "record") from None

    def _from_record(self, record: str | list[Any], turn: float | None,
                     name: str | None) -> tuple[Game, State]:
        replayed = self.replay(record, name)
        if turn is None:
            return replayed.game, replayed.final
        if int(turn) > len(replayed.positions):
            raise EngineError(BAD_RECORD, f"the record has {len(replayed.plays)} turns, so turn "
                                          f"{int(turn)} never starts", "turn")
        return replayed.game, replayed.positions[int(turn) - 1].copy()
