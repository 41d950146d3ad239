"""Fuzz: 10,000 broken lines into the real engine, which answers each and survives;
and a client that stops reading does not make it print anything."""

from __future__ import annotations

import json
import random
import subprocess

import pytest
from engine_process import check_response, engine_command
from engine_requests import SETUP, mutated_line, valid_requests

import valdora_ai as va

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
