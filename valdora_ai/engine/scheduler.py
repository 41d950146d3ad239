"""The query scheduler: searches run in worker threads, so the reader stays responsive.

Each query gets its own :class:`~valdora_ai.analysis.SearchControl`: partial
results stream through its progress callback, and ``terminate`` (or ``quit``, or the
engine's ``--max-seconds`` watchdog, which allows that much for each search a query
runs: one for a move or an analysis, one per position for a whole game) sets its stop
event. A query stopped before a worker picked it up is answered without searching. Ids
are unique among the queries in flight; the final response is sent after the id is
released, so a client may reuse an id as soon as it has read the final result.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from valdora_ai.analysis import SearchControl
from valdora_ai.engine.protocol import DUPLICATE_ID, INTERNAL, EngineError, error_response

Emit = Callable[[dict[str, Any]], None]


class Job(Protocol):
    """A checked query: a search (handlers.SearchJob) or a game analysis
    (game_review.GameReviewJob)."""

    rid: Any
    report_every: float

    @property
    def searches(self) -> int:
        """How many searches it runs; the watchdog allows --max-seconds for each."""

    def run(self, control: SearchControl) -> Any: ...
    def response(self, result: Any, *, terminated: bool = False) -> dict[str, Any]: ...


@dataclass
class Query:
    """A search in flight: its job and the control that watches and stops it."""

    job: Job
    control: SearchControl = field(default_factory=SearchControl)

    @property
    def key(self) -> str:
        return json.dumps(self.job.rid)


class Scheduler:
    """A fixed pool of worker threads taking queries from one queue, in order."""

    def __init__(self, workers: int, emit: Emit, max_seconds: float) -> None:
        self._emit = emit
        self._max_seconds = max_seconds
        self._queue: queue.Queue[Query | None] = queue.Queue()
        self._in_flight: dict[str, Query] = {}
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._work, name=f"engine-worker-{i}",
                                          daemon=True) for i in range(workers)]
        for thread in self._threads:
            thread.start()

    def submit(self, job: Job) -> None:
        """Queue a search; EngineError if a query with the same id is still in flight."""
        query = Query(job)
        if job.report_every > 0:
            query.control.report_every = job.report_every
            query.control.on_progress = lambda analysis: self._emit(
                job.response(analysis, during=True))  # type: ignore[call-arg]
        with self._lock:
            if query.key in self._in_flight:
                raise EngineError(DUPLICATE_ID, f"a query with id {job.rid!r} is still in "
                                                "flight", "id")
            self._in_flight[query.key] = query
        self._queue.put(query)

    def terminate(self, rid: Any = None, *, every: bool = False) -> list[Any]:
        """Stop the query `rid` (or every query); the ids of the queries stopped."""
        with self._lock:
            chosen = list(self._in_flight.values()) if every else [
                q for q in self._in_flight.values() if q.key == json.dumps(rid)]
            for query in chosen:
                query.control.stop()
        return [query.job.rid for query in chosen]

    def close(self) -> None:
        """Let the queued queries finish, then stop the workers and wait for them."""
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()

    def _work(self) -> None:
        while (query := self._queue.get()) is not None:
            self._emit(self._run(query))

    def _run(self, query: Query) -> dict[str, Any]:
        """The final response of one query (its id released first)."""
        control, job = query.control, query.job
        analysis: Any = None  # an Analysis or a GameAnalysis, both with `complete`
        try:
            if not control.should_stop():
                watchdog = threading.Timer(self._max_seconds * job.searches, control.stop)
                watchdog.daemon = True
                watchdog.start()
                try:
                    analysis = job.run(control)
                finally:
                    watchdog.cancel()
            stopped = control.should_stop() and (analysis is None or not analysis.complete)
            response = job.response(analysis, terminated=stopped)
        except Exception as exc:  # a bug in an agent must not take the engine down
            response = error_response(job.rid, EngineError(
                INTERNAL, f"the search failed: {type(exc).__name__}: {exc}"[:500]))
        with self._lock:
            del self._in_flight[query.key]
        return response
