"""A forfeit never kills a tournament, in any registered game (issue 26, item 1).

An external program that crashes, hangs past its budget, answers garbage or an illegal
step, is missing or cannot be executed loses its game by a recorded forfeit; the
tournament goes on, and one stopped part-way resumes from its database to exactly the
table of a run that was never stopped, every stored game kept.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from doc_examples import ROOT

import valdora_ai as va
from valdora_ai.games import game_names, player_counts
from valdora_ai.tournament.runner import Progress
from valdora_ai.tournament.storage import GameRow, ResultsDB

MISBEHAVE = ROOT / "tests" / "bots" / "misbehave.py"
BUDGET = ",time=0.5,grace=0.5"  # a first answer is on time even on a busy machine
# reason -> (the entrant's spec (tmp_path: a directory for it), what it loses by); each
# program that can answers once first, but the hanging one (its budget runs out in
# every game) hangs at once, on a short budget
REASONS = {
    "crash": (lambda tmp: _spec(f"{sys.executable} {MISBEHAVE} exit 1"), "crash"),
    "hang": (lambda tmp: _spec(f"{sys.executable} {MISBEHAVE} sleep 0", ",time=0.2,grace=0.2"),
             "timeout"),
    "garbage": (lambda tmp: _spec(f"{sys.executable} {MISBEHAVE} garbage 1"), "garbage"),
    "illegal": (lambda tmp: _spec(f"{sys.executable} {MISBEHAVE} illegal 1"), "illegal"),
    "missing": (lambda tmp: _spec(f"{tmp / 'no-such-program'}"), "crash: cannot start"),
    "not executable": (lambda tmp: _spec(f"{_not_executable(tmp)}"), "crash: cannot start"),
}


class Stop(Exception):
    """Stops a run after a few stored games, as a kill would."""


def _spec(command: str, budget: str = BUDGET) -> str:
    return f'cmd:"{command}"{budget}'


def _not_executable(directory: Path) -> Path:
    program = directory / "bot.py"
    program.write_text(MISBEHAVE.read_text())
    program.chmod(0o644)
    return program


def _played(rows: list[GameRow]) -> list[GameRow]:
    """The rows as played: without the time they took."""
    return [dataclasses.replace(row, duration=0.0) for row in rows]


def _rows(db: Path) -> list[GameRow]:
    with ResultsDB.open(db) as results:
        return results.rows()


@pytest.mark.parametrize("reason", [
    pytest.param(reason, marks=pytest.mark.slow) if reason == "hang" else reason
    for reason in REASONS])  # a hang costs its budget in every game
@pytest.mark.parametrize("game", game_names())
def test_a_forfeit_is_stored_and_a_stopped_run_resumes(tmp_path: Path, game: str,
                                                       reason: str) -> None:
    program, expected = REASONS[reason]
    entrants = ["random", program(tmp_path)]
    settings = {"players": player_counts(game)[0], "games": 4, "seed": 7, "game": game,
                "jobs": 1}
    whole = va.run_tournament(entrants, db=tmp_path / "whole.sqlite", **settings)
    assert whole.games == len(whole.forfeits) >= 4  # the program forfeits every game
    assert all(f"external engine {expected}" in text for text in whole.forfeits)

    def stop_after_two(progress: Progress) -> None:
        if progress.done == 2:
            raise Stop

    db = tmp_path / "stopped.sqlite"
    with pytest.raises(Stop):
        va.run_tournament(entrants, db=db, on_progress=stop_after_two, **settings)
    kept = _rows(db)
    assert len(kept) == 2
    resumed = va.run_tournament(entrants, db=db, **settings)
    assert _rows(db)[:2] == kept  # nothing stored is lost or played again
    assert _played(_rows(db)) == _played(_rows(tmp_path / "whole.sqlite"))
    assert (resumed.standings, resumed.seats, resumed.forfeits) \
        == (whole.standings, whole.seats, whole.forfeits)
