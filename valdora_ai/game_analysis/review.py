"""The verdicts of a whole-game analysis: per position, per turn, per player.

A :class:`PositionEval` is what the search says about one position (from the seat to
move's observation): the best turn it finds, the expected final points and the win
chance of every seat, and, when the position's turn is reviewed, the played decision
against the best one on common sampled worlds (:mod:`.paired`). A turn's review
reads its loss from there: the mover's expected points and win share given away, each
with its 95% interval. A flag needs the loss to be **significant** and is classed by
the interval's lower end, so it says "lost at least this much" (thresholds below,
documented in docs/analysis.md). Everything here is JSON-friendly (``to_json``), for
``--json``, the engine and a browser frontend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from valdora_ai.analysis import Z95
from valdora_ai.game_analysis.paired import Comparison

# A turn is flagged by the worse of its two measures: the expected points it gave
# away, or the win chance it lost (a fraction, 0.10 is ten percentage points), each
# read at the lower end of its 95% interval.
THRESHOLDS: tuple[tuple[str, float, float], ...] = (
    ("blunder", 10.0, 0.25),
    ("mistake", 5.0, 0.12),
    ("inaccuracy", 2.5, 0.06),
)
FLAGGED = tuple(name for name, _, _ in THRESHOLDS)
# The adaptive number of worlds stops once the flag is the same at both ends of
# intervals of STOP_Z standard errors: 95% corrected for up to 8 looks (Bonferroni,
# 0.05 / 8 two-sided), so that stopping early does not pick the lucky looks.
STOP_Z = 2.734
# lichess's accuracy of a move from the win percentage points it lost (its fit on real
# games): ACCURACY_A * exp(-ACCURACY_K * lost) - ACCURACY_B, within 0 to 100.
ACCURACY_A, ACCURACY_K, ACCURACY_B = 103.1668, 0.04354, 3.1669


@dataclass(frozen=True)
class PositionEval:
    """The search's verdict on one position; a finished game's is its true result."""

    player: int  # the seat to move, -1 once the game is over
    best_turn: str  # "" once the game is over; sampled outcomes marked "(sampled: …)"
    expected: tuple[float, ...]  # expected final points per seat (empty: none reported)
    wins: tuple[float, ...]  # win chance per seat (empty if the agent reports none)
    explanation: dict[str, Any] | None = None
    best_decision: str = ""  # the best turn's decision (no sampled outcome)
    played_decision: str | None = None  # the reviewed turn's decision, None: not reviewed
    comparison: Comparison | None = None  # None: not reviewed, or the same decision
    best_words: tuple[str, ...] = ()  # the best decision's steps in words
    played_words: tuple[str, ...] = ()  # the reviewed decision's steps in words

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "bestTurn": self.best_turn,
                "expected": list(self.expected), "wins": list(self.wins),
                "explanation": self.explanation, "bestDecision": self.best_decision,
                "playedDecision": self.played_decision,
                "bestWords": list(self.best_words), "playedWords": list(self.played_words),
                "comparison": None if self.comparison is None else self.comparison.to_json()}

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> PositionEval:
        comparison = document.get("comparison")
        return cls(player=int(document["player"]), best_turn=str(document["bestTurn"]),
                   expected=tuple(float(x) for x in document["expected"]),
                   wins=tuple(float(x) for x in document["wins"]),
                   explanation=document.get("explanation"),
                   best_decision=str(document.get("bestDecision", "")),
                   played_decision=document.get("playedDecision"),
                   best_words=tuple(document.get("bestWords", ())),
                   played_words=tuple(document.get("playedWords", ())),
                   comparison=None if comparison is None else Comparison.from_json(comparison))


def verdict(comparison: Comparison | None) -> str | None:
    """The flag a turn earns (None: a fine turn, or one within the noise), by
    :data:`THRESHOLDS` at the lower ends of the loss's intervals."""
    if comparison is None:
        return None
    return _class_at(comparison.loss_interval[0], comparison.win_loss_interval[0])


def settled(comparison: Comparison) -> bool:
    """Whether more worlds could not change the comparison's flag: the flag read at the
    upper ends of its intervals is the one read at their lower ends (both intervals
    narrow towards their means, so the flag is then the one they tell). The adaptive
    number of worlds of :func:`.paired.compare` stops there.

    The intervals are widened from 95% to STOP_Z for this test: the comparison is
    looked at after every batch of worlds, and stopping at the first look whose 95%
    interval clears a threshold would favour the looks where noise pushed it over
    (optional stopping). The flag itself is still read on the 95% interval."""
    loss, win = _widened(comparison.loss, comparison.loss_interval), _widened(
        comparison.win_loss, comparison.win_loss_interval)
    return _class_at(loss[0], win[0]) == _class_at(loss[1], win[1])


def _widened(mean: float, interval: tuple[float, float]) -> tuple[float, float]:
    """The 95% `interval` around `mean` widened to STOP_Z standard errors."""
    factor = STOP_Z / Z95
    return mean - (mean - interval[0]) * factor, mean + (interval[1] - mean) * factor


