"""benchmarks/search_overhead.py: the shares it reports add up, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts import load_script

from valdora_ai.games import game_names
from valdora_ai.search import uct

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "search_overhead.py"


def _script():  # type: ignore[no-untyped-def]
    return load_script(SCRIPT)


@pytest.mark.parametrize("game_name", game_names())
def test_the_shares_of_an_iteration_add_up(game_name: str) -> None:
    rollout = uct.rollout
    row = _script().measure(game_name, players=3, iterations=40, seed=2, profile=False)
    assert uct.rollout is rollout  # the timing wrappers are gone again
    shares = [row["playout_share"], row["determinize_share"], row["tree_share"]]
    assert all(0 <= share <= 1 for share in shares[:2]) and sum(shares) == pytest.approx(1)
    assert row["playout_share"] > 0 and row["iterations_per_s"] > 0
    assert row["bare_playouts_per_s"] > 0
