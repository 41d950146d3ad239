"""The engine's --rules-data: one data file per game, checked by its game's loader at start."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_checks import one_line_error
from doc_examples import ROOT

import valdora_ai as va
from valdora_ai.engine.positions import Games
from valdora_ai.engine.rules_data import check_rules_data, parse_rules_data

DATA = ROOT / "valdora_ai" / "games"


def _copies(tmp_path: Path) -> dict[str, Path]:
    """Valdora's and Zavandor's shipped data, rewritten (same rules, other checksums)."""
    valdora = tmp_path / "valdora.toml"
    valdora.write_text("# a copy\n" + (DATA / "valdora" / "data" / "valdora.toml").read_text())
    zavandor = tmp_path / "zavandor.json"
    zavandor.write_text((DATA / "zavandor" / "data" / "zavandor.json").read_text() + "\n")
    return {"valdora": valdora, "zavandor": zavandor}


def test_a_bare_file_is_valdoras_and_game_eq_file_is_that_games(tmp_path: Path) -> None:
    assert parse_rules_data(["v.toml", "zavandor= z.json"]) == {
        "valdora": Path("v.toml"), "zavandor": Path(" z.json")}
    assert parse_rules_data([]) == {}


@pytest.mark.parametrize(("options", "message"), [
    (["chess=c.json"], "--rules-data 'chess=c.json': unknown game 'chess' (known: "),
    (["a.toml", "valdora=b.toml"], "--rules-data 'valdora=b.toml': valdora has a data file "
                                   "already (a.toml)"),
    (["zavandor="], "--rules-data 'zavandor=': no file after zavandor="),
])
def test_bad_rules_data_options_name_what_is_wrong(options: list[str], message: str) -> None:
    with pytest.raises(va.ValdoraError) as error:
        parse_rules_data(options)
    assert str(error.value).startswith(message)


def test_each_game_plays_with_its_own_file_and_the_others_with_theirs(tmp_path: Path) -> None:
    files = _copies(tmp_path)
    check_rules_data(files)
    games = Games(files)
    for name in ("valdora", "zavandor"):
        game = games.get(name, None, "game")
        assert game.data_sha256() != va.make_game(name, players=3).data_sha256()
        assert game.data_source() == str(files[name])
    alchemists = games.get("alchemists", 2, "setup.players")  # no file: the shipped data
    assert alchemists.data_sha256() == va.make_game("alchemists", 2).data_sha256()


def test_a_record_replays_with_its_games_file(tmp_path: Path) -> None:
    files = _copies(tmp_path)
    game = va.make_game("zavandor", players=3, rules_data=files["zavandor"])
    record = tmp_path / "z.jsonl"
    va.play_game(game, ["greedy"] * 3, seed=2, record=record)
    replayed = Games(files).replay(record.read_text(), "zavandor")
    assert replayed.game.data_sha256() == game.data_sha256()


@pytest.mark.parametrize(("option", "message"), [
    ("zavandor=VALDORA", "error: --rules-data zavandor="),
    ("missing.toml", "error: --rules-data valdora=missing.toml: "),
    ("nogame=x.json", "error: --rules-data 'nogame=x.json': unknown game 'nogame'"),
])
def test_the_engine_refuses_a_bad_file_at_start_in_one_line(option: str, message: str) -> None:
    option = option.replace("VALDORA", str(DATA / "valdora" / "data" / "valdora.toml"))
    assert one_line_error(["engine", "--rules-data", option], stdin="").startswith(message)


@pytest.mark.parametrize("name", va.game_names())
def test_a_position_loads_at_its_own_player_count(name: str) -> None:
    """Each game checks that a position matches its game's player count; the engine
    reads a position with the game for the document's count, not the default one."""
    games = Games({})
    for players in va.player_counts(name):
        game = va.make_game(name, players=players)
        document = game.position_to_json(game.new_state(5))
        loaded, state = games.load({"game": name, "position": document})
        assert loaded.num_players == players and len(state.scores()) == players
