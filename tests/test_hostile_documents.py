"""The damaged documents the fuzzers found (issue 26, item 2), as tests over every game.

Each is a class, checked for every registered game: a data file nested 10^5 levels
deep or holding a 5000-digit integer (once RecursionError and ValueError tracebacks
from Zavandor's and Alchemists' own JSON readers); a position with a value of the
wrong type anywhere (an array or object where Alchemists expects a card id raised
``unhashable type``); and a position that ``position check`` accepts but a search
refuses (a Zavandor belief position whose hidden pile card has the wrong level). Data
files and positions go through the one reader of valdora_ai.inputs, and the engine
answers each with an error code naming the document, never ``internal``.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_checks import app, one_line_error, runner
from engine_process import EngineProcess
from file_mutations import replaced, value_paths
from fuzz_bases import bases

from valdora_ai.backend import make_rng
from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.game_analysis.evaluate import EvalCache
from valdora_ai.games import game_names, make_game
from valdora_ai.learning.model import load_model
from valdora_ai.positions import position_from_document

ODD_VALUES: tuple[Any, ...] = ([], {}, [["E01"]], {"a": 1}, 7, -1, "x", None, True)


def _first_integer_huge(text: str) -> str:
    """`text` (JSON or TOML, a value a line) with its first integer value given 5000
    digits."""
    return re.sub(r"(?m)(?<=[=:] )\d+(?=,?$)", "9" * 5000, text, count=1)


def _first_number_key(replacement: str) -> Any:
    """The damage that renames the first JSON key written as a number (Alchemists'
    experience markers) to `replacement`."""
    return lambda text: re.sub(r'"\d+"(?=\s*:)', f'"{replacement}"', text, count=1)


DATA_DAMAGE = {
    "deep": (lambda text: "[" * 100_000, ("nested more than", "not valid TOML")),
    "digits": (_first_integer_huge, ("digits",)),
    # found with VALDORA_FUZZ_SEED=1128: int() of a 5000-digit key raised ValueError
    # (Alchemists' experience markers; Zavandor's keyed table then misses its key)
    "key digits": (_first_number_key("9" * 5000), ("whole number", "missing")),
    "key superscript": (_first_number_key("\u00b2"), ("whole number", "missing")),
}


@pytest.mark.parametrize("damage", list(DATA_DAMAGE))
@pytest.mark.parametrize("game", game_names())
def test_a_damaged_data_file_is_one_error_line_everywhere(game: str, damage: str,
                                                          tmp_path: Path) -> None:
    base = bases(game)
    make, words = DATA_DAMAGE[damage]
    path = tmp_path / f"bad{base.data_suffix}"
    text = base.data.decode("utf-8")
    if make(text) == text:
        pytest.skip(f"{game}'s data has no value this damage reaches")
    path.write_text(make(text), encoding="utf-8")
    for args in (["data", "check", str(path), "--game", game],
                 ["new-position", "-g", game, "-p", str(base.players), "--rules-data",
                  str(path)],
                 ["engine", "--rules-data", f"{game}={path}"]):
        line = one_line_error(args, stdin="")
        assert str(path.name) in line and any(w in line for w in words), (args, line)


@pytest.mark.parametrize("game", game_names())
def test_a_value_of_any_type_anywhere_in_a_position_is_read_or_refused(game: str) -> None:
    """Every value of every base position (the root too) replaced by values of every
    JSON type: the position loads or is refused with a ValdoraError, nothing else."""
    escaped = []
    for document in bases(game).positions:
        for path in value_paths(document):
            for value in ODD_VALUES:
                damaged = replaced(copy.deepcopy(document), path, copy.deepcopy(value))
                try:
                    position_from_document(damaged, game)
                except ValdoraError:
                    pass
                except Exception as exc:  # noqa: BLE001 -- what the test looks for
                    escaped.append(f"{path} = {value!r}: {type(exc).__name__}: {exc}")
    assert not escaped, f"{len(escaped)} escaped:\n" + "\n".join(escaped[:20])


def test_an_alchemists_card_id_of_the_wrong_type_is_one_error_line(tmp_path: Path) -> None:
    """The reported cases: an array or object where a card id belongs, an integer
    where the deck's object belongs, through every command and the engine."""
    world = bases("alchemists").positions[0]
    cases = [(("box", 0), []), (("face_up", 1), {"id": "E01"}), (("deck", "order", 0), ["E01"]),
             (("seats", 0, "chest", 0), {}), (("deck",), 5)]
    engine = EngineProcess()
    try:
        for path, value in cases:
            document = replaced(copy.deepcopy(world), path, value)
            file = tmp_path / "p.json"
            file.write_text(json.dumps(document), encoding="utf-8")
            for args in (["position", "check", str(file)], ["position", "legal", str(file)],
                         ["position", "apply", str(file), "+W +W"],
                         ["suggest", str(file), "-a", "greedy"],
                         ["render", str(file), "--svg", str(tmp_path / "p.svg")]):
                assert f"{path[0]}" in one_line_error(args), args
            answer = engine.ask({"id": 1, "action": "legal", "game": "alchemists",
                                 "position": document})
            assert answer["error"]["code"] == "bad_position", answer
    finally:
        engine.kill()


