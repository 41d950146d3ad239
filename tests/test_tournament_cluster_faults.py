"""A Dask cluster that loses a worker or its scheduler mid-run (issue 26, item 9).

Each test starts a real cluster (a `dask scheduler` and `dask worker` processes) and
kills part of it while a tournament plays: a lost worker's games are played again
elsewhere and the table is exactly the local run's; a lost scheduler, or a game Dask
gives up on, stops the run with one error line, and the same command resumes it to
the local table without losing a stored game. The workers play on the pure-Python
engine so that the kill comes while games are still in flight (the same seeds give
the same games on both engines).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cli_checks import ending_problem, runner
from tournament_checks import stored, table

from valdora_ai import backend
from valdora_ai.cli.app import app
from valdora_ai.tournament import Report, TournamentError, load_report, run_tournament
from valdora_ai.tournament.runner import Progress
from valdora_ai.tournament.storage import GameRow, ResultsDB

pytest.importorskip("distributed")

ENTRANTS = ["greedy", "random"]
GAMES, SEED = 18, 5  # three blocks of six seatings
KILL_AT = 3  # games stored when part of the cluster is killed
BOUND = 300.0  # seconds a run may take before it counts as hung


@dataclass
class Cluster:
    """A scheduler and workers, each in a process group of its own."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def worker_pids(self) -> list[int]:
        """The processes that run the games (below a nanny, when there is one)."""
        from distributed import Client

        with Client(self.address, timeout=30, set_as_default=False) as client:
            return sorted(client.run(os.getpid).values())

    def stop(self) -> None:
        for process in [self.scheduler, *self.workers]:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def start_cluster() -> Iterator[Callable[..., Cluster]]:
    """Start clusters (`nanny`: workers restarted when they die; `allowed_failures`:
    the scheduler's retries of a game whose worker died); all stopped at the end."""
    started: list[Cluster] = []

    def start(nanny: bool = True, allowed_failures: int = 3) -> Cluster:
        from distributed import Client

        port = _free_port()
        address = f"tcp://127.0.0.1:{port}"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL,
                 "start_new_session": True}
        scheduler_env = {**os.environ,
                         "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": str(allowed_failures)}
        cluster = Cluster(address, subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
             "--port", str(port), "--no-dashboard"], env=scheduler_env, **quiet))
        started.append(cluster)
        slow = {**os.environ, backend.PURE_ENV: "1"}
        cluster.workers = [subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
             "--no-dashboard", "--nanny" if nanny else "--no-nanny"], env=slow, **quiet)
            for _ in range(2)]
        with Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        return cluster

    yield start
    for cluster in started:
        cluster.stop()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Report:
    db = tmp_path_factory.mktemp("reference") / "reference.sqlite"
    return run_tournament(ENTRANTS, players=3, games=GAMES, seed=SEED, db=db, jobs=1)


def _kill_at(count: int, pid: int) -> Callable[[Progress], None]:
    """A progress callback that kills `pid` once `count` games are stored."""
    def progress(state: Progress) -> None:
        if state.done == count:
            os.kill(pid, signal.SIGKILL)
    return progress


def _within(seconds: float, run: Callable[[], object]) -> None:
    """Call `run` (in a daemon thread), failing if it has not ended after `seconds`:
    joblib's Dask backend waited forever for a game that failed."""
    failure: list[BaseException] = []

    def call() -> None:
        try:
            run()
        except BaseException as exc:  # handed to the test's thread
            failure.append(exc)
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the run still hangs after {seconds:g} s"
    if failure:
        raise failure[0]


def _rows(db: Path) -> list[GameRow]:
    with ResultsDB.open(db) as results:
        return results.rows()


@pytest.mark.parametrize("nanny", [
    True, pytest.param(False, marks=pytest.mark.slow)], ids=["nanny", "no-nanny"])
def test_a_lost_worker_costs_nothing(tmp_path: Path, start_cluster: Callable[..., Cluster],
                                     reference: Report, nanny: bool) -> None:
    """Its games are played again (on its restarted self, or on the other worker)."""
    cluster = start_cluster(nanny=nanny)
    report = run_tournament(ENTRANTS, players=3, games=GAMES, seed=SEED,
                            db=tmp_path / "t.sqlite", backend="dask", address=cluster.address,
                            on_progress=_kill_at(KILL_AT, cluster.worker_pids()[0]))
    assert table(report) == table(reference)


def test_a_game_dask_gives_up_on_stops_the_run_and_it_resumes(
        tmp_path: Path, start_cluster: Callable[..., Cluster], reference: Report) -> None:
    """With no retries allowed, the game on the killed worker fails for good."""
    cluster = start_cluster(allowed_failures=0)
    db = tmp_path / "t.sqlite"
    settings = {"players": 3, "games": GAMES, "seed": SEED, "db": db, "backend": "dask",
                "address": cluster.address}
    with pytest.raises(TournamentError, match=f"^--address {cluster.address}: Dask gave up "
                                              "on a game whose workers kept dying .* run the "
                                              "same command to resume$"):
        _within(BOUND, lambda: run_tournament(
            ENTRANTS, on_progress=_kill_at(KILL_AT, cluster.worker_pids()[0]), **settings))
    kept = _rows(db)
    assert KILL_AT <= len(kept) < GAMES
    resumed = run_tournament(ENTRANTS, **settings)  # the nanny has restarted the worker
    assert table(resumed) == table(reference)
    assert [row for row in _rows(db) if row in kept] == kept


@pytest.mark.slow  # two clusters started: about 20 s
def test_a_lost_scheduler_stops_the_cli_with_one_line_and_it_resumes(
        tmp_path: Path, start_cluster: Callable[..., Cluster], reference: Report) -> None:
    cluster = start_cluster()
    db = tmp_path / "t.sqlite"

    def command(address: str) -> list[str]:
        return ["tournament", "-a", "greedy", "-a", "random", "-n", str(GAMES), "--seed",
                str(SEED), "-q", "--backend", "dask", "--address", address, "--db", str(db)]

    def kill_the_scheduler() -> None:
        deadline = time.monotonic() + 120
        while stored(db) < KILL_AT and time.monotonic() < deadline:
            time.sleep(0.01)
        cluster.scheduler.kill()

    killer = threading.Thread(target=kill_the_scheduler)
    killer.start()
    result = runner.invoke(app, command(cluster.address))
    killer.join()
    assert result.exit_code == 1 and ending_problem(result) is None, result.output
    assert result.stderr.startswith(f"error: --address {cluster.address}: the connection "
                                    "to the Dask scheduler was lost")
    kept = _rows(db)
    assert KILL_AT <= len(kept) < GAMES
    again = start_cluster()  # a new scheduler, at another address
    result = runner.invoke(app, command(again.address))
    assert result.exit_code == 0 and ending_problem(result) is None, result.output
    assert table(load_report(db)) == table(reference)
    assert [row for row in _rows(db) if row in kept] == kept
