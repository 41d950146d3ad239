"""benchmarks/ladder.py: the Elo curve, the lineup, and a short ladder end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from scripts import load_script

from valdora_ai.tournament.sprt import MAX_ELO, elo_score, score_elo

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "ladder.py"


def _ladder():  # type: ignore[no-untyped-def]
    return load_script(SCRIPT)


def test_elo_curve_is_antisymmetric_and_bounded() -> None:
    assert score_elo(0.5) == 0
    assert score_elo(0.75) == pytest.approx(-score_elo(0.25))
    assert score_elo(0.75) == pytest.approx(190.85, abs=0.01)  # 400 log10(3)
    assert elo_score(score_elo(0.3)) == pytest.approx(0.3)
    assert score_elo(1.0) == MAX_ELO and score_elo(0.0) == -MAX_ELO


def test_lineup_gives_the_higher_rung_half_the_seats() -> None:
    ladder = _ladder()
    assert ladder.lineup("a", "b", 3) == ["b", "a", "a"]
    assert ladder.lineup("a", "b", 4) == ["b", "b", "a", "a"]


def test_short_ladder_runs_and_ranks_greedy_above_random(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--spec", "random", "--spec", "greedy", "--players", "3",
         "--games", "6", "--dir", str(tmp_path), "--json", str(out),
         "--plot", str(tmp_path / "ladder.png")],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "  3p greedy vs random: 3 of 6 games\n" in done.stdout  # a line a block
    [step] = json.loads(out.read_text())
    assert step["games"] == 6 and step["blocks"] == 2
    assert step["higher"] == "greedy" and step["score"] == 1.0  # greedy beats random
    # two blocks, however one-sided, leave a wide interval (the SPRT's luck prior): the
    # half-width is 1.959964 * sqrt(4/5 * 1/18 / 2) = 0.292 of score, 400 log10(0.708 /
    # 0.292) = +153.7 Elo at its lower end
    assert step["elo"] == step["elo_high"] == 800.0
    assert step["elo_low"] == pytest.approx(153.71, abs=0.01)
    assert (tmp_path / "ladder.png").stat().st_size > 0
    # resumable: a second run plays nothing new and reports the same step
    again = subprocess.run(
        [sys.executable, str(SCRIPT), "--spec", "random", "--spec", "greedy", "--players", "3",
         "--games", "6", "--dir", str(tmp_path), "--json", str(out)],
        capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and json.loads(out.read_text()) == [step]


def test_the_ladders_total_sums_the_steps_and_their_uncertainty() -> None:
    ladder = _ladder()

    def step(elo: float, low: float, high: float):  # type: ignore[no-untyped-def]
        return ladder.Step(players=3, lower="a", higher="b", blocks=16, games=48, score=0.5,
                           elo=elo, elo_low=low, elo_high=high, higher_win_share=0.3,
                           lower_win_share=0.3)

    # half-widths 30 and 40 add in quadrature to 50; the Elo differences add
    total, half = ladder.ladder_total([step(10, -20, 40), step(-4, -44, 36)])
    assert total == 6 and half == pytest.approx(50.0)


def test_each_game_keeps_its_own_database_in_one_directory() -> None:
    ladder = _ladder()
    names = {ladder.db_name(game, 3, "ismcts:time=0.125", "ismcts:time=0.25")
             for game in ("valdora", "zavandor", "alchemists")}
    assert len(names) == 3


STABILITY = SCRIPT.parent / "move_stability.py"


def test_move_stability_reports_every_budget() -> None:
    done = subprocess.run(
        [sys.executable, str(STABILITY), "--game", "zavandor", "--positions", "2",
         "--seeds", "2", "--budgets", "20", "40"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| ")][1:]
    assert [row.split("|")[1].strip() for row in rows] == ["20", "40"]
    # the largest budget agrees with its own majority step at least half the time
    assert float(rows[-1].split("|")[2].strip().rstrip("%")) >= 50


def test_report_summarises_stored_steps_without_playing(tmp_path: Path) -> None:
    """`--report` reads the steps a ladder stored so far and plays nothing: a step whose
    database does not exist is reported as not begun, and no database is created."""
    played = subprocess.run(
        [sys.executable, str(SCRIPT), "--spec", "random", "--spec", "greedy", "--players", "3",
         "--games", "6", "--dir", str(tmp_path)],
        capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    before = sorted(path.name for path in tmp_path.iterdir())
    out = tmp_path / "report.json"
    report = subprocess.run(
        [sys.executable, str(SCRIPT), "--spec", "random", "--spec", "greedy", "--spec",
         "planner", "--players", "3", "--games", "600", "--dir", str(tmp_path), "--report",
         "--json", str(out)],
        capture_output=True, text=True, timeout=300)
    assert report.returncode == 0, report.stderr
    [step] = json.loads(out.read_text())
    assert step["games"] == 6 and step["higher"] == "greedy"  # not extended to 600
    assert "3p planner vs greedy: not begun" in report.stdout
    assert sorted(path.name for path in tmp_path.iterdir() if path != out) == before


def test_report_on_a_missing_directory_is_a_one_line_error(tmp_path: Path) -> None:
    missing = tmp_path / "nothing-here"
    done = subprocess.run([sys.executable, str(SCRIPT), "--dir", str(missing), "--report"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "is not a ladder's directory" in done.stderr
    assert "Traceback" not in done.stderr and not missing.exists()
