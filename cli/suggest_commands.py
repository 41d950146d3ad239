"""`valdora suggest`: ranked candidate moves for the player to move in a position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from valdora_ai.analysis import MAX_ITERATIONS, MAX_SECONDS, Analysis, Budget, SearchControl
from valdora_ai.errors import ValdoraError
from valdora_ai.explanations import explain as explain_turn
from valdora_ai.richtext import literal
from valdora_ai.suggestions import (
    candidate_line,
    check_player_to_move,
    load_position,
    pv_sampled,
)
from valdora_ai.suggestions import suggest as suggest_moves

from .common import FileGame, RulesData, check_range, console, user_errors
from .live_search import search_live

MIN_SECONDS = 0.001  # the shortest --time: a search needs some time to find anything


def suggest(
    position: Annotated[Path, typer.Argument(help="A position JSON file (world or public).")],
    agent: Annotated[str, typer.Option(
        "--agent", "-a", help="Agent spec, e.g. ismcts:time=1.5,c=0.7,seed=3, "
                              "pimc:worlds=20,iterations=4000 or expectimax:depth=3.")
    ] = "ismcts",
    top: Annotated[int, typer.Option("--top", "-k", help="Show the K best candidates.")] = 5,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")
                       ] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", help="Search in N processes (root parallelism).")] = None,
    iterations: Annotated[int | None, typer.Option(
        "--iterations", help="Iteration budget (overrides the spec's).")] = None,
    seconds: Annotated[float | None, typer.Option(
        "--time", help="Seconds budget (overrides the spec's).")] = None,
    explain: Annotated[bool, typer.Option(
        "--explain", help="Say what the best turn does and why the search prefers it.")
    ] = False,
    game_name: FileGame = None,
    rules_data: RulesData = None,
) -> None:
    """Rank the moves of the player to move: whole turn, first step and statistics.

    On a terminal the ranking is shown live while the search runs; Ctrl-C stops it and
    keeps the best turns found so far (exit status 0).

    Example: valdora suggest p.json --agent ismcts:time=2 --top 3 --explain
    """
    with user_errors():
        for option, value, low, high in (("--top", top, 1, None), ("--jobs", jobs, 1, None),
                                          ("--iterations", iterations, 1, MAX_ITERATIONS),
                                          ("--time", seconds, MIN_SECONDS, MAX_SECONDS)):
            check_range(option, value, low, high)
        game, state = load_position(position, game_name, rules_data=rules_data)
        check_player_to_move(state)
        budget = Budget(iterations=iterations, seconds=seconds)
        belief = game.observation(state, state.current_player).belief_state()

        def search(control: SearchControl | None = None) -> Analysis:
            return suggest_moves(state, agent, budget, jobs=jobs, control=control,
                                 rules_data=rules_data, game=game.name)

        if console.is_terminal and not as_json:
            analysis = search_live(search, lambda partial: _table(
                partial, [_row(game, belief, c) for c in partial.candidates[:top]],
                searching=True), console).analysis
        else:
            analysis = search()
        rows = [_row(game, belief, c) for c in analysis.candidates[:top]]
        explanation = explain_turn(game, state, analysis) if explain and rows else None
        if as_json:
            document = analysis.top(top).to_json()
            for candidate, row in zip(document["candidates"], rows, strict=True):
                candidate.update(turn=row["turn"], decision=row["decision"],
                                 words=row["words"], sampled=row["sampled"],
                                 first=row["first"],
                                 pvSampled=pv_sampled(belief, row["candidate"].pv))
            if explanation is not None:
                document["explanation"] = explanation.to_json()
            typer.echo(json.dumps(document, indent=1))
            return
        if not rows:
            raise ValdoraError("the agent returned no candidate")
        console.print(_table(analysis, rows))
        if explanation is not None:
            for sentence in (*explanation.does, *explanation.why):
                console.print(sentence, markup=False)


def _row(game: Any, belief: Any, candidate: Any) -> dict[str, Any]:
    line = candidate_line(game, belief, candidate)
    return {"turn": line.text(), "decision": line.decision, "words": list(line.words),
            "sampled": line.sampled or None,
            "first": game.describe_step(belief, candidate.step), "candidate": candidate}


def _with_interval(value: float, interval: tuple[float, float] | None, digits: int) -> str:
    text = f"{value:.{digits}f}"
    if interval is None:
        return text
    return f"{text} [{interval[0]:.{digits}f}, {interval[1]:.{digits}f}]"


def _table(analysis: Analysis, rows: list[dict[str, Any]], searching: bool = False) -> Table:
    """The candidates; a partial analysis is "searching" while the live table updates,
    and "stopped early" only when the search ended before its budget."""
    player = analysis.player
    state = " (searching…)" if searching else "" if analysis.complete else " (stopped early)"
    table = Table(title=f"Seat {player} to move: {literal(analysis.summary())}{state}",
                  caption="First: what the agent recommends (and plays); [95%]: the "
                          "interval of the search's mean; (sampled: …): one sampled world's "
                          "outcome, not a known one.")
    for column in ("#", "turn", "in words", "first step", "visits", "value [95%]", "win",
                   "expected score [95%]"):
        table.add_column(column, justify="left" if column in ("turn", "in words", "first step")
                         else "right")
    for rank, row in enumerate(rows, 1):
        c = row["candidate"]
        table.add_row(
            str(rank), literal(row["turn"]), literal("; ".join(row["words"])),
            literal(row["first"]), str(c.visits),
            _with_interval(c.values[player], c.value_interval(player), 3) if c.values else "-",
            f"{c.win_probability:.0%}" if c.win_probability is not None else "-",
            _with_interval(c.expected_scores[player], c.score_interval(player), 1)
            if c.expected_scores else "-")
    return table
