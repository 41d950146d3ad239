"""Each class of unreadable input gets one `error:` line and exit 1 (issue 18, item 5).

The classes: files that are not UTF-8 (UTF-16, Latin-1), nesting a thousand levels
deep, integers over Python's digit limit, directories and endless files as input,
`null`/`[]` documents, a record header with fewer seats than players, data-file
numbers that would overflow the compiled core, and odd lines at the interactive
prompt. Each goes through the one reader and JSON loader of valdora_ai.inputs, so
the CLI, the Python API and the engine (``bad_record``) refuse it alike.
"""

from __future__ import annotations

import io
import json
import re
import time
from pathlib import Path

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.engine import EngineConfig
from valdora_ai.engine.server import Engine
from valdora_ai.errors import DataError, PositionError, RecordError, ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.valdora.data import default_data_path, load_data
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.inputs import MAX_DEPTH, load_json, read_text
from valdora_ai.interactive.commands import InputError, parse_command
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game
from valdora_ai.suggestions import load_position

runner = CliRunner()


@pytest.fixture(scope="module")
def valid(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The text of a valid position and of a saved game (a human seat to move next)."""
    tmp = tmp_path_factory.mktemp("valid")
    game = make_game("valdora", players=3)
    play_game(game, ["greedy", "greedy", "random"], seed=4, record=tmp / "game.jsonl")
    lines = (tmp / "game.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"] = ["human", "greedy", "greedy"]
    return {"position": json.dumps(position_to_json(game.new_state(5))),
            "record": "\n".join([json.dumps(header)] + lines[1:7]) + "\n"}


def _commands(kind: str, path: str) -> list[list[str]]:
    return {"position": [["position", "check", path], ["position", "apply", path, "M1: $"],
                         ["suggest", path, "--agent", "random"]],
            "record": [["replay", path], ["play", "--resume", path]],
            "data": [["data", "check", path], ["new-position", "--rules-data", path]]}[kind]


DAMAGE = {
    "utf-16": (lambda text: text.encode("utf-16"), "the file is UTF-16 text"),
    "latin-1": (lambda text: text.replace('"', '"\xe9', 1).encode("latin-1"), "not UTF-8 text"),
    "deep": (lambda text: ("[" * 5000 + "]" * 5000).encode(), "nested"),
    "digits": (lambda text: text.replace("3", "3" * 5000, 1).encode(), "digits"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("kind", ["position", "record"])
def test_undecodable_files_are_one_error_line(tmp_path: Path, valid: dict[str, str],
                                              kind: str, damage: str) -> None:
    make, what = DAMAGE[damage]
    path = tmp_path / f"bad.{kind}"
    path.write_bytes(make(valid[kind]))
    for args in _commands(kind, str(path)):
        assert what in one_line_error(args), args


@pytest.mark.parametrize(("damage", "what"), [
    (lambda t: t.encode("utf-16"), "the file is UTF-16 text"),
    (lambda t: t.replace("Valdora", "Vald\xf6ra").encode("latin-1"), "not UTF-8 text"),
    (lambda t: t.replace("max_rounds = 150", "max_rounds = " + "[" * 3000 + "]" * 3000)
     .encode(), "nested too deeply"),
    (lambda t: t.replace("max_rounds = 150", "max_rounds = " + "9" * 5000).encode(),
     "a number with too many digits"),
])
def test_undecodable_data_files_are_one_error_line(tmp_path: Path, damage, what: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(damage(default_data_path().read_text(encoding="utf-8")))
    for args in _commands("data", str(path)):
        assert what in one_line_error(args), args


@pytest.mark.parametrize("kind", ["position", "record", "data"])
def test_a_directory_or_an_endless_file_as_input_is_exit_1(tmp_path: Path, kind: str) -> None:
    """Not exit 2 from Typer's own checks: the one reader refuses both."""
    for path, what in ((str(tmp_path), "Is a directory"), ("/dev/zero", "larger than 16 MiB")):
        for args in _commands(kind, path):
            assert f"{path}: " in (text := one_line_error(args)) and what in text, args


def test_suggest_refuses_documents_that_are_not_objects(tmp_path: Path) -> None:
    for document in ("null", "[]", "7", '"x"'):
        path = tmp_path / "odd.json"
        path.write_text(document, encoding="utf-8")
        assert "expected an object" in one_line_error(["suggest", str(path)])
        if document != '"x"':  # a string is the path of a position file
            with pytest.raises(PositionError, match="expected an object"):
                load_position(json.loads(document))


def test_record_header_with_fewer_seats_than_players(tmp_path: Path,
                                                     valid: dict[str, str]) -> None:
    lines = valid["record"].splitlines()
    header = json.loads(lines[0])
    header["seats"] = header["seats"][:2]
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="few.jsonl:1: 2 seats for 3 players"):
        replay(path)
    for args in _commands("record", str(path)):
        assert "2 seats for 3 players" in one_line_error(args)


