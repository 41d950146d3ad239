"""Write docs/cli.md, the reference of every `valdora` command, from the Typer app itself.

    python docs/cli_reference.py            # rewrite docs/cli.md
    python docs/cli_reference.py --check    # exit 1 when docs/cli.md is out of date

The page is generated rather than written so that it cannot drift from the commands:
tests/test_cli_reference.py fails when a command or option changes and the page was
not regenerated. Only attributes every Click version has are read (names, help,
defaults), so the page does not depend on how a Typer release renders `--help`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from valdora_ai.cli.app import app
from valdora_ai.cli.lazy_commands import every_command

PAGE = Path(__file__).resolve().with_name("cli.md")
EXAMPLE = "Example: "  # how a command's help starts the paragraph of its example

HEADER = """# Command-line reference

Generated from the Typer app by `python docs/cli_reference.py` (do not edit by hand;
`tests/test_cli_reference.py` checks that it is current). Every command also answers
`-h`/`--help`. Agent specs are described in [agents.md](agents.md), the turn notation
and position files in [games/valdora.md](games/valdora.md).

Exit status: 0 when a command did its work; 1 on bad input, whether a mistyped command
line (an unknown option, a missing argument) or a bad file, spec or value, reported as one
`error:` line on standard error; 130 when stopped by Ctrl-C. A group run bare (`valdora`,
`valdora tournament`) prints its help.
"""


def _names(param: Any) -> str:
    if param.param_type_name == "argument":
        return f"`{param.name.upper()}`"
    return ", ".join(f"`{name}`" for name in [*param.opts, *param.secondary_opts])


def _default(param: Any) -> str:
    if param.required:
        return "required"
    if getattr(param, "is_flag", False):
        return "flag"
    value = param.default
    if value is None or value is False or value == () or value == []:
        return ""
    return f"`{value}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _prose(text: str) -> list[str]:
    """A command's help, paragraph by paragraph; its example as code."""
    lines = []
    for paragraph in (_cell(p) for p in text.split("\n\n") if p.strip()):
        if paragraph.startswith(EXAMPLE):
            paragraph = f"{EXAMPLE}`{paragraph.removeprefix(EXAMPLE)}`"
        lines += [paragraph, ""]
    return lines or [""]


def _command(path: str, command: Any) -> list[str]:
    lines = [f"## `{path}`", "", *_prose(command.help or "")]
    params = [p for p in command.params if not getattr(p, "hidden", False)]
    if params:
        lines += ["| argument or option | default | description |", "|---|---|---|"]
        for param in params:
            repeat = " (repeatable)" if getattr(param, "multiple", False) else ""
            help_text = _cell(getattr(param, "help", None) or "") + repeat
            lines.append(f"| {_names(param)} | {_default(param)} | {help_text} |")
        lines.append("")
    for name, sub in getattr(command, "commands", {}).items():
        lines += _command(f"{path} {name}", sub)
    return lines


def render() -> str:
    """The whole page, from the installed app's command tree."""
    return HEADER + "\n" + "\n".join(_command("valdora", every_command(app)))


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print(f"{PAGE} is out of date: run python docs/cli_reference.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
