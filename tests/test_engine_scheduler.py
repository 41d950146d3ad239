"""The scheduler in-process, with a stand-in search agent: streaming, terminate, quit.

The stand-in counts iterations until its budget ends or it is told to stop, reporting
through the SearchControl like a real search. It makes these tests independent of
any one search agent's speed.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import valdora_ai as va
from valdora_ai.agents.base import Agent
from valdora_ai.engine import EngineConfig
from valdora_ai.engine.handlers import SearchJob
from valdora_ai.engine.server import Engine


class CountingAgent(Agent):
    """Searches by counting; stops on its iteration budget or when told to."""

    name = "counting"
    summary = "test stand-in for a search agent"

    def choose(self, observation: Any) -> int:
        return int(observation.legal_steps()[0])

    def analyze(self, observation: Any, budget: va.Budget | None = None,
                control: va.SearchControl | None = None) -> va.Analysis:
        limit = budget.iterations if budget and budget.iterations else 10**9
        done = 0
        while done < limit and not (control and control.should_stop()):
            done += 1
            time.sleep(0.0005)
            if control and control.wants_report():
                control.report(self._analysis(observation, done, complete=False))
        return self._analysis(observation, done, complete=done == limit)

    def _analysis(self, observation: Any, done: int, complete: bool) -> va.Analysis:
        step = self.choose(observation)
        return va.Analysis(player=observation.observer, agent=self.spec, iterations=done,
                           complete=complete,
                           candidates=(va.Candidate(step=step, visits=done, pv=(step,)),))


class Lines:
    """A thread-safe binary sink collecting the engine's output lines."""

    def __init__(self) -> None:
        self.data = b""
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)

    def write(self, data: bytes) -> int:
        with self.changed:
            self.data += data
            self.changed.notify_all()
        return len(data)

    def flush(self) -> None:
        pass

    def responses(self) -> list[dict[str, Any]]:
        with self.lock:
            return [json.loads(line) for line in self.data.splitlines()]

    def wait_for(self, predicate: Any, timeout: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while not predicate(responses := self.responses()):
            with self.changed:
                self.changed.wait(max(0.0, min(0.05, deadline - time.monotonic())))
            assert time.monotonic() < deadline, f"timed out; got {responses}"
        return responses


def _job(rid: Any, iterations: int | None = None, report_every: float = 0.0) -> SearchJob:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    return SearchJob(rid=rid, action="analyze", game=game,
                     observation=game.observation(state, 0), agent=CountingAgent(game),
                     budget=va.Budget(iterations=iterations), top_k=None,
                     report_every=report_every)


def _engine(workers: int = 2, max_seconds: float = 30.0) -> tuple[Engine, Lines]:
    out = Lines()
    return Engine(EngineConfig(workers=workers, max_seconds=max_seconds), out), out


def _finals(responses: list[dict[str, Any]], rid: Any) -> list[dict[str, Any]]:
    return [r for r in responses if r["id"] == rid and not r.get("isDuringSearch")]


def test_partial_results_stream_before_the_final_one() -> None:
    engine, out = _engine()
    engine.scheduler.submit(_job("s", iterations=400, report_every=0.02))
    responses = out.wait_for(lambda rs: _finals(rs, "s"))
    engine.finish()
    partials = [r for r in responses if r.get("isDuringSearch")]
    assert len(partials) >= 2 and responses[-1] is _finals(responses, "s")[0]
    assert [p["iterations"] for p in partials] == sorted(p["iterations"] for p in partials)
    assert all(p["complete"] is False for p in partials)
    final = responses[-1]
    assert final["iterations"] == 400 and final["complete"] and not final["terminated"]


def test_terminate_stops_one_search_mid_way_and_leaves_the_others() -> None:
    engine, out = _engine()
    engine.scheduler.submit(_job("long", report_every=0.01))
    engine.scheduler.submit(_job("short", iterations=200))
    out.wait_for(lambda rs: any(r.get("isDuringSearch") for r in rs))
    assert engine.handle(b'{"id": "t", "action": "terminate", "terminateId": "long"}')
    responses = out.wait_for(lambda rs: _finals(rs, "long") and _finals(rs, "short"))
    engine.finish()
    assert {"id": "t", "action": "terminate", "terminated": ["long"]} in responses
    long_final, short_final = _finals(responses, "long")[0], _finals(responses, "short")[0]
    assert long_final["terminated"] and not long_final["complete"]
    assert not short_final["terminated"] and short_final["iterations"] == 200


def test_quit_stops_running_and_queued_searches_and_acknowledges_last() -> None:
    engine, out = _engine(workers=1)
    for rid in ("a", "b", "c"):
        engine.scheduler.submit(_job(rid, report_every=0.01))
    out.wait_for(lambda rs: any(r.get("isDuringSearch") for r in rs))
    assert engine.handle(b'{"id": "q", "action": "quit"}') is False
    responses = out.responses()
    assert responses[-1] == {"id": "q", "action": "quit"}
    finals = {rid: _finals(responses, rid) for rid in "abc"}
    assert all(len(f) == 1 and f[0]["terminated"] for f in finals.values())
    assert finals["b"][0]["candidates"] == [] and finals["c"][0]["candidates"] == []


def test_the_watchdog_stops_a_search_after_max_seconds() -> None:
    engine, out = _engine(max_seconds=0.2)
    engine.scheduler.submit(_job("w"))
    final = out.wait_for(lambda rs: _finals(rs, "w"))[-1]
    engine.finish()
    assert final["terminated"] and final["iterations"] > 0


def test_the_watchdog_allows_max_seconds_for_each_search_of_a_game_review(
        tmp_path: Any, monkeypatch: Any) -> None:
    """A whole-game review searches every position: stopped after --max-seconds it
    would end half-way on any game longer than a few turns (the browser's review did)."""
    intervals: list[float] = []

    class RecordingTimer(threading.Timer):
        def __init__(self, interval: float, function: Any) -> None:
            intervals.append(interval)
            super().__init__(interval, function)

    monkeypatch.setattr("valdora_ai.engine.scheduler.threading.Timer", RecordingTimer)
    record = tmp_path / "game.jsonl"
    va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=4, record=record)
    text = "".join(record.read_text().splitlines(keepends=True)[:4])  # 3 turns
    engine, out = _engine(max_seconds=7.0)
    engine.scheduler.submit(_job("s", iterations=10))
    engine.handle(json.dumps({"id": "g", "action": "analyze_game", "record": text,
                              "agent": "ismcts:iterations=10,seed=1"}).encode())
    out.wait_for(lambda rs: _finals(rs, "s") and any(r.get("kind") == "summary"
                                                     for r in rs), timeout=60)
    engine.finish()
    assert sorted(intervals) == [7.0, 7.0 * 4]  # one search; the 4 positions around 3 turns


def test_an_id_in_flight_cannot_be_reused_until_its_final_result() -> None:
    engine, out = _engine()
    move = json.dumps({"id": 1, "action": "move", "setup": {"players": 3, "seed": 1}}).encode()
    engine.scheduler.submit(_job(1))
    engine.handle(move)
    engine.handle(b'{"id": "t", "action": "terminate", "all": true}')
    out.wait_for(lambda rs: len(_finals(rs, 1)) == 2)  # the error, then the final result
    engine.handle(move)
    responses = out.wait_for(lambda rs: len(_finals(rs, 1)) == 3)
    engine.finish()
    assert responses[0]["error"]["code"] == "duplicate_id"
    assert responses[-1]["action"] == "move" and responses[-1]["step"] is not None


def test_a_response_json_cannot_carry_becomes_an_internal_error() -> None:
    out = Lines()
    engine = Engine(EngineConfig(workers=1), out)
    engine.output.write({"id": "n", "action": "analyze", "seconds": float("nan")})
    engine.finish()
    [response] = out.responses()
    assert response["id"] == "n" and response["error"]["code"] == "internal"
