"""Where games run: joblib's local process pool, or a Dask cluster.

:func:`game_runner` gives the runner one function, "play these games and hand each back
as it ends", whichever backend plays them. ``local`` is joblib on loky workers that exit
with the runner. ``dask`` connects a ``distributed.Client`` to the scheduler at
``address`` (it must answer within ``timeout`` seconds) and submits the games to its
workers directly: joblib's Dask backend waits forever for a game whose worker died
(its future errs, and only a finished one reaches joblib).

A cluster that loses a worker plays its games again elsewhere (Dask reschedules them;
the games are seeded, so the results are the same). One that loses its scheduler, or
gives up on a game whose workers kept dying (Dask's ``allowed-failures``), stops the run
with a :class:`TournamentError`; every game stored before stays, and the same command
resumes. Dask's own log lines (a rescheduling warning, the traceback of a lost
connection) are held back while the run lasts: the error says what happened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager
from typing import Any

from valdora_ai.tournament.config import TournamentError
from valdora_ai.tournament.games import GameTask, Played, play_task
from valdora_ai.workers import local_workers

BACKENDS = ("local", "dask")
CONNECT_TIMEOUT = 10.0
RESUME = "the games finished so far are stored: run the same command to resume"

PlayAll = Callable[[list[GameTask]], Iterator[Played]]


@contextmanager
def game_runner(backend: str = "local", address: str | None = None,
                timeout: float = CONNECT_TIMEOUT, jobs: int = -1) -> Iterator[PlayAll]:
    """Inside this block, the function given plays games on the chosen backend and
    yields each as it ends (in no particular order); `jobs` is the local pool's size."""
    if backend not in BACKENDS:
        raise TournamentError(f"--backend: unknown backend {backend!r} "
                              f"(known: {', '.join(BACKENDS)})")
    if backend == "local":
        if address is not None:
            raise TournamentError("--address needs --backend dask")
        from joblib import Parallel, delayed  # here: `valdora tournament --help` needs none

        with local_workers():  # they exit if the runner is killed
            parallel = Parallel(n_jobs=jobs, return_as="generator_unordered")
            yield lambda wave: parallel(delayed(play_task)(task) for task in wave)
        return
    if address is None:
        raise TournamentError("--backend dask needs --address (the scheduler, "
                              "e.g. tcp://host:8786)")
    with _dask_client(address, timeout) as client:
        yield lambda wave: _play_on(client, wave)


@contextmanager
def _dask_client(address: str, timeout: float) -> Iterator[Any]:
    """A client of the scheduler at `address`; a cluster's failure inside the block is
    a TournamentError."""
    try:
        from distributed import Client, KilledWorker
        from distributed.comm import CommClosedError
    except ImportError:
        raise TournamentError("--backend dask needs Dask: pip install 'valdora-ai[cluster]'"
                              ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise TournamentError(f"--address {address}: no Dask scheduler answered within "
                              f"{timeout:g} s ({type(exc).__name__})") from None
    except ValueError as exc:
        raise TournamentError(f"--address {address}: {exc}") from None
    with _quiet("distributed"):  # until the client is closed: it logs as it closes
        try:
            yield client
        except KilledWorker:
            raise TournamentError(f"--address {address}: Dask gave up on a game whose "
                                  "workers kept dying (distributed.scheduler.allowed-failures)"
                                  f"; {RESUME}") from None
        except (CancelledError, CommClosedError, TimeoutError) as exc:
            raise TournamentError(f"--address {address}: the connection to the Dask "
                                  f"scheduler was lost ({type(exc).__name__}); {RESUME}"
                                  ) from None
        finally:
            client.close()


def _play_on(client: Any, wave: list[GameTask]) -> Iterator[Played]:
    """Submit the games to the cluster and yield each as it ends; the games not
    collected (the run stopped) are cancelled."""
    from distributed import as_completed

    futures = client.map(play_task, wave, pure=False)
    try:
        for future in as_completed(futures, loop=client.loop):
            yield future.result()
    finally:
        client.cancel(futures)


@contextmanager
def _quiet(package: str) -> Iterator[None]:
    """Only critical log records from `package`'s loggers inside this block (each has
    its own level in Dask's logging configuration, so the parent's is not enough)."""
    names = [name for name in logging.root.manager.loggerDict
             if name == package or name.startswith(package + ".")]
    loggers = [logging.getLogger(name) for name in [package, *names]]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for log, level in zip(loggers, levels, strict=True):
            log.setLevel(level)
