"""`--game` on every command, and documents that name their game.

Each command is run for the non-default games through the CLI; records and positions
of one game are refused as another with one error line naming the field, and old
Valdora documents without a "game" field still load.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_checks import one_line_error, runner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.games import game_names
from valdora_ai.games.base import Pictured

NAMES = game_names()  # at collection, before any test registers a game of its own
OTHERS = [name for name in NAMES if name != "valdora"]
GAMES_DIR = Path(va.__file__).parent / "games"
WITH_DATA = [name for name in OTHERS if (GAMES_DIR / name / "data").is_dir()]  # not plug-ins


def _ok(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_api_makes_and_plays_any_game() -> None:
    for name in NAMES:
        game = va.make_game(name, players=3)
        result = va.play_game(game, ["random", "greedy", "random"], seed=2)
        assert game.name == name and len(result.scores) == 3 and result.winners


@pytest.mark.parametrize("name", OTHERS)
def test_play_and_replay_another_game(name: str, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    _ok(["play", "--game", name, "-p", "3", "--seat", "random", "--seat", "random",
         "--seat", "random", "--seed", "4", "--record", str(record)])
    header = json.loads(record.read_text().splitlines()[0])
    assert header["game"] == name
    assert "game over after" in _ok(["replay", "--game", name, str(record)])
    position = tmp_path / "at.json"
    _ok(["replay", "--game", name, str(record), "--at", "3", "--export-position",
         str(position)])
    assert json.loads(position.read_text())["game"] == name
    assert "game over after" in _ok(["replay", str(record)])  # the game the record names
    error = one_line_error(["replay", "--game", "valdora", str(record)])
    assert "'game'" in error and repr(name) in error


@pytest.mark.parametrize("name", OTHERS)
def test_positions_of_another_game(name: str, tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    _ok(["new-position", "--game", name, "-p", "3", "--seed", "2", "-o", str(position)])
    assert json.loads(position.read_text())["game"] == name
    assert "valid 3-player position" in _ok(["position", "check", "--game", name,
                                             str(position)])
    legal = _ok(["position", "legal", "--game", name, str(position)]).splitlines()
    step = legal[1].strip()
    after = tmp_path / "after.json"
    _ok(["position", "apply", "--game", name, str(position), step, "-o", str(after)])
    assert json.loads(after.read_text()) != json.loads(position.read_text())
    assert "valid 3-player position" in _ok(["position", "check", str(position)])
    error = one_line_error(["position", "check", "--game", "valdora", str(position)])
    assert "game" in error and repr(name) in error
    svg = tmp_path / "p.svg"
    render = ["render", "--game", name, str(position), "--svg", str(svg)]
    if isinstance(va.make_game(name, players=3), Pictured):
        _ok(render)
        assert svg.read_text(encoding="utf-8").startswith("<svg")
    else:
        assert "cannot be drawn" in one_line_error(render)
        assert not svg.exists()


@pytest.mark.parametrize("name", OTHERS)
def test_suggest_for_another_game(name: str, tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    _ok(["new-position", "--game", name, "-p", "2", "--seed", "3", "-o", str(position)])
    answer = json.loads(_ok(["suggest", "--game", name, str(position), "--agent",
                             "ismcts:depth=0", "--iterations", "20", "--json"]))
    assert answer["candidates"]


@pytest.mark.parametrize("name", WITH_DATA)
def test_data_commands_for_another_game(name: str) -> None:
    shipped = [p for p in (GAMES_DIR / name / "data").iterdir()
               if p.suffix in (".json", ".toml")]
    assert len(shipped) == 1
    assert _ok(["data", "path", "--game", name]).strip().endswith(shipped[0].name)
    assert ": valid (" in _ok(["data", "check", "--game", name, str(shipped[0])])
    assert "component data from" in _ok(["data", "show", "--game", name])


@pytest.mark.parametrize("name", OTHERS)
def test_bench_and_tournament_for_another_game(name: str, tmp_path: Path) -> None:
    rows = json.loads(_ok(["bench", "--game", name, "--quick", "--section", "copies",
                           "-p", "2", "--json"]))
    assert [row["players"] for row in rows] == [2]
    if va.game_type(name).core:  # both engines, the C copy rate
        assert rows[0]["compiled"] > 0
        _ok(["bench", "--game", name, "--quick", "--section", "c_copies", "-p", "2"])
    else:
        assert rows[0]["compiled"] is None
        assert "c_copies" in one_line_error(["bench", "--game", name, "--section", "c_copies"])
    _ok(["tournament", "--game", name, "--agent", "random", "--agent", "greedy", "-p", "2",
         "--games", "2", "--db", str(tmp_path / "t.db"), "--quiet"])


def test_old_valdora_documents_without_a_game_still_load(tmp_path: Path) -> None:
    record = tmp_path / "old.jsonl"
    _ok(["play", "--seed", "5", "--record", str(record)])
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    del header["game"]
    record.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    _ok(["replay", str(record)])
    position = tmp_path / "old.json"
    _ok(["new-position", "-o", str(position)])
    document = json.loads(position.read_text())
    assert document.pop("game") == "valdora"
    position.write_text(json.dumps(document))
    _ok(["position", "check", str(position)])
    for name in OTHERS:
        assert "'game'" in one_line_error(["replay", "--game", name, str(record)])


@pytest.mark.parametrize("args", [
    ["data", "show"], ["data", "path"], ["data", "check", "x.toml"], ["bench", "--quick"],
    ["train", "--positions", "100"], ["new-position"], ["play"],
])
def test_an_unknown_game_is_one_error_line(args: list[str]) -> None:
    assert "unknown game 'chess' (known: " in one_line_error([*args, "--game", "chess"])
    with pytest.raises(va.ValdoraError, match="unknown game 'chess'"):
        va.player_counts("chess")



@pytest.mark.parametrize("command", [["position", "check"], ["position", "legal"],
                                     ["suggest"], ["render", "--svg", "p.svg"]])
@pytest.mark.parametrize("name", NAMES)
def test_a_bad_position_names_its_file_and_field(command: list[str], name: str,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    _ok(["new-position", "--game", name, "-p", "3", "-o", str(path)])
    document = json.loads(path.read_text())
    path.write_text(json.dumps({**document, "players": 7}))
    error = one_line_error([*command, str(path)])
    assert error.startswith(f"error: {path}: players: "), error
    other = "zavandor" if name == "valdora" else "valdora"
    error = one_line_error([*command, str(path), "--game", other])
    assert error == f"error: {path}: game: a position of {name!r}, not of {other!r}"
    assert "unknown game 'chess'" in one_line_error([*command, str(path), "--game", "chess"])
    assert "unknown game 'chess'" in one_line_error(["replay", str(path), "--game", "chess"])


@pytest.mark.parametrize("name", NAMES)
def test_legal_steps_of_a_finished_game_say_there_are_none(name: str, tmp_path: Path) -> None:
    record, position = tmp_path / "g.jsonl", tmp_path / "end.json"
    va.play_game(va.make_game(name, players=3), ["random"] * 3, seed=1, record=record)
    _ok(["replay", str(record), "--export-position", str(position)])
    assert _ok(["position", "legal", str(position)]) == "the game is over: no legal steps\n"


@pytest.mark.parametrize("name", OTHERS)
def test_resume_continues_the_game_the_record_names(name: str, tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    started = runner.invoke(app, ["play", "--game", name, "-p", "3", "--seat", "human",
                                  "--record", str(record)], input="quit\n")
    assert started.exit_code == 0, started.output
    resumed = runner.invoke(app, ["play", "--resume", str(record)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"quit: the game so far is saved to {record}" in " ".join(resumed.output.split())
    error = one_line_error(["play", "--resume", str(record), "--game", "valdora"])
    assert f"a record of {name!r}, not of 'valdora'" in error
