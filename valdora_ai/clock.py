"""Game clocks: time controls ``BASE+INC``, the clock a seat plays on, and time management.

A :class:`TimeControl` gives each seat ``base`` seconds for the game plus ``increment``
seconds added after each of its decisions (Fischer). A :class:`SeatClock` is charged the
time each decision took and says when the seat flags: when a decision takes more than
the time left plus a tolerance (``margin``, for the runner's own overhead).

:func:`plan_time` is the time manager of the search agents: from a :class:`ClockReading`
(time left, increment) and an estimate of the seat's remaining decisions it sets a soft
target (where a settled search stops) and a hard limit (where a close one must stop),
keeping a reserve so the overhead outside the search never makes it flag.
:func:`should_stop` decides, from the elapsed time and how far the leading candidate is
ahead, whether to stop now. Both are pure, so tests drive them with invented times.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from valdora_ai.errors import ValdoraError

MAX_CLOCK_SECONDS = 24 * 3600.0  # a day: the most a time control may give
DEFAULT_DECISIONS_LEFT = 30  # assumed when the game cannot estimate its remaining length
MIN_DECISIONS_LEFT = 8  # never plan as if fewer remained: the estimate may be short
# Kept back from every plan for the overhead outside the search and for stalls of a
# loaded machine (a 0.05 s reserve flagged once in 24 Zavandor games at 10+0.1 with three
# runs sharing two busy cores: a decision planned at 0.09 s took 0.36 s).
RESERVE_SECONDS = 0.5
RESERVE_SHARE = 0.05  # ... and this share of the time left
EXTEND_FACTOR = 3.0  # a close decision may take this many times its target
MAX_SHARE = 0.25  # no decision takes more than this share of the usable time
SETTLED_FRACTION = 0.5  # after this share of the target a settled search may stop
SETTLED_LEAD = 0.5  # settled: the leader holds this share of the visits more than the next
CLOSE_LEAD = 0.1  # close: the leader's lead in visit share is below this
MIN_SECONDS = 0.001  # the smallest search budget a plan gives
DEFAULT_FLAG_MARGIN = 0.1  # seconds a seat may overrun its clock before it flags
ON_TIME = "lost on time"  # how a flag's reason begins (a tournament's forfeit reason)


@dataclass(frozen=True)
class TimeControl:
    """``base`` seconds for the game, ``increment`` seconds added after each decision."""

    base: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        for name, value in (("base", self.base), ("increment", self.increment)):
            if not math.isfinite(value) or not 0 <= value <= MAX_CLOCK_SECONDS:
                raise ValdoraError(f"time control {name} must be from 0 to "
                                   f"{MAX_CLOCK_SECONDS:g} seconds, got {value}")
        if self.base == 0 and self.increment == 0:
            raise ValdoraError("time control must give some time: base or increment above 0")

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``BASE+INC`` or ``BASE`` (seconds), e.g. ``10+0.1``; ValdoraError if malformed."""
        base, _, increment = text.strip().partition("+")
        try:
            return cls(float(base), float(increment) if increment else 0.0)
        except ValueError:
            raise ValdoraError(f"time control must be BASE+INC in seconds (e.g. 10+0.1), "
                               f"got {text!r}") from None

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"


def format_seconds(seconds: float) -> str:
    """A clock's time as a table shows it: ``M:SS.s`` (``H:MM:SS`` from an hour)."""
    tenths = int(max(seconds, 0.0) * 10)
    minutes, rest = divmod(tenths, 600)
    if minutes >= 60:
        return f"{minutes // 60}:{minutes % 60:02d}:{rest // 10:02d}"
    return f"{minutes}:{rest // 10:02d}.{rest % 10}"


@dataclass(frozen=True)
class ClockReading:
    """What a seat's clock shows when it must decide: seconds left and the increment
    it will get after this decision."""

    remaining: float
    increment: float = 0.0


class Flagged(ValdoraError):
    """A seat overran its clock: it loses the game on time (scored like a forfeit)."""

    def __init__(self, seat: int, used: float, left: float, margin: float) -> None:
        super().__init__(f"{ON_TIME}: seat {seat} took {used:.3f} s with {left:.3f} s "
                         f"left (margin {margin:g} s)")
        self.seat = seat


class SeatClock:
    """One seat's clock during a game: charged each decision's time, flagged when a
    decision overran the time left by more than `margin` seconds."""

    def __init__(self, control: TimeControl, margin: float = 0.0) -> None:
        if not (math.isfinite(margin) and 0 <= margin <= MAX_CLOCK_SECONDS):
            raise ValdoraError(f"--flag-margin must be from 0 to {MAX_CLOCK_SECONDS:g} "
                               f"seconds, got {margin}")
        self.control = control
        self.margin = margin
        self.remaining = control.base
        self.flagged = False
        self.used: list[float] = []  # seconds each decision took, in order

    def reading(self) -> ClockReading:
        return ClockReading(max(self.remaining, 0.0), self.control.increment)

    def charge(self, used: float) -> bool:
        """Take `used` seconds off the clock, then add the increment unless the seat
        flagged; True if it flagged (took more than its time left plus the margin)."""
        self.used.append(used)
        self.remaining -= used
        if self.remaining < -self.margin:
            self.flagged = True
        else:
            self.remaining += self.control.increment
        return self.flagged


@dataclass(frozen=True)
class TimePlan:
    """How long one decision may search: ``soft`` is the target, ``hard`` the limit."""

    soft: float
    hard: float


def plan_time(clock: ClockReading, decisions_left: int | None) -> TimePlan:
    """The time plan of one decision with `clock` and about `decisions_left` decisions
    (this one included) still to make; None: unknown (:data:`DEFAULT_DECISIONS_LEFT`).

    The target is an even share of the usable time plus most of the increment; the limit
    lets a close decision take several targets but never more than a quarter of the
    usable time, so the clock lasts however long the game turns out to be.
    """
    left = max(decisions_left if decisions_left is not None else DEFAULT_DECISIONS_LEFT,
               MIN_DECISIONS_LEFT)
    usable = max(clock.remaining * (1 - RESERVE_SHARE) - RESERVE_SECONDS, 0.0)
    cap = min(usable * MAX_SHARE + clock.increment * 0.5, usable)  # the increment comes after
    soft = min(usable / left + clock.increment * 0.75, cap)
    hard = min(soft * EXTEND_FACTOR, cap)
    return TimePlan(soft=max(soft, MIN_SECONDS), hard=max(hard, MIN_SECONDS))


def should_stop(elapsed: float, plan: TimePlan, lead: float | None) -> bool:
    """Whether a search `elapsed` seconds in should stop under `plan`. `lead` is the
    leading candidate's share of the visits minus the next one's (None: not known).

    A settled search (a large lead) stops after half its target; a close one (a small
    lead) runs on past the target up to the limit; any other stops at the target.
    """
    if elapsed >= plan.hard:
        return True
    if lead is not None and lead >= SETTLED_LEAD and elapsed >= plan.soft * SETTLED_FRACTION:
        return True
    if elapsed >= plan.soft:
        return lead is None or lead >= CLOSE_LEAD
    return False
