"""External engines: an agent that is another program, asked for each move on its stdin.

The spec is ``cmd:"program args",time=S,grace=G`` (the command in double quotes, split
as a shell would, never run through a shell). The program is started at its first
decision, in its own process group, and kept for the game. For each decision it gets
one line, an engine-protocol ``move`` request for its seat::

    {"id": 1, "action": "move", "game": "valdora", "player": 2,
     "position": {...the belief position: no hidden order...},
     "legal": [{"step": 33, "move": "A"}, ...], "budget": {"seconds": 1.0}}

(plus ``"clock": {"remaining": R, "increment": I}`` when the game is played under a
time control) and answers one line ``{"id": 1, "step": 33}`` within ``time`` +
``grace`` seconds.
A program that times out, exits, writes something that is not such an answer, or
answers a step that is not legal raises :class:`ExternalEngineError` (naming the seat
and the reason) and is killed with everything it started; tournaments record that as
a forfeit (docs/tournaments.md). ``close()`` (also run when the agent is collected or
the interpreter exits) sends ``{"action": "quit"}``, closes its input, waits ``grace``
seconds and kills the rest, so no process outlives its game. On Linux the program runs
under a supervisor (:mod:`valdora_ai.agents.reaper`) that also catches the processes
that leave its process group (``setsid``, a double fork); elsewhere the process group
is all that is killed.
"""

from __future__ import annotations

import functools
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import time
import weakref
from contextlib import suppress
from pathlib import Path
from typing import Any

from valdora_ai.agents.base import Agent, Param
from valdora_ai.errors import SpecError, ValdoraError
from valdora_ai.games.base import Game, Observation

PREFIX = "cmd:"
MAX_ANSWER_BYTES = 65_536  # an answer is one short line; more is garbage
STOP_SECONDS = 5.0  # for the supervisor to kill and reap what the program started
REAPER = Path(__file__).with_name("reaper.py")  # run as a script, never imported here


class ExternalEngineError(ValdoraError):
    """An external engine failed a decision; `reason` is timeout, crash, garbage or
    illegal, `seat` the seat it was playing."""

    def __init__(self, seat: int, reason: str, detail: str) -> None:
        self.seat = seat
        self.reason = reason
        super().__init__(f"seat {seat}: external engine {reason}: {detail}")


class ExternalAgent(Agent):
    """An agent played by another program through the engine protocol's ``move``."""

    summary = "an external program answering engine-protocol move requests"
    command: tuple[str, ...] = ()
    PARAMS = {
        "time": Param(float, 1.0, "seconds per move the program is told", 0.001, 86_400),
        "grace": Param(float, 1.0, "seconds past `time` before it loses on time", 0, 60),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self._process: subprocess.Popen[bytes] | None = None
        self._status: int | None = None  # the supervisor's report of a failed start
        self._buffer = b""
        self._requests = 0
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def choose(self, observation: Observation) -> int:
        seat = observation.observer
        legal = observation.legal_steps()  # type: ignore[attr-defined]
        belief = observation.belief_state()
        self._requests += 1
        request = {"id": self._requests, "action": "move", "game": self.game.name,
                   "player": seat,
                   "position": observation.to_json()["position"],  # type: ignore[attr-defined]
                   "legal": [{"step": s, "move": self.game.describe_step(belief, s)}
                             for s in legal],
                   "budget": {"seconds": self.params["time"]}}
        if self.clock is not None:  # under a time control the program sees its clock
            request["clock"] = {"remaining": self.clock.remaining,
                                "increment": self.clock.increment}
        deadline = time.monotonic() + self.params["time"] + self.params["grace"]
        try:
            line = self._exchange(json.dumps(request).encode() + b"\n", deadline, seat)
            return _step_from(line, self._requests, legal, seat)
        except ExternalEngineError:
            self.close()
            raise

    def close(self) -> None:
        """Ask the program to quit, then kill its process group (idempotent)."""
        if self._finalizer is not None:
            self._finalizer()

    def _start(self, seat: int) -> subprocess.Popen[bytes]:
        command, status = list(self.command), None
        if _supervised():
            status, report = os.pipe()
            command = [sys.executable, "-I", "-S", str(REAPER), str(os.getpid()),
                       str(report), *command]
        try:
            process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       start_new_session=True,
                                       pass_fds=() if status is None else (report,))
        except OSError as exc:
            if status is not None:
                os.close(status)
            raise ExternalEngineError(seat, "crash", _cannot_start(self.command,
                                                                   exc.strerror or str(exc))
                                      ) from None
        finally:
            if status is not None:
                os.close(report)
        for stream in (process.stdin, process.stdout):
            os.set_blocking(stream.fileno(), False)  # type: ignore[union-attr]
        self._status = status
        self._finalizer = weakref.finalize(self, _stop, process, self.params["grace"], status)
        return process

    def _exchange(self, request: bytes, deadline: float, seat: int) -> bytes:
        """Write `request`, read one answer line, both before `deadline`."""
        if self._process is None:
            self._process = self._start(seat)
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdin, selectors.EVENT_WRITE)
            selector.register(process.stdout, selectors.EVENT_READ)
            pending = request
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ExternalEngineError(seat, "timeout", "no answer within "
                                              f"{self.params['time']:g} s + "
                                              f"{self.params['grace']:g} s grace")
                for key, _ in selector.select(left):
                    if key.fileobj is process.stdin:
                        pending = self._write(pending, seat)
                        if not pending:
                            selector.unregister(process.stdin)
                    else:
                        self._read(seat)
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _write(self, pending: bytes, seat: int) -> bytes:
        try:
            written = os.write(self._process.stdin.fileno(), pending)  # type: ignore[union-attr]
        except (BrokenPipeError, ConnectionResetError):
            raise ExternalEngineError(seat, "crash", self._exit_status()) from None
        return pending[written:]

    def _read(self, seat: int) -> None:
        chunk = os.read(self._process.stdout.fileno(), 65_536)  # type: ignore[union-attr]
        if not chunk:
            raise ExternalEngineError(seat, "crash", self._exit_status())
        self._buffer += chunk
        if len(self._buffer) > MAX_ANSWER_BYTES and b"\n" not in self._buffer:
            raise ExternalEngineError(seat, "garbage", f"an answer longer than "
                                      f"{MAX_ANSWER_BYTES} bytes")

    def _exit_status(self) -> str:
        assert self._process is not None
        with suppress(subprocess.TimeoutExpired):
            code = self._process.wait(timeout=0.5)
            failure = b"" if self._status is None else os.read(self._status, 4096)
            if failure:
                return _cannot_start(self.command, failure.decode(errors="replace"))
            return f"it exited (code {code}) without answering"
        return "it closed its output without answering"


