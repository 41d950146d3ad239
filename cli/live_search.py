"""A search shown as it runs: a Rich Live view fed by the partial analyses it streams.

The search runs in a worker thread with a :class:`SearchControl`; the main thread
redraws the view from the latest partial analysis. Ctrl-C stops the search, which then
answers with the best it has found (a partial analysis): the caller shows that answer
and exits normally, since stopping early is how a person says "that will do".
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.live import Live

from valdora_ai.analysis import Analysis, SearchControl
from valdora_ai.interrupts import unwrapped_interrupts

REPORT_EVERY = 0.25  # seconds between redraws


@dataclass
class LiveResult:
    analysis: Analysis
    interrupted: bool  # stopped with Ctrl-C before the budget ended


def search_live(search: Callable[[SearchControl], Analysis],
                render: Callable[[Analysis], RenderableType], console: Console) -> LiveResult:
    """Run `search` in a thread, showing `render` of each partial analysis on `console`."""
    partials: list[Analysis] = []
    control = SearchControl(on_progress=partials.append, report_every=REPORT_EVERY)
    outcome: dict[str, Analysis | BaseException] = {}
    done = threading.Event()  # waited on, not join(): an interrupted join is unreliable

    def work() -> None:
        try:
            outcome["analysis"] = search(control)
        except BaseException as exc:  # re-raised in the main thread
            outcome["error"] = exc
        finally:
            done.set()

    thread = threading.Thread(target=work, name="live-search", daemon=True)
    interrupted = False
    with Live(console=console, auto_refresh=False, transient=True) as view:
        thread.start()
        shown = 0
        try:
            with unwrapped_interrupts():
                while not done.wait(REPORT_EVERY / 2):
                    if len(partials) > shown and partials[-1].candidates:
                        shown = len(partials)
                        view.update(render(partials[-1]), refresh=True)
        except KeyboardInterrupt:
            interrupted = True
            control.stop()
            done.wait()
    error = outcome.get("error")
    if isinstance(error, BaseException):
        raise error
    analysis = outcome["analysis"]
    assert isinstance(analysis, Analysis)
    return LiveResult(analysis, interrupted)
