"""docs/engine-protocol.md: its transcript is what the real engine answers.

The transcript's requests (``>`` lines) are replayed one by one; after each, the test
reads as many final responses as the document shows (and at least one partial result
where it shows some) and checks them. ``"…"`` in a documented response stands for any
value and ``seconds`` for any number. When the agents change, regenerate the
responses, keeping the document's requests and elisions, with::

    python tests/test_engine_docs.py --update
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from engine_process import EngineProcess

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine-protocol.md"
BLOCK = re.compile(r"(<!-- transcript: checked by tests/test_engine_docs.py -->\n```text\n)"
                   r"(.*?)(```)", re.DOTALL)
ELIDED = "…"
SHOWN_PARTIALS = 2  # partial results shown per request when updating

Group = tuple[str, list[dict[str, Any]]]


def read_groups(text: str) -> list[Group]:
    """(request line, documented responses) in transcript order."""
    block = BLOCK.search(text)
    assert block, "no transcript block"
    groups: list[Group] = []
    for line in block.group(2).splitlines():
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


def converse(groups: list[Group]) -> list[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """Send each request to a fresh engine; its (final, partial) responses per group."""
    engine = EngineProcess()
    answers = []
    try:
        for request, documented in groups:
            wanted = sum(1 for d in documented if not d.get("isDuringSearch"))
            wants_partial = wanted < len(documented)
            engine.send(request.encode() + b"\n")
            finals: list[dict[str, Any]] = []
            partials: list[dict[str, Any]] = []
            while len(finals) < wanted or (wants_partial and not partials):
                response = engine.read()
                (partials if response.get("isDuringSearch") else finals).append(response)
            answers.append((finals, partials))
        assert engine.process.wait(30) == 0
        assert engine.process.stderr is not None and engine.process.stderr.read() == b""
    finally:
        engine.kill()
    return answers


def test_the_documented_transcript_is_what_the_engine_answers() -> None:
    groups = read_groups(DOC.read_text(encoding="utf-8"))
    assert len(groups) >= 10 and groups[-1][0] == '{"id": "bye", "action": "quit"}'
    for (request, documented), (finals, _) in zip(groups, converse(groups), strict=True):
        for expected in (d for d in documented if not d.get("isDuringSearch")):
            assert any(matches(expected, a) for a in finals), (request, expected, finals)


def _elide_like(documented: dict[str, Any] | None, actual: dict[str, Any]) -> dict[str, Any]:
    """`actual` with "…" wherever the documented response had it (top-level keys)."""
    shown = documented or {}
    return {k: ELIDED if shown.get(k) == ELIDED else v for k, v in actual.items()}


def update() -> None:
    """Rewrite the transcript's responses from a real session, keeping the elisions."""
    text = DOC.read_text(encoding="utf-8")
    groups = read_groups(text)
    lines = []
    for (request, documented), (finals, partials) in zip(groups, converse(groups),
                                                         strict=True):
        lines.append(f"> {request}")
        shown_partials = [d for d in documented if d.get("isDuringSearch")]
        for partial in partials[:SHOWN_PARTIALS if shown_partials else 0]:
            elided = _elide_like(shown_partials[0], partial)
            lines.append("< " + json.dumps(elided, ensure_ascii=False))
        for final in finals:
            twin = next((d for d in documented if d.get("id") == final["id"]
                         and d.get("isDuringSearch") is not True
                         and ("error" in d) == ("error" in final)), None)
            lines.append("< " + json.dumps(_elide_like(twin, final), ensure_ascii=False))
    DOC.write_text(BLOCK.sub(lambda m: m.group(1) + "\n".join(lines) + "\n" + m.group(3),
                             text), encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python tests/test_engine_docs.py --update")
    update()
