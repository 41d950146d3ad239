"""benchmarks/oracle_worlds.py: play-outs from the true world repeat one result where
the greedy policy breaks no ties, play-outs from sampled futures do not."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

from valdora_ai.games import make_game

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "oracle_worlds.py"


def _script() -> ModuleType:
    return load_script(SCRIPT)


@pytest.mark.parametrize("name", ["alchemists", "zavandor"])
def test_sampled_futures_vary_where_the_true_world_does_not(name: str) -> None:
    means = _script().distinct_outcomes(make_game(name, players=3), positions=2, playouts=3,
                                        steps=30)
    assert means["true world"] == 1.0
    assert means["sampled futures"] > 1.0 and means["sampled worlds"] > 1.0
