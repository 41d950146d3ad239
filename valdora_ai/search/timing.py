"""A search control that stops a search when its time plan says so.

The search loop streams partial analyses to its control; :class:`ClockControl` reads
the leading candidate's lead from each and asks :func:`valdora_ai.clock.should_stop`
whether to go on, so a settled decision stops early and a close one runs to the plan's
limit. A caller's own control (the engine's stop request and progress stream) is kept:
its stop request still stops the search and its reports still reach it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from valdora_ai.analysis import Analysis, SearchControl
from valdora_ai.clock import TimePlan, should_stop

CHECK_EVERY = 0.005  # seconds between two looks at the partial analysis


def visit_lead(analysis: Analysis) -> float | None:
    """The leader's share of the root visits minus the next candidate's (1 with a single
    candidate); None when the search reports no visits (expectimax)."""
    visits = sorted((c.visits for c in analysis.candidates), reverse=True)
    total = sum(visits)
    if total == 0:
        return None
    second = visits[1] if len(visits) > 1 else 0
    return (visits[0] - second) / total


@dataclass
class ClockControl(SearchControl):
    """Stops the search by `plan`, measured from `start` on the clock `now`."""

    plan: TimePlan = field(default_factory=lambda: TimePlan(0.0, 0.0))
    inner: SearchControl | None = None
    now: Callable[[], float] = time.perf_counter
    start: float = 0.0
    timed_out: bool = False  # True once the plan (not the caller) stopped the search

    def should_stop(self) -> bool:
        return self.timed_out or (self.inner is not None and self.inner.should_stop())

    def wants_report(self) -> bool:
        due = (self._last_report is None
               or self.now() - self._last_report >= CHECK_EVERY)
        return due or (self.inner is not None and self.inner.wants_report())

    def report(self, analysis: Analysis) -> None:
        self._last_report = self.now()
        if should_stop(self._last_report - self.start, self.plan, visit_lead(analysis)):
            self.timed_out = True
        if self.inner is not None and self.inner.wants_report():
            self.inner.report(analysis)
