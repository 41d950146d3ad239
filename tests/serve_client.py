"""A test client of `valdora serve`'s WebSocket: every message received is checked
against its schema (the engine's response schemas, or the session response schema)
and kept, so a test can inspect all the traffic of a game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import Any

from engine_process import check_response
from extras import need

need("starlette")
need("httpx2")  # the client Starlette's TestClient uses

from jsonschema import Draft202012Validator  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from valdora_ai.serve.app import create_app  # noqa: E402
from valdora_ai.serve.config import ServeConfig  # noqa: E402
from valdora_ai.serve.sessions import SESSION_ACTIONS  # noqa: E402

ORIGIN = "http://testserver"  # the host Starlette's test client connects to


@cache
def session_validator() -> Draft202012Validator:
    path = resources.files("valdora_ai") / "schemas" / "serve" / "session.response.schema.json"
    return Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


def check_message(message: dict[str, Any]) -> None:
    """Raise if a message does not match the schema of its kind."""
    if "error" not in message and message.get("action") in SESSION_ACTIONS:
        session_validator().validate(message)
    else:
        check_response(message)


def final(message: dict[str, Any]) -> bool:
    """True for the last message answering a request."""
    if "error" in message or message.get("kind") in ("table", "hint", "record", "closed",
                                                     "view", "summary"):
        return True
    return message.get("kind") not in ("bot", "turn") and not message.get("isDuringSearch")


class Page:
    """One WebSocket connection; `traffic` holds the text of every message both ways."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.traffic: list[str] = []
        self._next = 0

    def send_raw(self, text: str) -> None:
        self.traffic.append(text)
        self.socket.send_text(text)

    def receive(self) -> dict[str, Any]:
        text = self.socket.receive_text()
        self.traffic.append(text)
        message: dict[str, Any] = json.loads(text)
        check_message(message)
        return message

    def ask(self, action: str, **fields: Any) -> list[dict[str, Any]]:
        """Send a request; every message answering it, the final one last."""
        self._next += 1
        rid = f"q{self._next}"
        self.send_raw(json.dumps({"id": rid, "action": action, **fields}))
        answers = []
        while True:
            message = self.receive()
            assert message["id"] == rid, message
            answers.append(message)
            if final(message):
                return answers


@contextmanager
def server(config: ServeConfig | None = None) -> Iterator[TestClient]:
    with TestClient(create_app(config or ServeConfig())) as client:
        yield client


@contextmanager
def page(client: TestClient, origin: str = ORIGIN) -> Iterator[Page]:
    with client.websocket_connect("/ws", headers={"origin": origin}) as socket:
        yield Page(socket)
