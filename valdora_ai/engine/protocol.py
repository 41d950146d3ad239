"""The engine's wire format: request decoding, response encoding, and error codes.

One JSON object per line in each direction. Every request names its ``action`` and an
``id`` that all its responses echo. A request that cannot be carried out gets one
error response, ``{"id": ..., "error": {"code": ..., "message": ..., "field": ...}}``,
and the engine carries on: nothing a client sends can stop it except ``quit``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from valdora_ai.engine.validation import SchemaViolation, check_supported, validate
from valdora_ai.errors import ValdoraError

# 2: candidates carry intervals and their order, turns their decision apart from what a
# sampled world revealed; analyze_game compares decisions on common worlds.
# 3: analyze and move take a `clock` (seconds left, increment) the agent plans its time by.
PROTOCOL_VERSION = 3
ACTIONS = ("version", "analyze", "analyze_game", "move", "legal", "apply", "terminate", "quit")
RESPONSES = (*ACTIONS, "error")

# Error codes (the enum of error.response.schema.json).
INVALID_JSON = "invalid_json"
LINE_TOO_LONG = "line_too_long"
INVALID_REQUEST = "invalid_request"
UNKNOWN_ACTION = "unknown_action"
DUPLICATE_ID = "duplicate_id"
BAD_POSITION = "bad_position"
BAD_RECORD = "bad_record"
ILLEGAL_MOVE = "illegal_move"
BAD_AGENT = "bad_agent"
BUDGET_LIMIT = "budget_limit"
NO_DECISION = "no_decision"
NOT_TO_MOVE = "not_to_move"
INTERNAL = "internal"

RequestId = str | int | float | None


class EngineError(ValdoraError):
    """A request the engine refuses: an error code, a message and the field at fault."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        self.code = code
        self.field = field
        self.message = message
        super().__init__(message, where=field)


@cache
def schema(name: str) -> dict[str, Any]:
    """A shipped schema, e.g. ``schema("analyze.request")`` (checked to be supported)."""
    path = resources.files("valdora_ai") / "schemas" / "engine" / f"{name}.schema.json"
    text = path.read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    check_supported(document, name)
    return document


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def decode(line: bytes) -> dict[str, Any]:
    """The request on one line, checked against its action's schema (EngineError if bad)."""
    try:
        request = json.loads(line.strip(), parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:  # includes JSON and UTF-8 decoding errors
        raise EngineError(INVALID_JSON, f"not valid JSON: {_reason(exc)}") from None
    if not isinstance(request, dict):
        raise EngineError(INVALID_REQUEST, "a request must be a JSON object")
    action = request.get("action")
    if "action" not in request:
        raise EngineError(INVALID_REQUEST, "missing field", "action")
    if not isinstance(action, str) or action not in ACTIONS:
        raise EngineError(UNKNOWN_ACTION, f"unknown action {_short(action)} "
                                          f"(known: {', '.join(ACTIONS)})", "action")
    try:
        validate(request, schema(f"{action}.request"))
    except SchemaViolation as exc:
        raise EngineError(INVALID_REQUEST, str(exc), exc.field) from None
    for key in ("id", "terminateId"):
        if key in request:
            request[key] = canonical_id(request[key])
    return request


def canonical_id(value: RequestId) -> RequestId:
    """An id as the engine keeps and echoes it: an integer written as a number with a
    fraction or exponent (``1.0``, ``1e0``; JSON Schema calls them integers) is that
    integer, so ``1`` and ``1.0`` name the same query. A string stays itself."""
    return int(value) if isinstance(value, float) else value


def _reason(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} (column {exc.colno})"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 (byte {exc.object[exc.start]:#04x} at {exc.start})"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc)[:200] or type(exc).__name__


def request_id(request: Any) -> RequestId:
    """The id to echo: the request's id when it is a valid one, else None."""
    if not isinstance(request, dict):
        return None
    value = request.get("id")
    try:
        validate(value, schema("quit.request")["properties"]["id"])
    except SchemaViolation:
        return None
    return canonical_id(value)


def peek_id(line: bytes) -> RequestId:
    """The id of a line that failed to decode, if it is readable at all."""
    try:
        return request_id(json.loads(line, parse_constant=_reject_constant))
    except (ValueError, RecursionError):
        return None


def error_response(rid: RequestId, error: EngineError) -> dict[str, Any]:
    return {"id": rid, "error": {"code": error.code, "message": error.message,
                                 "field": error.field}}


def encode(response: dict[str, Any]) -> bytes:
    """One response line (compact JSON, ASCII-safe, newline-terminated).

    ValueError for NaN or infinity, which JSON cannot carry.
    """
    return (json.dumps(response, separators=(",", ":"), allow_nan=False) + "\n").encode("ascii")


def _short(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
