"""The engine's limits hold for every search: spec budgets, stops on time, request ids.

Issue 18, item 4: an expectimax search used to ignore its budget, terminate, quit and
--max-seconds (two of them starved the workers), a stopped ``expectimax:depth=2``
move answered ``internal: IndexError``, ``time=nan`` in a spec failed inside the
worker, and ids ``1`` and ``1.0`` were two queries.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from engine_process import EngineProcess

import valdora_ai as va

SETUP = {"players": 3, "seed": 1}
BOUND = 5.0  # seconds for two 0.1 s searches: generous, the old overrun was 21 s each


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess("--workers", "2", "--max-seconds", "20", "--max-iterations", "5000")
    process.ask({"id": "ready", "action": "version"})  # started: time only the searches
    yield process
    process.kill()


def _legal_moves() -> list[str]:
    game = va.make_game("valdora", players=3)
    state = game.new_state(1)
    return [game.describe_step(state, s) for s in state.legal_steps()]


def test_two_long_expectimax_searches_keep_their_budget_and_free_the_workers(
        engine: EngineProcess) -> None:
    start = time.perf_counter()
    for rid in ("a", "b"):
        engine.send({"id": rid, "action": "move", "setup": SETUP,
                     "agent": "expectimax:playouts=5000", "budget": {"seconds": 0.1}})
    engine.send({"id": "c", "action": "move", "setup": SETUP, "agent": "greedy"})
    answers = {r["id"]: r for r in (engine.read() for _ in range(3))}
    assert time.perf_counter() - start < BOUND
    assert set(answers) == {"a", "b", "c"}
    assert all(answers[rid]["move"] in _legal_moves() for rid in "abc")


def test_a_deep_expectimax_move_stopped_mid_search_answers_a_legal_move() -> None:
    """No budget in the request, and the agent's default (5 s) is beyond --max-seconds,
    so --max-seconds ends it; its watchdog starts with the search, so the stop always
    comes in the middle of the first depth."""
    process = EngineProcess("--workers", "1", "--max-seconds", "0.5")
    try:
        process.send({"id": 1, "action": "move", "setup": SETUP, "agent": "expectimax:depth=2"})
        final = process.read_until_final(1)[-1]
    finally:
        process.kill()
    assert final["action"] == "move" and final["terminated"]
    assert final["move"] in _legal_moves()


def test_ids_1_and_1_0_are_one_query(engine: EngineProcess) -> None:
    engine.send({"id": 1, "action": "analyze", "setup": SETUP,
                 "agent": "expectimax:playouts=5000"})  # runs until stopped
    duplicate = engine.ask({"id": 1.0, "action": "move", "setup": SETUP, "agent": "greedy"})
    assert duplicate["id"] == 1 and duplicate["error"]["code"] == "duplicate_id"
    engine.send({"id": "t", "action": "terminate", "terminateId": 1.0})
    responses = engine.read_terminated(1, "t")
    assert {"id": "t", "action": "terminate", "terminated": [1]} in responses
    [final] = [r for r in responses if r["id"] == 1 and not r.get("isDuringSearch")]
    assert final["terminated"]


@pytest.mark.parametrize(("agent", "code", "message"), [
    ("ismcts:time=nan", "bad_agent", "time must be a number from 0 to 86400, got nan"),
    ("pimc:worlds=100000000", "bad_agent", "worlds must be an integer from 1 to 10000"),
    ("expectimax:playouts=-1", "bad_agent", "playouts must be an integer from 0 to 100000"),
    ("oracle-ismcts", "bad_agent", "oracle-ismcts sees the hidden cards and is for "
                                   "evaluation only"),
    ("ismcts:iterations=5001", "budget_limit", "5001 iterations is beyond this engine's "
                                               "limit of 5000"),
    ("ismcts:time=21", "budget_limit", "21.0 seconds is beyond this engine's limit of 20.0"),
])
def test_bad_or_oversized_specs_are_refused_up_front(engine: EngineProcess, agent: str,
                                                     code: str, message: str) -> None:
    reply = engine.ask({"id": 7, "action": "analyze", "setup": SETUP, "agent": agent,
                        "budget": {"iterations": 10}})
    assert reply["error"]["code"] == code and reply["error"]["field"] == "agent"
    assert message in reply["error"]["message"]


def test_ids_compare_by_value_and_are_echoed_as_integers(engine: EngineProcess) -> None:
    reply = engine.ask({"id": 2.0, "action": "legal", "setup": SETUP})
    assert reply["id"] == 2 and isinstance(reply["id"], int)
    refused = engine.ask({"id": 2.5, "action": "legal", "setup": SETUP})
    assert refused["error"]["code"] == "invalid_request" and refused["error"]["field"] == "id"
