"""Worker processes: how many a command may ask for, and their ending when the process
that started them dies.

joblib keeps its loky worker processes for reuse; when the parent is killed without a
chance to stop them (``kill -9``), they sleep on for minutes. Inside `local_workers`,
every loky worker starts (in joblib's worker initializer, before any task) a daemon
thread that polls the parent's pid and ends the worker as soon as the parent is gone.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Any

from valdora_ai.errors import ValdoraError

POLL_SECONDS = 0.25
ORPHAN_EXIT_CODE = 70  # what a worker ends with when its parent has died

MAX_WORKERS = 1024
"""More worker processes or threads than any machine or cluster here runs at once: a
larger count is a typo, and joblib would fail on it deep inside (past a C int) or the
engine would start that many threads before its first answer."""


def check_jobs(jobs: int, error: type[ValdoraError] = ValdoraError, option: str = "--jobs"
               ) -> None:
    """Refuse a joblib worker count that is 0 or beyond :data:`MAX_WORKERS` either way
    (a negative count counts back from all cores, as joblib's ``n_jobs``)."""
    if jobs == 0 or abs(jobs) > MAX_WORKERS:
        raise error(f"{option} must be from 1 to {MAX_WORKERS}, or negative to count back "
                    f"from all cores (-1: all), got {jobs}")


@contextmanager
def local_workers() -> Iterator[None]:
    """Inside this block, joblib.Parallel runs on local loky workers that exit with us."""
    import joblib  # here: importing the modules that run games imports no joblib

    with joblib.parallel_config(backend="loky", initializer=exit_with_parent,
                                initargs=(os.getpid(),)):
        yield


def in_order(task: Callable[..., Any], arguments: Callable[[int], tuple[Any, ...]], jobs: int,
             wave: int) -> Generator[Any, None, None]:
    """``task(*arguments(k))`` for k = 0, 1, 2, ... on local workers, `wave` at a time,
    yielded in order and without end: the caller closes the generator, which cancels
    the tasks still running. The order makes the results independent of `jobs`."""
    from joblib import Parallel, delayed

    start = 0
    # Closing this generator cancels the tasks still running; joblib warns of that.
    with local_workers(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*tasks which were still being processed")
        parallel = Parallel(n_jobs=jobs, return_as="generator")
        while True:
            yield from parallel(delayed(task)(*arguments(k)) for k in range(start, start + wave))
            start += wave


def exit_with_parent(parent_pid: int) -> None:
    """End this worker once `parent_pid`, the process that started it, has died.

    Run as the worker initializer: a parent pid that is no longer the worker's parent
    means the parent died while the worker was starting, so it ends at once.
    """
    if os.getppid() != parent_pid:
        os._exit(ORPHAN_EXIT_CODE)
    threading.Thread(target=_watch, args=(parent_pid,), name="exit-with-parent",
                     daemon=True).start()


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(POLL_SECONDS)
    os._exit(ORPHAN_EXIT_CODE)  # the parent is gone: nobody wants the result