def _class_at(points: float, chance: float) -> str | None:
    """The flag of a loss of `points` and of win chance `chance` (None below every
    threshold, or when neither is above 0)."""
    if points <= 0 and chance <= 0:
        return None
    for name, least_points, least_chance in THRESHOLDS:
        if points >= least_points or chance >= least_chance:
            return name
    return None


def accuracy(comparison: Comparison | None) -> float:
    """The turn's accuracy in lichess's spirit, 0 to 100: its formula applied to the win
    percentage points lost, counted only when that loss is significant (a decision
    whose win chance is within the noise of the best's is 100)."""
    if comparison is None or comparison.win_loss_interval[0] <= 0:
        return 100.0
    lost = max(0.0, comparison.win_loss) * 100
    value = ACCURACY_A * math.exp(-ACCURACY_K * lost) - ACCURACY_B
    return min(100.0, max(0.0, value))


@dataclass(frozen=True)
class TurnReview:
    """One turn: the mover's prospects before it, its decision against the best, and
    its flag."""

    turn: int  # 1-based, as in the record
    seat: int
    played: str
    best: str
    played_decision: str
    best_decision: str
    expected_before: float | None
    win_before: float | None
    comparison: Comparison | None = None  # None: the best decision was played
    explanation: dict[str, Any] | None = None
    played_words: tuple[str, ...] = ()  # the played decision's steps in words
    best_words: tuple[str, ...] = ()  # the best decision's steps in words

    @property
    def same_decision(self) -> bool:
        return self.played_decision == self.best_decision

    @property
    def loss(self) -> float:
        """Expected points given away (best minus played, on common worlds): may be
        negative when the played decision did better than the search's pick."""
        return 0.0 if self.comparison is None else self.comparison.loss

    @property
    def loss_interval(self) -> tuple[float, float]:
        return (0.0, 0.0) if self.comparison is None else self.comparison.loss_interval

    @property
    def significant(self) -> bool:
        return self.comparison is not None and self.comparison.significant

    @property
    def flag(self) -> str | None:
        return verdict(self.comparison)

    def to_json(self) -> dict[str, Any]:
        comparison = self.comparison
        return {"turn": self.turn, "seat": self.seat, "played": self.played,
                "best": self.best, "playedDecision": self.played_decision,
                "bestDecision": self.best_decision, "sameDecision": self.same_decision,
                "playedWords": list(self.played_words), "bestWords": list(self.best_words),
                "expectedBefore": _round(self.expected_before, 3),
                "winBefore": _round(self.win_before, 4),
                "loss": round(self.loss, 3),
                "lossInterval": [round(x, 3) for x in self.loss_interval],
                "winLoss": 0.0 if comparison is None else round(comparison.win_loss, 4),
                "winLossInterval": ([0.0, 0.0] if comparison is None else
                                    [round(x, 4) for x in comparison.win_loss_interval]),
                "worlds": 0 if comparison is None else comparison.worlds,
                "significant": self.significant, "flag": self.flag,
                "accuracy": round(accuracy(comparison), 2), "explanation": self.explanation}


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def review_turn(turn: int, played: str, before: PositionEval, explain: bool) -> TurnReview:
    """The review of `turn` from the evaluation of the position before it."""
    seat = before.player
    return TurnReview(
        turn=turn, seat=seat, played=played, best=before.best_turn,
        played_decision=before.played_decision or "", best_decision=before.best_decision,
        expected_before=before.expected[seat] if before.expected else None,
        win_before=before.wins[seat] if before.wins else None,
        comparison=before.comparison, explanation=before.explanation if explain else None,
        played_words=before.played_words, best_words=before.best_words)


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's totals over the turns reviewed."""

    seat: int
    turns: int
    within_noise: int  # decisions not significantly worse than the best
    accuracy: float  # the mean of the turns' accuracies, 0 to 100
    mean_loss: float  # the mean of the turns' losses (points, unclipped)
    flags: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "turns": self.turns, "withinNoise": self.within_noise,
                "accuracy": round(self.accuracy, 2), "meanLoss": round(self.mean_loss, 3),
                **self.flags}


def summarize(reviews: list[TurnReview], players: int) -> list[PlayerSummary]:
    """Per seat: turns reviewed, decisions within the noise of the best, accuracy, mean
    loss per turn, and how many turns got each flag."""
    result = []
    for seat in range(players):
        mine = [r for r in reviews if r.seat == seat]
        flags = {name: sum(1 for r in mine if r.flag == name) for name in FLAGGED}
        count = len(mine)
        result.append(PlayerSummary(
            seat=seat, turns=count, within_noise=sum(1 for r in mine if not r.significant),
            accuracy=sum(accuracy(r.comparison) for r in mine) / count if mine else 100.0,
            mean_loss=sum(r.loss for r in mine) / count if mine else 0.0, flags=flags))
    return result
