"""The tournament database under faults (issue 18, item 5): read-only, full disk, two runs
at once, tampered with, not a file. Each is one `error:` line naming the file, exit code
1, no traceback, and every game stored before is still there."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from disk_helpers import Disk, mount_tmpfs, one_error_line, remount, unmount
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.tournament import TournamentSpec
from valdora_ai.tournament.storage import ResultsDB

runner = CliRunner()
ENTRANTS = ["-a", "greedy", "-a", "random", "-j", "1", "-q", "--seed", "5"]


def _run(db: Path, games: int = 6) -> list[str]:
    return ["tournament", *ENTRANTS, "-n", str(games), "--db", str(db)]


def _report(db: Path) -> list[str]:
    return ["tournament", "report", "-q", "--db", str(db), "--json", "-"]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stored(db: Path) -> list[tuple[int, int]]:
    with ResultsDB.open(db) as results:
        return [(row.block, row.slot) for row in results.rows()]


@pytest.fixture(scope="module")
def six_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with one block (6 games) of the tournament ENTRANTS describe."""
    db = tmp_path_factory.mktemp("six") / "t.sqlite"
    assert runner.invoke(app, _run(db)).exit_code == 0
    return db


@pytest.fixture
def read_only(tmp_path: Path, six_games: Path) -> Iterator[Path]:
    """A copy of `six_games` that cannot be written: on a read-only tmpfs, or (without
    root, where permissions bind) in a directory without write permission."""
    directory = tmp_path / "ro"
    directory.mkdir()
    mounted = os.geteuid() == 0
    if mounted and not mount_tmpfs(directory, size="1m"):
        pytest.skip("root, but mounting a tmpfs is not permitted here")
    shutil.copy(six_games, directory / "t.sqlite")
    if mounted:
        remount(directory, "ro")
    else:
        (directory / "t.sqlite").chmod(0o444)
        directory.chmod(0o555)
    try:
        yield directory / "t.sqlite"
    finally:
        if mounted:
            unmount(directory)
        else:
            directory.chmod(0o755)


def test_a_read_only_database_refuses_a_run_and_still_reports(read_only: Path) -> None:
    before = _digest(read_only)
    error = one_error_line(runner.invoke(app, _run(read_only, games=12)))
    assert error.startswith(f"error: {read_only}: cannot open the database for writing (")
    assert "`valdora tournament report` only reads it" in error
    report = runner.invoke(app, _report(read_only))
    assert report.exit_code == 0, report.output
    assert '"games": 6' in report.output
    assert _digest(read_only) == before


def test_a_full_disk_stops_the_run_and_keeps_the_games_stored(disk: Disk,
                                                               six_games: Path) -> None:
    db = disk.path / "t.sqlite"
    shutil.copy(six_games, db)
    disk.fill()
    error = one_error_line(runner.invoke(app, _run(db, games=12)))
    assert error.startswith(f"error: {db}: cannot write to the database (")
    assert error.endswith("the games stored before are kept")
    assert disk.listing() == ["t.sqlite"]
    assert _stored(db) == _stored(six_games)
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_new_database_on_a_full_disk_leaves_no_file(disk: Disk) -> None:
    disk.fill()
    db = disk.path / "new.sqlite"
    error = one_error_line(runner.invoke(app, _run(db)))
    assert error.startswith(f"error: {db}: cannot open the database (")
    assert disk.listing() == []


def test_a_second_run_on_a_database_in_use_is_refused(six_games: Path, tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    shutil.copy(six_games, db)
    identity = TournamentSpec(entrants=("greedy", "random"), games=6, seed=5).identity()
    with ResultsDB.open(db, identity):
        before = _digest(db)
        error = one_error_line(runner.invoke(app, _run(db, games=12)))
        assert error == (f"error: {db}: another tournament run is using this database; "
                         "wait for it to end or use another --db")
        assert _digest(db) == before
    assert runner.invoke(app, _run(db, games=12)).exit_code == 0  # the lock went with it
    assert len(_stored(db)) == 12


def test_two_runs_creating_one_database_at_once(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    command = [sys.executable, "-m", "valdora_ai.cli.app", *_run(db)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    outcomes = [(run.wait(timeout=300), run.communicate()) for run in runs]
    for code, (_, stderr) in outcomes:
        assert "Traceback" not in stderr
        assert code == 0 or (code == 1 and stderr.strip() == (
            f"error: {db}: another tournament run is using this database; wait for it to "
            "end or use another --db")), stderr
    assert 0 in [code for code, _ in outcomes]
    assert _stored(db) == [(0, slot) for slot in range(6)]


TAMPERED = {
    "bad JSON in a row": ("UPDATE games SET scores = '[1, 2' WHERE slot = 1",
                          "not a tournament database (game (block 0, slot 1) scores is not "
                          "valid JSON)"),
    "a string for a list": ("UPDATE games SET ranks = '\"first\"' WHERE slot = 2",
                            "not a tournament database (game (block 0, slot 2) has a field of "
                            "the wrong type or length)"),
    "an entrant out of range": ("UPDATE games SET seats = '[0, 1, 9]' WHERE slot = 0",
                                "not a tournament database (game (block 0, slot 0) has a field "
                                "of the wrong type or length)"),
    "text for a number": ("UPDATE games SET turns = 'many' WHERE slot = 3",
                          "not a tournament database (game (block 0, slot 3) has a field of "
                          "the wrong type or length)"),
    "a dropped games table": ("DROP TABLE games",
                              "not a tournament database (no such table: games)"),
    "a dropped meta table": ("DROP TABLE meta", "not a tournament database"),
    "bad JSON identity": ("UPDATE meta SET value = '{' WHERE key = 'identity'",
                          "not a tournament database (meta 'identity' is not valid JSON)"),
    "an empty identity": ("UPDATE meta SET value = '{}' WHERE key = 'identity'",
                          "not a tournament database (meta 'identity' lacks its entrants or "
                          "players)"),
    "a bad SPRT": ("INSERT INTO meta VALUES ('sprt', '[50]')",
                   "not a tournament database (meta 'sprt' is not four numbers: elo0, elo1, "
                   "alpha, beta)"),
}


@pytest.mark.parametrize("fault", TAMPERED)
def test_a_tampered_database_is_one_error_line_and_left_alone(six_games: Path, tmp_path: Path,
                                                               fault: str) -> None:
    db = tmp_path / "t.sqlite"
    shutil.copy(six_games, db)
    statement, message = TAMPERED[fault]
    with sqlite3.connect(db) as connection:
        connection.execute(statement)
    connection.close()
    before = _digest(db)
    assert one_error_line(runner.invoke(app, _report(db))) == f"error: {db}: {message}"
    if fault != "a bad SPRT":  # only reports read it; a run with --sprt writes its own
        resumed = one_error_line(runner.invoke(app, _run(db, games=12)))
        assert resumed.startswith(f"error: {db}: ")
    assert _digest(db) == before


@pytest.mark.parametrize("name", ["/proc/version", "a directory", "/dev/zero"])
def test_what_is_not_a_file_is_refused(tmp_path: Path, name: str) -> None:
    if name == "a directory":
        path = tmp_path / "t.sqlite"
        path.mkdir()
    else:
        path = Path(name)
        if not path.exists():
            pytest.skip(f"no {name} here")
    for args in (_run(path), _report(path)):
        error = one_error_line(runner.invoke(app, args))
        assert error.startswith(f"error: {path}: ")
        assert "not a tournament database" in error or "cannot open the database" in error
    if name == "a directory":
        assert list(path.iterdir()) == []
