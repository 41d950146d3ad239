"""Small statistics with their uncertainty: Wilson intervals and standard errors.

Each seat a player takes is one observation. Within a block the same setup is played
with every seating, which makes an entrant's results more alike than independent
games would be in setup luck but cancels it between entrants; the intervals below
treat observations as independent, so they are honest for comparing entrants and
conservative rather than optimistic about setup luck.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


@dataclass(frozen=True)
class MeanSE:
    """A sample mean and its standard error (0 with fewer than two values)."""

    mean: float
    se: float


def wilson(successes: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion; `successes` may be fractional (shared wins)."""
    if n <= 0:
        return Interval(0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Interval(low, high)


def mean_se(values: Sequence[float]) -> MeanSE:
    """Mean and standard error (sample standard deviation over sqrt(n))."""
    n = len(values)
    if n == 0:
        return MeanSE(math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return MeanSE(mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return MeanSE(mean, math.sqrt(variance / n))


def competition_ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Rank per seat: the game's winners are 1, the others by score, ties share ("1224")."""
    best = set(winners)
    rest = [scores[s] for s in range(len(scores)) if s not in best]
    return [1 if seat in best else 1 + len(best) + sum(1 for v in rest if v > scores[seat])
            for seat in range(len(scores))]
