"""benchmarks/flag_errors.py: the measurement of issue 28's flag errors runs end to
end at a tiny size (its full size is a long measurement, not a test)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

import valdora_ai as va

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "flag_errors.py"


def _script() -> ModuleType:
    return load_script(SCRIPT)


def test_specs_are_scaled_reseeded_and_split_into_seats() -> None:
    script = _script()
    assert script.scaled("ismcts:iterations=100,seed=1", 16) == "ismcts:iterations=1600,seed=1"
    assert script.scaled("ismcts", 2) == "ismcts:iterations=600"
    assert (script.scaled("ismcts:iterations=800,settle=100,seed=1", 16)
            == "ismcts:iterations=12800,seed=1")  # the reference's budget is fixed
    assert (script.scaled("ismcts:iterations=800,stepwise=200,seed=1", 16)
            == "ismcts:iterations=12800,stepwise=3200,seed=1")  # every search of its line
    assert script.reseeded("ismcts:iterations=100,seed=1", 2) == "ismcts:iterations=100,seed=2"
    assert script._lineup("ismcts:iterations=100,c=0.3,greedy,random", 3) == [
        "ismcts:iterations=100,c=0.3", "greedy", "random"]


@pytest.mark.slow  # the reference searches 1,600 iterations: seconds per turn
def test_a_smoke_run_reports_every_figure_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    args = ["--game", "zavandor", "--turns", "4", "--scale", "2", "--every", "2",
            "--lineup", "greedy,greedy,greedy", "--json", str(out),
            "--out-dir", str(tmp_path / "runs")]
    assert _script().main(args) == 0
    [result] = json.loads(out.read_text())
    assert result["game"] == "zavandor" and result["turns"] == 4
    assert result["reference"] == ("ismcts:iterations=6400,trees=4,policy=auto,widen=0.25,"
                                   "seed=1")
    assert result["referenceWorlds"] == 2 * result["worlds"]
    for key, most in (("falseFlags", sum(result["flags"].values())), ("detection", 2),
                      ("stability", 2)):
        tally = result[key]
        assert 0 <= tally["hits"] <= tally["trials"] <= most
        low, high = tally["interval"]
        assert 0.0 <= low <= high <= 1.0
    best = result["recommendation"]
    assert 1 <= best["positions"] <= 2 and 0 <= best["aFlagBelow"] <= best["positions"]
    measured = [json.loads(line) for line in
                (tmp_path / "runs" / "flag_errors.zavandor.jsonl").read_text().splitlines()[1:]]
    losses = [o["bestLoss"] for o in measured if "bestLoss" in o]
    assert len(losses) == best["positions"] and best["meanLoss"] == pytest.approx(
        sum(losses) / len(losses))
    lines = (tmp_path / "runs" / "flag_errors.zavandor.jsonl").read_text().splitlines()
    assert len(lines) == 5 and "settings" in json.loads(lines[0])
    # A re-run measures nothing again: the turns on file give the same figures.
    (tmp_path / "runs" / "flag_errors.zavandor.jsonl").write_text(
        "\n".join(lines) + "\n")
    assert _script().main([*args, "--report"]) == 0
    assert json.loads(out.read_text()) == [result]
    assert _script().main(args) == 0
    assert len((tmp_path / "runs" / "flag_errors.zavandor.jsonl").read_text()
               .splitlines()) == 5


def test_restability_reruns_only_the_clear_gap_positions_and_resumes(tmp_path: Path) -> None:
    script = _script()
    runs = tmp_path / "runs"
    runs.mkdir()
    settings = script.Settings("zavandor", 3, ("greedy", "greedy", "greedy"), 16, 3, 1)
    source = runs / "flag_errors.zavandor.jsonl"
    blank = {"flag": None, "referenceClass": None, "falseFlag": None, "planted": None}
    outcomes = [blank | {"index": i, "clearGap": i != 1, "stable": False,
                         "gapClass": "mistake" if i == 0 else None} for i in range(3)]
    source.write_text("\n".join(json.dumps(line) for line in
                                [{"settings": settings.to_json()}, *outcomes]) + "\n")
    before = source.read_text()
    redone = runs / "flag_errors.zavandor.stability.jsonl"
    figures = script.restability(settings, source, redone)
    assert source.read_text() == before  # the measurement itself is never changed
    lines = [json.loads(line) for line in redone.read_text().splitlines()]
    assert "settings" in lines[0] and [line["index"] for line in lines[1:]] == [0, 2]
    assert figures["stability"]["trials"] == 2
    assert figures["stabilityFlaggableGap"]["trials"] == 1
    assert figures["stability"]["hits"] == sum(line["stable"] for line in lines[1:])
    # A re-run measures nothing again.
    assert script.restability(settings, source, redone) == figures
    assert len(redone.read_text().splitlines()) == 3
    with pytest.raises(SystemExit):
        script.restability(settings, runs / "missing.jsonl", runs / "missing.stability.jsonl")


def test_restability_measures_a_candidate_analysis_on_another_ones_positions(
        tmp_path: Path) -> None:
    """A candidate default (another agent) is measured on the clear-gap positions of a
    measurement of the current one, into its own file."""
    script = _script()
    settings = script.Settings("zavandor", 3, ("greedy", "greedy", "greedy"), 16, 3, 1)
    source = tmp_path / "flag_errors.zavandor.jsonl"
    blank = {"flag": None, "referenceClass": None, "falseFlag": None, "planted": None,
             "gapClass": None, "stable": True, "bestLoss": 1.5, "bestLossClass": None}
    game = script.va.make_game("zavandor", players=3)
    states = [state for state, _ in script.turns_of_games("zavandor", 3, list(settings.lineup),
                                                          4, 1)]
    kept, _ = script.best_steps(game, states[3], "ismcts:iterations=40,seed=7")
    source.write_text("\n".join(json.dumps(line) for line in [
        {"settings": settings.to_json()},
        *(blank | {"index": i, "clearGap": i >= 2} for i in range(3)),
        blank | {"index": 3, "clearGap": True, "referenceBest": kept}]) + "\n")
    candidate = replace(settings, agent="ismcts:iterations=40,settle=20,seed=1")
    redone = tmp_path / "candidate.jsonl"
    figures = script.restability(candidate, source, redone)
    first, *measured = (json.loads(line) for line in redone.read_text().splitlines())
    assert first["settings"]["agent"] == candidate.agent
    assert [line["index"] for line in measured] == [2, 3]
    assert figures["stability"]["trials"] == 2
    # The recommendation: the candidate's own pick against the kept reference's best,
    # where one was kept (turn 3), never the measured analysis's figure (1.5).
    assert "bestLoss" not in measured[0] and "bestLoss" in measured[1]
    assert figures["recommendation"]["positions"] == 1
    assert figures["recommendation"]["meanLoss"] == measured[1]["bestLoss"]


@pytest.mark.parametrize("game_name", va.game_names())
def test_jobs_measure_the_same_outcomes_in_the_same_order(game_name: str,
                                                          tmp_path: Path) -> None:
    """Positions measured two at a time in worker processes give the results file of one
    process, line for line (a results file is resumed by its order), in every game."""
    script = _script()
    settings = script.Settings(game_name, 3, ("greedy", "greedy", "greedy"), 16, 3, 1,
                               "ismcts:iterations=40,settle=20,seed=1")
    source = tmp_path / f"flag_errors.{game_name}.jsonl"
    blank = {"flag": None, "referenceClass": None, "falseFlag": None, "planted": None,
             "gapClass": None, "stable": True}
    source.write_text("\n".join(json.dumps(line) for line in [
        {"settings": settings.to_json()},
        *(blank | {"index": i, "clearGap": i != 1} for i in range(5))]) + "\n")
    alone, paired = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert (script.restability(settings, source, alone)
            == script.restability(settings, source, paired, jobs=2))
    assert alone.read_text() == paired.read_text()
    assert [json.loads(line).get("index") for line in paired.read_text().splitlines()] == [
        None, 0, 2, 3, 4]


def test_disagreements_value_the_two_picks_where_restability_found_them_apart(
        tmp_path: Path) -> None:
    """Only the unstable positions are looked at; each record holds both picks and the
    reference's, their difference with its interval and the reference's class over each;
    a re-run measures nothing again; without a stability file it is one error line."""
    script = _script()
    settings = script.Settings("zavandor", 3, ("greedy", "greedy", "greedy"), 2, 3, 1,
                               "ismcts:iterations=40,settle=20,seed=1")
    source = tmp_path / "flag_errors.zavandor.jsonl"
    stability = tmp_path / "flag_errors.zavandor.stability.jsonl"
    stability.write_text("\n".join(json.dumps(line) for line in [
        {"settings": settings.to_json()}, {"index": 0, "stable": True},
        {"index": 2, "stable": False}]) + "\n")
    found = tmp_path / "flag_errors.zavandor.disagreements.jsonl"
    result = script.disagreements(settings, stability, found)
    assert result["disagreements"] == 1 and [d["index"] for d in result["positions"]] == [2]
    [record] = result["positions"]
    assert all(isinstance(record[key], str) and record[key]
               for key in ("one", "two", "reference"))
    low, high = record["lossInterval"]
    assert low <= record["loss"] <= high
    if not record["apart"]:  # apart: by points, or by win share
        assert low <= 0 <= high
    assert result["apart"] == int(record["apart"])
    for key in ("referenceOverOne", "referenceOverTwo"):
        assert record[key] in (None, "inaccuracy", "mistake", "blunder")
    assert script.disagreements(settings, stability, found) == result
    assert len(found.read_text().splitlines()) == 2
    with pytest.raises(SystemExit, match="run --restability first"):
        script.disagreements(settings, tmp_path / "missing.jsonl", found)
    assert not source.exists()


def test_a_bad_agent_is_one_line_and_exit_1_and_leaves_no_file(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--game", "zavandor", "--agent",
                             "ismcts:trees=0", "--turns", "1", "--out-dir", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "error: 'ismcts:trees=0': trees must be an integer from 1 to 64, got 0"]
    assert list(tmp_path.iterdir()) == []  # nothing to refuse the corrected run
