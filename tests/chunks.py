"""Seeded runs split into chunks, the first in the quick loop and the rest marked slow.

A test that plays many seeded games (lockstep parity, conservation properties) takes
``seed_chunks(games, chunks, quick)`` as its parameters: the first `quick` seeds are
chunk 0, which ``pytest -m "not slow"`` plays; the other seeds are split evenly over
the remaining chunks, marked ``slow``. CI (plain ``pytest``) plays every seed, and
which seeds are played does not depend on the split.
"""

from __future__ import annotations

from typing import Any

import pytest


def seed_chunks(games: int, chunks: int, quick: int) -> list[Any]:
    """`chunks` parameters of seed ranges covering ``range(games)``, the first
    ``range(quick)`` unmarked, the others marked slow; ids ``seeds0-19`` and so on."""
    assert 0 < quick < games and chunks > 1
    rest = games - quick
    bounds = [0, quick] + [quick + rest * k // (chunks - 1) for k in range(1, chunks)]
    return [pytest.param(range(start, end), id=f"seeds{start}-{end - 1}",
                         marks=pytest.mark.slow if start else ())
            for start, end in zip(bounds, bounds[1:], strict=False)]
