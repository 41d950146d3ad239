"""docs/cli.md is the generated reference of the current `valdora` commands."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer
import typer.rich_utils
from scripts import load_script
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.cli.lazy_commands import every_command

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _generator() -> ModuleType:
    return load_script(DOCS / "cli_reference.py")


def _page() -> str:
    return (DOCS / "cli.md").read_text(encoding="utf-8")


def test_cli_page_is_current() -> None:
    """Regenerate with `python docs/cli_reference.py` when this fails."""
    assert _page() == _generator().render()


def test_every_documented_option_is_in_the_commands_help() -> None:
    """Each section's options appear in `valdora ... --help`, as users will see them."""
    sections = re.findall(r"^## `valdora ?(.*?)`\n(.*?)(?=^## |\Z)", _page(), re.M | re.S)
    assert len(sections) >= 15
    runner = CliRunner()
    for command, body in sections:
        result = runner.invoke(app, [*command.split(), "--help"], terminal_width=240)
        assert result.exit_code == 0, command
        for option in re.findall(r"^\| `(--[\w-]+)`", body, re.M):
            assert option in result.output, f"valdora {command}: {option}"


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def test_every_command_shows_an_example_that_parses() -> None:
    """`--help` says what a command does and shows an example; the example's options
    exist (Click reads them all before it answers --help)."""
    runner = CliRunner()
    for path, command in _commands(every_command(app)):
        if not path or (getattr(command, "commands", None) and path != ("tournament",)):
            continue  # the root and the groups that only gather subcommands
        help_text = " ".join((command.help or "").split())
        match = re.search(r"Example: (valdora .*?)$", help_text)
        assert match, f"valdora {' '.join(path)}: no example"
        words = shlex.split(match[1])
        args = words[1:words.index("<")] if "<" in words else words[1:]
        assert args[:len(path)] == list(path), match[1]
        result = runner.invoke(app, [*args, "--help"])
        assert result.exit_code == 0, f"{match[1]}: {result.output}"


def test_the_list_of_commands_gives_each_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a wide terminal every command's summary fits one line: no line breaks of the
    docstring show through."""
    monkeypatch.setattr(typer.rich_utils, "MAX_WIDTH", 1000)
    output = CliRunner().invoke(app, ["--help"]).output
    panel = output[output.index("Commands"):]
    rows = [line for line in panel.splitlines()[1:] if line.startswith("│")]
    assert [row.split()[1] for row in rows] == list(every_command(app).commands), "\n".join(rows)
