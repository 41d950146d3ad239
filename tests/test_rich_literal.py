"""User text printed through Rich comes out exactly as written, never as markup.

Brackets in a spec (`x[/y]` raised Rich's MarkupError), a path, a data file's ids
and texts, a typed turn or an error message quoting them are shown verbatim: each
command and the interactive view is driven with such text and must print it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_checks import one_line_error
from rich.console import Console
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.cli.board_view import RichView
from valdora_ai.games import make_game
from valdora_ai.games.valdora.data import default_data_path
from valdora_ai.interactive import GameSession
from valdora_ai.richtext import literal

runner = CliRunner()
TRICKY = ["x[/y]", "[red]x", "[bold]b[/bold]", "a\\[b]", "back\\"]


@pytest.mark.parametrize("text", TRICKY)
def test_literal_prints_exactly_the_text(text: str) -> None:
    console = Console(record=True, width=200)
    console.print(f"[bold]<[/]{literal(text)}[bold]>[/]")
    assert console.export_text().strip() == f"<{text}>"


@pytest.mark.parametrize("spec", ["x[/y]", "[red]x"])
def test_a_bad_seat_spec_is_one_error_line_showing_the_spec(spec: str) -> None:
    assert f"unknown agent '{spec}'" in one_line_error(["play", "--seat", spec])


def test_paths_in_messages_are_shown_verbatim(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    played = runner.invoke(app, ["play", "--players", "3", "--seat", "random", "--seat",
                                 "random", "--seat", "random", "--record", "[red]g.jsonl"])
    assert played.exit_code == 0, played.output
    assert "record written to [red]g.jsonl" in played.output
    exported = runner.invoke(app, ["replay", "[red]g.jsonl", "--export-position",
                                   "[blue]p.json"])
    assert "written to [blue]p.json" in exported.output
    checked = runner.invoke(app, ["position", "check", "[blue]p.json"])
    assert checked.output.startswith("[blue]p.json: valid"), checked.output
    missing = runner.invoke(app, ["replay", "[green]missing.jsonl"])
    assert missing.exit_code == 1 and "[green]missing.jsonl" in missing.output


def test_a_data_files_texts_are_shown_verbatim(tmp_path: Path) -> None:
    path = tmp_path / "[red]data.toml"
    shutil.copy(default_data_path(), path)
    text = path.read_text(encoding="utf-8")
    text = text.replace('name = "Valdora"', 'name = "[bold]Valdora[/]"', 1)
    text = text.replace('gem = "stated"', 'gem = "stated [sic]"', 1)
    path.write_text(text, encoding="utf-8")
    checked = runner.invoke(app, ["data", "check", str(path)])
    assert checked.exit_code == 0 and "[red]data.toml: valid" in checked.output
    shown = runner.invoke(app, ["data", "show", "--rules-data", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "[bold]Valdora[/] component data" in shown.output
    assert "stated [sic]" in shown.output


def test_the_interactive_view_shows_typed_text_verbatim() -> None:
    console = Console(record=True, width=200)
    session = GameSession.new(make_game("valdora", players=3), ["human", "greedy", "greedy"], 1)
    view = RichView(console, session.game)
    observation = session.game.observation(session.state, 0)
    view.position(observation, ("[red]me", "greedy", "greedy"), 1)
    view.progress(observation, "A: [red]tR")
    view.error("'[bold]x[/y]' is not a legal step here")
    view.message("saved to [red]g.jsonl")
    output = console.export_text()
    for shown in ("seat 0 ([red]me) to move", "so far: A: [red]tR",
                  "error: '[bold]x[/y]' is not a legal step here", "saved to [red]g.jsonl"):
        assert shown in output
