"""benchmarks/score_margins.py: an entrant's per-game score margins over the others,
read from a tournament database (issue 30 item 0's "outscores each style")."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from scripts import load_script

import valdora_ai as va

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "score_margins.py"


@pytest.mark.parametrize("game_name", va.game_names())
def test_margins_are_the_stored_score_differences(game_name: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "t.sqlite"
    va.run_tournament(lineup=["greedy", "random", "random"], players=3, games=6, seed=3, db=db,
                      jobs=1, game=game_name)
    with sqlite3.connect(db) as connection:
        games = [(json.loads(seats), json.loads(scores)) for seats, scores
                 in connection.execute("SELECT seats, scores FROM games")]
    # The two random seats are one entrant (the same spec): their mean is its score.
    expected = [scores[seats.index(0)]
                - sum(s for s, e in zip(scores, seats, strict=True) if e == 1) / 2
                for seats, scores in games]
    script = load_script(SCRIPT)
    with script.ResultsDB.open(db) as results:
        rows = results.rows()
    assert sorted(script.margins(rows, 0, 1)) == sorted(expected)
    monkeypatch.setattr("sys.argv", ["score_margins.py", str(db)])
    script.main()
    out = capsys.readouterr().out
    mean = sum(expected) / len(expected)
    assert "against random" in out and f"{mean:+.1f} ±" in out
    assert f"ahead in {sum(m > 0 for m in expected)} of {len(expected)}" in out
