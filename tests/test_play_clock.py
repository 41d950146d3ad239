"""`valdora play --tc`: every seat on a clock, people's too; a seat that overruns it
loses on time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_checks import one_line_error
from interactive_helpers import Terminal
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.games import game_names, player_counts

runner = CliRunner()
SLEEPER = "py:bots.sleeper:Sleeper,sleep=0.1"


@pytest.mark.parametrize("game", game_names())
def test_play_under_a_clock_ends_with_a_loss_on_time(game: str) -> None:
    players = player_counts(game)[0]
    seats = ["--seat", SLEEPER] + ["--seat", "random"] * (players - 1)
    result = runner.invoke(app, ["play", "-g", game, "-p", str(players), *seats,
                                 "--tc", "0.25+0", "--flag-margin", "0.01"])
    assert result.exit_code == 0, result.output
    assert "lost on time: seat 0 took" in result.output
    assert " ".join(result.output.split()).count("ended by seat 0's forfeit") == 1


def test_play_under_a_clock_reports_the_clocks_and_refuses_bad_time_controls() -> None:
    result = runner.invoke(app, ["play", "-g", "zavandor", "-p", "2", "--seat", "random",
                                 "--seat", "random", "--tc", "600+1", "--tc", "5+0"])
    assert result.exit_code == 0, result.output
    assert "clocks: seat 0" in result.output and "s left; seat 1" in result.output
    assert "time control must be BASE+INC" in one_line_error(["play", "--tc", "fast"])
    assert one_line_error(["play", "--tc", "1", "--tc", "2"]) == (
        "error: --tc: give one time control for every seat or one per seat: 3 seats, "
        "2 time controls")
    assert one_line_error(["play", "--resume", "g.jsonl", "--tc", "60"]) == (
        "error: --tc: not allowed with --resume (a record keeps no clocks: a resumed game "
        "is untimed)")


def test_a_person_at_the_terminal_who_does_not_answer_loses_on_time(tmp_path: Path) -> None:
    """The real command with a human seat and a tiny clock: nobody types, the flag
    falls, the game ends there in one line and the record keeps the turns played."""
    terminal = Terminal("play", "--seat", "human", "--tc", "0.3+0", "--flag-margin", "0",
                        "--record", "g.jsonl", cwd=tmp_path)
    while terminal.wait_for_prompt() is not None:
        pass  # the prompt comes, nobody answers, the game ends on time
    code, transcript = terminal.finish()
    assert code == 0, transcript[-3000:]
    assert "clocks: seat 0 0:00." in transcript
    assert re.search(r"seat 0 \[0:00\.\d\] > \n"
                     r"lost on time: seat 0 took \d+\.\d+ s with 0\.300 s left \(margin 0 s\): "
                     r"the game ends there\n", transcript), transcript[-3000:]
    assert "record written to g.jsonl" in transcript
    assert "(0 turns), ended by seat 0's forfeit" in " ".join(transcript.split())
    assert va.replay(tmp_path / "g.jsonl").result is None


def test_a_person_at_the_terminal_plays_on_a_clock_without_undo(tmp_path: Path) -> None:
    """A generous clock: the prompt and the status show the time left, a turn is
    played, undo is refused, and the end of input saves the game as untimed ones do."""
    terminal = Terminal("play", "--seat", "human", "--tc", "600+2", "--record", "g.jsonl",
                        cwd=tmp_path)
    first = terminal.wait_for_prompt()
    assert first is not None and "clocks: seat 0 9:" in first and " · seat 2 10:0" in first
    assert re.search(r"seat 0 \[9:\d\d\.\d\] > $", first), first[-300:]
    played = terminal.hinted_turn()
    assert played is not None and "turn   1  seat 0 (you)" in played
    refused = terminal.send("undo")
    assert refused is not None
    assert "error: undo is off in a timed game: clocks are never rewound" in refused
    code, transcript = terminal.finish()
    assert code == 0 and "end of input: the game so far is saved to g.jsonl" in transcript


def test_a_timed_game_reads_an_input_without_a_descriptor(tmp_path: Path) -> None:
    """Click's test runner gives standard input in memory: a timed game reads it line
    by line (the doc pages' console examples run so)."""
    result = runner.invoke(app, ["play", "--seat", "human", "--tc", "300+5", "--record",
                                 str(tmp_path / "g.jsonl")], input="1\nundo\n")
    assert result.exit_code == 0, result.output
    assert re.search(r"seat 0 \[5:0\d\.\d\] > undo\n"
                     r"error: undo is off in a timed game: clocks are never rewound\n",
                     result.output), result.output[-2000:]
    assert "end of input: the game so far is saved" in result.output


@pytest.mark.parametrize("margin", ["-1", "nan", "1e9"])
@pytest.mark.parametrize("seat", ["human", "greedy"])
def test_a_flag_margin_out_of_range_is_one_line_and_exit_1(margin: str, seat: str) -> None:
    error = one_line_error(["play", "--seat", seat, "--tc", "10+1", "--flag-margin", margin],
                           stdin="")
    assert error == f"error: --flag-margin must be from 0 to 86400 seconds, got {float(margin)}"
