"""Calibration maps: from the search's win share to a win chance that matches outcomes.

The analysis's win chance is the share of the search's play-outs the seat won. Those
play-outs follow the play-out policy, not the players, so the share may be biased
(too sure late in a game, say). A calibration map corrects it the way lichess fits
its Win% curve to real games: fitted on self-play by the analysing agent
(``benchmarks/win_calibration.py --fit``, reproducible from its seed), it is an
increasing piecewise-linear function given by knots (predicted share, observed win
rate), fitted by isotonic regression (pool adjacent violators). A game's map is
shipped as data, ``calibration_maps/GAME.json``, with where it came from; a game
without one is shown its raw shares. The analysis applies the map of its game to
every seat's share, then rescales them so that they add up to 1 again.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from valdora_ai.errors import ValdoraError

MAP_FORMAT = "valdora-calibration-map"
MIN_BLOCK = 20  # predictions per knot at least, so a knot is not one game's luck


@dataclass(frozen=True)
class CalibrationMap:
    """An increasing piecewise-linear map of knots (x, y), flat beyond the ends."""

    game: str
    knots: tuple[tuple[float, float], ...]
    source: dict[str, Any] = field(default_factory=dict)

    def __call__(self, share: float) -> float:
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
        return {"format": MAP_FORMAT, "version": 1, "game": self.game,
                "knots": [[round(x, 6), round(y, 6)] for x, y in self.knots],
                "source": self.source}

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> CalibrationMap:
        if document.get("format") != MAP_FORMAT:
            raise ValdoraError(f"not a calibration map (format {MAP_FORMAT!r} expected)")
        return cls(game=str(document["game"]),
                   knots=tuple((float(x), float(y)) for x, y in document["knots"]),
                   source=dict(document.get("source", {})))


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


@cache
def shipped(game: str) -> CalibrationMap | None:
    """The calibration map shipped for `game`, None if there is none."""
    source = resources.files("valdora_ai.game_analysis").joinpath(
        f"calibration_maps/{game}.json")
    if not source.is_file():
        return None
    return CalibrationMap.from_json(json.loads(source.read_text()))
