"""`valdora engine` driven as a subprocess: handshake, queries, and refused requests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_process import EngineProcess
from interrupt_helpers import INTERRUPTS

import valdora_ai as va

SETUP = {"players": 3, "seed": 1}


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    process = EngineProcess("--workers", "2", "--max-seconds", "5", "--max-iterations", "5000",
                            "--max-line-bytes", "200000")
    yield process
    process.kill()


def test_handshake_reports_versions_agents_and_limits(engine: EngineProcess) -> None:
    reply = engine.ask({"id": "hello", "action": "version"})
    assert reply["id"] == "hello" and reply["version"] == va.__version__
    assert reply["protocol"] == 3 and "valdora" in reply["games"]
    assert {"greedy", "random"} <= set(reply["agents"])
    assert reply["limits"] == {"maxSeconds": 5.0, "maxIterations": 5000,
                               "maxLineBytes": 200000, "workers": 2}
    rest, stderr = engine.quit()
    assert rest == [{"id": "quit", "action": "quit"}] and stderr == ""


def test_legal_and_apply_agree_with_the_python_api(engine: EngineProcess) -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    legal = engine.ask({"id": 1, "action": "legal", "setup": SETUP})
    assert legal["status"] == "decision" and legal["toMove"] == 0
    assert [s["step"] for s in legal["steps"]] == state.legal_steps()
    assert [s["move"] for s in legal["steps"]] == [game.describe_step(state, s)
                                                   for s in state.legal_steps()]
    assert [s["words"] for s in legal["steps"]] == [game.step_words(state, s)
                                                    for s in state.legal_steps()]
    applied = engine.ask({"id": 2, "action": "apply", "setup": SETUP, "turnNotation": "C: bR"})
    for step in game.parse_turn(state, "C: bR"):
        state.play(step)
    assert applied["applied"] == ["C", "bR", "end"] and applied["toMove"] == 1
    assert applied["position"] == game.position_to_json(state)
    then = engine.ask({"id": 3, "action": "legal", "position": applied["position"]})
    first = then["steps"][0]
    again = engine.ask({"id": 4, "action": "apply", "position": applied["position"],
                        "steps": [first["step"], "zz"]})
    assert again["error"]["code"] == "illegal_move" and again["error"]["field"] == "steps[1]"
    assert again["error"]["message"].startswith("'zz' is not legal here (legal: ")


def test_analyze_and_move_from_a_record(engine: EngineProcess, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=4, record=record)
    replayed = va.replay(record)
    text = record.read_text()
    game, state = replayed.game, replayed.positions[9]
    expected = va.make_agent("greedy", game).choose(game.observation(state, state.current_player))
    engine.send({"id": "a", "action": "analyze", "record": text, "turn": 10, "topK": 3})
    final = engine.read_until_final("a")[-1]
    assert final["isDuringSearch"] is False and final["player"] == state.current_player
    assert final["candidates"][0]["step"] == expected
    best = final["candidates"][0]
    assert best["words"][0] == game.step_words(state, expected)
    lines = [json.loads(line) for line in text.splitlines()]
    move = engine.ask({"id": "m", "action": "move", "record": lines, "turn": 10})
    assert move["step"] == expected and move["move"] == game.describe_step(state, expected)
    assert move["words"] == game.step_words(state, expected)
    over = engine.ask({"id": "o", "action": "move", "record": lines})
    assert over["error"]["code"] == "no_decision"


@pytest.mark.parametrize("game_name", va.game_names())
def test_a_position_plays_the_game_it_names(engine: EngineProcess, game_name: str) -> None:
    """A request with a position needs no "game": the document names it (a Zavandor
    position was refused as "not of 'valdora'"); given, "game" is a check."""
    game = va.make_game(game_name, players=3)
    state = game.new_state(seed=3)
    view = game.observation(state, state.current_player).belief_state()
    document = game.position_to_json(view)
    move = engine.ask({"id": "m", "action": "move", "position": document})
    assert move["step"] in view.legal_steps(), move
    other = "zavandor" if game_name == "valdora" else "valdora"
    refused = engine.ask({"id": "x", "action": "move", "position": document, "game": other})
    assert refused["error"]["code"] == "bad_position"
    assert refused["error"]["field"] == "position.game"


def _line(request: dict[str, Any]) -> bytes:
    return json.dumps(request).encode() + b"\n"


BAD_REQUESTS: list[tuple[bytes, Any, str, str | None]] = [
    # (line, echoed id, error code, field)
    (b'{"id": 1, "action": "legal", \n', None, "invalid_json", None),
    (b"\xff\xfe\x00garbage\n", None, "invalid_json", None),
    (b'[1, 2, 3]\n', None, "invalid_request", None),
    (b'{"id": 7, "action": "legal", "setup": {"players": 3, "seed": NaN}}\n', None,
     "invalid_json", None),
    (_line({"id": 2, "action": "dance"}), 2, "unknown_action", "action"),
    (_line({"id": 3}), 3, "invalid_request", "action"),
    (_line({"id": 4, "action": "legal", "setup": SETUP, "colour": "red"}), 4,
     "invalid_request", "colour"),
    (_line({"id": 5, "action": "legal", "setup": {"players": "3", "seed": 1}}), 5,
     "invalid_request", "setup.players"),
    (_line({"id": 6, "action": "legal"}), 6, "invalid_request", None),
    (_line({"id": {"x": 1}, "action": "version"}), None, "invalid_request", "id"),
    (_line({"id": 8, "action": "apply", "setup": SETUP, "turnNotation": "Q: zz"}), 8,
     "illegal_move", "turnNotation"),
    (_line({"id": 9, "action": "analyze", "setup": SETUP, "budget": {"seconds": 6}}), 9,
     "budget_limit", "budget.seconds"),
    (_line({"id": 10, "action": "analyze", "setup": SETUP,
            "budget": {"iterations": 5001}}), 10, "budget_limit", "budget.iterations"),
    (_line({"id": 11, "action": "move", "setup": SETUP, "agent": "greedy:depth=2"}), 11,
     "bad_agent", "agent"),
    (_line({"id": 12, "action": "move", "setup": SETUP, "player": 2}), 12, "not_to_move",
     "player"),
    (_line({"id": 121, "action": "analyze", "setup": SETUP, "agent": "ismcts:jobs=2"}), 121,
     "bad_agent", "agent"),
    (_line({"id": 13, "action": "legal", "setup": {"players": 9, "seed": 1}}), 13,
     "invalid_request", "setup.players"),
    (_line({"id": 14, "action": "legal", "record": "{}"}), 14, "bad_record", "record"),
    (_line({"id": 15, "action": "legal", "setup": SETUP, "turn": 3}), 15, "invalid_request",
     "turn"),
    (_line({"id": 16, "action": "terminate"}), 16, "invalid_request", None),
    (b'{"id": 17, "action": "version", "pad": "' + b"x" * 300_000 + b'"}\n', None,
     "line_too_long", None),
]


def test_bad_requests_get_one_error_each_and_the_engine_carries_on(
        engine: EngineProcess) -> None:
    for line, rid, code, field in BAD_REQUESTS:
        engine.send(line)
        reply = engine.read()
        assert reply["id"] == rid and reply["error"]["code"] == code, (line[:80], reply)
        assert reply["error"]["field"] == field, (line[:80], reply)
    assert engine.ask({"id": "ok", "action": "version"})["action"] == "version"
    rest, stderr = engine.quit()
    assert stderr == "" and rest == [{"id": "quit", "action": "quit"}]


def test_a_bad_position_field_is_named_by_its_path(engine: EngineProcess) -> None:
    game = va.make_game("valdora", players=4)
    document = game.position_to_json(game.new_state(seed=5))
    document["seats"][1]["coins"] = "many"
    reply = engine.ask({"id": "p", "action": "legal", "position": document})
    assert reply["error"] == {"code": "bad_position", "field": "position.seats[1].coins",
                              "message": "position.seats[1].coins: expected an integer, "
                                         "got a string"}


@pytest.mark.parametrize(("options", "message"), [
    (["--workers", "0"], "error: --workers must be from 1 to 1024, got 0"),
    (["--max-seconds", "0"], "error: --max-seconds must be a number of seconds above 0 and "
                             "at most 86400, got 0.0"),
    (["--max-seconds", "inf"], "error: --max-seconds must be a number of seconds above 0 and "
                               "at most 86400, got inf"),
    (["--max-seconds", "nan"], "error: --max-seconds must be a number of seconds above 0 and "
                               "at most 86400, got nan"),
    (["--agent", "ismcts:time=nan"], "error: 'ismcts:time=nan': time must be a number from 0 "
                                     "to 86400, got nan"),
    (["--agent", "ismcts:iterations=500", "--max-iterations", "100"],
     "error: --agent 'ismcts:iterations=500': 500 iterations is beyond this engine's limit "
     "of 100"),
    (["--agent", "nope"], "error: unknown agent 'nope'"),
    (["--rules-data", "missing.toml"], "error: "),
])
def test_bad_engine_options_are_one_error_line(options: list[str], message: str,
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from valdora_ai.cli.app import app

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["engine", *options], input="")
    assert result.exit_code == 1 and result.output.startswith(message)
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("interrupt", INTERRUPTS)
def test_ctrl_c_ends_the_engine_with_130_not_as_a_crash(
        interrupt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C, also one Python 3.11 wrapped in a RuntimeError (it landed while a
    lazy import made a class), is an interrupt: not reported as the engine failing."""
    from typer.testing import CliRunner

    import valdora_ai.engine
    from valdora_ai.cli.app import app

    def interrupted(*args: object) -> int:
        INTERRUPTS[interrupt]()
        return 0

    monkeypatch.setattr(valdora_ai.engine, "serve", interrupted)
    result = CliRunner().invoke(app, ["engine"], input="")
    assert result.exit_code == 130 and "engine stopped" not in result.output


