"""Running tournaments: determinism, resumption after SIGKILL, a Dask cluster, errors.

One reference tournament (18 greedy-vs-random games, one job, in-process) is played
once; the interrupted-and-resumed run (two jobs, a real subprocess) and the Dask
cluster run must give exactly its results table.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tournament_checks import stored, table

from valdora_ai import backend
from valdora_ai.games.valdora.data import default_data_path
from valdora_ai.tournament import Report, TournamentError, load_report, run_tournament
from valdora_ai.tournament.games import GameTask
from valdora_ai.tournament.storage import ResultsDB

ENTRANTS = ["greedy", "random"]
GAMES, SEED = 18, 5  # three blocks of six seatings
COMMAND = [sys.executable, "-m", "valdora_ai.cli.app", "tournament", "-a", "greedy", "-a",
           "random", "-n", str(GAMES), "--seed", str(SEED), "-q"]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Report:
    db = tmp_path_factory.mktemp("reference") / "reference.sqlite"
    return run_tournament(ENTRANTS, players=3, games=GAMES, seed=SEED, db=db, jobs=1)


def test_reference_plays_whole_blocks_with_every_seating(reference: Report) -> None:
    assert reference.games == GAMES and reference.blocks == 3
    assert [line.label for line in reference.standings] == ["greedy", "random"]
    assert all(line.games == 27 for line in reference.standings)  # 3 seats x 18 games / 2
    assert all(line.games == GAMES for line in reference.seats)


def test_sigkill_mid_run_then_the_same_command_resumes(tmp_path: Path,
                                                        reference: Report) -> None:
    db = tmp_path / "killed.sqlite"
    command = [*COMMAND, "--db", str(db), "-j", "2"]
    # The killed run plays on the pure-Python engine: compiled games take a few
    # milliseconds, so all 18 could be stored between two polls and the kill would
    # come too late. The same seeds give the same games on both engines, so the
    # resumed results must still equal the reference run's.
    slow = {**os.environ, backend.PURE_ENV: "1"}
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=slow)
    try:
        deadline = time.monotonic() + 300
        while stored(db) < 4:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "no game stored in time"
            time.sleep(0.02)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the runner and its worker processes
        process.wait()
        if process.stderr:
            process.stderr.close()
    killed_at = stored(db)
    assert 4 <= killed_at < GAMES
    subprocess.run(command, check=True, timeout=600, capture_output=True, env=slow)
    with ResultsDB.open(db) as results:
        keys = [(row.block, row.slot) for row in results.rows()]
    assert keys == [(block, slot) for block in range(3) for slot in range(6)]
    assert table(load_report(db)) == table(reference)


def test_the_same_command_again_plays_nothing_and_more_games_extend(tmp_path: Path) -> None:
    db = tmp_path / "again.sqlite"
    first = run_tournament(ENTRANTS, games=6, seed=2, db=db, jobs=1)
    before = digest(db)
    second = run_tournament(ENTRANTS, games=6, seed=2, db=db, jobs=1)
    assert table(first) == table(second) and second.seconds == first.seconds
    assert digest(db) == before
    with ResultsDB.open(db) as results:
        old_rows = results.rows()
    extended = run_tournament(ENTRANTS, games=7, seed=2, db=db, jobs=1)  # a second block
    assert extended.games == 12 and extended.blocks == 2
    with ResultsDB.open(db) as results:
        assert results.rows()[:6] == old_rows


def test_games_queued_in_waves_are_the_games_of_one_wave(
        tmp_path: Path, reference: Report, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long run queues its games a wave at a time; the waves change nothing played."""
    from valdora_ai.tournament import runner

    waves: list[int] = []
    make_tasks = runner.tasks

    def counted(*args: Any, **kwargs: Any) -> list[GameTask]:
        queued = make_tasks(*args, **kwargs)
        waves.append(len(queued))
        return queued

    monkeypatch.setattr(runner, "WAVE_GAMES", 7)  # one 6-game block a wave
    monkeypatch.setattr(runner, "tasks", counted)
    waved = run_tournament(ENTRANTS, players=3, games=GAMES, seed=SEED,
                           db=tmp_path / "waves.sqlite", jobs=1)
    assert waves == [6, 6, 6]
    assert table(waved) == table(reference)


