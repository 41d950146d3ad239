"""The levels' rating series (benchmarks/level_ratings.py) and blunder share
(benchmarks/level_blunders.py): the Elo fit, the design, and a small run of each."""

from __future__ import annotations

import math
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def ratings() -> ModuleType:
    return load_script(BENCHMARKS / "level_ratings.py")


@pytest.fixture(scope="module")
def blunders() -> ModuleType:
    return load_script(BENCHMARKS / "level_blunders.py")


def test_the_fit_recovers_an_elo_difference_and_anchors_it(ratings: ModuleType) -> None:
    # b scores 3/4 against a over 400 pairs: 400 log10(3) = +191 Elo (the virtual
    # draw pulls it in a little); c scores 1/2 against b.
    totals = {(0, 1): (100.0, 400.0), (1, 2): (200.0, 400.0)}
    elo = ratings.bradley_terry(totals, 3, anchor=0)
    assert elo[0] == 0.0
    assert elo[1] == pytest.approx(400 * math.log10(3), abs=3)
    assert elo[2] == pytest.approx(elo[1], abs=1)


def test_an_unbeaten_entrant_has_a_finite_rating(ratings: ModuleType) -> None:
    elo = ratings.bradley_terry({(0, 1): (0.0, 12.0)}, 2, anchor=0)
    assert 300 < elo[1] < 800


def test_the_design_links_every_entrant_and_meets_every_adjacent_level(
        ratings: ModuleType) -> None:
    matches = ratings.MATCHES
    pairs = {frozenset((a, b)) for m in matches for a in m for b in m if a != b}
    for level in range(2, 11):
        assert frozenset((f"level:{level}", f"level:{level - 1}")) in pairs
    linked, changed = {ratings.ANCHOR}, True
    while changed:
        changed = False
        for match in matches:
            if linked & set(match) and not set(match) <= linked:
                linked |= set(match)
                changed = True
    entrants = {name for match in matches for name in match}
    assert linked == entrants
    assert {"random", "greedy", "planner", "hoarder"} | {f"level:{n}" for n in range(1, 11)} \
        == entrants


def test_a_seat_spec_loses_only_its_seed(blunders: ModuleType) -> None:
    assert blunders.entrant("level:3,seed=2408963523") == "level:3"
    assert blunders.entrant("random:seed=7") == "random"
    assert blunders.entrant("ismcts:iterations=10,seed=1,c=2") == "ismcts:iterations=10,c=2"


def test_a_small_series_is_rated_and_reviewed(ratings: ModuleType, blunders: ModuleType,
                                              tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """One block of the cheapest match, rated (random at 0) and its first record
    reviewed; the stored block is not replayed by a second run, nor the reviewed
    record searched again (its reviews are cached beside it)."""
    args = ["--game", "zavandor", "--games", "6", "--dir", str(tmp_path), "--match", "0"]
    assert ratings.main(args) == 0
    first = capsys.readouterr().out
    assert "| random | 6 | +0 |" in first and "| level:1 | 6 |" in first
    assert len(list((tmp_path / "records-zavandor-0").glob("*.jsonl"))) == 6
    assert ratings.main([*args, "--report"]) == 0
    assert capsys.readouterr().out == first.split("\n", 1)[1]
    assert blunders.main(["--game", "zavandor", "--dir", str(tmp_path), "--games", "1",
                          "--agent", "ismcts:iterations=10,seed=1"]) == 0
    table = capsys.readouterr().out
    assert "| level:1 |" in table and "| random |" in table
    [record] = sorted((tmp_path / "records-zavandor-0").glob("*.jsonl"))[:1]
    assert record.with_name(record.name + ".analysis-cache.json").is_file()

    def no_search(*args: object) -> None:
        raise AssertionError("a cached review was searched again")

    monkeypatch.setattr("valdora_ai.game_analysis.evaluate.run_job", no_search)
    assert blunders.main(["--game", "zavandor", "--dir", str(tmp_path), "--games", "1",
                          "--agent", "ismcts:iterations=10,seed=1"]) == 0
    assert capsys.readouterr().out == table


def test_a_report_of_a_missing_directory_is_refused_and_creates_nothing(
        ratings: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no-such-levels"
    with pytest.raises(SystemExit) as stopped:
        ratings.main(["--game", "zavandor", "--dir", str(missing), "--report"])
    assert stopped.value.code == 2 and not missing.exists()
    assert "is not a directory of level matches" in capsys.readouterr().err
