"""One WebSocket connection: an engine of its own plus the session requests.

Each message from the page is one engine-protocol request (the same JSON object as a
line of ``valdora engine``); the engine of the connection answers it exactly as on
standard input, with its own worker threads and the server's limits. Session requests
(:mod:`valdora_ai.serve.sessions`) run one after another in a thread of the connection,
so bots thinking never hold up the engine's answers. Every response is one message.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from typing import Any

from valdora_ai.engine.protocol import (
    BUDGET_LIMIT,
    INTERNAL,
    LINE_TOO_LONG,
    EngineError,
    error_response,
    request_id,
)
from valdora_ai.engine.server import Engine
from valdora_ai.serve.config import ServeConfig
from valdora_ai.serve.sessions import SESSION_ACTIONS, SessionCount, Sessions

Send = Callable[[str], None]


class _Lines:
    """The byte stream the engine writes its response lines to: each becomes a message."""

    def __init__(self, send: Send) -> None:
        self._send = send

    def write(self, line: bytes) -> int:
        self._send(line.decode("ascii").rstrip("\n"))
        return len(line)

    def flush(self) -> None:
        return None


class Connection:
    """The engine and the game sessions of one WebSocket; `send` is thread-safe."""

    def __init__(self, config: ServeConfig, sessions: SessionCount, send: Send) -> None:
        self.config = config
        self.engine = Engine(config.engine, _Lines(send))  # type: ignore[arg-type]
        self.sessions = Sessions(self.engine.games, config.engine, sessions,
                                 config.sessions_per_connection)
        self._jobs: queue.Queue[tuple[Any, dict[str, Any]] | None] = queue.Queue()
        self._worker = threading.Thread(target=self._work, name="serve-sessions", daemon=True)
        self._worker.start()

    def receive(self, data: bytes) -> bool:
        """Handle one message (its UTF-8 bytes); False once the connection should close
        (``quit``)."""
        if len(data) > self.config.engine.max_line_bytes:
            self.engine.output.write(error_response(None, EngineError(
                LINE_TOO_LONG, f"a message longer than {self.config.engine.max_line_bytes} "
                               "bytes was skipped")))
            return True
        request = _session_request(data)
        if request is None:
            return self.engine.handle(data)
        rid = request_id(request)
        try:
            if self._jobs.qsize() >= self.config.sessions_per_connection * 4:
                raise EngineError(BUDGET_LIMIT, "too many session requests waiting", "action")
            self.sessions.check(request)
            self._jobs.put((rid, request))
        except EngineError as exc:
            self.engine.output.write(error_response(rid, exc))
        return True

    def close(self) -> None:
        """The socket closed: stop the searches and the session worker, free the places."""
        self.engine.scheduler.terminate(every=True)
        self._jobs.put(None)
        self._worker.join()
        self.engine.scheduler.close()
        self.sessions.close_all()

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            rid, request = job
            try:
                self.sessions.handle(rid, request, self.engine.output.write)
            except EngineError as exc:
                self.engine.output.write(error_response(rid, exc))
            except Exception as exc:  # a bug costs one request, never the connection
                self.engine.output.write(error_response(rid, EngineError(
                    INTERNAL, f"{type(exc).__name__}: {exc}"[:500])))


def _session_request(data: bytes) -> dict[str, Any] | None:
    """The message as a session request, or None when the engine is to answer it."""
    try:
        request = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if isinstance(request, dict) and request.get("action") in SESSION_ACTIONS:
        return request
    return None
