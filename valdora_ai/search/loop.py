"""The anytime loop: run iterations until the budget ends or the caller stops it.

Between iterations it polls :meth:`SearchControl.should_stop` and, when the caller
wants progress, streams a partial analysis (``complete=False``). With an iteration
budget and no stop request the result does not depend on timing, so a seeded search
is reproducible; a seconds budget is checked after every iteration, on the budget's
clock (wall or CPU time). An adaptive budget (``settled``) ends the loop as soon as the
search's recommendation is settled (:mod:`.settle`), which depends on the iterations
only, so it is reproducible too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from valdora_ai.analysis import Analysis, Budget, SearchControl


@dataclass(frozen=True)
class LoopResult:
    iterations: int
    seconds: float
    stopped: bool  # ended by the caller's stop request, not by the budget
    settled: bool = False  # ended early because the recommendation was settled


def run_loop(iteration: Callable[[int], None], budget: Budget, control: SearchControl | None,
             partial: Callable[[int, float], Analysis], start: float | None = None,
             settled: Callable[[int], bool] | None = None) -> LoopResult:
    """Call ``iteration(i)`` for i = 0, 1, ... within `budget`.

    `partial(iterations, seconds)` builds the analysis streamed to `control`; `start`
    (a reading of the budget's clock, :meth:`Budget.now`, default now) is when the budget
    began, so work done before the loop counts against its seconds; `settled(iterations)`,
    when given, is asked after every iteration whether the search may stop early.
    """
    now = budget.now
    start = now() if start is None else start
    limit = budget.iterations
    deadline = None if budget.seconds is None else start + budget.seconds
    done = 0
    stopped = early = False
    while limit is None or done < limit:
        iteration(done)  # at least one, so there is always a best-so-far
        done += 1
        if settled is not None and settled(done):
            early = True
            break
        if deadline is not None and now() >= deadline:
            break
        if control is not None:
            if control.should_stop():
                stopped = True
                break
            if control.wants_report():
                control.report(replace(partial(done, now() - start),
                                       complete=False))
    return LoopResult(done, now() - start, stopped, early)
