"""docs/cli.md is the generated reference of the current `valdora` commands."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from typer.testing import CliRunner

from valdora_ai.cli.app import app

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cli_reference", DOCS / "cli_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
