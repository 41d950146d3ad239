"""Running the examples of a Markdown page: its Python blocks and `$ valdora` commands.

Shared by the README test, the API reference test and the test of the other docs
pages, so that every page's examples are run the same way.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from valdora_ai.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def blocks(page: Path, language: str) -> list[str]:
    """The bodies of the page's fenced blocks tagged `language`, in order."""
    text = page.read_text(encoding="utf-8")
    return [body for lang, body in BLOCK.findall(text) if lang == language]


def console_commands(page: Path) -> list[str]:
    """The `$ ` lines of the page's console blocks, without the prompt."""
    return [line[2:] for body in blocks(page, "console") for line in body.splitlines()
            if line.startswith("$ ")]


def run_python(source: str, name: str) -> None:
    """Execute one block; each `print(error)  # text` must print that text."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(source, name, "exec"), {})
    for expected in re.findall(r"print\(error\)\s+# (.*)", source):
        assert expected in output.getvalue(), f"{name}: {expected!r} not printed"


def run_console(commands: list[str]) -> None:
    """Run `valdora ...` commands in order in the current directory; each must exit 0."""
    runner = CliRunner()
    for command in commands:
        args = shlex.split(command)
        assert args[0] == "valdora", command
        result = runner.invoke(app, args[1:])
        assert result.exit_code == 0, f"{command}\n{result.output}"
