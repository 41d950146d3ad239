"""What an agent reports about a decision: budgets, candidates and analyses.

These are the contract between agents and everything that shows their thinking
(``valdora suggest``, the JSON-lines engine, the interactive hint and the bots'
one-line reasoning). Values are per player, indexed by seat, so multi-player
(max^n) results are never squashed into one number.

The module sits below both :mod:`valdora_ai.agents` and :mod:`valdora_ai.search`, which
both use it, so the search kernels never import the agents built on them.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from valdora_ai.errors import ValdoraError

MAX_ITERATIONS = 1_000_000_000
MAX_SECONDS = 86_400.0  # a day: a longer budget is a typo, and inf or nan never ends
Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal
# The clocks a seconds budget can be measured on: ``wall`` (elapsed time) or ``cpu`` (the
# CPU time of the searching thread, which is the searching process's own work: a search runs
# in one thread, and a root-parallel worker is a process of its own). A CPU budget buys the
# same work on an idle and on a loaded machine, so equal-time series stay fair when other
# jobs share the cores. Tests replace an entry to drive a search with an invented clock.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


def mean_interval(mean: float, sd: float | None, n: int) -> tuple[float, float] | None:
    """The 95% interval of a mean of `n` samples of standard deviation `sd` (normal
    approximation), None when it cannot be told (no spread known, fewer than 2 samples)."""
    if sd is None or n < 2:
        return None
    half = Z95 * sd / math.sqrt(n)
    return mean - half, mean + half


@dataclass(frozen=True)
class Budget:
    """How long a search may run: iterations, seconds, or both (whichever ends first).

    ``Budget()`` means "the agent's own default". An agent that does not search
    ignores the budget. Both are bounded (:data:`MAX_ITERATIONS`, :data:`MAX_SECONDS`),
    so every budget ends. `clock` names the clock of :data:`CLOCKS` the seconds (and the
    seconds an analysis reports) are measured on.
    """

    iterations: int | None = None
    seconds: float | None = None
    clock: str = "wall"

    def __post_init__(self) -> None:
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValdoraError(f"budget iterations must be from 1 to {MAX_ITERATIONS}, "
                               f"got {self.iterations}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ValdoraError(f"budget seconds must be above 0 and at most {MAX_SECONDS:g}, "
                               f"got {self.seconds}")
        if self.clock not in CLOCKS:
            raise ValdoraError(f"budget clock must be one of {', '.join(CLOCKS)}, "
                               f"got {self.clock!r}")

    def now(self) -> float:
        """A reading of the budget's clock (seconds from an arbitrary origin)."""
        return CLOCKS[self.clock]()

    @property
    def is_default(self) -> bool:
        return self.iterations is None and self.seconds is None


@dataclass(frozen=True)
class Candidate:
    """One decision the agent considered, with its statistics.

    ``values`` are mean rewards per seat (the agent's reward: win share, rank or
    margin); ``win_probability`` is the estimated chance the player to move wins;
    ``expected_scores`` the estimated final score per seat; ``win_probabilities`` the
    estimated chance each seat wins (game analysis reads other seats' chances there);
    ``pv`` the principal variation, starting with ``step``. A Monte Carlo search also
    gives the standard deviation per seat of the reward (``value_sd``) and of the final
    score (``score_sd``) over the candidate's ``visits`` play-outs: the spread of what
    may happen, from which the 95% intervals of the means (the search's noise) follow.
    A search without sampling (expectimax) or an agent that does not search leaves them
    empty: no interval is claimed.
    """

    step: int
    visits: int = 0
    values: tuple[float, ...] = ()
    win_probability: float | None = None
    expected_scores: tuple[float, ...] = ()
    pv: tuple[int, ...] = ()
    win_probabilities: tuple[float, ...] = ()
    value_sd: tuple[float, ...] = ()
    score_sd: tuple[float, ...] = ()

    def value_interval(self, player: int) -> tuple[float, float] | None:
        """The 95% interval of `player`'s mean reward (None: not known)."""
        if player >= len(self.value_sd):
            return None
        return mean_interval(self.values[player], self.value_sd[player], self.visits)

    def score_interval(self, player: int) -> tuple[float, float] | None:
        """The 95% interval of `player`'s expected final score (None: not known)."""
        if player >= len(self.score_sd):
            return None
        return mean_interval(self.expected_scores[player], self.score_sd[player], self.visits)

    def lcb(self, player: int) -> float:
        """The lower end of `player`'s value interval; -inf when it is not known, so a
        candidate whose value is unsupported never ranks above one whose is."""
        interval = self.value_interval(player)
        return -math.inf if interval is None else interval[0]

    def to_json(self, player: int | None = None) -> dict[str, Any]:
        """The candidate's statistics; with `player` (the seat to move) also the 95%
        intervals of that seat's value and expected score, its lower bound and the
        score's spread, each null when not known."""
        document: dict[str, Any] = {
            "step": self.step, "visits": self.visits, "values": list(self.values),
            "winProbability": self.win_probability,
            "expectedScores": list(self.expected_scores), "pv": list(self.pv)}
        if player is not None:
            value, score = self.value_interval(player), self.score_interval(player)
            document.update(
                valueInterval=_rounded(value), lcb=None if value is None else round(value[0], 4),
                scoreInterval=_rounded(score),
                scoreStdev=(round(self.score_sd[player], 4) if player < len(self.score_sd)
                            else None))
        return document


