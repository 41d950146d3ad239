"""`valdora bench` and the bench registry (numbers are not asserted: no timing tests)."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from valdora_ai import bench
from valdora_ai.cli.app import app
from valdora_ai.games.valdora import CORE as VALDORA_CORE

runner = CliRunner()


def test_rows_cover_each_section_and_player_count() -> None:
    rows = bench.run(players=(3, 5), sections=["copies", "determinize"], budget=0.001)
    assert [(r.section, r.players) for r in rows] == [
        ("copies", 3), ("copies", 5), ("determinize", 3), ("determinize", 5)]
    for row in rows:
        assert row.pure is not None and row.pure > 0
        if VALDORA_CORE.available():
            assert row.compiled is not None and row.ratio == row.compiled / row.pure


def test_a_section_can_be_added(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other modules (e.g. search agents) register their own sections."""
    monkeypatch.setattr(bench, "SECTIONS", dict(bench.SECTIONS))
    seen = []

    @bench.section("dummy", "things", engines=("pure",))
    def _dummy(game: object, seed: int, budget: float) -> tuple[int, float]:
        seen.append(type(game.new_state(seed)).__name__)  # type: ignore[attr-defined]
        return 10, 2.0

    [row] = bench.run(players=(4,), sections=["dummy"])
    assert (row.pure, row.compiled, row.ratio, seen) == (5.0, None, None, ["ValdoraState"])


def test_cli_json() -> None:
    result = runner.invoke(app, ["bench", "--quick", "-p", "4", "-s", "applies", "--json"])
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.output)
    assert (row["section"], row["unit"], row["players"]) == ("applies", "applies", 4)


@pytest.mark.parametrize("args, message", [
    (["--section", "nope"], "unknown section 'nope'"),
    (["--players", "2"], "3 to 5 players, not 2"),
    (["--seconds", "0"], "must be positive"),
    (["--seconds", "nan"], "--seconds: must be positive and at most 86400, got nan"),
    (["--seconds", "inf"], "--seconds: must be positive and at most 86400, got inf"),
])
def test_cli_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", "--quick", *args])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output


def test_a_terminal_shows_progress_on_standard_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from valdora_ai.cli import common

    screen = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=screen, force_terminal=True,
                                                       width=100, color_system=None))
    result = runner.invoke(app, ["bench", "--quick", "-s", "copies", "-p", "3", "-p", "4",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)) == 2
    assert "measuring" in screen.getvalue() and "2/2" in screen.getvalue()
