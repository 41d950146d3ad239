"""benchmarks/flag_errors.py: the measurement of issue 28's flag errors runs end to
end at a tiny size (its full size is a long measurement, not a test)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from scripts import load_script

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "flag_errors.py"


def _script() -> ModuleType:
    return load_script(SCRIPT)


def test_specs_are_scaled_reseeded_and_split_into_seats() -> None:
    script = _script()
    assert script.scaled("ismcts:iterations=100,seed=1", 16) == "ismcts:iterations=1600,seed=1"
    assert script.scaled("ismcts", 2) == "ismcts:iterations=600"
    assert script.reseeded("ismcts:iterations=100,seed=1", 2) == "ismcts:iterations=100,seed=2"
    assert script._lineup("ismcts:iterations=100,c=0.3,greedy,random", 3) == [
        "ismcts:iterations=100,c=0.3", "greedy", "random"]


def test_a_smoke_run_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    assert _script().main(["--game", "zavandor", "--turns", "4", "--scale", "2",
                           "--planted", "1", "--stable", "1", "--lineup",
                           "greedy,greedy,greedy", "--json", str(out)]) == 0
    [result] = json.loads(out.read_text())
    assert result["game"] == "zavandor" and result["turns"] == 4
    assert result["reference"] == "ismcts:iterations=200,seed=1"
    assert result["referenceWorlds"] == 2 * result["worlds"]
    for key, most in (("falseFlags", sum(result["flags"].values())), ("detection", 1),
                      ("stability", 1)):
        tally = result[key]
        assert 0 <= tally["hits"] <= tally["trials"] <= most
        low, high = tally["interval"]
        assert 0.0 <= low <= high <= 1.0
