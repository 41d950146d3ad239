"""`valdora play --tc`: every seat on a clock; a seat that overruns it loses on time."""

from __future__ import annotations

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

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


def test_play_under_a_clock_reports_the_clocks_and_refuses_human_seats() -> None:
    result = runner.invoke(app, ["play", "-g", "zavandor", "-p", "2", "--seat", "random",
                                 "--seat", "random", "--tc", "600+1"])
    assert result.exit_code == 0, result.output
    assert "clocks: seat 0" in result.output and "s left; seat 1" in result.output
    assert one_line_error(["play", "--seat", "human", "--tc", "10+0.1"]) == (
        "error: --tc: clocks are for games between agents; a game with human seats is "
        "played untimed")
    assert "time control must be BASE+INC" in one_line_error(["play", "--tc", "fast"])
