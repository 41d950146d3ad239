"""The ASGI application of ``valdora serve``: the page, its two files, one WebSocket.

The page (``static/``) is plain HTML, JavaScript and CSS shipped in the package and
served by name from a fixed list: no path from the browser ever reaches the file
system. ``/ws`` carries the engine protocol, one request or response per message; its
Origin must be the page's own (so another site open in the browser cannot drive the
engine), connections are counted against the server's limit, and a page that does not
read its responses is disconnected rather than queued for without end.
"""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from valdora_ai.engine.protocol import BUDGET_LIMIT, EngineError, encode, error_response
from valdora_ai.serve.config import ServeConfig
from valdora_ai.serve.connection import Connection
from valdora_ai.serve.sessions import SessionCount

FILES = {"index.html": "text/html", "app.js": "text/javascript",
         "clicks.js": "text/javascript", "style.css": "text/css"}
OUTBOX = 2000  # responses waiting for a page that does not read them, before it is dropped
POLICY_VIOLATION = 1008
TRY_AGAIN_LATER = 1013
HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                                      "style-src 'self' 'unsafe-inline'; connect-src 'self'",
           "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def _static(name: str) -> bytes:
    return (resources.files("valdora_ai") / "serve" / "static" / name).read_bytes()


def same_origin(websocket: WebSocket) -> bool:
    """True when the WebSocket was opened by a page of this server (its Origin names the
    host and port the request was sent to)."""
    origin = websocket.headers.get("origin")
    host = websocket.headers.get("host")
    return origin is not None and host is not None and origin in (
        f"http://{host}", f"https://{host}")


def create_app(config: ServeConfig) -> Starlette:
    """The application serving the page and the engine over ``/ws`` under `config`."""
    sessions = SessionCount(config.sessions)
    connections = [0]
    pages = {name: _static(name) for name in FILES}

    async def page(request: Request) -> Response:
        name = request.path_params.get("name", "index.html")
        if name not in pages:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(pages[name], media_type=FILES[name], headers=HEADERS)

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket):
            await websocket.close(code=POLICY_VIOLATION)
            return
        await websocket.accept()
        if connections[0] >= config.connections:
            await websocket.send_text(encode(error_response(None, EngineError(
                BUDGET_LIMIT, f"this server already serves {config.connections} pages, "
                              "its limit"))).decode("ascii").rstrip("\n"))
            await websocket.close(code=TRY_AGAIN_LATER)
            return
        connections[0] += 1
        try:
            await _converse(websocket, config, sessions)
        finally:
            connections[0] -= 1

    return Starlette(routes=[Route("/", page), Route("/static/{name}", page),
                             WebSocketRoute("/ws", socket)])


async def _converse(websocket: WebSocket, config: ServeConfig, sessions: SessionCount) -> None:
    """Relay messages between the page and its connection until either side stops."""
    loop = asyncio.get_running_loop()
    outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize=OUTBOX)

    def put(text: str | None) -> None:
        try:
            outbox.put_nowait(text)
        except asyncio.QueueFull:  # the page stopped reading: hang up on it
            with contextlib.suppress(asyncio.QueueFull):
                outbox.get_nowait()
                outbox.put_nowait(None)

    def send(text: str) -> None:  # from any thread
        loop.call_soon_threadsafe(put, text)

    connection = Connection(config, sessions, send)
    sender = asyncio.create_task(_send(websocket, outbox))
    try:
        while not sender.done():
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            data = text.encode("utf-8", "surrogatepass") if text is not None else (
                message.get("bytes") or b"")
            if not await asyncio.to_thread(connection.receive, data):
                break
    except WebSocketDisconnect:
        pass
    finally:
        await asyncio.to_thread(connection.close)
        loop.call_soon(put, None)
        with contextlib.suppress(Exception):
            await sender
        with contextlib.suppress(Exception):
            await websocket.close()


async def _send(websocket: WebSocket, outbox: asyncio.Queue[str | None]) -> None:
    while (text := await outbox.get()) is not None:
        await websocket.send_text(text)
