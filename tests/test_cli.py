"""The `valdora` command line."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

import valdora_ai
from valdora_ai.cli.app import app

runner = CliRunner()


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"valdora_ai {valdora_ai.__version__}"


def test_help_alias_and_no_args() -> None:
    for args in (["-h"], ["--help"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0
        assert "engine-info" in result.output
    result = runner.invoke(app, [])
    assert "engine-info" in result.output  # no_args_is_help


@pytest.mark.parametrize(("args", "wrong", "help_command"), [
    (["--nosuch"], "No such option: --nosuch", "valdora"),
    (["nosuch"], "No such command 'nosuch'", "valdora"),
    (["suggest"], "Missing argument 'position'", "valdora suggest"),
    (["play", "--players", "three"], "Invalid value for '--players'", "valdora play"),
    (["tournament", "--tc-seat", "1"], "No such option: --tc-seat", "valdora tournament"),
    (["tournament", "report"], "Missing option '--db'", "valdora tournament report"),
    (["position", "nosuch"], "No such command 'nosuch'", "valdora position"),
])
def test_a_mistyped_command_line_is_one_error_line(args: list[str], wrong: str,
                                                   help_command: str) -> None:
    """An unknown option or command, a missing argument or a value of the wrong type is
    bad input like any other: one line naming it and the help to read, exit code 1
    (not Click's boxed usage block and 2)."""
    line = one_line_error(args)
    assert wrong in line and line.endswith(f"; see '{help_command} -h'"), line


def test_the_console_script_reports_a_mistyped_command_line_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "valdora_ai.cli.app", "play", "--nosuch"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    [line] = done.stderr.splitlines()  # the program's name is python -m's here
    assert line.startswith("error: No such option: --nosuch; see '"), line
    assert line.endswith(" play -h'"), line


def test_engine_info(engine: str) -> None:
    result = runner.invoke(app, ["engine-info"])
    assert result.exit_code == 0, result.output
    for name in ("valdora", "zavandor", "alchemists", "random generator"):
        assert f"{name}: {engine} (" in result.output
    if engine == "compiled":
        assert "_valdora_core" in result.output and "_alchemists_core" in result.output


def test_cli_is_a_subpackage() -> None:
    import valdora_ai.cli

    assert valdora_ai.cli.__name__ == "valdora_ai.cli"
