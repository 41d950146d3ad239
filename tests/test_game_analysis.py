"""Whole-game analysis: reviews, flags, summaries, the cache, --jobs and the CLI."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.game_analysis import EvalCache, GameAnalyzer, evaluate
from valdora_ai.game_analysis.review import (
    THRESHOLDS,
    PositionEval,
    TurnReview,
    same_turn,
    verdict,
)
from valdora_ai.records import replay

AGENT = "ismcts:iterations=30,seed=1"
TURNS = 7


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first turns of a 3-player greedy game (a saved game: no result line)."""
    folder = tmp_path_factory.mktemp("analysis")
    full = folder / "full.jsonl"
    result = CliRunner().invoke(app, ["play", "--seed", "4", "--record", str(full)])
    assert result.exit_code == 0, result.output
    path = folder / "game.jsonl"
    path.write_text("".join(full.read_text().splitlines(keepends=True)[:TURNS + 1]))
    return path


@pytest.mark.parametrize("loss, swing, flag", [
    (0.0, 0.0, None), (2.4, -0.05, None), (2.5, 0.0, "inaccuracy"), (0.0, -0.06, "inaccuracy"),
    (5.0, 0.1, "mistake"), (1.0, -0.12, "mistake"), (10.0, None, "blunder"),
    (0.0, -0.3, "blunder")])
def test_flags_follow_the_documented_thresholds(loss: float, swing: float | None,
                                                flag: str | None) -> None:
    assert verdict(loss, swing) == flag
    assert [name for name, _, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]


def test_the_best_turn_played_is_never_flagged() -> None:
    assert same_turn("C: bR tL", "C: bR ?G ?S tL")
    assert same_turn("C: bR bR bR", "C: bR ?G ?R bR ?B ?R …")
    assert not same_turn("C: bR", "C: bR ?G ?S tL")
    assert not same_turn("C: bR", "C: bL")
    review = TurnReview(turn=1, seat=0, played="C: bR", best="C: bR ?G ?S",
                        expected_before=50, expected_after=30, win_before=0.5, win_after=0.1)
    assert review.loss == 0.0 and review.flag is None
    worse = TurnReview(turn=1, seat=0, played="M1: $", best="C: bR", expected_before=50,
                       expected_after=44, win_before=0.5, win_after=0.45)
    assert worse.loss == pytest.approx(6.0) and worse.flag == "mistake"
    assert worse.to_json()["swing"] == pytest.approx(-0.05)


def test_every_turn_is_reviewed_from_the_evaluations_around_it(record: Path) -> None:
    analyzer = GameAnalyzer(replay(record), AGENT)
    reviews = [r for r in analyzer.stream() if r is not None]
    assert [r.turn for r in reviews] == list(range(1, TURNS + 1))
    assert [r.seat for r in reviews] == [0, 1, 2, 0, 1, 2, 0]
    for r in reviews:
        before, after = analyzer.evals[r.turn - 1], analyzer.evals[r.turn]
        assert r.expected_before == before.expected[r.seat]
        assert r.win_after == after.wins[r.seat]
        assert r.best == before.best_turn
    result = analyzer.result()
    seat0 = result.summaries[0]
    assert seat0.turns == 3
    assert seat0.mean_loss == pytest.approx(sum(r.loss for r in reviews if r.seat == 0) / 3)
    document = json.loads(json.dumps(result.to_json()))
    assert len(document["winChances"]) == TURNS + 1


def test_one_seat_searches_only_the_positions_around_its_turns(record: Path) -> None:
    analyzer = GameAnalyzer(replay(record), AGENT, seat=1)
    assert analyzer.turns == [2, 5]
    assert analyzer.indices == [1, 2, 4, 5]


