"""A test driver for the real `valdora engine` subprocess, checking every response.

Every line the engine writes is parsed and validated, with the ``jsonschema`` library,
against the response schema shipped in the package, so each test that talks to the
engine also checks that the schemas describe what the engine really sends.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator


def engine_command(*options: str) -> list[str]:
    """The installed `valdora` script next to this Python (or `python -m` as a fallback)."""
    script = Path(sys.executable).with_name("valdora")
    base = [str(script)] if script.exists() else [sys.executable, "-m", "valdora_ai.cli.app"]
    return [*base, "engine", *options]


@cache
def response_validator(kind: str) -> Draft202012Validator:
    path = resources.files("valdora_ai") / "schemas" / "engine" / f"{kind}.response.schema.json"
    return Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


def check_response(response: dict[str, Any]) -> None:
    """Raise if `response` does not match the schema of its kind."""
    kind = "error" if "error" in response else response["action"]
    response_validator(kind).validate(response)


class EngineProcess:
    """`valdora engine` in a subprocess; responses are read by a thread into a queue."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(engine_command(*options), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.responses: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            response = json.loads(line)
            check_response(response)
            self.responses.put(response)
        self.responses.put(None)

    def send(self, request: dict[str, Any] | bytes) -> None:
        assert self.process.stdin is not None
        line = request if isinstance(request, bytes) else json.dumps(request).encode() + b"\n"
        self.process.stdin.write(line)
        self.process.stdin.flush()

    def read(self, timeout: float = 30.0) -> dict[str, Any]:
        response = self.responses.get(timeout=timeout)
        assert response is not None, "the engine closed its output"
        return response

    def ask(self, request: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        """Send one quick request and read its one response."""
        self.send(request)
        return self.read(timeout)

    def read_until_final(self, rid: Any, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Responses up to and including the final one of query `rid`."""
        seen = []
        while True:
            response = self.read(timeout)
            seen.append(response)
            if response["id"] == rid and not response.get("isDuringSearch", False):
                return seen

    def read_terminated(self, rid: Any, ack: Any, timeout: float = 30.0
                        ) -> list[dict[str, Any]]:
        """Responses until both the final one of query `rid` and the answer to the
        terminate request `ack` have come: the protocol does not order the two (under
        load the stopped search's final can come first)."""
        seen = self.read_until_final(rid, timeout)
        while not any(r["id"] == ack for r in seen):
            seen.append(self.read(timeout))
        return seen

    def quit(self, timeout: float = 30.0) -> tuple[list[dict[str, Any]], str]:
        """Send quit; every remaining response and the whole of stderr."""
        self.send({"id": "quit", "action": "quit"})
        assert self.process.stdin is not None
        self.process.stdin.close()
        rest = []
        while (response := self.responses.get(timeout=timeout)) is not None:
            rest.append(response)
        assert self.process.stderr is not None
        stderr = self.process.stderr.read().decode(errors="replace")
        assert self.process.wait(timeout) == 0
        return rest, stderr

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
