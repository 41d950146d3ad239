"""Calibration maps: from the search's win share to a win chance that matches outcomes.

The analysis's win chance is the share of the search's play-outs the seat won. Those
play-outs follow the play-out policy, not the players, so the share may be biased
(too sure late in a game, say). A calibration map corrects it the way lichess fits
its Win% curve to real games: fitted on self-play by the analysing agent
(``benchmarks/win_calibration.py --fit``, reproducible from its seed). A map is one
of two kinds:

- **isotonic**: an increasing piecewise-linear function given by knots (predicted
  share, observed win rate), fitted by isotonic regression (pool adjacent violators);
  flexible, so it needs many games;
- **power** (temperature scaling): every seat's share raised to one power, fitted by
  likelihood; a power below 1 draws shares that are too sure toward each other. One
  parameter, so a few dozen games fit it.

A game's map is shipped as data, ``calibration_maps/GAME.json``, with where it came
from; a game without one is shown its raw shares. The analysis applies the map of its
game to every seat's share, then rescales them so that they add up to 1 again (for a
power map that is the whole map: ``p_k^a / sum_j p_j^a``).
"""

from __future__ import annotations

import json
import math
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from valdora_ai.errors import ValdoraError

MAP_FORMAT = "valdora-calibration-map"
MIN_BLOCK = 20  # predictions per knot at least, so a knot is not one game's luck
# A share of 0 is raised from this floor: a seat no play-out saw win still wins now
# and then (Valdora's seats given 0-5% won 6% of their games).
POWER_FLOOR = 1e-4
POWERS = tuple(step / 100 for step in range(5, 301))  # the powers a fit tries


@dataclass(frozen=True)
class CalibrationMap:
    """An increasing map of one seat's share: piecewise linear through `knots` (x, y),
    flat beyond the ends, or, when `power` is set, the share raised to it."""

    game: str
    knots: tuple[tuple[float, float], ...] = ()
    source: dict[str, Any] = field(default_factory=dict)
    power: float | None = None

    def __call__(self, share: float) -> float:
        if self.power is not None:
            return float(max(share, POWER_FLOOR) ** self.power)
        xs = [x for x, _ in self.knots]
        if not self.knots:
            return share
        if share <= xs[0]:
            return self.knots[0][1]
        if share >= xs[-1]:
            return self.knots[-1][1]
        i = bisect_right(xs, share)
        (x0, y0), (x1, y1) = self.knots[i - 1], self.knots[i]
        return y0 if x1 == x0 else y0 + (y1 - y0) * (share - x0) / (x1 - x0)

    def apply(self, wins: tuple[float, ...]) -> tuple[float, ...]:
        """Every seat's share mapped, rescaled to add up to 1 (unchanged if all 0)."""
        mapped = [self(w) for w in wins]
        total = sum(mapped)
        return tuple(mapped) if total <= 0 else tuple(m / total for m in mapped)

    def to_json(self) -> dict[str, Any]:
        kind: dict[str, Any] = (
            {"kind": "power", "power": self.power} if self.power is not None else
            {"kind": "isotonic", "knots": [[round(x, 6), round(y, 6)] for x, y in self.knots]})
        return {"format": MAP_FORMAT, "version": 1, "game": self.game, **kind,
                "source": self.source}

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> CalibrationMap:
        """The map `document` holds; a damaged one is refused naming what is wrong."""
        if not isinstance(document, dict) or document.get("format") != MAP_FORMAT:
            raise ValdoraError(f"not a calibration map (format {MAP_FORMAT!r} expected)")
        game, source = document.get("game"), document.get("source", {})
        if not isinstance(game, str) or not isinstance(source, dict):
            raise ValdoraError("calibration map: 'game' must be a name and 'source' an object")
        if document.get("kind") == "power":
            power = document.get("power")
            if isinstance(power, bool) or not isinstance(power, (int, float)) or not (
                    0 < power <= POWERS[-1]):
                raise ValdoraError(f"calibration map of {game}: 'power' must be a number in "
                                   f"(0, {POWERS[-1]:g}], not {power!r}")
            return cls(game=game, source=source, power=float(power))
        knots = document.get("knots")
        if document.get("kind", "isotonic") != "isotonic" or not isinstance(knots, list) or any(
                not isinstance(k, list) or len(k) != 2 or not all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in k)
                for k in knots):
            raise ValdoraError(f"calibration map of {game}: 'kind' must be isotonic (with "
                               "'knots', a list of [share, rate] pairs) or power")
        return cls(game=game, knots=tuple((float(x), float(y)) for x, y in knots),
                   source=source)


def fit(points: list[tuple[float, float]], game: str = "") -> CalibrationMap:
    """The isotonic fit of results on predicted shares: pool adjacent violators over
    the predictions sorted by share, in blocks of at least MIN_BLOCK; a knot per block
    at its mean share and mean result."""
    blocks: list[list[float]] = []  # [sum of shares, sum of results, count]
    ordered = sorted(points, key=lambda point: point[0])  # stable: ties keep their order
    for start in range(0, len(ordered), MIN_BLOCK):
        chunk = ordered[start:start + MIN_BLOCK]
        blocks.append([sum(p for p, _ in chunk), sum(y for _, y in chunk), len(chunk)])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            for i in range(3):
                blocks[-1][i] += last[i]
    return CalibrationMap(game=game, knots=tuple((s / n, y / n) for s, y, n in blocks))


def fit_power(predictions: list[tuple[tuple[float, ...], tuple[float, ...]]],
              game: str = "") -> CalibrationMap:
    """The power map most likely to have produced the results: `predictions` holds
    (every seat's share, every seat's result: 1 a win, split on a tie) per position;
    the power of :data:`POWERS` with the least cross-entropy of the mapped chances."""
    floored = [([max(share, POWER_FLOOR) for share in shares], results)
               for shares, results in predictions]

    def cross_entropy(power: float) -> float:
        total = 0.0
        for shares, results in floored:
            raised = [share ** power for share in shares]
            norm = sum(raised)
            total -= sum(y * math.log(r / norm)
                         for r, y in zip(raised, results, strict=True) if y > 0)
        return total

    return CalibrationMap(game=game, power=min(POWERS, key=cross_entropy))


@cache
def shipped(game: str) -> CalibrationMap | None:
    """The calibration map shipped for `game`, None if there is none."""
    source = resources.files("valdora_ai.game_analysis").joinpath(
        f"calibration_maps/{game}.json")
    if not source.is_file():
        return None
    return CalibrationMap.from_json(json.loads(source.read_text()))
