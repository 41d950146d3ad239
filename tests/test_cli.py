"""The `valdora` command line."""

from __future__ import annotations

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
