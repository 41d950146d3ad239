"""benchmarks/strength.py credits every game to the spec that really sat in the seat."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import valdora_ai as va
from valdora_ai.selfplay import play_game

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"


def _strength_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("shift", [0, 1, 2])
def test_rotated_games_are_credited_to_the_right_spec(shift: int) -> None:
    """Each rotation puts the lineup's first spec in another seat; its score must be
    the score of whichever seat it played."""
    strength = _strength_module()
    lineup = ["random:seed=9", "greedy:seed=1", "greedy:seed=2"]
    shares, scores = strength._one_game(3, lineup, 31, shift)
    seat = shift  # seat s plays lineup[(s - shift) % 3]: lineup[0] sits in seat `shift`
    seats = [lineup[(s - shift) % 3] for s in range(3)]
    assert seats[seat] == lineup[0]
    result = play_game(va.make_game("valdora", players=3), seats, 31)
    assert scores[0] == result.scores[seat]
    assert shares[0] == (1.0 / len(result.winners) if seat in result.winners else 0.0)


def test_series_report_wilson_intervals_and_score_errors() -> None:
    strength = _strength_module()
    [first, rest] = strength.run_series(3, ["random:seed=4", "greedy", "greedy"], games=3,
                                        seed=5)
    assert first.games == rest.games == 3
    assert first.ci95.low <= first.win_share <= first.ci95.high
    assert 0.0 < first.ci95.high < 1.0 or first.win_share == 1.0  # informative at 0%
    assert first.mean_score.mean < rest.mean_score.mean  # random plays far worse
    assert first.to_json()["ci95"] == [round(first.ci95.low, 4), round(first.ci95.high, 4)]