def split_spec(spec: str) -> tuple[type[ExternalAgent], str]:
    """The agent class of a ``cmd:"..."`` spec and the text of its parameters."""
    body = spec.strip()[len(PREFIX):].lstrip()
    if not body.startswith('"') or body.count('"') < 2:
        raise SpecError(f"{spec!r}: expected cmd:\"program args\" (the command in double "
                        "quotes), then ,key=value parameters")
    command, _, rest = body[1:].partition('"')
    if rest.strip() and not rest.lstrip().startswith(","):
        raise SpecError(f"{spec!r}: expected ,key=value after the quoted command")
    return command_class(command), rest.lstrip().removeprefix(",")


@functools.cache
def command_class(command: str) -> type[ExternalAgent]:
    """The agent class for one command line (named by its canonical spec)."""
    try:
        argv = tuple(shlex.split(command))
    except ValueError as exc:
        raise SpecError(f"cmd:\"{command}\": {exc}") from None
    if not argv:
        raise SpecError('cmd:"": the command is empty')
    name = f'{PREFIX}"{shlex.join(argv)}"'
    if name.count('"') != 2:
        raise SpecError(f"{name}: a command cannot contain a double quote")
    return type("ExternalAgent", (ExternalAgent,), {"name": name, "command": argv})


@functools.cache
def _supervised() -> bool:
    """Whether programs run under the supervisor: on Linux, with /proc and a Python to
    run it (an embedding interpreter may have none)."""
    return (sys.platform.startswith("linux") and bool(sys.executable)
            and Path("/proc/self/stat").exists())


def _cannot_start(command: tuple[str, ...], reason: str) -> str:
    return f"cannot start {command[0]!r}: {reason}"


def _step_from(line: bytes, request_id: int, legal: list[int], seat: int) -> int:
    """The step an answer line names, or the ExternalEngineError it deserves."""
    try:
        answer = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ExternalEngineError(seat, "garbage", f"not JSON: {_shown(line)}") from None
    if not isinstance(answer, dict) or answer.get("id") != request_id:
        raise ExternalEngineError(seat, "garbage", f"not an answer to request {request_id}: "
                                  f"{_shown(line)}")
    step = answer.get("step")
    if isinstance(step, bool) or not isinstance(step, int):
        raise ExternalEngineError(seat, "garbage", f"no integer step in {_shown(line)}")
    if step not in legal:
        raise ExternalEngineError(seat, "illegal", f"step {step} is not legal here")
    return step


def _shown(line: bytes) -> str:
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _stop(process: subprocess.Popen[bytes], grace: float, status: int | None) -> None:
    """Ask `process` to quit and give it `grace` seconds; then have its supervisor (when
    `status`, its report pipe, says there is one) kill everything the program started,
    kill the process group in any case, and reap it."""
    with suppress(OSError, ValueError):  # a full pipe or a gone program: kill it anyway
        if process.poll() is None and process.stdin is not None:
            os.write(process.stdin.fileno(), b'{"id": 0, "action": "quit"}\n')
            process.stdin.close()
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=grace)
    if status is not None and process.poll() is None:
        process.terminate()
        with suppress(subprocess.TimeoutExpired):
            process.wait(timeout=STOP_SECONDS)
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for stream in (process.stdin, process.stdout):
        with suppress(OSError, ValueError):
            if stream is not None:
                stream.close()
    if status is not None:
        os.close(status)
