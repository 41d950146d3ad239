"""The CLI's promise on bad input, checked one way everywhere: exit 0, or exit 1 with
exactly one ``error:`` line on stderr, never a traceback."""

from __future__ import annotations

from typer.testing import CliRunner, Result

from valdora_ai.cli.app import app

runner = CliRunner()


def ending_problem(result: Result) -> str | None:
    """What is wrong with how a command ended (an exception, a traceback, another exit
    code, an exit 1 without exactly one error line), or None."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"raised {type(result.exception).__name__}: {result.exception}"
    if "Traceback" in result.output:
        return "printed a traceback"
    if result.exit_code not in (0, 1):
        return f"exit code {result.exit_code}: {result.output[-300:]!r}"
    lines = result.stderr.strip().splitlines()
    if result.exit_code == 1 and (len(lines) != 1 or not lines[0].startswith("error: ")):
        return f"exit 1 without exactly one error line: {result.stderr[-300:]!r}"
    return None


def one_line_error(args: list[str], stdin: str | None = None) -> str:
    """Run the CLI in-process; assert it refused with one error line, and return it."""
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 1, result.output
    problem = ending_problem(result)
    assert problem is None, problem
    return result.stderr.strip()
