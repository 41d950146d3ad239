"""Whole-game analysis: reviews, flags, summaries, the cache, --jobs and the CLI."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_checks import one_line_error
from interrupt_helpers import INTERRUPTS
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.game_analysis import EvalCache, GameAnalyzer, evaluate
from valdora_ai.game_analysis.evaluate import WORLDS_GROWTH
from valdora_ai.game_analysis.paired import Comparison, compare, played_decision
from valdora_ai.game_analysis.review import (
    THRESHOLDS,
    PositionEval,
    TurnReview,
    accuracy,
    summarize,
    verdict,
)
from valdora_ai.games import facts
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


def _comparison(loss: tuple[float, float], win: tuple[float, float] = (-0.1, 0.1)
                ) -> Comparison:
    return Comparison(worlds=40, loss=sum(loss) / 2, loss_interval=loss,
                      win_loss=sum(win) / 2, win_loss_interval=win)


@pytest.mark.parametrize("loss, win, flag", [
    ((-1.0, 1.0), (-0.1, 0.1), None),  # within the noise
    ((0.5, 30.0), (-0.1, 0.1), None),  # significant, but may be as small as 0.5 points
    ((2.4, 3.0), (-0.1, 0.05), None), ((2.5, 3.0), (0.0, 0.0), "inaccuracy"),
    ((-1.0, 1.0), (0.06, 0.2), "inaccuracy"), ((5.0, 9.0), (0.1, 0.2), "mistake"),
    ((1.0, 2.0), (0.12, 0.3), "mistake"), ((10.0, 12.0), (0.0, 0.1), "blunder"),
    ((0.0, 0.0), (0.3, 0.5), "blunder")])
def test_flags_read_the_lower_end_of_the_loss_against_the_documented_thresholds(
        loss: tuple[float, float], win: tuple[float, float], flag: str | None) -> None:
    comparison = _comparison(loss, win)
    assert verdict(comparison) == flag
    assert flag is None or comparison.significant  # a flag requires significance
    assert [name for name, _, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]


def test_the_same_decision_is_never_flagged_and_noise_is_not_a_mistake() -> None:
    same = TurnReview(turn=1, seat=0, played="C: bR", best="C: bR (sampled: ?G ?S)",
                      played_decision="C: bR", best_decision="C: bR", expected_before=50,
                      win_before=0.5)
    assert same.same_decision and same.loss == 0.0 and same.flag is None
    assert same.to_json()["lossInterval"] == [0.0, 0.0] and not same.to_json()["significant"]
    noisy = TurnReview(turn=2, seat=0, played="M1: $", best="C: bR", played_decision="M1: $",
                       best_decision="C: bR", expected_before=50, win_before=0.5,
                       comparison=_comparison((-3.0, 15.0)))
    assert noisy.loss == pytest.approx(6.0) and noisy.flag is None and not noisy.significant
    worse = TurnReview(turn=3, seat=0, played="M1: $", best="C: bR", played_decision="M1: $",
                       best_decision="C: bR", expected_before=50, win_before=0.5,
                       comparison=_comparison((5.5, 6.5)))
    assert worse.flag == "mistake" and worse.to_json()["lossInterval"] == [5.5, 6.5]
    seat = summarize([same, noisy, worse], 1)[0]
    assert (seat.turns, seat.within_noise, seat.flags["mistake"]) == (3, 2, 1)
    assert seat.mean_loss == pytest.approx(4.0)
    assert seat.accuracy == pytest.approx((100 + 100 + accuracy(worse.comparison)) / 3)


def test_accuracy_follows_lichess_on_the_significant_win_chance_lost() -> None:
    assert accuracy(None) == 100.0
    assert accuracy(_comparison((1.0, 2.0), (-0.1, 0.3))) == 100.0  # win loss not significant
    lost = _comparison((1.0, 2.0), (0.1, 0.3))  # 20 percentage points lost
    assert accuracy(lost) == pytest.approx(103.1668 * 2.718281828 ** (-0.04354 * 20) - 3.1669)


def test_equal_decisions_give_equal_play_outs_and_different_ones_a_paired_loss() -> None:
    """Common random numbers: the same worlds and play-outs after each decision, so a
    decision against itself loses exactly 0, and the interval of a real difference is
    narrower than that of either decision's own value."""
    game = va.make_game("valdora", players=3)
    state = game.new_state(6)
    steps = [game.parse_turn(state, turn) for turn in ("M1: $", "A: P")]
    itself = compare(game, state, steps[0], steps[0], 24, seed=3)
    assert (itself.loss, itself.loss_interval, itself.win_loss) == (0.0, (0.0, 0.0), 0.0)
    paired = compare(game, state, steps[0], steps[1], 24, seed=3)
    assert paired == compare(game, state, steps[0], steps[1], 24, seed=3)  # seeded
    low, high = paired.loss_interval
    assert low <= paired.loss <= high and high - low > 0