def test_a_dask_cluster_gives_the_local_results(tmp_path: Path, reference: Report) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        report = run_tournament(ENTRANTS, players=3, games=GAMES, seed=SEED,
                                db=tmp_path / "dask.sqlite", backend="dask",
                                address=cluster.scheduler_address)
    assert table(report) == table(reference)
    assert report.seconds > 0


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_cluster_is_a_clear_error_and_the_db_is_untouched(
        tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    run_tournament(ENTRANTS, games=6, seed=3, db=db, jobs=1)
    before = digest(db)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    with pytest.raises(TournamentError, match=f"--address {address}: no Dask scheduler "
                                              "answered within 1 s"):
        run_tournament(ENTRANTS, games=12, seed=3, db=db, backend="dask", address=address,
                       connect_timeout=1)
    assert digest(db) == before
    with pytest.raises(TournamentError, match="needs --address"):
        run_tournament(ENTRANTS, games=6, seed=3, db=db, backend="dask")
    with pytest.raises(TournamentError, match="unknown backend 'ray'"):
        run_tournament(ENTRANTS, games=6, seed=3, db=db, backend="ray")
    assert digest(db) == before


@pytest.mark.parametrize(("entrants", "message"), [
    (["greedy", "random", "greedy:seed=1"], "entrants: database"),
    (["random", "greedy"], "entrants: database"),
])
def test_a_database_of_another_tournament_is_refused_untouched(
        tmp_path: Path, entrants: list[str], message: str) -> None:
    db = tmp_path / "t.sqlite"
    run_tournament(ENTRANTS, games=6, seed=3, db=db, jobs=1)
    before = digest(db)
    with pytest.raises(TournamentError, match=f"belongs to another tournament \\({message}"):
        run_tournament(entrants, games=6, seed=3, db=db, jobs=1)
    with pytest.raises(TournamentError, match="seed: database 3, asked 4"):
        run_tournament(ENTRANTS, games=6, seed=4, db=db, jobs=1)
    with pytest.raises(TournamentError, match="players: database 3, asked 4"):
        run_tournament(ENTRANTS, players=4, games=6, seed=3, db=db, jobs=1)
    corrected = tmp_path / "corrected.toml"
    shutil.copy(default_data_path(), corrected)
    with pytest.raises(TournamentError, match="rules_data_sha256: database None, asked '"):
        run_tournament(ENTRANTS, games=6, seed=3, db=db, jobs=1, rules_data=corrected)
    assert digest(db) == before


def test_a_file_that_is_not_a_tournament_database_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "notes.sqlite"
    other.write_text("not a database\n")
    with pytest.raises(TournamentError, match="notes.sqlite: not a tournament database"):
        run_tournament(ENTRANTS, games=6, db=other, jobs=1)
    assert other.read_text() == "not a database\n"
    foreign = tmp_path / "foreign.sqlite"
    connection = sqlite3.connect(foreign)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    before = digest(foreign)
    with pytest.raises(TournamentError, match="not a tournament database"):
        run_tournament(ENTRANTS, games=6, db=foreign, jobs=1)
    assert digest(foreign) == before


@pytest.mark.parametrize(("entrants", "message"), [
    (["greedy", "bogus"], "unknown agent 'bogus'"),
    (["greedy", "random:depth=2"], "unknown parameter 'depth'"),
    (["greedy", "greedy:seed=x"], "seed must be an integer from 0 to "),
    (["greedy"], "at least two entrants"),
    (["greedy", "greedy"], "'greedy' is given twice"),
])
def test_bad_entrants_fail_before_any_file_is_made(tmp_path: Path, entrants: list[str],
                                                   message: str) -> None:
    db = tmp_path / "t.sqlite"
    with pytest.raises(Exception, match=message) as caught:
        run_tournament(entrants, games=6, db=db, jobs=1)
    assert isinstance(caught.value, ValueError)  # a ValdoraError: a one-line user error
    assert not db.exists()


@pytest.mark.parametrize(("options", "message"), [
    ({"games": 10**14}, "--games must be from 1 to 10000000, got 100000000000000"),
    ({"jobs": 10**15}, "--jobs must be from 1 to 1024, or negative to count back from all "
                       "cores (-1: all), got 1000000000000000"),
    ({"jobs": -2000}, "--jobs must be from 1 to 1024"),
    ({"jobs": 0}, "--jobs must be from 1 to 1024"),
])
def test_absurd_counts_fail_at_once_before_any_file_is_made(
        tmp_path: Path, options: dict[str, int], message: str) -> None:
    """Not a hang while a hundred trillion games are queued, nor joblib's OverflowError."""
    db = tmp_path / "t.sqlite"
    with pytest.raises(TournamentError) as caught:
        run_tournament(ENTRANTS, db=db, **{"games": 6, "jobs": 1, **options})
    assert str(caught.value) == message or str(caught.value).startswith(message)
    assert not db.exists()


def test_sprt_needs_two_entrants(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="two entrants, got 3"):
        run_tournament(["greedy", "random", "greedy:seed=2"], db=tmp_path / "t.sqlite",
                       sprt=(0, 50))


@pytest.mark.parametrize(("entrants", "decision"), [(["greedy", "random"], "H1"),
                                                    (["random", "greedy"], "H0")])
def test_sprt_stops_when_the_test_decides(tmp_path: Path, entrants: list[str],
                                          decision: str) -> None:
    db = tmp_path / "sprt.sqlite"
    ratios: list[float] = []
    report = run_tournament(entrants, games=60, seed=1, db=db, jobs=2, sprt=(0, 50),
                            on_progress=lambda p: None if p.llr is None else ratios.append(p.llr))
    assert report.sprt is not None and report.sprt.decision == decision
    assert report.games == 12 and report.sprt.blocks == 2  # random never beats greedy
    assert ratios[0] == 0.0 and ratios[1] == report.sprt.llr  # after each block
    assert load_report(db).sprt == report.sprt
    # the head-to-head estimate: all of one side, its interval clear of zero
    pair = report.head_to_head
    assert pair is not None and pair.blocks == 2
    if decision == "H1":
        assert pair.score == 1.0 and pair.elo == 800.0 and 0 < pair.low < pair.elo
    else:
        assert pair.score == 0.0 and pair.elo == -800.0 and pair.elo < pair.high < 0
    assert report.to_json()["head_to_head"]["elo"] == pair.elo


def test_a_head_to_head_estimate_only_between_two_entrants(tmp_path: Path) -> None:
    three = run_tournament(["greedy", "random", "greedy:seed=2"], games=6, seed=1,
                           db=tmp_path / "three.sqlite", jobs=1)
    assert three.head_to_head is None