def test_a_rerun_reads_the_cache_and_searches_nothing(record: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache.json"
    first = GameAnalyzer(replay(record), AGENT, seat=2)
    list(first.stream(EvalCache(cache)))

    def no_search(*args: object) -> None:
        raise AssertionError("searched a cached position")

    monkeypatch.setattr(evaluate, "run_job", no_search)
    again = GameAnalyzer(replay(record), AGENT, seat=2)
    list(again.stream(EvalCache(cache)))
    assert again.result().to_json() == first.result().to_json()


def test_jobs_give_the_same_analysis(record: Path) -> None:
    one = GameAnalyzer(replay(record), AGENT, seat=0)
    list(one.stream(jobs=1))
    two = GameAnalyzer(replay(record), AGENT, seat=0)
    list(two.stream(jobs=2))
    assert one.result().to_json() == two.result().to_json()


def test_a_finished_game_ends_on_its_true_result() -> None:
    class Over:
        def is_terminal(self) -> bool:
            return True

        def scores(self) -> list[int]:
            return [10, 30]

        def returns(self) -> list[float]:
            return [0.0, 1.0]

    final = evaluate.evaluate_state(None, Over(), AGENT, False)  # type: ignore[arg-type]
    assert final == PositionEval(player=-1, best_turn="", expected=(10.0, 30.0), wins=(0.0, 1.0))


def test_cli_prints_turns_and_summary_and_writes_files(record: Path, tmp_path: Path) -> None:
    plot, html = tmp_path / "wins.png", tmp_path / "report.html"
    result = CliRunner().invoke(app, [
        "analyze", str(record), "--agent", AGENT, "--plot", str(plot), "--html", str(html),
        "--cache", str(tmp_path / "c.json")])
    assert result.exit_code == 0, result.output
    assert "Per player" in result.output and "mean loss" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    page = html.read_text()
    assert "data:image/png;base64," in page and "<h2>Turns</h2>" in page
    assert page.count("<svg") == page.count("class='flagged'")
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_cli_json_and_explanations(record: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--json",
                                      "--seat", "0", "--explain", "--no-cache"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert [t["turn"] for t in document["turns"]] == [1, 4, 7]
    assert all(t["explanation"]["does"] for t in document["turns"])
    assert {"seat", "turns", "meanLoss", "inaccuracy", "mistake", "blunder"} == set(
        document["summary"][0])
    assert not record.with_name(record.name + ".analysis-cache.json").exists()


@pytest.mark.parametrize("content, message", [
    ('{"format": "nope"}\n', "not a valdora record"),
    ("", "empty record"),
])
def test_cli_bad_record_is_one_line(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content)
    result = CliRunner().invoke(app, ["analyze", str(bad), "--no-cache"])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output


def test_cli_bad_cache_and_seat_are_one_line(record: Path, tmp_path: Path) -> None:
    cache = tmp_path / "c.json"
    cache.write_text("[1, 2]")
    result = CliRunner().invoke(app, ["analyze", str(record), "--cache", str(cache)])
    assert result.exit_code == 1 and "not an analysis cache" in result.output
    result = CliRunner().invoke(app, ["analyze", str(record), "--seat", "5", "--no-cache"])
    assert result.exit_code == 1 and "seat 5 is not in this 3-player game" in result.output


@pytest.mark.parametrize("option", ["--plot", "--html", "--cache"])
def test_cli_refuses_an_unwritable_output_before_searching(
        record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str) -> None:
    import valdora_ai.cli.analyze_commands as command

    def no_search(*args: object, **kwargs: object) -> None:
        pytest.fail("searched before checking where the output goes")

    monkeypatch.setattr(command.GameAnalyzer, "stream", no_search)
    for target, message in ((tmp_path / "no" / "out", "cannot write (No such file"),
                            (tmp_path, "cannot write (it is a directory)")):
        assert f"{target}: {message}" in one_line_error(["analyze", str(record), option,
                                                         str(target)])


def test_docs_state_the_thresholds_of_the_code() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "analysis.md").read_text()
    for name, points, chance in THRESHOLDS:
        row = f"| {name} | {points:g} | {chance * 100:g} percentage points |"
        assert row in page, row


def test_cli_interrupted_says_what_is_kept(record: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import valdora_ai.cli.analyze_commands as command

    searched = command.GameAnalyzer.stream

    def interrupted(self: GameAnalyzer, *args: object, **kwargs: object) -> Iterator[None]:
        for tick in searched(self, *args, **kwargs):  # type: ignore[arg-type]
            yield tick
            raise KeyboardInterrupt

    monkeypatch.setattr(command.GameAnalyzer, "stream", interrupted)
    cache = tmp_path / "c.json"
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--cache",
                                      str(cache)])
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert (f"interrupted: the positions searched so far are in {cache}; run the same "
            "command to continue") in " ".join(result.stderr.split())
    assert json.loads(cache.read_text())["entries"]  # what was searched is kept