def test_a_played_decision_stops_at_its_first_reveal() -> None:
    """The bug of issue 28: a Gnomes turn buying a tile was "not the best" because the
    search's line also showed the tile a sampled world drew."""
    game = va.make_game("zavandor", players=3)
    state = game.new_state(2)
    belief = game.observation(state, state.current_player).belief_state()
    sample = next(s for s in belief.legal_steps()
                  if game.describe_step(belief, s).startswith("sample:"))
    play = game.describe_step(state, sample)
    assert played_decision(game, state, play + " gold") == [sample]
    board = belief.copy()
    board.apply(sample)
    assert board.is_chance_node()  # what the sample shows is an outcome, not a decision


def test_every_turn_is_reviewed_from_the_evaluation_before_it(record: Path) -> None:
    analyzer = GameAnalyzer(replay(record), AGENT, worlds=8)
    reviews = [r for r in analyzer.stream() if r is not None]
    assert [r.turn for r in reviews] == list(range(1, TURNS + 1))
    assert [r.seat for r in reviews] == [0, 1, 2, 0, 1, 2, 0]
    for r in reviews:
        before = analyzer.evals[r.turn - 1]
        assert r.expected_before == before.expected[r.seat]
        assert r.best == before.best_turn and r.best_decision == before.best_decision
        state = analyzer.replayed.positions[r.turn - 1]
        belief = analyzer.replayed.game.observation(state, r.seat).belief_state()
        assert r.played_words == facts.steps_words(
            analyzer.replayed.game, belief, played_decision(analyzer.replayed.game, state,
                                                            r.played))
        assert r.best_words and r.best_words == before.best_words
        assert (r.comparison is None) == r.same_decision
        if r.comparison is not None:
            assert r.comparison.worlds in range(8, 8 * WORLDS_GROWTH + 1, 8)  # adaptive
            low, high = r.loss_interval
            assert low <= r.loss <= high
    result = analyzer.result()
    seat0 = result.summaries[0]
    assert seat0.turns == 3
    assert seat0.mean_loss == pytest.approx(sum(r.loss for r in reviews if r.seat == 0) / 3)
    document = json.loads(json.dumps(result.to_json()))
    assert (document["format"], document["version"], document["worlds"]) == (
        "valdora-analysis", 2, 8)
    assert len(document["winChances"]) == TURNS + 1


@pytest.mark.parametrize("name", va.game_names())
def test_no_game_flags_a_turn_that_played_the_best_decision(name: str, tmp_path: Path) -> None:
    """Every game: analyse a record; every flagged turn's decision differs from the
    best's, every turn playing the best decision has no loss, and the decisions hold no
    sampled outcome."""
    game = va.make_game(name, players=3)
    full, path = tmp_path / "full.jsonl", tmp_path / "game.jsonl"
    # seed 4: a game whose first 40 turns include a best turn that differs from the
    # played one only by a draw (the case the last assertion needs)
    va.play_game(game, ["ismcts:iterations=20", "greedy", "greedy"], seed=4, record=full)
    path.write_text("".join(full.read_text().splitlines(keepends=True)[:41]))  # 40 turns
    replayed = replay(path)
    analyzer = GameAnalyzer(replayed, "ismcts:iterations=40,seed=1", worlds=8)
    list(analyzer.stream())
    reviews = analyzer.result().reviews
    assert len(reviews) == len(replayed.plays) > 10
    for r in reviews:
        assert "(sampled:" not in r.best_decision
        if r.flag is not None:
            assert r.played_decision != r.best_decision, r
        if r.same_decision:
            assert (r.loss, r.flag, r.significant) == (0.0, None, False)
    assert any(r.same_decision and r.played != r.best for r in reviews) or name == "valdora"


