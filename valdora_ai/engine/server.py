"""The engine's read loop: one request per line in, one response per line out.

The reader thread decodes and checks each line, answers the quick requests
(``version``, ``legal``, ``apply``, ``terminate``) itself and hands searches to the
:class:`~valdora_ai.engine.scheduler.Scheduler`. Output lines are written whole,
under a lock, by whichever thread produced them. ``quit`` stops every search, waits
for their final results and acknowledges last; end of input lets the searches in
flight finish, then exits. No exception escapes as a traceback: a failure while
handling a request becomes an ``internal`` error response for that request.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import IO, Any

from valdora_ai.agents import agent_classes
from valdora_ai.engine import handlers
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.game_review import prepare_game_review
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import (
    ACTIONS,
    INTERNAL,
    LINE_TOO_LONG,
    EngineError,
    RequestId,
    decode,
    encode,
    error_response,
    peek_id,
    schema,
)
from valdora_ai.engine.scheduler import Scheduler
from valdora_ai.positions import UNNAMED_GAME

_CHUNK = 1 << 16
# Searches hold the GIL between bytecode switches; a short interval lets the reader and
# a newly started search get their turn quickly while others run (Python's default: 5 ms).
SWITCH_INTERVAL = 0.0005


class Output:
    """Writes whole response lines to a binary stream; remembers a closed pipe."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self.broken = False

    def write(self, response: dict[str, Any]) -> None:
        try:
            line = encode(response)
        except (TypeError, ValueError) as exc:  # e.g. a NaN in an agent's statistics
            line = encode(error_response(response.get("id"), EngineError(
                INTERNAL, f"could not encode the response: {exc}"[:500])))
        with self._lock:
            if self.broken:
                return
            try:
                self._stream.write(line)
                self._stream.flush()
            except (OSError, ValueError):  # the reader went away (or closed the stream)
                self.broken = True


class Engine:
    """One engine session over a pair of byte streams."""

    def __init__(self, config: EngineConfig, output: IO[bytes]) -> None:
        self.config = config
        self.output = Output(output)
        self.games = Games(config.rules_data)
        self._warm_up()
        self.scheduler = Scheduler(config.workers, self.output.write, config.max_seconds)

    def _warm_up(self) -> None:
        """Load the schemas, the agents and the default game now, not on the first query."""
        for action in ACTIONS:
            schema(f"{action}.request")
        agent_classes()
        self.games.get(UNNAMED_GAME, None, "game")

    def handle(self, line: bytes) -> bool:
        """Answer one non-blank line; False after ``quit``."""
        rid: RequestId = None
        try:
            try:
                request = decode(line)
            except EngineError:
                rid = peek_id(line)
                raise
            rid = request["id"]
            return self._dispatch(rid, request)
        except EngineError as exc:
            self.output.write(error_response(rid, exc))
        except Exception as exc:  # a bug must cost one request, never the engine
            self.output.write(error_response(rid, EngineError(
                INTERNAL, f"{type(exc).__name__}: {exc}"[:500])))
        return True

    def _dispatch(self, rid: RequestId, request: dict[str, Any]) -> bool:
        action = request["action"]
        if action == "quit":
            self.scheduler.terminate(every=True)
            self.scheduler.close()
            self.output.write({"id": rid, "action": "quit"})
            return False
        if action == "terminate":
            stopped = (self.scheduler.terminate(every=True) if request.get("all")
                       else self.scheduler.terminate(request["terminateId"]))
            self.output.write({"id": rid, "action": "terminate", "terminated": stopped})
        elif action == "version":
            self.output.write(handlers.version(rid, self.config))
        elif action == "legal":
            self.output.write(handlers.legal(rid, request, self.games))
        elif action == "apply":
            self.output.write(handlers.apply(rid, request, self.games))
        elif action == "analyze_game":
            self.scheduler.submit(prepare_game_review(rid, request, self.games, self.config,
                                                      self.output.write))
        else:
            self.scheduler.submit(handlers.prepare_search(rid, request, self.games, self.config))
        return True

    def finish(self) -> None:
        """End of input: let the searches in flight finish."""
        self.scheduler.close()


def _read_lines(stream: IO[bytes], limit: int, output: Output) -> Iterator[bytes]:
    """Yield the lines of `stream`; a line over `limit` bytes is skipped with an error."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(_CHUNK)
            output.write(error_response(None, EngineError(
                LINE_TOO_LONG, f"a line longer than {limit} bytes was skipped "
                               "(see --max-line-bytes)")))
            continue
        yield line


def serve(config: EngineConfig, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Run the engine until ``quit`` or end of input; the exit status (0)."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        engine = Engine(config, stdout)
        for line in _read_lines(stdin, config.max_line_bytes, engine.output):
            if engine.output.broken:
                engine.scheduler.terminate(every=True)
                break
            if line.strip() and not engine.handle(line):
                return 0
        engine.finish()
        return 0
    finally:
        sys.setswitchinterval(previous)
