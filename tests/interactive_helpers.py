"""Test doubles for the interactive game: a recording view, a fake clock time, scripted
readers, and a terminal driver for the real command."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from valdora_ai.interactive.session import GameSession, PlayedTurn, Suggestion
from valdora_ai.interactive.view import Choice


class RecordingView:
    """A View that keeps what it was asked to show, as (kind, ...) tuples."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def position(self, observation: Any, seats: tuple[str, ...], turn: int) -> None:
        self.events.append(("position", turn, observation))

    def progress(self, observation: Any, so_far: str) -> None:
        self.events.append(("progress", so_far, observation))

    def menu(self, choices: list[Choice]) -> None:
        self.events.append(("menu", choices))

    def turn_played(self, number: int | None, turn: PlayedTurn, who: str, reasoning: str) -> None:
        self.events.append(("turn", number, turn.seat, turn.play, reasoning, turn.words))

    def hint(self, suggestion: Suggestion) -> None:
        self.events.append(("hint", suggestion))

    def message(self, text: str) -> None:
        self.events.append(("message", text))

    def error(self, text: str) -> None:
        self.events.append(("error", text))

    def result(self, result: Any) -> None:
        self.events.append(("result", result))

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [event for event in self.events if event[0] == kind]


class FakeTime:
    """A timed session's time (GameSession.now): it moves only when a test moves it."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def scripted(lines: Iterable[str]) -> Callable[[str, float | None], str]:
    """A reader that answers the prompts with `lines`, then reports end of input."""
    it = iter(lines)

    def read(prompt: str, timeout: float | None = None) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def hint_follower(session: GameSession, turns: int | None = None,
                  before: Iterable[str] = ()) -> Callable[[str, float | None], str]:
    """A person who types `before`, then the hint agent's suggested turn at each prompt,
    for `turns` turns (all of them when None), then ends the input."""
    pending = list(before)
    played = 0

    def read(prompt: str, timeout: float | None = None) -> str:
        nonlocal played
        if pending:
            return pending.pop(0)
        if turns is not None and played >= turns:
            raise EOFError
        played += 1
        state = session.state
        return session.suggest(state, state.current_player, "greedy", False).text

    return read


class Terminal:
    """Drives `valdora` in a child process through its standard input and output,
    waiting for each prompt as a person would (pipes: no colours, 120 columns)."""

    PROMPT = b" > "

    def __init__(self, *args: str, cwd: Path) -> None:
        # A shell's background job (CI's runner, `cmd &`) starts with SIGINT ignored and
        # Python keeps an inherited SIG_IGN: give the child Ctrl-C back, as a terminal would.
        self.process = subprocess.Popen(
            [*self.command(), *args], cwd=cwd,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.transcript = b""
        self._unread = b""

    @staticmethod
    def command() -> list[str]:
        """The installed `valdora` next to this interpreter (or the module)."""
        script = Path(sys.executable).with_name("valdora")
        return [str(script)] if script.exists() else [sys.executable, "-m",
                                                      "valdora_ai.cli.app"]

    def wait_for_prompt(self, timeout: float = 20.0) -> str | None:
        """The output up to the next prompt, or None when the program has ended."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while not re.search(rb"seat \d (\[[0-9:.]+\] )?> $", self._unread):
            ready, _, _ = select.select([self.process.stdout], [], [],
                                        max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError(self._unread[-2000:].decode())
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return None
            self._unread += chunk
            self.transcript += chunk
        text, self._unread = self._unread.decode(), b""
        return text

    def send(self, line: str) -> str | None:
        """Type a line; the output it produced up to the next prompt (None at the end)."""
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()
        return self.wait_for_prompt()

    def hinted_turn(self) -> str | None:
        """Ask for a hint and play it (the text before any '...')."""
        output = self.send("hint")
        assert output is not None
        match = re.search(r"hint: (.*?)(?: \.\.\. \(then|   -- )", output)
        assert match, output
        return self.send(match.group(1))

    def finish(self, timeout: float = 30.0) -> tuple[int, str]:
        """Close the input; the exit code and the whole transcript."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        rest = self.process.stdout.read()
        self.transcript += rest
        return self.process.wait(timeout), self.transcript.decode()
