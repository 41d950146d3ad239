"""Strength series as tournaments: a fixed lineup (one spec per seat), seat-rotated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.selfplay import play_game
from valdora_ai.tournament import TournamentError, TournamentSpec, run_tournament
from valdora_ai.tournament.seatings import lineup_design
from valdora_ai.tournament.storage import ResultsDB

LINEUP = ("random:seed=4", "greedy", "greedy")


def test_each_place_of_a_lineup_sits_in_every_seat_once() -> None:
    design = lineup_design([0, 1, 2, 3])
    assert len(design) == 4
    for seat in range(4):
        assert sorted(seating[seat] for seating in design) == [0, 1, 2, 3]
    assert lineup_design([0, 1, 1]) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


def test_a_lineup_spec_has_its_distinct_specs_as_entrants() -> None:
    spec = TournamentSpec(entrants=(), lineup=LINEUP, players=3, games=5)
    assert spec.entrants == ("random:seed=4", "greedy")
    assert spec.design == ((0, 1, 1), (1, 0, 1), (1, 1, 0))
    assert spec.blocks == 2
    assert spec.identity()["lineup"] == list(LINEUP)
    assert "lineup" not in TournamentSpec(entrants=("greedy", "random")).identity()


@pytest.mark.parametrize(("entrants", "lineup", "players", "message"), [
    (("greedy", "random"), LINEUP, 3, "not both"),
    ((), LINEUP, 4, "one spec per seat: 4 players, 3 seats"),
])
def test_bad_lineups_are_refused(entrants: tuple[str, ...], lineup: tuple[str, ...],
                                 players: int, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        TournamentSpec(entrants=entrants, lineup=lineup, players=players)


def test_a_series_credits_every_seat_to_the_spec_that_played_it(tmp_path: Path) -> None:
    report = run_tournament(lineup=LINEUP, players=3, games=3, seed=5, db=tmp_path / "s.db",
                            jobs=1)
    assert report.games == 3
    lines = {line.label: line for line in report.standings}
    weak, strong = lines["random:seed=4"], lines["greedy"]
    assert (weak.games, strong.games) == (3, 6)  # one observation per seat played
    assert weak.win_ci.low <= weak.win_share <= weak.win_ci.high
    assert weak.score.mean < strong.score.mean and weak.score.se >= 0.0
    game = va.make_game("valdora", players=3)
    with ResultsDB.open(tmp_path / "s.db") as db:
        rows = db.rows()
    assert sorted(row.seats for row in rows) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    for row in rows:
        played = [spec.split(":")[0] for spec in row.specs]  # as played: seeds filled in
        assert played == ["random" if e == 0 else "greedy" for e in row.seats]
        assert list(row.scores) == play_game(game, list(row.specs), row.seed).scores


def test_the_command_takes_a_lineup_with_seat(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [
        "tournament", "--seat", LINEUP[0], "--seat", "greedy", "--seat", "greedy", "-n", "3",
        "-j", "1", "--seed", "5", "--db", str(tmp_path / "c.db"), "--json", "-"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["identity"]["lineup"] == list(LINEUP)
    assert document["identity"]["players"] == 3
    assert {line["label"] for line in document["standings"]} == {LINEUP[0], "greedy"}
