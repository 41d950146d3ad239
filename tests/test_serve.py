"""`valdora serve` over its WebSocket: play, analysis, hidden information and the limits.

Every message is checked against its schema by the client (tests/serve_client.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from serve_client import Page, page, server

from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.clock import ClockReading
from valdora_ai.engine.config import EngineConfig
from valdora_ai.errors import ValdoraError
from valdora_ai.games import facts, make_game
from valdora_ai.records import parse_record_text, replay_lines
from valdora_ai.serve.config import ServeConfig


def play_out(p: Page, game: str, seats: list[str], seed: int) -> tuple[str, list[dict[str, Any]]]:
    """Play a whole game, the person always taking the first choice (after a hint and an
    undo on the first turn, refused when that step was a private reveal); the session id
    and every table seen."""
    answers = p.ask("new_game", game=game, seats=seats, seed=seed)
    sid, tables = answers[-1]["session"], [a["table"] for a in answers]
    first = tables[-1]["choices"][0]["step"]
    hint = p.ask("hint", session=sid)[-1]
    assert hint["kind"] == "hint" and hint["hint"]["explanation"]["does"]
    played = p.ask("play", session=sid, step=first)
    undone = p.ask("undo", session=sid)[-1]
    if "error" in undone:  # a private reveal (a Zavandor soil sample) stays seen
        assert "undo cannot take back" in undone["error"]["message"]
        tables += [a["table"] for a in played]
    else:
        assert undone["table"]["soFar"] == ""
    while not tables[-1]["over"]:
        answers = p.ask("play", session=sid, step=tables[-1]["choices"][0]["step"])
        assert "error" not in answers[-1], answers[-1]
        tables += [a["table"] for a in answers]
    return sid, tables


def secrets(world: Any, belief: Any) -> set[str]:
    """What the true state holds and the observer's belief does not: the compact JSON of
    each hidden part (a key the belief lacks, a value it masks as "?"), and each name in
    it that the belief never mentions."""
    found: set[str] = set()
    belief_text = json.dumps(belief)

    def hidden(part: Any) -> None:
        found.add(json.dumps(part, separators=(",", ":")))
        names = [part] if isinstance(part, str) else [
            s for s in json.dumps(part).split('"')[1::2] if len(s) > 1]
        found.update(n for n in names if f'"{n}"' not in belief_text)

    def walk(w: Any, b: Any) -> None:
        if isinstance(w, dict) and isinstance(b, dict):
            for key, value in w.items():
                if key not in b:
                    hidden(value)
                else:
                    walk(value, b[key])
        elif isinstance(w, list) and isinstance(b, list) and len(w) == len(b):
            for x, y in zip(w, b, strict=True):
                walk(x, y)
        elif b == "?" and w != "?":
            hidden(w)

    walk(world, belief)
    return {s for s in found if len(s) > 2}


@pytest.mark.parametrize("game, seats", [
    ("valdora", ["greedy", "human", "greedy"]),
    ("alchemists", ["greedy", "human", "greedy"]),
    ("zavandor", ["human", "greedy", "greedy"]),
])
def test_a_whole_game_sends_only_what_the_person_may_know(game: str, seats: list[str]) -> None:
    with server() as client, page(client) as p:
        sid, tables = play_out(p, game, seats, seed=3)
        record = p.ask("record", session=sid)[-1]["record"]
        analysis = p.ask("analyze", record=record, turn=2, agent="ismcts:iterations=30,seed=1")
        assert analysis[-1]["candidates"]
    human = seats.index("human")
    replayed = replay_lines(parse_record_text(record, "record"), "record", None)
    assert replayed.finished and len(replayed.plays) == len(tables[-1]["history"])
    rules = make_game(game, players=len(seats))
    end = replayed.final
    hidden = secrets(rules.position_to_json(end),
                     rules.position_to_json(rules.observation(end, human).belief_state()))
    assert hidden, "the test needs a secret to look for"
    traffic = "\n".join(p.traffic)
    # whole names only: a hidden J-1 is not leaked by a public J-11
    leaked = sorted(s for s in hidden if re.search(re.escape(s) + r"(?!\w)", traffic))
    assert not leaked, f"hidden information sent to the page: {leaked[:5]}"
    assert all(t["observer"] == human for t in tables)
    assert all('"order":[' not in json.dumps(t["position"], separators=(",", ":"))
               for t in tables)


@pytest.mark.parametrize("game", ["valdora", "alchemists", "zavandor"])
def test_choices_and_hints_say_each_step_in_words(game: str) -> None:
    with server() as client, page(client) as p:
        answers = p.ask("new_game", game=game, seats=["human", "greedy", "greedy"], seed=2)
        sid, table = answers[-1]["session"], answers[-1]["table"]
        rules = make_game(game, players=3)
        state = rules.observation(rules.new_state(2), 0).belief_state()
        assert [c["words"] for c in table["choices"]] == [
            rules.step_words(state, c["step"]) for c in table["choices"]]
        assert len({c["words"] for c in table["choices"]}) == len(table["choices"])
        hint = p.ask("hint", session=sid)[-1]["hint"]
        assert hint["words"] and hint["words"][0] in {c["words"] for c in table["choices"]}


def test_bots_turns_stream_with_their_reasoning_and_people_may_write_turns() -> None:
    with server() as client, page(client) as p:
        answers = p.ask("new_game", seats=["greedy", "greedy", "human"], seed=1)
        bots = [a for a in answers if a["kind"] == "bot"]
        assert [b["bot"]["seat"] for b in bots] == [0, 1]
        assert all(b["bot"]["reasoning"].startswith("greedy") for b in bots)
        assert [len(b["table"]["history"]) for b in bots] == [1, 2]
        sid, table = answers[-1]["session"], answers[-1]["table"]
        assert table["toMove"] == 2 and table["choices"] and table["svg"].startswith("<svg")
        bad = p.ask("play", session=sid, move="Q: nonsense")[-1]
        assert bad["error"]["code"] == "illegal_move" and bad["error"]["field"] == "move"
        turn = table["choices"][0]["label"]
        after = p.ask("play", session=sid, move=turn)
        assert after[-1]["table"]["history"][2]["play"].startswith(turn.split(":")[0])


def test_a_new_game_clock_times_the_bots_and_the_table_shows_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a `clock` every seat plays on it: the bots (a search agent is shown its
    clock, and each decision is charged) and the person (tests/test_serve_clocks.py)."""
    shown: list[object] = []
    analyze = IsmctsAgent.analyze

    def spy(agent: IsmctsAgent, *args: Any, **kwargs: Any) -> Any:
        shown.append(agent.clock)
        return analyze(agent, *args, **kwargs)
    monkeypatch.setattr(IsmctsAgent, "analyze", spy)
    with server() as client, page(client) as p:
        seats = ["ismcts:iterations=20", "greedy", "human"]
        answers = p.ask("new_game", seats=seats, seed=1,
                        clock={"base": 60, "increment": 1})
        clocks = answers[-1]["table"]["clocks"]
        assert 0 < clocks[2] <= 60 and clocks[0] > 0 and clocks[1] >= 60  # +1 a decision
        assert shown and all(isinstance(c, ClockReading) for c in shown)
        assert shown[0] == ClockReading(60.0, 1.0)
        untimed = p.ask("new_game", seats=seats, seed=1)[-1]["table"]["clocks"]
        assert untimed == [None, None, None]
        bad = p.ask("new_game", seats=seats, seed=1, clock={"base": 0})[-1]
        assert bad["error"]["field"] == "clock"


