"""The verdicts of a whole-game analysis: per position, per turn, per player.

A :class:`PositionEval` is what the search says about one position (from the seat to
move's observation): the best turn it finds, the expected final points and the win
chance of every seat. A turn's review compares the evaluation before it with the one
after it: the loss in the mover's expected points and the swing in their win chance,
flagged by the thresholds below (documented in docs/analysis.md). Everything here
is JSON-friendly (``to_json``), for ``--json``, the engine and a browser frontend.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A turn is flagged by the worse of its two measures: the expected points it gave
# away, or the win chance it lost (a fraction, 0.10 is ten percentage points).
THRESHOLDS: tuple[tuple[str, float, float], ...] = (
    ("blunder", 10.0, 0.25),
    ("mistake", 5.0, 0.12),
    ("inaccuracy", 2.5, 0.06),
)
FLAGGED = tuple(name for name, _, _ in THRESHOLDS)


@dataclass(frozen=True)
class PositionEval:
    """The search's verdict on one position; a finished game's is its true result."""

    player: int  # the seat to move, -1 once the game is over
    best_turn: str  # "" once the game is over
    expected: tuple[float, ...]  # expected final points per seat
    wins: tuple[float, ...]  # win chance per seat (empty if the agent reports none)
    explanation: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "bestTurn": self.best_turn,
                "expected": list(self.expected), "wins": list(self.wins),
                "explanation": self.explanation}

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> PositionEval:
        return cls(player=int(document["player"]), best_turn=str(document["bestTurn"]),
                   expected=tuple(float(x) for x in document["expected"]),
                   wins=tuple(float(x) for x in document["wins"]),
                   explanation=document.get("explanation"))


def verdict(loss: float, swing: float | None) -> str | None:
    """The flag a turn earns (None: a fine turn), by :data:`THRESHOLDS`."""
    for name, points, chance in THRESHOLDS:
        if loss >= points or (swing is not None and -swing >= chance):
            return name
    return None


def same_turn(played: str, best: str) -> bool:
    """Whether the played turn is the best one, ignoring reveals (``?face``), which only
    a search's belief-state notation writes; a best turn whose line stops early (`` …``)
    is matched by every turn that starts the same way."""
    def tokens(text: str) -> list[str]:
        return [t.lower() for t in text.replace(":", " ").split()
                if not t.startswith("?") and t != "…"]
    mine, found = tokens(played), tokens(best)
    if best.endswith("…"):
        return mine[:len(found)] == found
    return mine == found


@dataclass(frozen=True)
class TurnReview:
    """One turn: the mover's prospects before and after it, and its flag."""

    turn: int  # 1-based, as in the record
    seat: int
    played: str
    best: str
    expected_before: float
    expected_after: float
    win_before: float | None
    win_after: float | None
    explanation: dict[str, Any] | None = None

    @property
    def loss(self) -> float:
        """Expected points given away (never negative: a search's noise is no gain)."""
        if same_turn(self.played, self.best):
            return 0.0
        return max(0.0, self.expected_before - self.expected_after)

    @property
    def swing(self) -> float | None:
        if self.win_before is None or self.win_after is None:
            return None
        return self.win_after - self.win_before

    @property
    def flag(self) -> str | None:
        if same_turn(self.played, self.best):
            return None
        return verdict(self.loss, self.swing)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "played": self.played,
                "best": self.best, "expectedBefore": round(self.expected_before, 3),
                "expectedAfter": round(self.expected_after, 3), "loss": round(self.loss, 3),
                "winBefore": _round(self.win_before), "winAfter": _round(self.win_after),
                "swing": _round(self.swing), "flag": self.flag,
                "explanation": self.explanation}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def review_turn(turn: int, played: str, before: PositionEval, after: PositionEval,
                explain: bool) -> TurnReview:
    """The review of `turn` from the evaluations of the positions around it."""
    seat = before.player
    return TurnReview(
        turn=turn, seat=seat, played=played, best=before.best_turn,
        expected_before=before.expected[seat], expected_after=after.expected[seat],
        win_before=before.wins[seat] if before.wins else None,
        win_after=after.wins[seat] if after.wins else None,
        explanation=before.explanation if explain else None)


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's totals over the turns reviewed."""

    seat: int
    turns: int
    mean_loss: float
    flags: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "turns": self.turns, "meanLoss": round(self.mean_loss, 3),
                **self.flags}


def summarize(reviews: list[TurnReview], players: int) -> list[PlayerSummary]:
    """Per seat: turns reviewed, mean loss per turn, and how many turns got each flag."""
    result = []
    for seat in range(players):
        mine = [r for r in reviews if r.seat == seat]
        flags = {name: sum(1 for r in mine if r.flag == name) for name in FLAGGED}
        mean = sum(r.loss for r in mine) / len(mine) if mine else 0.0
        result.append(PlayerSummary(seat=seat, turns=len(mine), mean_loss=mean, flags=flags))
    return result