def _hidden_card_at_another_level(document: dict[str, Any]) -> dict[str, Any]:
    """A Zavandor belief position with its first hidden pile card moved to another level."""
    damaged = copy.deepcopy(document)
    slot = next(s for pile in damaged["piles"] for s in pile if s["card"] == "?")
    slot["level"] = 3 if slot["level"] != 3 else 2
    return damaged


def test_a_zavandor_hidden_card_at_the_wrong_level_is_refused(tmp_path: Path) -> None:
    """It passed `position check`, then every search failed ('inconsistent
    observation'), the engine with ``internal``."""
    belief = next(p for p in bases("zavandor").positions if p["observer"] >= 0)
    document = _hidden_card_at_another_level(belief)
    file = tmp_path / "z.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    for args in (["position", "check", str(file)],
                 ["suggest", str(file), "-a", "ismcts:iterations=4"]):
        assert "piles: " in (line := one_line_error(args)) and "hidden level-" in line, line
    engine = EngineProcess()
    try:
        answer = engine.ask({"id": 1, "action": "analyze", "game": "zavandor",
                             "position": document, "agent": "ismcts:iterations=4"})
        assert answer["error"]["code"] == "bad_position", answer
    finally:
        engine.kill()


@pytest.mark.parametrize("game", game_names())
def test_what_the_position_check_accepts_every_search_accepts(game: str) -> None:
    """Every integer of every base position moved by one or two: a position that still
    loads lists its legal steps (or chance outcomes) and samples worlds for the seat to
    move (the step every search starts from)."""
    refused = []
    for document in bases(game).positions:
        for path in value_paths(document):
            value = _at(document, path)
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            for delta in (-2, -1, 1, 2):
                damaged = replaced(copy.deepcopy(document), path, value + delta)
                try:
                    loaded, state = position_from_document(damaged, game)
                except ValdoraError:
                    continue
                _options(state)
                try:  # (a belief position of another seat is refused by name)
                    observation = loaded.observation(state, state.current_player)
                except ValdoraError:
                    continue
                try:
                    loaded.determinize(observation, make_rng(1))
                except ValdoraError as exc:
                    refused.append(f"{path} {value} -> {value + delta}: {exc}")
    assert not refused, f"{len(refused)} accepted, then refused:\n" + "\n".join(refused[:20])


def _options(state: Any) -> list[int]:
    """What `position legal` lists: the chance outcomes or the legal steps."""
    if state.is_chance_node():
        return [step for step, _ in state.chance_outcomes()]
    return list(state.legal_steps())


def test_a_zavandor_reveal_of_the_wrong_type_is_refused() -> None:
    """A pending reveal is a list naming its kind first: an array there was
    ``unhashable type`` (the engine: ``internal``)."""
    world = bases("zavandor").positions[0]
    for reveal in ([["tile"], 1], [{}, 1], [7], []):
        with pytest.raises(PositionError, match="reveals"):
            position_from_document(replaced(copy.deepcopy(world), ("reveals",), [reveal]),
                                   "zavandor")


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def test_another_seats_zavandor_view_is_checked_as_such_and_refused_in_one_line(
        tmp_path: Path) -> None:
    """A belief of seat 0 while seat 2 acts is a valid position (what seat 0 sees of
    another's turn), but no search can play seat 2 from it: `position check` says so and
    `suggest` refuses in one line (found with VALDORA_FUZZ_SEED=1128)."""
    game = make_game("zavandor", players=3)
    state = game.new_state(4)
    while state.current_player in (0, -1) or state.is_chance_node():
        state.play(state.legal_steps()[0] if not state.is_chance_node()
                   else state.chance_outcomes()[0][0])
    seat = state.current_player
    view = game.position_to_json(game.observation(state, 0).belief_state())
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view), encoding="utf-8")
    check = runner.invoke(app, ["position", "check", str(path)])
    assert check.exit_code == 0, check.output
    assert f"no search can play seat {seat}'s turn" in " ".join(check.stdout.split())
    refusal = one_line_error(["suggest", str(path)], stdin="")
    assert f"seat {seat}'s decisions need seat {seat}'s own view" in refusal


@pytest.mark.parametrize("damage", ["deep", "digits"])
def test_a_damaged_model_or_analysis_cache_is_one_error(damage: str, tmp_path: Path) -> None:
    """The other JSON files the library reads take the same reader: a value model and
    `valdora analyze`'s cache, damaged as the data files above."""
    make, words = DATA_DAMAGE[damage]
    path = tmp_path / "bad.json"
    path.write_text(make(json.dumps({"format": "x", "version": 1, "weights": [1.5]}, indent=1)),
                    encoding="utf-8")
    game = make_game("valdora", players=3)
    for read in (lambda: load_model(path, game), lambda: EvalCache(path)):
        with pytest.raises(ValdoraError) as caught:
            read()
        assert any(w in str(caught.value) for w in words) and "\n" not in str(caught.value)
