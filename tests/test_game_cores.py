"""Each game's compiled core is loaded on its own (valdora_ai.backend.Core): a missing
core puts only its own game on the pure engine, with one warning naming it, or stops
it with a one-line error under VALDORA_REQUIRE_COMPILED=1; the other games keep theirs."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai import backend
from valdora_ai.cli.app import app
from valdora_ai.games import game_type, player_counts
from valdora_ai.playout import random_playout

GAMES = ["valdora", "zavandor", "alchemists"]


def _game(name: str) -> Any:
    return va.make_game(name, players=player_counts(name)[0])


def _core(name: str) -> backend.Core[Any]:
    core = game_type(name).core
    assert core is not None
    return core


@pytest.fixture(autouse=True)
def _built() -> None:
    if any(_core(name).find() is None for name in GAMES):  # pragma: no cover - CI builds
        pytest.skip("compiled cores not built")


def _other_games_stay_compiled(missing: str) -> None:
    for other in GAMES:
        if other != missing:
            assert isinstance(_game(other).new_state(1), _core(other).require()), other


@pytest.mark.parametrize("name", GAMES)
def test_a_missing_core_warns_once_and_its_game_plays_on_the_pure_engine(
        name: str, missing_core: Callable[[str], None]) -> None:
    core = _core(name)
    compiled = core.require()
    missing_core(core.module)
    game = _game(name)
    with pytest.warns(RuntimeWarning) as record:
        state = game.new_state(1)
        again = game.new_state(2)
    assert [str(w.message) for w in record] == [
        f"valdora_ai: compiled core {core.module} cannot be imported (ModuleNotFoundError: "
        f"No module named '{core.module}'); {core.user} uses the pure-Python engine "
        f"(set VALDORA_PURE_PYTHON=1 to silence)"]
    assert not isinstance(state, compiled) and type(again) is type(state)
    random_playout(state, backend.make_rng(1))
    assert state.is_terminal()
    world = game.determinize(game.observation(again, 0), backend.make_rng(2))
    assert not isinstance(world, compiled)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the other cores load without a word
        _other_games_stay_compiled(name)


@pytest.mark.parametrize("name", GAMES)
def test_each_core_alone_tells_its_compiled_states_apart(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Core.compiled is the one test of which engine made a state, for every game."""
    monkeypatch.delenv(backend.PURE_ENV, raising=False)
    state = _game(name).new_state(1)
    assert _core(name).compiled(state) is state
    assert all(_core(other).compiled(state) is None for other in GAMES if other != name)
    monkeypatch.setenv(backend.PURE_ENV, "1")
    assert _core(name).compiled(_game(name).new_state(1)) is None


@pytest.mark.parametrize("name", GAMES)
def test_a_missing_core_is_a_one_line_error_when_required(
        name: str, missing_core: Callable[[str], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    core = _core(name)
    missing_core(core.module)
    monkeypatch.setenv(backend.REQUIRE_ENV, "1")
    with pytest.raises(RuntimeError) as info:
        _game(name).new_state(1)
    message = str(info.value)
    assert "\n" not in message
    assert f"{core.module} is required (VALDORA_REQUIRE_COMPILED=1)" in message
    _other_games_stay_compiled(name)


def test_pure_python_switches_every_game_to_the_reference_silently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backend.PURE_ENV, "1")
    monkeypatch.setenv(backend.REQUIRE_ENV, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in GAMES:
            assert not isinstance(_game(name).new_state(1), _core(name).require()), name
            assert game_type(name).engine_status().engine == "pure"


@pytest.mark.parametrize("name", GAMES)
def test_engine_info_names_the_engine_of_each_game(
        name: str, missing_core: Callable[[str], None]) -> None:
    missing_core(_core(name).module)
    result = CliRunner().invoke(app, ["engine-info"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{name}: pure (extension not importable)" in lines
    for other in GAMES:
        if other != name:
            assert f"{other}: compiled ({_core(other).module} imports)" in lines
    assert "random generator: compiled (valdora_ai._rng imports)" in lines


def test_bench_names_the_engine_of_its_game(missing_core: Callable[[str], None]) -> None:
    missing_core(_core("zavandor").module)
    players = str(player_counts("zavandor")[0])
    result = CliRunner().invoke(app, ["bench", "--quick", "-g", "zavandor", "-p", players,
                                      "-s", "copies"])
    assert result.exit_code == 0, result.output
    assert "zavandor: pure (extension not importable)" in result.output


def test_a_tournament_row_records_the_engine_of_its_game(
        missing_core: Callable[[str], None]) -> None:
    from valdora_ai.tournament.games import GameTask, play_task

    missing_core(_core("zavandor").module)
    engines = {}
    for name in GAMES:
        players = player_counts(name)[0]
        task = GameTask(game=name, players=players, rules_data=None, block=0, slot=0, seed=1,
                        seats=tuple(range(players)), specs=("random",) * players,
                        record=False)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            engines[name] = play_task(task).row.engine.rsplit(" ", 1)[1]
    assert engines == {"valdora": "(compiled)", "zavandor": "(pure)",
                       "alchemists": "(compiled)"}
