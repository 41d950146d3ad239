"""Running the command line in-process, as the tests of bad input need it."""

from __future__ import annotations

from typer.testing import CliRunner

from valdora_ai.cli.app import app

runner = CliRunner()


def one_line_error(args: list[str]) -> str:
    """Run the CLI; assert exit code 1 and a single 'error:' line, no traceback."""
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    text = result.output.strip()
    assert "Traceback" not in text
    assert text.startswith("error: ") and "\n" not in text, text
    return text
