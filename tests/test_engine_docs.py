"""docs/engine-protocol.md: its transcript is what the real engine answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine_process import EngineProcess

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine-protocol.md"
ELIDED = "…"


def _groups() -> list[tuple[str, list[dict[str, Any]]]]:
    """(request line, documented responses) in transcript order."""
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- transcript: checked by tests/test_engine_docs.py -->\n"
                      r"```text\n(.*?)```", text, re.DOTALL)
    assert block, "no transcript block"
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("> "):
            groups.append((line[2:], []))
        else:
            assert line.startswith("< ") and groups, line
            groups[-1][1].append(json.loads(line[2:]))
    return groups


def matches(documented: Any, actual: Any, key: str = "") -> bool:
    """Equal, except that "…" stands for any value and `seconds` for any number."""
    if documented == ELIDED or (key == "seconds" and isinstance(actual, float | int)):
        return True
    if isinstance(documented, dict):
        return (isinstance(actual, dict) and documented.keys() == actual.keys()
                and all(matches(v, actual[k], k) for k, v in documented.items()))
    if isinstance(documented, list):
        return (isinstance(actual, list) and len(documented) == len(actual)
                and all(matches(d, a) for d, a in zip(documented, actual, strict=True)))
    return bool(documented == actual and type(documented) is type(actual))


def test_the_documented_transcript_is_what_the_engine_answers() -> None:
    groups = _groups()
    assert len(groups) >= 10 and groups[-1][0] == '{"id": "bye", "action": "quit"}'
    engine = EngineProcess()
    try:
        for request, documented in groups:
            finals = [d for d in documented if not d.get("isDuringSearch")]
            wants_partial = len(finals) < len(documented)
            engine.send(request.encode() + b"\n")
            actual: list[dict[str, Any]] = []
            partials = 0
            while len(actual) < len(finals) or (wants_partial and not partials):
                response = engine.read()
                if response.get("isDuringSearch"):
                    partials += 1
                else:
                    actual.append(response)
            for expected in finals:
                assert any(matches(expected, a) for a in actual), (request, expected, actual)
        assert engine.process.wait(30) == 0
        assert engine.process.stderr is not None and engine.process.stderr.read() == b""
    finally:
        engine.kill()
