"""`valdora analyze`: how a recorded game went, turn by turn, with its mistakes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from valdora_ai.atomic import atomic_write, check_writable, write_text_atomic
from valdora_ai.game_analysis import (
    CACHE_SUFFIX,
    DEFAULT_AGENT,
    DEFAULT_WORLDS,
    EvalCache,
    GameAnalysis,
    GameAnalyzer,
)
from valdora_ai.interrupts import unwrapped_interrupts
from valdora_ai.records import replay as replay_record
from valdora_ai.richtext import literal
from valdora_ai.workers import MAX_WORKERS

from .common import (
    INTERRUPTED_EXIT,
    RulesData,
    check_range,
    console,
    err_console,
    progress_bar,
    user_errors,
)


def analyze(
    record: Annotated[Path, typer.Argument(help="A game record (JSON lines).")],
    seat: Annotated[int | None, typer.Option("--seat", help="Review this seat's turns only.")
                    ] = None,
    agent: Annotated[str, typer.Option("--agent", "-a", help="Agent spec that searches "
                                       "every position.")] = DEFAULT_AGENT,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Search N positions at once "
                                      "(processes).")] = 1,
    worlds: Annotated[int, typer.Option("--worlds", help="Sampled worlds on which a played "
                                        "decision and the best one are compared first (at "
                                        "least 2); up to 8 times as many while the flag is "
                                        "not settled.")] = DEFAULT_WORLDS,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")
                       ] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write each seat's win chance "
                                              "across the game to this PNG file.")] = None,
    html: Annotated[Path | None, typer.Option("--html", help="Write a self-contained HTML "
                                              "report (plot, boards at the mistakes, "
                                              "explanations).")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="Explain the best turn at each "
                                          "flagged turn.")] = False,
    cache: Annotated[Path | None, typer.Option(
        "--cache", help=f"Cache of position searches (default: RECORD{CACHE_SUFFIX}); a "
                        "re-run reuses it.")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Neither read nor write a "
                                           "cache.")] = False,
    rules_data: RulesData = None,
) -> None:
    """Review every turn of a game: expected points and win chance before it, the best
    turn found, the loss of the played decision with its 95% interval; mistakes
    flagged when the loss is significant; a summary per player.

    Example: valdora analyze game.jsonl --seat 0 --agent ismcts:iterations=400 --html
    review.html
    """
    with user_errors():
        check_range("--jobs", jobs, 1, MAX_WORKERS)
        check_range("--worlds", worlds, 2)
        replayed = replay_record(record, rules_data)
        analyzer = GameAnalyzer(replayed, agent, seat=seat, explain=explain or html is not None,
                                rules_data=rules_data, worlds=worlds)
        cache_path = None if no_cache else (cache or record.with_name(record.name + CACHE_SUFFIX))
        for output in (plot, html, cache_path):  # fail now, not after the searches
            if output is not None:
                check_writable(output)
        store = EvalCache(cache_path)
        try:
            with progress_bar() as progress, unwrapped_interrupts():
                task = progress.add_task("searching positions", total=len(analyzer.jobs))
                for _ in analyzer.stream(store, jobs):
                    progress.update(task, completed=len(analyzer.evals))
        except KeyboardInterrupt:
            kept = ("nothing is kept (--no-cache)" if cache_path is None else
                    f"the positions searched so far are in {literal(cache_path)}; run the "
                    "same command to continue")
            err_console.print(f"interrupted: {kept}")
            raise typer.Exit(INTERRUPTED_EXIT) from None
        result = analyzer.result()
        if plot is not None:
            from valdora_ai.game_analysis.report import plot_png

            image = plot_png(result)
            with atomic_write(plot, "wb") as stream:
                stream.write(image)
        if html is not None:
            from valdora_ai.game_analysis.report import html_report

            write_text_atomic(html, html_report(result, replayed))
        if as_json:
            typer.echo(json.dumps(result.to_json(), indent=1))
            return
        console.print(_turns_table(result))
        console.print(_summary_table(result))
        if explain:
            _print_explanations(result)


def _turns_table(result: GameAnalysis) -> Table:
    table = Table(title=f"{result.game}, seed {result.seed}: searched by {result.agent}",
                  caption=f"loss: expected points the played decision gave away against the "
                          f"best, on {result.worlds} common sampled worlds, with its 95% "
                          "interval; a flag needs the whole interval above its threshold")
    for column in ("turn", "seat", "played", "best found", "expected", "loss [95%]",
                   "win", "win lost", "flag"):
        table.add_column(column, justify="left" if column in ("played", "best found", "flag")
                         else "right")
    for r in result.reviews:
        data = r.to_json()
        table.add_row(str(r.turn), str(r.seat), _in_words(r.played, r.played_words),
                      "=" if r.same_decision else _in_words(r.best, r.best_words),
                      "-" if r.expected_before is None else f"{r.expected_before:.1f}",
                      loss_text(data), "-" if r.win_before is None else f"{r.win_before:.0%}",
                      win_loss_text(data), r.flag or "")
    return table


def _in_words(turn: str, words: tuple[str, ...]) -> Text:
    """A turn in the notation over its decision in words (dim)."""
    text = Text(turn)
    if words:
        text.append("\n" + "; ".join(words), style="dim")
    return text


def loss_text(review: dict[str, Any]) -> str:
    """A review's loss and interval (points), or "-" when the best decision was played."""
    if review["sameDecision"]:
        return "-"
    low, high = review["lossInterval"]
    return f"{review['loss']:.1f} [{low:.1f}, {high:.1f}]"


def win_loss_text(review: dict[str, Any]) -> str:
    """A review's win chance lost, in percentage points, or "-"."""
    if review["sameDecision"]:
        return "-"
    low, high = review["winLossInterval"]
    return f"{review['winLoss'] * 100:.0f} [{low * 100:.0f}, {high * 100:.0f}]"


def _summary_table(result: GameAnalysis) -> Table:
    table = Table(title="Per player", caption="within noise: decisions not significantly "
                                               "worse than the best; accuracy: lichess's "
                                               "formula on the win chance lost "
                                               "(docs/analysis.md)")
    for column in ("seat", "turns", "within noise", "accuracy", "mean loss", "inaccuracies",
                   "mistakes", "blunders"):
        table.add_column(column, justify="right")
    for s in result.summaries:
        table.add_row(str(s.seat), str(s.turns), str(s.within_noise), f"{s.accuracy:.1f}%",
                      f"{s.mean_loss:.2f}", str(s.flags["inaccuracy"]),
                      str(s.flags["mistake"]), str(s.flags["blunder"]))
    return table


def _print_explanations(result: GameAnalysis) -> None:
    for r in result.reviews:
        if r.flag is None or not r.explanation:
            continue
        console.print(f"\n[bold]Turn {r.turn}, seat {r.seat} ({r.flag}):[/] played "
                      f"{r.played}, better {r.explanation['turn']}", markup=True)
        for sentence in (*r.explanation["does"], *r.explanation["why"]):
            console.print(f"  {sentence}", markup=False)