def test_a_record_resumes_where_it_stopped_and_a_bad_one_is_refused() -> None:
    with server() as client, page(client) as p:
        answers = p.ask("new_game", seats=["human", "greedy", "greedy"], seed=2)
        sid, table = answers[-1]["session"], answers[-1]["table"]
        for _ in range(3):
            table = p.ask("play", session=sid, step=table["choices"][0]["step"])[-1]["table"]
        record = p.ask("record", session=sid)[-1]["record"]
        resumed = p.ask("resume", record=record)[-1]
        assert resumed["session"] != sid
        assert resumed["table"]["history"] == table["history"]
        assert resumed["table"]["toMove"] == 0 and resumed["table"]["choices"]
        lines = record.splitlines()
        broken = "\n".join([*lines[:1], lines[1].replace('"play": "', '"play": "zz')])
        error = p.ask("resume", record=broken)[-1]["error"]
        assert error["code"] == "bad_record" and error["field"] == "record"


def test_view_shows_a_record_position_as_its_seat_to_move_knows_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with server() as client, page(client) as p:
        sid = p.ask("new_game", seats=["greedy", "greedy", "greedy"], seed=1)[-1]["session"]
        record = p.ask("record", session=sid)[-1]["record"]
        view = p.ask("view", record=record, turn=5)[-1]["view"]
        assert view["turns"] > 5 and view["status"] == "decision"
        assert view["position"]["to_move"] == view["toMove"]
        assert '"order"' not in json.dumps(view["position"])
        alchemists = make_game("alchemists")
        position = alchemists.position_to_json(alchemists.new_state(1))
        pictured = p.ask("view", game="alchemists", position=position)[-1]["view"]
        assert pictured["svg"].startswith("<svg") and pictured["text"] is None

        def no_picture(game: Any, state: Any, observer: int | None = None) -> str:
            raise ValdoraError(f"a position of {game.name} cannot be drawn")

        monkeypatch.setattr(facts, "render_svg", no_picture)  # as for a game without one
        text_only = p.ask("view", game="alchemists", position=position)[-1]["view"]
        assert text_only["svg"] is None and text_only["text"]


