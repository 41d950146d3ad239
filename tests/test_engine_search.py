"""`valdora engine` with a real search agent (ismcts): streaming, terminate, concurrency."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_process import EngineProcess

import valdora_ai as va

SETUP = {"players": 3, "seed": 1}


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess("--workers", "5", "--max-seconds", "60")
    yield process
    process.kill()


def test_analyze_streams_partial_results_then_the_final_one(engine: EngineProcess) -> None:
    engine.send({"id": "s", "action": "analyze", "setup": SETUP, "agent": "ismcts:seed=1",
                 "budget": {"seconds": 1.0}, "topK": 3, "reportEvery": 0.05})
    responses = engine.read_until_final("s")
    partials, final = responses[:-1], responses[-1]
    assert len(partials) >= 3 and all(p["isDuringSearch"] for p in partials)
    counts = [p["iterations"] for p in partials] + [final["iterations"]]
    assert counts == sorted(counts) and counts[0] >= 1
    assert final["isDuringSearch"] is False and final["complete"] and not final["terminated"]
    assert 1 <= len(final["candidates"]) <= 3
    best = final["candidates"][0]
    assert len(best["values"]) == 3 and best["pv"][0] == best["step"]
    assert best["pvMoves"][0] == best["move"]
    visits = [c["visits"] for c in final["candidates"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= final["iterations"]


def test_an_iteration_budget_gives_the_python_api_result(engine: EngineProcess) -> None:
    request = {"action": "analyze", "setup": SETUP, "agent": "ismcts:seed=4",
               "budget": {"iterations": 150}}
    engine.send({"id": "one", **request})
    first = engine.read_until_final("one")[-1]
    engine.send({"id": "two", **request})
    second = engine.read_until_final("two")[-1]
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    expected = va.make_agent("ismcts:seed=4", game).analyze(
        game.observation(state, 0), va.Budget(iterations=150))
    assert first["candidates"] == second["candidates"]
    assert [c["step"] for c in first["candidates"]] == [c.step for c in expected.candidates]
    assert [c["visits"] for c in first["candidates"]] == [c.visits for c in expected.candidates]
    assert first["iterations"] == 150


def test_terminate_stops_a_search_mid_way(engine: EngineProcess) -> None:
    engine.send({"id": "long", "action": "analyze", "setup": SETUP, "agent": "ismcts",
                 "budget": {"seconds": 50}, "reportEvery": 0.05})
    assert engine.read()["isDuringSearch"]  # the search is running
    engine.send({"id": "stop", "action": "terminate", "terminateId": "long"})
    responses = engine.read_terminated("long", "stop")
    [final] = [r for r in responses if r["id"] == "long" and not r.get("isDuringSearch")]
    assert {"id": "stop", "action": "terminate", "terminated": ["long"]} in responses
    assert final["terminated"] and not final["complete"] and final["candidates"]
    assert final["seconds"] < 50
    again = engine.ask({"id": "stop2", "action": "terminate", "terminateId": "long"})
    assert again["terminated"] == []  # nothing left to stop


def test_five_queries_in_flight_all_answered_while_the_engine_stays_responsive(
        engine: EngineProcess) -> None:
    ids = [f"q{i}" for i in range(5)]
    for i, rid in enumerate(ids):
        engine.send({"id": rid, "action": "analyze", "setup": {"players": 4, "seed": i},
                     "agent": f"ismcts:seed={i}", "budget": {"seconds": 1.5},
                     "reportEvery": 0.1})
    engine.send({"id": "ping", "action": "version"})
    responses = []
    finals: dict[str, dict[str, object]] = {}
    while len(finals) < 5:
        response = engine.read()
        responses.append(response)
        if response["id"] in ids and not response["isDuringSearch"]:
            assert response["id"] not in finals
            finals[response["id"]] = response
    before_first_final = responses[:next(i for i, r in enumerate(responses)
                                         if r["id"] in ids and not r["isDuringSearch"])]
    assert {"ping"} | set(ids) <= {r["id"] for r in before_first_final}  # all ran at once
    assert all(f["complete"] and f["candidates"] for f in finals.values())
    rest, stderr = engine.quit()
    assert rest == [{"id": "quit", "action": "quit"}] and stderr == ""


def test_quit_during_searches_stops_them_and_exits(engine: EngineProcess) -> None:
    for rid in ("a", "b"):
        engine.send({"id": rid, "action": "analyze", "setup": SETUP, "agent": "ismcts",
                     "budget": {"seconds": 50}, "reportEvery": 0.05})
    engine.read()
    rest, stderr = engine.quit()
    finals = [r for r in rest if not r.get("isDuringSearch")]
    assert [r["id"] for r in finals][-1] == "quit" and stderr == ""
    assert sorted(r["id"] for r in finals[:-1]) == ["a", "b"]
    assert all(r["terminated"] for r in finals[:-1])