def test_a_belief_position_passes_through_chance_nodes(engine: EngineProcess) -> None:
    game = va.make_game("valdora", players=3)
    belief = game.observation(game.new_state(seed=1), 0).to_json()["position"]
    turned = engine.ask({"id": "t", "action": "apply", "position": belief,
                         "steps": ["C", "tR"]})
    assert turned["status"] == "chance" and turned["toMove"] is None
    outcomes = engine.ask({"id": "o", "action": "legal", "position": turned["position"]})
    assert outcomes["status"] == "chance"
    assert abs(sum(s["probability"] for s in outcomes["steps"]) - 1) < 1e-9
    waiting = engine.ask({"id": "w", "action": "analyze", "position": turned["position"]})
    assert waiting["error"]["code"] == "no_decision"
    face = outcomes["steps"][0]["move"]
    revealed = engine.ask({"id": "r", "action": "apply", "position": turned["position"],
                           "steps": [face]})
    assert revealed["applied"] == [face] and revealed["status"] in ("chance", "decision")


def test_a_record_turn_that_never_starts_is_refused(engine: EngineProcess,
                                                    tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=4,
                          record=record)
    reply = engine.ask({"id": "x", "action": "legal", "record": record.read_text(),
                        "turn": result.turns + 2})
    assert reply["error"]["code"] == "bad_record" and reply["error"]["field"] == "turn"
    last = engine.ask({"id": "y", "action": "legal", "record": record.read_text(),
                       "turn": result.turns + 1})
    assert last["status"] == "over" and last["steps"] == []
