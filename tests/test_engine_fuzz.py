"""Fuzz: 10,000 broken lines into the real engine, which answers each and survives;
damaged positions and records of every registered game (tests/fuzz_bases.py, damaged
by tests/file_mutations.py), none of which it answers with ``internal``; and a client
that stops reading does not make it print anything."""

from __future__ import annotations

import json
import random
import subprocess
from typing import Any

import pytest
from engine_process import check_response, engine_command
from engine_requests import SETUP, mutated_line, valid_requests
from file_mutations import JSON_MUTATORS, RECORD_MUTATORS, mutate
from fuzz_bases import CASES, SEED, bases

import valdora_ai as va
from valdora_ai.games import game_names

LINES = 10_000


def test_engine_survives_random_and_mutated_lines() -> None:
    rng = random.Random(2026)
    bases = valid_requests()
    lines = [mutated_line(rng.choice(bases), rng) for _ in range(LINES)]
    final = {"id": "after-fuzz", "action": "legal", "setup": SETUP}
    move = {"id": "after-fuzz-move", "action": "move", "setup": SETUP, "agent": "greedy"}
    data = b"".join(lines) + b"".join(json.dumps(r).encode() + b"\n" for r in (final, move))
    process = subprocess.run(engine_command("--max-seconds", "5", "--max-line-bytes", "100000"),
                             input=data, capture_output=True, timeout=120)
    assert process.returncode == 0
    assert process.stderr == b"", process.stderr[-2000:]
    responses = [json.loads(line) for line in process.stdout.splitlines()]
    for response in responses:
        check_response(response)
    # Exactly one final answer per non-blank line (partial results and analyze_game's
    # turn reviews stream before it), the check query's last.
    requests = sum(1 for line in data.split(b"\n") if line.strip())
    answers = [r for r in responses if not r.get("isDuringSearch") and r.get("kind") != "turn"]
    assert len(answers) == requests
    errors = [r for r in answers if "error" in r]
    assert len(errors) > LINES // 2
    assert {r["error"]["code"] for r in errors} >= {"invalid_json", "invalid_request",
                                                    "unknown_action"}
    assert not any(r["error"]["code"] == "internal" for r in errors)
    check = [r for r in responses if r["id"] == "after-fuzz"]
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    assert len(check) == 1 and [s["step"] for s in check[0]["steps"]] == state.legal_steps()
    chosen = [r for r in responses if r["id"] == "after-fuzz-move"]
    best = va.make_agent("greedy", game).choose(game.observation(state, 0))
    assert len(chosen) == 1 and chosen[0]["step"] == best


def _game_requests(game: str) -> list[dict[str, Any]]:
    """Valid requests of every kind that reads a document, on `game`'s base positions
    and record (a search that samples worlds among them)."""
    base = bases(game)
    requests: list[dict[str, Any]] = [
        {"action": "legal", "setup": {"players": base.players, "seed": 1}},
        {"action": "analyze_game", "agent": "random:seed=1", "seat": 0,
         "record": list(base.record_lines[:6])}]
    for position, turn in zip(base.positions, base.turns, strict=True):
        requests += [{"action": "legal", "position": position},
                     {"action": "apply", "position": position, "turnNotation": turn},
                     {"action": "move", "position": position, "agent": "greedy"},
                     {"action": "analyze", "position": position, "topK": 2,
                      "agent": "ismcts:iterations=4,seed=1"}]
    return [{"game": game, **r} for r in requests]


def _damaged(request: dict[str, Any], rng: random.Random) -> bytes:
    """A line with `request`'s position or record damaged like a file: the document's
    JSON text mutated (it is sent as it is when it no longer parses: the engine must
    answer that too)."""
    key = "position" if "position" in request else "record"
    document = request.get(key)
    if document is None or rng.random() < 0.2:
        return mutated_line(request, rng)
    if key == "record":
        text = b"\n".join(json.dumps(line).encode() for line in document)
        lines = mutate(text, RECORD_MUTATORS, rng).decode("utf-8", "replace").split("\n")
        damaged = json.dumps([_parsed(line) for line in lines if line.strip()])
    else:
        damaged = mutate(json.dumps(document).encode(), JSON_MUTATORS, rng).decode(
            "utf-8", "replace")
    head = json.dumps({k: v for k, v in request.items() if k != key})
    return (head[:-1] + f', "{key}": ' + damaged.replace("\n", " ") + "}\n").encode()


def _parsed(line: str) -> Any:
    """A record line as the client would send it: its JSON, or the text itself."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return line


@pytest.mark.parametrize("game", game_names())
def test_damaged_documents_of_every_game_are_never_internal(game: str) -> None:
    rng = random.Random(f"{game}-{SEED}")
    bases_ = _game_requests(game)
    lines = [_damaged({**rng.choice(bases_), "id": number}, rng) for number in range(CASES)]
    process = subprocess.run(engine_command("--max-seconds", "5", "--max-line-bytes", "100000",
                                            "--workers", "1"),
                             input=b"".join(lines), capture_output=True, timeout=60 + CASES)
    assert process.returncode == 0 and process.stderr == b"", process.stderr[-2000:]
    responses = [json.loads(line) for line in process.stdout.splitlines()]
    answers = [r for r in responses if not r.get("isDuringSearch") and r.get("kind") != "turn"]
    assert len(answers) == sum(1 for line in lines if line.strip())  # blank ones are skipped
    internal = [(r["id"], r["error"]["message"]) for r in answers
                if r.get("error", {}).get("code") == "internal"]
    assert not internal, (f"{game}: {len(internal)} of {CASES} damaged requests answered "
                          f"internal (VALDORA_FUZZ_SEED={SEED}): {internal[:10]}")
    refused = sum("error" in r for r in answers)
    assert CASES // 4 < refused < CASES - CASES // 100, refused  # positions are strict


@pytest.mark.parametrize("chunk", [b"\xff" * 5000, b"{" * 50_000, b"[" * 90_000 + b"]",
                                   b'{"id": 1e400, "action": "version"}',
                                   b'{"id": 1, "action": "legal", "setup": {"players": 3, '
                                   b'"seed": 1' + b"0" * 5000 + b"}}"])
def test_pathological_lines_are_refused_cleanly(chunk: bytes) -> None:
    data = chunk + b"\n" + b'{"id": "ok", "action": "version"}\n'
    process = subprocess.run(engine_command("--max-line-bytes", "100000"), input=data,
                             capture_output=True, timeout=60)
    assert process.returncode == 0 and process.stderr == b""
    responses = [json.loads(line) for line in process.stdout.splitlines()]
    assert len(responses) == 2 and "error" in responses[0]
    assert responses[1]["action"] == "version"


def test_a_client_that_stops_reading_ends_the_engine_quietly() -> None:
    process = subprocess.Popen(engine_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdin and process.stdout and process.stderr
    process.stdin.write(b'{"id": 1, "action": "version"}\n')
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 1
    process.stdout.close()
    try:
        for _ in range(2000):
            process.stdin.write(b'{"id": 2, "action": "legal", "setup": {"players": 3, '
                                b'"seed": 1}}\n')
        process.stdin.close()
    except BrokenPipeError:
        pass  # the engine may already have gone
    assert process.wait(timeout=60) == 0
    assert process.stderr.read() == b""
