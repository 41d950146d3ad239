"""The session requests ``valdora serve`` adds to the engine protocol, for play.

The engine protocol is stateless: a request carries its position. Play needs the true
state kept away from the page, so the server holds games (:class:`WebGame`) by a
session id and answers a small set of requests about them (``new_game``, ``resume``,
``play``, ``hint``, ``undo``, ``record``, ``clock``, ``close``) and ``view`` (a
position's picture, for analysis). The server's clocks rule a timed game: before a
person's action it checks whether their time ran out, and ``clock`` asks it to when the
page's countdown reaches zero. Each is checked against its schema in
``valdora_ai/schemas/serve``; every answer is a ``session.response`` object whose
``kind`` says what it carries. Nothing here knows any particular game.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from valdora_ai.clock import Flagged, TimeControl
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.handlers import checked_agent, status
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import (
    BAD_AGENT,
    BAD_RECORD,
    BUDGET_LIMIT,
    ILLEGAL_MOVE,
    INVALID_REQUEST,
    EngineError,
    RequestId,
)
from valdora_ai.engine.validation import SchemaViolation, check_supported, validate
from valdora_ai.errors import SpecError, ValdoraError
from valdora_ai.games import DEFAULT_GAME, facts
from valdora_ai.interactive.seats import is_human
from valdora_ai.interactive.session import GameSession
from valdora_ai.records import Replay
from valdora_ai.serve.table import WebGame, picture

SESSION_ACTIONS = ("new_game", "resume", "play", "hint", "undo", "record", "close", "view",
                   "clock")

Emit = Callable[[dict[str, Any]], None]


@cache
def session_schema(name: str) -> dict[str, Any]:
    """A shipped session schema, e.g. ``session_schema("play.request")``."""
    path = resources.files("valdora_ai") / "schemas" / "serve" / f"{name}.schema.json"
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    check_supported(document, name)
    return document


class SessionCount:
    """The game sessions open on a whole server, bounded by `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open = 0
        self._lock = threading.Lock()

    def take(self) -> None:
        with self._lock:
            if self._open >= self.limit:
                raise EngineError(BUDGET_LIMIT, f"this server already holds {self.limit} game "
                                                "sessions, its limit: close one first",
                                  "action")
            self._open += 1

    def give_back(self, count: int = 1) -> None:
        with self._lock:
            self._open -= count


class Sessions:
    """The game sessions of one connection and the answers to its session requests."""

    def __init__(self, games: Games, config: EngineConfig, server: SessionCount,
                 limit: int) -> None:
        self.games, self.config, self.server, self.limit = games, config, server, limit
        self.open: dict[str, WebGame] = {}

    def check(self, request: dict[str, Any]) -> None:
        """Check a session request against its schema (EngineError if it does not match)."""
        try:
            validate(request, session_schema(f"{request['action']}.request"))
        except SchemaViolation as exc:
            raise EngineError(INVALID_REQUEST, str(exc), exc.field) from None

    def handle(self, rid: RequestId, request: dict[str, Any], emit: Emit) -> None:
        """Answer one checked session request through `emit` (EngineError if refused)."""
        action = request["action"]
        head = {"id": rid, "action": action}
        if action == "view":
            emit({**head, "kind": "view", "view": self._view(request)})
            return
        if action in ("new_game", "resume"):
            sid = self._start(request)
            self._bots(head, sid, emit)
            return
        sid = request["session"]
        web = self._game(sid)
        head["session"] = sid
        if action in ("play", "hint", "undo", "clock") and web.out_of_time():
            emit({**head, "kind": "table", "table": web.table()})  # the game ended on time
        elif action == "play":
            try:
                web.play(request.get("step"), request.get("move"), request.get("steps"))
            except Flagged:
                pass  # the step came too late: the table says the game ended on time
            except ValdoraError as exc:
                field = next(f for f in ("step", "steps", "move") if f in request)
                raise EngineError(ILLEGAL_MOVE, str(exc), field) from None
            self._bots(head, sid, emit)
        elif action == "hint":
            spec = request.get("agent", self.config.default_agent)
            checked_agent(spec, web.game, self.config)
            emit({**head, "kind": "hint", "hint": _refused(lambda: web.hint(spec))})
        elif action == "undo":
            message = _refused(web.undo)
            emit({**head, "kind": "table", "message": message, "table": web.table()})
        elif action == "record":
            emit({**head, "kind": "record", "record": web.session.record_text()})
        elif action == "clock":
            emit({**head, "kind": "table", "table": web.table()})
        else:
            del self.open[sid]
            self.server.give_back()
            emit({**head, "kind": "closed"})

    def close_all(self) -> None:
        """The connection ended: free its sessions' places."""
        self.server.give_back(len(self.open))
        self.open.clear()

    def _game(self, sid: str) -> WebGame:
        web = self.open.get(sid)
        if web is None:
            raise EngineError(INVALID_REQUEST, f"no game session {sid!r} on this connection",
                              "session")
        return web

    def _start(self, request: dict[str, Any]) -> str:
        if len(self.open) >= self.limit:
            raise EngineError(BUDGET_LIMIT, f"this connection already holds {self.limit} game "
                                            "sessions, its limit: close one first", "action")
        session = (self._new(request) if request["action"] == "new_game"
                   else self._resume(request))
        self.server.take()
        sid = secrets.token_hex(8)
        self.open[sid] = WebGame(session)
        return sid

    def _new(self, request: dict[str, Any]) -> GameSession:
        seats = request["seats"]
        game = self.games.get(request.get("game", DEFAULT_GAME), len(seats), "seats")
        for i, spec in enumerate(seats):
            if not is_human(spec):
                _checked_seat(spec, game, self.config, f"seats[{i}]")
        try:
            session = GameSession.new(game, seats, int(request["seed"]))
        except (SpecError, ValueError, TypeError) as exc:
            raise EngineError(BAD_AGENT, str(exc), "seats") from None
        field = next((f for f in ("clock", "clocks") if f in request), None)
        if field is not None:
            if "clock" in request and "clocks" in request:
                raise EngineError(INVALID_REQUEST, "give clock (every seat) or clocks (one "
                                                   "per seat), not both", "clocks")
            given = request[field] if field == "clocks" else [request[field]]
            try:
                session.start_clocks([TimeControl(float(clock["base"]),
                                                  float(clock.get("increment", 0)))
                                      for clock in given])
            except ValdoraError as exc:
                raise EngineError(INVALID_REQUEST, str(exc), field) from None
        return session

    def _resume(self, request: dict[str, Any]) -> GameSession:
        saved = self.games.replay(request["record"], request.get("game"))
        for i, spec in enumerate(saved.header.seats):
            if not is_human(spec):
                _checked_seat(spec, saved.game, self.config, f"record.seats[{i}]")
        try:
            return GameSession.from_replay(saved, "record")
        except ValdoraError as exc:
            raise EngineError(BAD_RECORD, str(exc), "record") from None

    def _bots(self, head: dict[str, Any], sid: str, emit: Emit) -> None:
        """Play the bots' turns, each sent as it is played, then the table."""
        web = self.open[sid]
        head = {**head, "session": sid}
        try:
            while (bot := web.bot_turn()) is not None:
                emit({**head, "kind": "bot", "bot": bot.to_json(), "table": web.table()})
        except Flagged:
            pass  # a bot lost on time: the table says so
        emit({**head, "kind": "table", "table": web.table()})

    def _view(self, request: dict[str, Any]) -> dict[str, Any]:
        game, state = self.games.load(request)
        kind, to_move = status(state)
        plays: list[str] = []
        moves: list[dict[str, Any]] = []
        if "record" in request:
            saved = self.games.replay(request["record"], request.get("game"))
            plays, moves = saved.plays, move_list(saved)
        return {"game": game.name, "status": kind, "toMove": to_move, "turns": len(plays),
                "plays": plays, "moves": moves, **picture(game, state, to_move)}


def move_list(saved: Replay) -> list[dict[str, Any]]:
    """A record's move list for the analysis page: each line's `seat`, `play` and the
    number the game counts it as (`turn`, null for a setup line: facts.played_turn_number,
    as the play page numbers its log)."""
    return [{"seat": int(before.current_player), "play": play,
             "turn": facts.played_turn_number(saved.game, before, after, line)}
            for line, (before, after, play) in enumerate(
                zip(saved.positions[:-1], saved.positions[1:], saved.plays, strict=True),
                start=1)]


def _checked_seat(spec: str, game: Any, config: EngineConfig, field: str) -> None:
    """A bot seat's spec, checked as an engine request's agent is (limits, no py:/cmd:)."""
    try:
        checked_agent(spec, game, config)
    except EngineError as exc:
        raise EngineError(exc.code, exc.message, field) from None


def _refused(action: Callable[[], Any]) -> Any:
    """Run `action`; a ValdoraError it raises becomes an invalid_request answer."""
    try:
        return action()
    except ValdoraError as exc:
        raise EngineError(INVALID_REQUEST, str(exc), None) from None
