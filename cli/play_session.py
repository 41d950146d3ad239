"""`valdora play` with people at the table (`--seat human`) or `--resume`: the
interactive game in the terminal."""

from __future__ import annotations

import os
import queue
import sys
import threading
from pathlib import Path

import typer

from valdora_ai.agents import make_agent, refuse_world_seer
from valdora_ai.interactive import GameSession, Outcome, run_session
from valdora_ai.interactive.commands import MAX_LINE
from valdora_ai.interactive.loop import NoAnswer
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


class TimedInput:
    """The reader of a timed game: lines of standard input (or the descriptor `fd`)
    waited for with a deadline, NoAnswer when none came in time (the person's flag fell).

    A thread reads the descriptor itself (no Python buffer, so a read still waiting
    when the game ends on time holds nothing up at exit) and queues its lines; the
    terminal's own line editing still works, Rich's prompt and GNU readline's do not.
    A standard input without a descriptor (an in-memory one, as Click's test runner
    gives) is read line by line instead.
    """

    def __init__(self, fd: int | None = None) -> None:
        self._fd = fd
        self._lines: queue.Queue[str | None] | None = None  # None queued: end of input

    def __call__(self, prompt: str, timeout: float | None) -> str:
        if self._lines is None:
            self._lines = queue.Queue()
            feed = self._feed if self._descriptor() else self._feed_lines
            threading.Thread(target=feed, args=(self._lines,), daemon=True).start()
        console.print(f"[bold]{literal(prompt)}[/]", end="")
        try:
            line = self._lines.get(timeout=None if timeout is None else max(timeout, 0.0))
        except queue.Empty:
            console.print()
            raise NoAnswer from None
        if line is None:
            self._lines.put(None)  # the end stays the end
            raise EOFError
        if not sys.stdin.isatty():  # echoed as _read does, so a transcript reads well
            console.print(line if len(line) <= MAX_LINE else line[:80] + "…",
                          markup=False, highlight=False)
        return line

    def _descriptor(self) -> bool:
        """Whether there is a descriptor to read (standard input's, unless in memory)."""
        if self._fd is None:
            try:
                self._fd = sys.stdin.fileno()
            except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation
                return False
        return True

    def _feed_lines(self, into: queue.Queue[str | None]) -> None:
        for line in sys.stdin:
            into.put(line.rstrip("\r\n"))
        into.put(None)

    def _feed(self, into: queue.Queue[str | None]) -> None:
        assert self._fd is not None
        pending = b""
        while chunk := os.read(self._fd, 65536):
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                into.put(line.rstrip(b"\r").decode("utf-8", "replace"))
        if pending:
            into.put(pending.decode("utf-8", "replace"))
        into.put(None)


def _untimed(prompt: str, timeout: float | None) -> str:
    """The reader of an untimed game: Rich's prompt (`timeout` is always None)."""
    return _read(prompt)


def play_interactive(session: GameSession, record: Path, hint_agent: str) -> None:
    """Play `session` at the terminal, rewriting `record` as it goes; exit code 130
    after Ctrl-C. Call inside :func:`user_errors`."""
    # A bad --hint-agent fails now, not at 'hint'.
    refuse_world_seer(make_agent(hint_agent, session.game), "hints (--hint-agent)")
    session.write_record(record)
    console.print(f"recording to {literal(record)}; type 'help' for the commands")
    outcome = run_session(session, TimedInput() if session.clocks else _untimed,
                          RichView(console, session.game), record=record,
                          hint_agent=hint_agent)
    if outcome in (Outcome.FINISHED, Outcome.LOST_ON_TIME):
        console.print(f"record written to {literal(record)}")
        return
    console.print(f"{outcome.value}: the game so far is saved to {literal(record)}; "
                  f"continue with: {literal(resume_command(session.game.name, record))}")
    if outcome is Outcome.INTERRUPTED:
        raise typer.Exit(INTERRUPTED_EXIT)
