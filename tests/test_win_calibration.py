"""Calibration of the analysis's win chances (issue 28 item 5): the isotonic map, the
shipped maps, and benchmarks/win_calibration.py at a tiny size."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

import valdora_ai as va
from valdora_ai.game_analysis import evaluate
from valdora_ai.game_analysis.calibration import CalibrationMap, fit, fit_power, shipped

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "win_calibration.py"


def _script() -> ModuleType:
    return load_script(SCRIPT)


def test_the_fit_is_increasing_and_follows_the_observed_rates() -> None:
    # Shares that are too sure: a share of 0.9 wins half the time, 0.1 a quarter.
    points = [(0.1, float(i % 4 == 0)) for i in range(200)]
    points += [(0.9, float(i % 2 == 0)) for i in range(200)]
    points += [(0.5, float(i % 3 == 0)) for i in range(200)]  # a third: not increasing
    mapped = fit(points)
    ys = [y for _, y in mapped.knots]
    assert ys == sorted(ys)  # pooled where the rates fell
    assert mapped(0.1) == pytest.approx(0.25) and mapped(0.95) == pytest.approx(0.5)
    assert mapped(0.0) == mapped(0.1)  # flat beyond the ends
    again = CalibrationMap.from_json(json.loads(json.dumps(mapped.to_json())))
    assert again(0.3) == pytest.approx(mapped(0.3), abs=1e-5)


def test_mapped_chances_add_up_to_one() -> None:
    mapped = CalibrationMap(game="x", knots=((0.0, 0.1), (1.0, 0.6)))
    chances = mapped.apply((0.8, 0.1, 0.1))
    assert sum(chances) == pytest.approx(1.0) and chances[0] < 0.8
    assert CalibrationMap(game="x", knots=()).apply((0.5, 0.5)) == (0.5, 0.5)


@pytest.mark.parametrize("name", va.game_names())
def test_a_shipped_map_is_of_its_game_and_increasing(name: str) -> None:
    mapped = shipped(name)
    if mapped is None:
        pytest.skip(f"no calibration map shipped for {name}")
    assert mapped.game == name and mapped.source["seed"] is not None
    ys = [y for _, y in mapped.knots]
    assert ys == sorted(ys) and all(0.0 <= y <= 1.0 for y in ys)
    shares = [i / 20 for i in range(21)]
    assert [mapped(x) for x in shares] == sorted(mapped(x) for x in shares)
    assert mapped(0.1) < mapped(0.9)


def test_a_power_map_raises_every_share_and_rescales() -> None:
    mapped = CalibrationMap(game="x", power=0.5)
    chances = mapped.apply((0.81, 0.09, 0.1))
    roots = (0.9, 0.3, 0.1 ** 0.5)
    assert chances == pytest.approx(tuple(r / sum(roots) for r in roots))
    assert mapped.apply((1.0, 0.0))[1] > 0  # a share of 0 is raised from the floor
    again = CalibrationMap.from_json(json.loads(json.dumps(mapped.to_json())))
    assert again == mapped


def test_the_power_fit_finds_the_power_that_made_the_results() -> None:
    """Shares too sure (the true chances raised to 1/0.4 and rescaled): the fit finds
    0.4, which maps them back."""
    rng = va.make_rng(3)
    predictions = []
    for _ in range(3000):
        raw = [rng.random() + 0.05 for _ in range(3)]
        truth = [r / sum(raw) for r in raw]
        sure = [t ** 2.5 for t in truth]
        shares = tuple(x / sum(sure) for x in sure)
        draw, winner = rng.random(), 2
        for seat in range(2):
            if draw < sum(truth[:seat + 1]):
                winner = seat
                break
        predictions.append((shares, tuple(float(s == winner) for s in range(3))))
    power = fit_power(predictions).power
    assert power is not None and power == pytest.approx(0.4, abs=0.05)


@pytest.mark.parametrize("document, named", [
    ({"kind": "power", "power": -1}, "'power' must be a number"),
    ({"kind": "power", "power": "0.3"}, "'power' must be a number"),
    ({"kind": "spline", "knots": []}, "'kind' must be isotonic"),
    ({"kind": "isotonic", "knots": [[0.1]]}, "'kind' must be isotonic"),
    ({"game": 3, "kind": "power", "power": 0.3}, "'game' must be a name"),
])
def test_a_damaged_map_is_refused_naming_what_is_wrong(document: dict[str, object],
                                                       named: str) -> None:
    with pytest.raises(va.ValdoraError, match=named):
        CalibrationMap.from_json({"format": "valdora-calibration-map", "game": "valdora"}
                                 | document)


@pytest.mark.parametrize("name", va.game_names())
def test_the_analysis_shows_the_mapped_chances(name: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    mapped = shipped(name)
    if mapped is None:
        pytest.skip(f"no calibration map shipped for {name}")
    game = va.make_game(name, players=3)
    state = game.new_state(5)
    shown = evaluate.evaluate_state(game, state, "ismcts:iterations=60", False, seed=2)
    monkeypatch.setattr(evaluate, "shipped", lambda _: None)
    raw = evaluate.evaluate_state(game, state, "ismcts:iterations=60", False, seed=2)
    assert shown.wins == pytest.approx(mapped.apply(raw.wins)) and shown.wins != raw.wins


def test_expected_calibration_error_by_ten_buckets() -> None:
    script = _script()
    assert script.ece([(0.05, 0.0), (0.95, 1.0)]) == pytest.approx(0.05)
    assert script.ece([(0.7, 1.0), (0.7, 0.0)]) == pytest.approx(0.2)
    assert script.self_play_spec("ismcts:iterations=800,settle=100,seed=1") == (
        "ismcts:iterations=800,settle=100,reuse=false")


def test_the_ece_interval_resamples_whole_games() -> None:
    script = _script()
    sure = {"predictions": [[0, 0, [0.9, 0.1]], [1, 1, [0.8, 0.2]]], "results": [1.0, 0.0]}
    wrong = {"predictions": [[0, 0, [0.9, 0.1]], [1, 1, [0.3, 0.7]]], "results": [0.0, 1.0]}
    alike = script.ece(script.pairs([sure, sure], False))
    assert script.ece_interval([sure, sure], False, seed=1) == (alike, alike)
    low, high = script.ece_interval([sure, wrong, sure, wrong], False, seed=1)
    assert low < script.ece(script.pairs([sure, wrong], False)) < high
    assert script.ece_interval([sure, wrong], False, seed=1) == script.ece_interval(
        [sure, wrong], False, seed=1)


def test_a_smoke_run_plays_resumes_and_plots(tmp_path: Path) -> None:
    args = ["--game", "zavandor", "--positions", "10", "--agent", "ismcts:iterations=20",
            "--out-dir", str(tmp_path), "--svg", str(tmp_path / "plot.svg"),
            "--fit", str(tmp_path / "map.json"), "--json", str(tmp_path / "out.json")]
    assert _script().main(args) == 0
    [figure] = json.loads((tmp_path / "out.json").read_text())
    assert figure["positions"] >= 10 and 0.0 <= figure["ece"] <= 1.0
    low, high = figure["eceInterval"]
    assert 0.0 <= low <= high <= 1.0
    lines = (tmp_path / "win_calibration.zavandor.jsonl").read_text().splitlines()
    assert _script().main([*args, "--report"]) == 0  # nothing played again
    assert (tmp_path / "win_calibration.zavandor.jsonl").read_text().splitlines() == lines
    assert (tmp_path / "plot.svg").read_text().startswith("<svg")
    assert CalibrationMap.from_json(json.loads((tmp_path / "map.json").read_text())).game == (
        "zavandor")


def test_a_bad_spec_leaves_no_file_that_would_refuse_the_corrected_run(tmp_path: Path) -> None:
    with pytest.raises(va.SpecError, match="unknown agent 'nosuch'"):
        _script().main(["--game", "zavandor", "--agent", "nosuch", "--out-dir", str(tmp_path)])
    assert list(tmp_path.iterdir()) == []


def test_the_analysis_shows_win_chances_through_its_games_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from valdora_ai.game_analysis import evaluate

    game = va.make_game("zavandor", players=3)
    state = game.new_state(4)
    spec = "ismcts:iterations=40,seed=1"
    raw = evaluate.evaluate_state(game, state, spec, False).wins
    squeeze = CalibrationMap(game="zavandor", knots=((0.0, 0.2), (1.0, 0.4)))
    monkeypatch.setattr(evaluate, "shipped", lambda name: squeeze)
    mapped = evaluate.evaluate_state(game, state, spec, False).wins
    assert mapped == pytest.approx(squeeze.apply(raw)) and sum(mapped) == pytest.approx(1.0)
    assert max(mapped) - min(mapped) <= max(raw) - min(raw)  # pulled towards each other