def test_live_analysis_streams_and_stops_and_whole_game_analysis_flags() -> None:
    with server() as client, page(client) as p:
        p.send_raw(json.dumps({"id": "s", "action": "analyze", "setup": {"players": 3, "seed": 1},
                               "agent": "ismcts:seed=1", "budget": {"seconds": 20},
                               "reportEvery": 0.05}))
        first = p.receive()
        assert first["isDuringSearch"] and first["candidates"]
        p.send_raw(json.dumps({"id": "t", "action": "terminate", "terminateId": "s"}))
        # the terminate answer and the stopped search's final result, in either order
        # (the protocol does not order them; under load the final can come first)
        final, acknowledged = None, False
        while final is None or not acknowledged:
            message = p.receive()
            if message["id"] == "t":
                assert message["terminated"] == ["s"]
                acknowledged = True
            elif not message.get("isDuringSearch"):
                final = message
        assert final["id"] == "s" and final["terminated"] and final["candidates"]
        sid = p.ask("new_game", seats=["greedy", "greedy", "greedy"], seed=4)[-1]["session"]
        record = p.ask("record", session=sid)[-1]["record"]
        lines = record.splitlines()[:7]
        review = p.ask("analyze_game", record="\n".join(lines),
                       agent="ismcts:iterations=20,seed=1")
        assert [r["kind"] for r in review] == ["turn"] * 6 + ["summary"]
        assert len(review[-1]["winChances"]) == 7


@pytest.mark.parametrize("text, code, field", [
    ("{not json", "invalid_json", None),
    ('{"id": 1, "action": "fly"}', "unknown_action", "action"),
    ('{"id": 1, "action": "play", "session": "nope", "step": 1}', "invalid_request", "session"),
    ('{"id": 1, "action": "play", "session": "x", "step": 1, "move": "A"}',
     "invalid_request", "move"),
    ('{"id": 1, "action": "new_game", "seats": ["human", "py:os:system"], "seed": 1}',
     "invalid_request", "seats"),
    ('{"id": 1, "action": "new_game", "seats": ["human", "cmd:rm -rf /", "greedy"], "seed": 1}',
     "bad_agent", "seats[1]"),
    ('{"id": 1, "action": "new_game", "seats": ["human", "ismcts:iterations=999999", '
     '"greedy"], "seed": 1}', "budget_limit", "seats[1]"),
    ('{"id": 1, "action": "new_game", "seats": ["human", "greedy", "greedy"], "seed": 1, '
     '"path": "/etc/passwd"}', "invalid_request", "path"),
    ('{"id": 1, "action": "analyze", "setup": {"players": 3, "seed": 1}, '
     '"budget": {"seconds": 100}}', "budget_limit", "budget.seconds"),
])
def test_bad_messages_get_the_protocols_error_objects(text: str, code: str,
                                                      field: str | None) -> None:
    config = ServeConfig(engine=EngineConfig(max_seconds=30, max_iterations=100_000))
    with server(config) as client, page(client) as p:
        p.send_raw(text)
        error = p.receive()["error"]
        assert (error["code"], error["field"]) == (code, field), error
        assert p.ask("version")[-1]["action"] == "version"  # the connection carries on


