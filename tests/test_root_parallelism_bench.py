"""benchmarks/root_parallelism.py: both job counts measured, for every game."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts import load_script

from valdora_ai.games import game_names

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "root_parallelism.py"


@pytest.mark.parametrize("game_name", game_names())
def test_both_job_counts_report_positive_rates(game_name: str) -> None:
    psutil = pytest.importorskip("psutil")
    script = load_script(SCRIPT)
    for jobs in (1, 2):
        row = script.measure(game_name, jobs, iterations=20, decisions=1, psutil=psutil)
        assert row["per_cpu_s"] > 0 and row["per_wall_s"] > 0 and row["parent_ms"] >= 0