def _rounded(interval: tuple[float, float] | None) -> list[float] | None:
    return None if interval is None else [round(interval[0], 4), round(interval[1], 4)]


@dataclass(frozen=True)
class Analysis:
    """An agent's ranked candidates for the player to move, in its recommended order:
    the first is the one it recommends and plays (``order`` 0 in JSON)."""

    player: int
    candidates: tuple[Candidate, ...]
    agent: str
    iterations: int = 0
    worlds: int = 0
    seconds: float = 0.0
    complete: bool = True  # False for a partial (streamed or stopped) result
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def top(self, k: int) -> Analysis:
        return replace(self, candidates=self.candidates[:k])

    def summary(self) -> str:
        """One line for people: what was searched and what the chosen move promises."""
        parts = [self.agent]
        if self.iterations:
            parts.append(f"{self.iterations} iterations")
        if self.worlds:
            parts.append(f"{self.worlds} worlds")
        if self.seconds:
            parts.append(f"{self.seconds:.2f} s")
        best = self.best
        if best.expected_scores and self.player < len(best.expected_scores):
            interval = best.score_interval(self.player)
            parts.append(f"expects {best.expected_scores[self.player]:.1f} points"
                         + ("" if interval is None else
                            f" [{interval[0]:.1f}, {interval[1]:.1f}]"))
        if best.win_probability is not None:
            parts.append(f"win {best.win_probability:.0%}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "agent": self.agent, "iterations": self.iterations,
                "worlds": self.worlds, "seconds": round(self.seconds, 4),
                "complete": self.complete,
                "candidates": [c.to_json(self.player) | {"order": order}
                               for order, c in enumerate(self.candidates)]}


ProgressCallback = Callable[[Analysis], None]


@dataclass
class SearchControl:
    """Lets a caller watch and stop a running search (anytime behaviour).

    A search polls :meth:`should_stop` between iterations and, when ``on_progress``
    is set, calls :meth:`maybe_report` with its partial analysis; reports are spaced
    at least ``report_every`` seconds apart.
    """

    stop_event: threading.Event = field(default_factory=threading.Event)
    on_progress: ProgressCallback | None = None
    report_every: float = 0.0
    _last_report: float | None = field(default=None, repr=False)  # None: never reported

    def stop(self) -> None:
        self.stop_event.set()

    def should_stop(self) -> bool:
        return self.stop_event.is_set()

    def wants_report(self) -> bool:
        if self.on_progress is None or self.report_every <= 0:
            return False
        # The first report is always due: perf_counter() may start near 0 (it counts
        # from boot on Linux), so "0 seconds ago" must not stand for "never".
        return (self._last_report is None
                or time.perf_counter() - self._last_report >= self.report_every)

    def report(self, analysis: Analysis) -> None:
        if self.on_progress is not None:
            self._last_report = time.perf_counter()
            self.on_progress(analysis)
