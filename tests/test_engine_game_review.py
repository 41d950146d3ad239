"""The engine's analyze_game action and the explanation of analyze (real subprocess;
every response is checked against its shipped schema by EngineProcess)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_process import EngineProcess

import valdora_ai as va
from valdora_ai.game_analysis import GameAnalyzer

AGENT = "ismcts:iterations=20,seed=1"
TURNS = 5


@pytest.fixture(scope="module")
def record_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("review") / "game.jsonl"
    va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=4, record=path)
    return "".join(path.read_text().splitlines(keepends=True)[:TURNS + 1])


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess()
    yield process
    process.kill()


def _until_summary(engine: EngineProcess, rid: str) -> list[dict]:  # type: ignore[type-arg]
    seen = []
    while True:
        response = engine.read(60)
        if response["id"] == rid:
            seen.append(response)
            if response.get("kind") == "summary" or "error" in response:
                return seen


def test_analyze_game_streams_each_turn_then_the_summary(engine: EngineProcess,
                                                         record_text: str,
                                                         tmp_path: Path) -> None:
    engine.send({"id": "g", "action": "analyze_game", "record": record_text, "agent": AGENT,
                 "explain": True})
    responses = _until_summary(engine, "g")
    turns = [r["review"] for r in responses[:-1]]
    assert [r["kind"] for r in responses[:-1]] == ["turn"] * TURNS
    assert [t["turn"] for t in turns] == list(range(1, TURNS + 1))
    assert all(t["explanation"]["does"] for t in turns)
    summary = responses[-1]
    assert summary["terminated"] is False and summary["turns"] == TURNS
    path = tmp_path / "game.jsonl"
    path.write_text(record_text)
    local = GameAnalyzer(va.replay(path), AGENT, explain=True)
    list(local.stream())
    assert json.loads(json.dumps(local.result().to_json()["turns"])) == turns


def test_analyze_game_for_one_seat_and_bad_requests(engine: EngineProcess,
                                                    record_text: str) -> None:
    engine.send({"id": 1, "action": "analyze_game", "record": record_text, "agent": AGENT,
                 "seat": 1})
    responses = _until_summary(engine, 1)
    assert [r["review"]["seat"] for r in responses[:-1]] == [1, 1]
    assert responses[-1]["summary"][0]["turns"] == 0
    bad = engine.ask({"id": 2, "action": "analyze_game", "record": record_text, "seat": 7})
    assert bad["error"]["code"] == "bad_record" and bad["error"]["field"] == "seat"
    bad = engine.ask({"id": 3, "action": "analyze_game", "record": "{\"format\": 1}"})
    assert bad["error"]["code"] == "bad_record"
    bad = engine.ask({"id": 4, "action": "analyze_game", "record": record_text,
                      "agent": "ismcts:iterations=999999999"})
    assert bad["error"]["code"] == "budget_limit"


def test_terminate_stops_an_analysis_with_a_partial_summary(engine: EngineProcess,
                                                            record_text: str) -> None:
    engine.send({"id": "long", "action": "analyze_game", "record": record_text,
                 "agent": "ismcts:iterations=9000000,seed=1"})
    engine.send({"id": "t", "action": "terminate", "terminateId": "long"})
    responses = _until_summary(engine, "long")
    assert responses[-1]["terminated"] is True
    assert responses[-1]["turns"] == len(responses) - 1


def test_analyze_explains_its_best_candidate_when_asked(engine: EngineProcess) -> None:
    engine.send({"id": "a", "action": "analyze", "setup": {"players": 3, "seed": 1},
                 "agent": AGENT, "explain": True, "topK": 2})
    final = engine.read_until_final("a")[-1]
    explanation = final["explanation"]
    assert explanation["turn"] == final["candidates"][0]["turn"]
    assert explanation["runnerUp"] == final["candidates"][1]["turn"]
    assert explanation["does"][0].startswith("Moves to ")
    engine.send({"id": "b", "action": "analyze", "setup": {"players": 3, "seed": 1},
                 "agent": AGENT})
    assert "explanation" not in engine.read_until_final("b")[-1]