def test_one_seat_searches_only_the_positions_around_its_turns(record: Path) -> None:
    analyzer = GameAnalyzer(replay(record), AGENT, seat=1)
    assert analyzer.turns == [2, 5]
    assert analyzer.indices == [1, 2, 4, 5]
    assert [job.played for job in analyzer.jobs] == [
        replay(record).plays[1], None, replay(record).plays[4], None]


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
    assert "within noise" in result.output and "loss [95%]" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    page = html.read_text()
    assert 'class="win-chance"' in page and "<h2>Turns</h2>" in page
    assert "<th>accuracy</th>" in page and "<th>loss [95%]</th>" in page
    assert "<span class='words'>Move to the " in page
    assert page.count("<svg") == page.count("class='flagged'") + 1  # the plot, the boards
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_the_html_report_needs_no_matplotlib(record: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's `analyze --html` works on the plain install: the plot is SVG, with
    labelled axes and one line per seat; only `--plot` (a PNG) needs matplotlib."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails
    html = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--html",
                                      str(html), "--no-cache"])
    assert result.exit_code == 0, result.output
    plot = html.read_text().split('class="win-chance"', 1)[1].split("</svg>", 1)[0]
    assert ">turn</text>" in plot and ">win chance</text>" in plot and ">100%</text>" in plot
    assert plot.count("<polyline") == 3
    refused = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--plot",
                                       str(tmp_path / "w.png"), "--no-cache"])
    assert refused.exit_code == 1
    assert "--plot needs matplotlib: pip install matplotlib" in refused.output


def test_cli_json_and_explanations(record: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--json",
                                      "--seat", "0", "--explain", "--no-cache"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert [t["turn"] for t in document["turns"]] == [1, 4, 7]
    assert all(t["explanation"]["does"] for t in document["turns"])
    assert {"seat", "turns", "withinNoise", "accuracy", "meanLoss", "inaccuracy", "mistake",
            "blunder"} == set(document["summary"][0])
    for turn in document["turns"]:
        low, high = turn["lossInterval"]
        assert low <= turn["loss"] <= high and isinstance(turn["significant"], bool)
        assert turn["playedWords"] and turn["bestWords"]
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


@pytest.mark.parametrize("interrupt", INTERRUPTS)
def test_cli_interrupted_says_what_is_kept(record: Path, tmp_path: Path, interrupt: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import valdora_ai.cli.analyze_commands as command

    searched = command.GameAnalyzer.stream

    def interrupted(self: GameAnalyzer, *args: object, **kwargs: object) -> Iterator[None]:
        for tick in searched(self, *args, **kwargs):  # type: ignore[arg-type]
            yield tick
            INTERRUPTS[interrupt]()

    monkeypatch.setattr(command.GameAnalyzer, "stream", interrupted)
    cache = tmp_path / "c.json"
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--cache",
                                      str(cache)])
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert (f"interrupted: the positions searched so far are in {cache}; run the same "
            "command to continue") in " ".join(result.stderr.split())
    assert json.loads(cache.read_text())["entries"]  # what was searched is kept


def test_a_cache_of_another_version_is_searched_again(tmp_path: Path) -> None:
    """Version 1 entries hold no decision comparison: they are not reused."""
    cache = tmp_path / "old.json"
    cache.write_text(json.dumps({"format": evaluate.CACHE_FORMAT, "version": 1,
                                 "entries": {"k": {"player": 0}}}))
    assert EvalCache(cache).entries == {}