@pytest.mark.parametrize(("old", "new", "what"), [
    ("total = 30", "total = 18446744073709551616", "coins.total: must be at most 30000"),
    ("vp_per_craftsman_colour = 10", "vp_per_craftsman_colour = 100000000000000000000",
     "scoring.vp_per_craftsman_colour: must be at most 10000"),
    ('faces = ["pick", "chisel"] }', 'faces = ["pick", "chisel"], copies = 1000000000 }',
     "copies: must be at most 48"),
    ('faces = ["pick", "chisel"] }', 'faces = ["pick", "chisel"], copies = 40 }',
     "at most 48 cards per book are supported"),
    ("cap = 6 ", "cap = 200 ", "coins.cap: must be at most 126"),
    ('colour = "red"\ncount = 13', 'colour = "red"\ncount = 300',
     "gem[0].count: must be at most 255"),
])
def test_data_numbers_are_bounded_on_load(tmp_path: Path, old: str, new: str,
                                          what: str) -> None:
    """What `data check` accepts fits the compiled core: ranges are checked on load."""
    text = default_data_path().read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "big.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(what)):
        load_data(path)
    for args in _commands("data", str(path)):
        assert what in one_line_error(args), args


def test_a_data_value_of_the_wrong_type_is_named(tmp_path: Path) -> None:
    """Found by the file fuzzer: an array where a card set name belongs."""
    text = default_data_path().read_text(encoding="utf-8")
    path = tmp_path / "odd.toml"
    path.write_text(text.replace('book = "equipment"', "book = []", 1), encoding="utf-8")
    assert "book: [] is not a card set" in one_line_error(["data", "check", str(path)])


def test_user_text_in_an_error_line_is_not_markup(tmp_path: Path, valid: dict[str, str]) -> None:
    document = json.loads(valid["position"])
    document["seats"][0]["space"] = "[/x][red]"
    path = tmp_path / "[bold]odd.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert "unknown space '[/x][red]'" in one_line_error(["position", "check", str(path)])
    path.write_text("{", encoding="utf-8")
    assert f"{path}: not valid JSON" in one_line_error(["suggest", str(path)])


def test_the_json_loader_bounds_depth_and_digits() -> None:
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ValdoraError, match=f"f.json: nested more than {MAX_DEPTH} levels"):
        load_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "f.json")
    with pytest.raises(ValdoraError, match="nested more than"):
        load_json("[" * 100_000)
    assert load_json("18446744073709551615") == 2**64 - 1
    with pytest.raises(ValdoraError, match="a number with 5000 digits"):
        load_json("9" * 5000)
    with pytest.raises(ValdoraError, match="NaN is not JSON"):
        load_json('{"a": NaN}')
    with pytest.raises(ValdoraError, match=r"not valid JSON \(Expecting value at line 2"):
        load_json('{"a":\n}')


def test_the_file_reader_decodes_strictly(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(path) == "hello"  # a UTF-8 byte-order mark is dropped
    path.write_bytes(b"ab\xffcd")
    with pytest.raises(RecordError, match=r"f.txt: not UTF-8 text \(byte 0xff at offset 2\)"):
        read_text(path, RecordError)


@pytest.mark.parametrize(("line", "what"), [
    ("²", None), ("7" * 5000, "the line is 5000 characters long"),
    ("9" * 20, "no choice with 20 digits"), ("x" * 10_000_000, "the line is 10000000"),
])
def test_odd_lines_at_the_prompt(line: str, what: str | None) -> None:
    if what is None:
        assert parse_command(line).kind == "move"  # a Unicode digit is no menu number
    else:
        with pytest.raises(InputError, match=what):
            parse_command(line)


def test_odd_lines_in_an_interactive_game(tmp_path: Path) -> None:
    """A ², a 5,000-digit number and a 10 MB line each get an error; the game goes on
    and the time stays linear in the input (it was quadratic: over a minute)."""
    lines = ["²", "7" * 5000, "r" * 10_000_000, "quit"]
    start = time.monotonic()
    result = runner.invoke(app, ["play", "--seat", "human", "--record",
                                 str(tmp_path / "g.jsonl")], input="\n".join(lines) + "\n")
    assert time.monotonic() - start < 30
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-500:]
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 3 and "'²' is not legal here" in errors[0], errors
    assert "5000 characters" in errors[1] and "10000000 characters" in errors[2]


def test_the_engine_answers_bad_record_for_the_same_inputs(valid: dict[str, str]) -> None:
    lines = valid["record"].splitlines()
    header = json.loads(lines[0])
    few = json.dumps(dict(header, seats=header["seats"][:2]))
    records = {"deep": [lines[0], "[" * 3000 + "]" * 3000],
               "digits": [lines[0].replace('"seed": 4', '"seed": ' + "9" * 200)],
               "seats": [few] + lines[1:]}
    output = io.BytesIO()
    engine = Engine(EngineConfig(workers=1), output)
    for name, record in records.items():
        engine.handle(json.dumps({"id": name, "action": "legal",
                                  "record": "\n".join(record)}).encode())
    engine.handle(json.dumps({"id": "list", "action": "legal",
                              "record": [json.loads(few)]}).encode())
    engine.finish()
    answers = {a["id"]: a for a in map(json.loads, output.getvalue().splitlines())}
    assert {a["error"]["code"] for a in answers.values()} == {"bad_record"}, answers
    assert "nested more than" in answers["deep"]["error"]["message"]
    assert "a number with 200 digits" in answers["digits"]["error"]["message"]
    assert answers["seats"]["error"]["message"] == "record:1: 2 seats for 3 players"
    assert answers["list"]["error"]["message"] == "record:1: 2 seats for 3 players"
