"""`valdora` starts light: a command's module is imported only when that command runs, and
the root's list of commands (written down in lazy_commands.py) is the commands' own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from valdora_ai.cli.app import app
from valdora_ai.cli.lazy_commands import COMMANDS, every_command, short_help
from valdora_ai.games import game_names

# What the light commands must not import: the numeric, parallel and search machinery.
HEAVY = ("numpy", "joblib", "valdora_ai.game_analysis", "valdora_ai.tournament.runner")

# Runs the console script's main() in-process with the given arguments, then prints
# which of the modules named in argv[1] (JSON) were imported.
PROBE = """
import json, sys
from valdora_ai.cli.app import main
heavy = json.loads(sys.argv[1])
sys.argv = ["valdora", *sys.argv[2:]]
try:
    main()
except SystemExit:
    pass
print(json.dumps([name for name in heavy if name in sys.modules]))
"""


def _imported(args: list[str], modules: tuple[str, ...] = HEAVY) -> list[str]:
    process = subprocess.run([sys.executable, "-c", PROBE, json.dumps(modules), *args],
                             capture_output=True, text=True, timeout=120)
    assert "Traceback" not in process.stderr, process.stderr
    imported: list[str] = json.loads(process.stdout.splitlines()[-1])
    return imported


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_summary_is_the_first_paragraph_of_the_commands_help(name: str) -> None:
    command = every_command(app).commands[name]
    assert COMMANDS[name][2] == short_help(command.short_help or command.help or "")


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["--version"], ["engine-info"],
                                  ["new-position", "--help"], ["position", "check", "--help"]],
                         ids=" ".join)
def test_light_commands_import_nothing_heavy(args: list[str]) -> None:
    assert _imported(args) == []


def test_a_command_loads_its_own_module_only() -> None:
    """`valdora render --help` imports the render command, not the others."""
    modules = tuple(sorted({f"valdora_ai.cli.{module}" for module, _, _ in COMMANDS.values()}))
    assert _imported(["render", "--help"], modules) == ["valdora_ai.cli.render_commands"]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_commands_help_imports_no_numpy_or_joblib(name: str) -> None:
    assert _imported([name, "--help"], ("numpy", "joblib")) == []


@pytest.mark.parametrize("game", game_names())
def test_writing_and_checking_a_position_imports_nothing_heavy(game: str, tmp_path: Path
                                                               ) -> None:
    position = tmp_path / "p.json"
    assert _imported(["new-position", "--game", game, "-o", str(position)]) == []
    assert position.exists()
    assert _imported(["position", "check", str(position)]) == []
