"""Tournaments under time controls: decision times are kept, a seat that overruns its
clock loses on time (a forfeit), and both survive a resume in every registered game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import valdora_ai as va
from valdora_ai.clock import TimeControl
from valdora_ai.games import game_names, player_counts
from valdora_ai.tournament.config import TournamentError, TournamentSpec
from valdora_ai.tournament.runner import Progress
from valdora_ai.tournament.storage import SCHEMA_VERSION, GameRow, ResultsDB

SLEEPER = "py:bots.sleeper:Sleeper,sleep=0.1"  # sleeps 0.1 s a decision
TIME_CONTROLS = ("600+0", "0.25+0")  # the sleeper flags by its third decision


class Stop(Exception):
    """Stops a run after a few stored games, as a kill would."""


@pytest.mark.parametrize("game", game_names())
def test_a_loss_on_time_is_stored_and_survives_a_resume(tmp_path: Path, game: str) -> None:
    settings = {"players": player_counts(game)[0], "games": 4, "seed": 7, "game": game,
                "jobs": 1, "time_controls": TIME_CONTROLS, "flag_margin": 0.01}

    def stop_after_two(progress: Progress) -> None:
        if progress.done == 2:
            raise Stop

    db = tmp_path / "t.sqlite"
    with pytest.raises(Stop):
        va.run_tournament(["random", SLEEPER], db=db, on_progress=stop_after_two, **settings)
    with ResultsDB.open(db) as results:
        kept = results.rows()
    assert len(kept) == 2
    report = va.run_tournament(["random", SLEEPER], db=db, **settings)
    with ResultsDB.open(db) as results:
        rows = results.rows()
    assert rows[:2] == kept  # the flags and times stored before are read back as they were
    for row in rows:
        assert row.forfeit is not None and row.forfeit.on_time
        assert row.specs[row.forfeit.seat].startswith("py:bots.sleeper")
        assert row.ranks[row.forfeit.seat] == len(row.ranks)  # last, as a forfeit
        sleeper = row.times[row.forfeit.seat]
        assert 1 <= len(sleeper) <= 3 and min(sleeper) >= 0.1
    random, slow = report.time_usage
    assert (random.losses_on_time, slow.losses_on_time) == (0, report.games)
    assert slow.decisions == sum(len(r.times[seat]) for r in rows
                                for seat, entrant in enumerate(r.seats) if entrant == 1)
    assert report.identity["time_controls"] == list(TIME_CONTROLS)
    assert len(report.forfeits) == report.games


def test_a_database_made_before_clocks_is_read_and_migrated_by_its_first_times(
        tmp_path: Path) -> None:
    """A schema 1 database (no decision_times table) reads as games without times; the
    first game with times adds the table, and the games before keep no times."""
    db = tmp_path / "old.sqlite"
    identity = {"game": "zavandor", "players": 2, "entrants": ["random", "greedy"],
                "seed": 3, "rules_data_sha256": None}
    row = GameRow(block=0, slot=0, seed=1, seats=(0, 1), specs=("random", "greedy"),
                  scores=(1, 2), ranks=(2, 1), shares=(0.0, 1.0), turns=5, capped=False,
                  duration=0.5, engine="e")
    with ResultsDB.open(db, identity) as results:
        results.add(row)
        results.connection.execute("DROP TABLE decision_times")
        results.connection.execute("UPDATE meta SET value='1' WHERE key='schema'")
    with ResultsDB.open(db) as results:
        assert results.rows() == [row]
    timed = dataclasses.replace(row, slot=1, times=((0.25, 0.5), (1.0,)))
    with ResultsDB.open(db, identity) as results:
        results.add(timed)
        assert results.meta("schema") == SCHEMA_VERSION == 2
    with ResultsDB.open(db) as results:
        assert results.rows() == [row, timed]


def test_time_controls_match_the_entrants() -> None:
    with pytest.raises(TournamentError, match="one per entrant: 3 entrants, 2 time"):
        TournamentSpec(entrants=("random", "greedy", "planner"),
                          time_controls=(TimeControl(1), TimeControl(2)))
    spec = TournamentSpec(entrants=("random", "greedy"), time_controls=(TimeControl(1),))
    assert spec.identity()["time_controls"] == ["1+0", "1+0"]
    with pytest.raises(TournamentError, match="--flag-margin"):
        TournamentSpec(entrants=("random", "greedy"), flag_margin=-1)