def test_a_message_over_the_size_limit_is_refused() -> None:
    config = ServeConfig(engine=EngineConfig(max_line_bytes=1000))
    with server(config) as client, page(client) as p:
        p.send_raw(json.dumps({"id": 1, "action": "legal", "setup": {"players": 3, "seed": 1},
                               "game": "x" * 2000}))
        assert p.receive()["error"]["code"] == "line_too_long"
        assert p.ask("version")[-1]["limits"]["maxLineBytes"] == 1000


def test_sessions_are_bounded_per_connection_and_per_server() -> None:
    config = ServeConfig(sessions=3, sessions_per_connection=2)
    seats = ["human", "greedy", "greedy"]
    with server(config) as client, page(client) as a, page(client) as b:
        first = a.ask("new_game", seats=seats, seed=1)[-1]["session"]
        a.ask("new_game", seats=seats, seed=2)
        error = a.ask("new_game", seats=seats, seed=3)[-1]["error"]
        assert error["code"] == "budget_limit" and "connection" in error["message"]
        b.ask("new_game", seats=seats, seed=4)
        error = b.ask("new_game", seats=seats, seed=5)[-1]["error"]
        assert error["code"] == "budget_limit" and "server" in error["message"]
        other = b.ask("play", session=first, step=1)[-1]["error"]
        assert other["field"] == "session"  # another page's game is out of reach
        assert a.ask("close", session=first)[-1]["kind"] == "closed"
        assert "error" not in b.ask("new_game", seats=seats, seed=6)[-1]


def test_connections_are_bounded_and_freed() -> None:
    with server(ServeConfig(connections=1)) as client:
        with page(client) as first:
            with page(client) as second:
                assert second.receive()["error"]["code"] == "budget_limit"
            assert first.ask("version")[-1]["action"] == "version"
        with page(client) as again:
            assert again.ask("version")[-1]["action"] == "version"


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://testserver.evil"])
def test_a_websocket_from_another_origin_is_refused(origin: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    with server() as client, pytest.raises(WebSocketDisconnect) as refused:
        with page(client, origin=origin):
            pass
    assert refused.value.code == 1008


def test_only_the_pages_own_files_are_served() -> None:
    with server() as client:
        index = client.get("/")
        assert index.status_code == 200 and "/static/app.js" in index.text
        assert "default-src 'self'" in index.headers["content-security-policy"]
        for name in ("app.js", "style.css"):
            assert client.get(f"/static/{name}").status_code == 200
        for path in ("/static/..%2Fapp.py", "/static/%2Fetc%2Fpasswd", "/static/sessions.py",
                     "/static/../../pyproject.toml"):
            assert client.get(path).status_code == 404



def test_the_session_schemas_are_valid_and_both_validators_agree() -> None:
    from jsonschema import Draft202012Validator

    from valdora_ai.engine.validation import SchemaViolation, validate
    from valdora_ai.serve.sessions import SESSION_ACTIONS, session_schema

    samples: list[dict[str, Any]] = [
        {"id": 1, "action": "new_game", "seats": ["human", "greedy"], "seed": 1},
        {"id": 1, "action": "new_game", "seats": [], "seed": 1},
        {"id": 1, "action": "play", "session": "s", "step": 3},
        {"id": 1, "action": "play", "session": "s"},
        {"id": "x", "action": "view", "record": "{}", "turn": 2},
        {"id": "x", "action": "view", "position": {}, "turn": 2},
        {"id": 2, "action": "hint", "session": "s", "agent": ""},
        {"id": 2, "action": "close", "session": "s", "extra": 1},
    ]
    for action in SESSION_ACTIONS:
        document = session_schema(f"{action}.request")
        Draft202012Validator.check_schema(document)
        reference = Draft202012Validator(document)
        for sample in samples:
            if sample["action"] != action:
                continue
            try:
                validate(sample, document)
                ours = True
            except SchemaViolation:
                ours = False
            assert ours == reference.is_valid(sample), sample
    Draft202012Validator.check_schema(session_schema("session.response"))
