"""`valdora play` with people at the table (`--seat human`) or `--resume`: the
interactive game in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from valdora_ai.agents import make_agent, refuse_world_seer
from valdora_ai.interactive import GameSession, Outcome, run_session
from valdora_ai.interactive.commands import MAX_LINE
from valdora_ai.interactive.session import resume_command
from valdora_ai.richtext import literal

from .board_view import RichView
from .common import INTERRUPTED_EXIT, console


def default_record_path(seed: int) -> Path:
    """`valdora-seed<seed>.jsonl` in the working directory, numbered if it exists."""
    path, number = Path(f"valdora-seed{seed}.jsonl"), 1
    while path.exists():
        number += 1
        path = Path(f"valdora-seed{seed}-{number}.jsonl")
    return path


def _read(prompt: str) -> str:
    """One line from standard input (EOFError at its end); piped input is echoed so a
    transcript reads like the session."""
    line = console.input(f"[bold]{literal(prompt)}[/]")
    if not sys.stdin.isatty():  # a line too long to be a command is cut (Rich wraps slowly)
        echo = line if len(line) <= MAX_LINE else line[:80] + "…"
        console.print(echo, markup=False, highlight=False)
    return line


def play_interactive(session: GameSession, record: Path, hint_agent: str) -> None:
    """Play `session` at the terminal, rewriting `record` as it goes; exit code 130
    after Ctrl-C. Call inside :func:`user_errors`."""
    # A bad --hint-agent fails now, not at 'hint'.
    refuse_world_seer(make_agent(hint_agent, session.game), "hints (--hint-agent)")
    session.write_record(record)
    console.print(f"recording to {literal(record)}; type 'help' for the commands")
    outcome = run_session(session, _read, RichView(console, session.game), record=record,
                          hint_agent=hint_agent)
    if outcome is Outcome.FINISHED:
        console.print(f"record written to {literal(record)}")
        return
    console.print(f"{outcome.value}: the game so far is saved to {literal(record)}; "
                  f"continue with: {literal(resume_command(session.game.name, record))}")
    if outcome is Outcome.INTERRUPTED:
        raise typer.Exit(INTERRUPTED_EXIT)
