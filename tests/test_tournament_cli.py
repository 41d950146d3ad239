"""`valdora tournament` and `valdora tournament report` through the CLI."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_checks import one_line_error as _one_line_error
from interrupt_helpers import INTERRUPTS
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.tournament.storage import ResultsDB

runner = CliRunner()
RUN = ["tournament", "-a", "greedy", "-a", "random", "-n", "6", "--seed", "4", "-j", "1"]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """One six-game tournament with every export; returns the directory and its output."""
    here = tmp_path_factory.mktemp("played")
    result = runner.invoke(app, [*RUN, "--db", str(here / "t.sqlite"), "--json",
                                 str(here / "t.json"), "--csv", str(here / "t.csv"), "--plot",
                                 str(here / "t.png"), "--records", str(here / "games")])
    assert result.exit_code == 0, result.output
    return here, result.output


def test_run_prints_standings_seats_and_where_the_results_are(played: tuple[Path, str]) -> None:
    _, output = played
    assert "valdora, 3 players, seed 4: 6 games (1 complete block)" in output
    assert "seats: the seats an entrant played" in output  # why 6 games give 9 seats
    for heading in ("entrant", "win share", "95% CI", "score ± se", "rank ± se", "rating μ ± σ",
                    "By seat", "seat 2"):
        assert heading in output
    assert output.rstrip().endswith("t.sqlite") and "results in" in output


def test_report_reprints_the_same_tables(played: tuple[Path, str]) -> None:
    directory, output = played
    result = runner.invoke(app, ["tournament", "report", "--db", str(directory / "t.sqlite")])
    assert result.exit_code == 0, result.output
    assert output.startswith(result.output)


def test_exports_match_the_database(played: tuple[Path, str]) -> None:
    directory, _ = played
    document = json.loads((directory / "t.json").read_text())
    assert document["games"] == 6 and document["identity"]["entrants"] == ["greedy", "random"]
    with ResultsDB.open(directory / "t.sqlite") as db:
        rows = db.rows()
    greedy = next(line for line in document["standings"] if line["label"] == "greedy")
    greedy_shares = [row.shares[s] for row in rows for s, e in enumerate(row.seats) if e == 0]
    assert greedy["games"] == len(greedy_shares) == 9
    assert greedy["win_share"] == pytest.approx(sum(greedy_shares) / 9)
    table = list(csv.DictReader(io.StringIO((directory / "t.csv").read_text())))
    assert [r["entrant"] for r in table] == [line["label"] for line in document["standings"]]
    assert float(table[0]["rating_mu"]) == pytest.approx(document["standings"][0]["rating"]["mu"])
    assert (directory / "t.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_game_is_saved_as_a_record_that_replays(played: tuple[Path, str]) -> None:
    directory, _ = played
    with ResultsDB.open(directory / "t.sqlite") as db:
        rows = db.rows()
    records = sorted((directory / "games").glob("*.jsonl"))
    assert len(records) == len(rows) == 6
    for row, record in zip(rows, records, strict=True):
        result = runner.invoke(app, ["replay", str(record)])
        assert result.exit_code == 0, result.output
        header = json.loads(record.read_text().splitlines()[0])
        assert header["seed"] == row.seed and tuple(header["seats"]) == row.specs
        last = json.loads(record.read_text().splitlines()[-1])
        assert tuple(last["result"]["scores"]) == row.scores


def test_json_to_standard_output_prints_only_json(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*RUN, "--json", "-", "--sprt", "0,50"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 6
    assert "SPRT after 1 blocks: LLR 0.00" in result.stderr
    assert len(list(tmp_path.glob("tournament-*.sqlite"))) == 1  # the default database


def test_sprt_prints_the_ratio_after_each_block(tmp_path: Path) -> None:
    result = runner.invoke(app, [*RUN[:5], "-n", "60", "--sprt", "0,50", "-j", "1",
                                 "--db", str(tmp_path / "s.sqlite")])
    assert result.exit_code == 0, result.output
    assert result.output.count("SPRT after 1 blocks: LLR 0.00") == 1  # once, not per game
    assert result.output.count("SPRT after 2 blocks: LLR") == 1
    assert "SPRT after 2 blocks: LLR 2.99, Elo +800 [+234, +800]" in result.output
    assert "H1 accepted: the first entrant is at least 50 Elo stronger" in result.output
    assert "Head to head, the first entrant against the second: Elo +800 [+" in result.output


def test_a_resumed_sprt_prints_each_block_once(tmp_path: Path) -> None:
    """Resuming walks the stored blocks again; their ratio was printed once per stored
    block, the same line over and over, before the fix."""
    db = str(tmp_path / "r.sqlite")
    close = ["tournament", "-a", "greedy", "-a", "greedy:seed=5", "--sprt", "0,50", "-j", "1",
             "--db", db]  # undecided after 3 blocks
    first = runner.invoke(app, [*close, "-n", "12"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, [*close, "-n", "18"])
    assert again.exit_code == 0, again.output
    assert again.output.count("SPRT after 2 blocks: LLR") == 1
    assert again.output.count("SPRT after 3 blocks: LLR") == 1


@pytest.mark.parametrize("interrupt", INTERRUPTS)
def test_ctrl_c_keeps_the_finished_games_and_says_how_to_resume(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interrupt: str) -> None:
    """Interrupted after its first progress report (a Ctrl-C, plain or wrapped as Python
    3.11 wraps one landing in a lazy import): exit 130, the message, and the same
    command finishes the tournament from the stored games."""
    import valdora_ai.cli.tournament_commands as command

    played = command.run

    def interrupted(*args: Any, on_progress: Callable[..., None], **kwargs: Any) -> Any:
        def progress(*update: Any) -> None:
            on_progress(*update)
            INTERRUPTS[interrupt]()
        return played(*args, on_progress=progress, **kwargs)

    db = tmp_path / "t.sqlite"
    monkeypatch.setattr(command, "run", interrupted)
    stopped = runner.invoke(app, [*RUN, "--db", str(db)])
    assert stopped.exit_code == 130 and "Traceback" not in stopped.output
    assert (f"interrupted: finished games are in {db}; run the same command to resume"
            in " ".join(stopped.output.split()))
    with ResultsDB.open(db) as stored:
        kept = len(stored.rows())
    assert 0 < kept < 6
    monkeypatch.setattr(command, "run", played)
    resumed = runner.invoke(app, [*RUN, "--db", str(db)])
    assert resumed.exit_code == 0, resumed.output
    assert "6 games (1 complete block)" in resumed.output


@pytest.mark.parametrize(("args", "message"), [
    (["-a", "greedy", "-a", "bogus"], "unknown agent 'bogus'"),
    (["-a", "greedy"], "at least two entrants"),
    (["-a", "greedy", "-a", "random", "-p", "7"], "not 7"),
    (["-a", "greedy", "-a", "random", "--sprt", "50"], "--sprt: expected ELO0,ELO1"),
    (["-a", "greedy", "-a", "random", "--backend", "dask"], "needs --address"),
    (["-a", "greedy", "-a", "random", "--address", "tcp://h:1"], "--address needs --backend"),
    (["-a", "greedy", "-a", "random", "-j", "0"], "--jobs must be from 1 to 1024, or negative"),
    (["-a", "greedy", "-a", "random", "--db", "no/such/dir/t.sqlite"], "cannot open the database"),
    (["-a", "greedy", "-a", "random", "--json", "no/dir/t.json"], "no/dir/t.json: cannot write"),
    (["-a", "greedy", "-a", "random", "--csv", "no/dir/t.csv"], "no/dir/t.csv: cannot write"),
    (["-a", "greedy", "-a", "random", "--plot", "no/dir/t.png"], "no/dir/t.png: cannot write"),
    (["-a", "greedy", "-a", "random", "--json", "."], ".: cannot write (it is a directory)"),
    (["-a", "greedy", "-a", "random", "--seed", "-5"], "error: --seed: -5 is not a seed"),
])
def test_bad_options_are_one_line_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert message in _one_line_error(["tournament", "-n", "6", "-j", "1", *args])
    assert list(tmp_path.iterdir()) == []


def test_a_file_as_the_records_directory_is_refused_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("games").write_text("mine\n")
    assert "error: --records games: not a directory" in _one_line_error(
        [*RUN, "--records", "games"])
    assert [p.name for p in tmp_path.iterdir()] == ["games"]


def test_report_and_resume_errors_leave_the_database_alone(played: tuple[Path, str]) -> None:
    directory, _ = played
    before = (directory / "t.sqlite").read_bytes()
    assert "belongs to another tournament" in _one_line_error(
        ["tournament", "-a", "greedy", "-a", "greedy:seed=2", "--db", str(directory / "t.sqlite")])
    assert "no such tournament database" in _one_line_error(
        ["tournament", "report", "--db", str(directory / "missing.sqlite")])
    assert "not a tournament database" in _one_line_error(
        ["tournament", "report", "--db", str(directory / "t.csv")])
    assert (directory / "t.sqlite").read_bytes() == before
    assert not (directory / "missing.sqlite").exists()


def test_a_terminal_shows_a_progress_bar_with_eta_and_live_standings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from valdora_ai.cli import tournament_commands

    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=120, color_system=None)
    monkeypatch.setattr(tournament_commands, "console", terminal)
    monkeypatch.setattr(tournament_commands, "LIVE_REFRESH", 0.0)
    result = runner.invoke(app, [*RUN, "--db", str(tmp_path / "t.sqlite")])
    assert result.exit_code == 0, result.output
    shown = screen.getvalue()
    assert "6/6" in shown and "ETA" in shown
    assert shown.count("rating μ ± σ") >= 2  # the live table, then the final one
