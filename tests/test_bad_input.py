"""Bad input of every kind gets one clear line naming what and where; the CLI exits 1.

Kinds: data files, positions, records, illegal moves and turns, agent specs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.errors import DataError, IllegalMoveError, PositionError, RecordError, SpecError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.data import default_data_path, load_data
from valdora_ai.games.valdora.position import loads, position_from_json, position_to_json
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game

runner = CliRunner()


# ------------------------------------------------------------------ data files
def _data_with(tmp_path: Path, old: str, new: str) -> Path:
    text = default_data_path().read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "corrected.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "where", "what"), [
    ('["H", "M1"]', '["H", "M9"]', "board.edges[0]", "unknown space 'M9'"),
    ('{ faces = ["pick", "chisel"] }', '{ faces = ["pick", "spade"] }',
     "card_sets.equipment.cards[0].faces[1]", "unknown equipment face 'spade'"),
    ('id = "ruby"\nletter = "R"\ncolour = "red"\ncount = 13',
     'id = "ruby"\nletter = "R"\ncolour = "red"\ncount = 14', "gem",
     "gem counts add up to 79"),
    ('kind = "mine"', 'kind = "volcano"', "space[5].kind", "unknown kind 'volcano'"),
    ('patron = "white"\ngems', 'patron = "purple"\ngems', "commission[6].patron",
     "unknown craftsman colour 'purple'"),
])
def test_bad_data_file_names_the_entry(tmp_path: Path, old: str, new: str, where: str,
                                       what: str) -> None:
    path = _data_with(tmp_path, old, new)
    with pytest.raises(DataError) as info:
        load_data(path)
    assert f"corrected.toml: {where}: " in str(info.value) and what in str(info.value)
    assert what in one_line_error(["data", "check", str(path)])


def test_data_file_that_is_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[players\nmin = 3\n", encoding="utf-8")
    assert "not valid TOML" in one_line_error(["data", "check", str(path)])
    assert "No such file" in one_line_error(["data", "check", str(tmp_path / "missing.toml")])


def test_every_command_accepts_a_corrected_data_file(tmp_path: Path) -> None:
    path = _data_with(tmp_path, "max_rounds = 150", "max_rounds = 3")
    result = runner.invoke(app, ["play", "--players", "3", "--seat", "random", "--seat",
                                 "random", "--seat", "random", "--rules-data", str(path)])
    assert result.exit_code == 0, result.output
    assert "after 3 rounds" in result.output and "safety cap" in result.output
    bad = _data_with(tmp_path, '["H", "M1"]', '["H", "nowhere"]')
    for args in (["play"], ["new-position"], ["data", "show"]):
        assert "unknown space 'nowhere'" in one_line_error(args + ["--rules-data", str(bad)])


# ------------------------------------------------------------------ positions
@pytest.fixture
def position() -> dict:
    game = make_game("valdora", players=4)
    return position_to_json(game.new_state(5))


@pytest.mark.parametrize(("edit", "where", "what"), [
    (lambda d: d["seats"][2].__setitem__("coins", "many"), "seats[2].coins",
     "expected an integer"),
    (lambda d: d["seats"][1].__setitem__("space", "Atlantis"), "seats[1].space",
     "unknown space 'Atlantis'"),
    (lambda d: d.__setitem__("bank", d["bank"] + 1), "bank, seats[0].coins, seats[1].coins, "
     "seats[2].coins, seats[3].coins", "31 coins on the table"),
    (lambda d: d["roads"]["r3"].__setitem__("ruby", d["roads"]["r3"]["ruby"] + 1), "roads.r3",
     "7 gems, but a road is dealt 6"),
    (lambda d: d["books"][0]["hidden"].__setitem__("count", 3), "books[0].hidden.pool",
     "but count is 3"),
    (lambda d: d["seats"][0].__setitem__("colour", "red"), "seats[0].colour", "unknown field"),
    (lambda d: d.pop("turns"), "turns", "missing field"),
    (lambda d: d.__setitem__("version", 7), "version", "unsupported version 7"),
    (lambda d: d["books"][1]["right"].append("pick/pan"), "books[1].right[0]",
     "not a equipment card"),
])
def test_bad_position_names_the_field(tmp_path: Path, position: dict, edit, where: str,
                                      what: str) -> None:
    edit(position)
    data = make_game("valdora", players=4).data
    with pytest.raises(PositionError) as info:
        position_from_json(position, data)
    assert str(info.value).startswith(f"{where}: ") and what in str(info.value), info.value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    assert what in one_line_error(["position", "check", str(path)])


def test_position_that_is_not_json(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match="not valid JSON"):
        loads("{nope", make_game("valdora", players=3).data)
    path = tmp_path / "bad.json"
    path.write_text("[1, 2", encoding="utf-8")
    assert "not valid JSON" in one_line_error(["position", "legal", str(path)])


def test_a_directory_for_a_file_is_one_error_line(tmp_path: Path, position: dict) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    assert f"{tmp_path}: cannot read" in one_line_error(["render", str(tmp_path), "--svg",
                                                         str(tmp_path / "p.svg")])
    assert f"{tmp_path}: cannot write (it is a directory)" in one_line_error(
        ["render", str(path), "--svg", str(tmp_path)])
    assert f"{tmp_path}: cannot read record" in one_line_error(["analyze", str(tmp_path)])


# ------------------------------------------------------------------ records
@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    play_game(make_game("valdora", players=3), ["greedy", "greedy", "random"], seed=4,
              record=path)
    return path


def _edit_line(path: Path, number: int, edit) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    line = json.loads(lines[number - 1])
    edit(line)
    lines[number - 1] = json.dumps(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(("edit_line", "edit", "what"), [
    (1, lambda h: h.__setitem__("format", "chess-pgn"), "game.jsonl:1: not a valdora record"),
    (1, lambda h: h.__setitem__("seed", "one"), "game.jsonl:1: field 'seed' must be int"),
    (1, lambda h: h.__setitem__("data_sha256", "0" * 64), "another component data file"),
    (3, lambda t: t.__setitem__("play", "Atlantis"), "game.jsonl:3: in turn 'Atlantis'"),
    (3, lambda t: t.__setitem__("seat", 2), "game.jsonl:3: seat 2 plays, but seat 1"),
])
def test_bad_record_names_the_line(record: Path, edit_line: int, edit, what: str) -> None:
    _edit_line(record, edit_line, edit)
    with pytest.raises(RecordError) as info:
        replay(record)
    assert what in str(info.value), info.value
    assert what in one_line_error(["replay", str(record)])


def test_record_with_a_wrong_result_or_broken_line(record: Path) -> None:
    lines = record.read_text(encoding="utf-8").splitlines()
    result = json.loads(lines[-1])
    result["result"]["winners"] = [2]
    record.write_text("\n".join(lines[:-1] + [json.dumps(result)]) + "\n", encoding="utf-8")
    assert "differs from the recorded" in one_line_error(["replay", str(record)])
    record.write_text("\n".join(lines[:5]) + "\n", encoding="utf-8")
    assert "the record has only 4 turns" in one_line_error(
        ["replay", str(record), "--at", "99", "--export-position", str(record) + ".json"])
    record.write_text("\n".join(lines[:5] + ["{not json"]) + "\n", encoding="utf-8")
    assert "game.jsonl:6: not valid JSON" in one_line_error(["replay", str(record)])


# ------------------------------------------------------------------ moves and specs
def test_illegal_step_and_turn() -> None:
    game = make_game("valdora", players=3)
    state = game.new_state(1)
    with pytest.raises(IllegalMoveError, match="is not legal here"):
        state.play(S.move(state.players[0].space))  # never end where you started
    with pytest.raises(IllegalMoveError, match="'r4' is not legal here"):
        game.parse_turn(state, "r4")  # beyond a city without provisions
    with pytest.raises(IllegalMoveError, match="comes after the turn has ended"):
        game.parse_turn(state, "A: P tR")
    with pytest.raises(IllegalMoveError, match="is not legal here"):
        game.parse_turn(state, "A: bR@pan")  # no gold loaded yet


@pytest.mark.parametrize("code", [9999, -5])
def test_a_number_that_is_no_step_code(engine: str, code: int) -> None:
    state = make_game("valdora", players=3).new_state(1)
    with pytest.raises(IllegalMoveError, match=f"{code} is not a step code"):
        state.play(code)


def test_illegal_turn_on_the_command_line(tmp_path: Path, position: dict) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    text = one_line_error(["position", "apply", str(path), "r4: +R@pick"])
    assert "in turn 'r4: +R@pick': 'r4' is not legal here (legal: " in text


@pytest.mark.parametrize(("spec", "what"), [
    ("grandmaster", "unknown agent 'grandmaster'"),
    ("random:depth=3", "unknown parameter 'depth' for random (valid: seed)"),
    ("greedy:seed=x", "seed must be an integer from 0 to 18446744073709551615, got 'x'"),
    ("greedy:seed", "expected key=value"),
])
def test_bad_agent_spec(spec: str, what: str) -> None:
    from valdora_ai.agents import parse_spec

    with pytest.raises(SpecError) as info:
        parse_spec(spec)
    assert what in str(info.value)
    assert what in one_line_error(["play", "--seat", spec])


def test_bad_player_count_and_too_many_seats() -> None:
    assert "for 3 to 5 players, not 7" in one_line_error(["play", "--players", "7"])
    assert "4 seats given for 3 players" in one_line_error(
        ["play", "--players", "3"] + ["--seat", "random"] * 4)


def test_real_process_prints_no_traceback(tmp_path: Path) -> None:
    """The installed console script, not just the in-process runner."""
    path = tmp_path / "bad.json"
    path.write_text('{"format": "valdora-position", "version": 1, "players": "four"}')
    proc = subprocess.run([sys.executable, "-m", "valdora_ai.cli.app", "position", "check",
                           str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == f"error: {path}: players: expected an integer, got a string"


@pytest.mark.parametrize(("args", "message"), [
    (["replay", "{record}", "--at", "0"], "--at must be at least 1, got 0"),
    (["suggest", "{position}", "--top", "0"], "--top must be at least 1, got 0"),
    (["suggest", "{position}", "--jobs", "-2"], "--jobs must be at least 1, got -2"),
    (["suggest", "{position}", "--iterations", "0"], "--iterations must be from 1 to 1000000000"),
    (["suggest", "{position}", "--time", "0"], "--time must be from 0.001 to 86400, got 0.0"),
    (["suggest", "{position}", "--time", "nan"], "--time must be from 0.001 to 86400, got nan"),
    (["analyze", "{record}", "--jobs", "0", "--no-cache"], "--jobs must be from 1 to 1024, got 0"),
    (["analyze", "{record}", "--seat", "-1", "--no-cache"], "seat -1 is not in this 3-player"),
    (["analyze", "{record}", "--jobs", "1000000000000000", "--no-cache"],
     "--jobs must be from 1 to 1024, got 1000000000000000"),
    (["train", "--jobs", "1000000000000000", "-o", "{position}.model"],
     "--jobs must be from 1 to 1024, or negative to count back from all cores"),
    (["tournament", "-a", "greedy", "-a", "random", "--jobs", "-5000", "--db", "{record}.db"],
     "--jobs must be from 1 to 1024, or negative to count back from all cores"),
    (["engine", "--workers", "1000000000000000"],
     "--workers must be from 1 to 1024, got 1000000000000000"),
])
def test_numbers_out_of_range_are_one_line_naming_the_option(
        tmp_path: Path, position: dict, args: list[str], message: str) -> None:
    files = {"position": tmp_path / "p.json", "record": tmp_path / "g.jsonl"}
    files["position"].write_text(json.dumps(position), encoding="utf-8")
    play_game(make_game("valdora", players=3), ["random"] * 3, seed=2, record=files["record"])
    error = one_line_error([arg.format(**files) for arg in args])
    assert error.startswith(f"error: {message}"), error
