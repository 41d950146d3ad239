"""Ctrl-C at any moment of a ``valdora`` command ends it with exit status 130 and no
traceback (issue 26, item 3), also in its first half second, while the command line
still imports the library, before Typer's handler and the command's own.

Each command is started as the console script, with SIGINT at its default (a
background job inherits it ignored, see tests/test_play_terminal.py), and
interrupted at several delays after the script's first module of the package
(valdora_ai.cli.launch) is imported: Python's own start-up before it is beyond any
program's reach. The child reports its imports on stderr (``-X importtime``), which
tells the test when that is; every other stderr line is what the user would see.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

DELAYS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8)  # seconds after launch is imported
FIRST_MODULE = "valdora_ai.cli.launch"
IMPORT_LINE = "import time:"


class _Stderr(threading.Thread):
    """Reads a child's stderr to the end; `ready` is set once FIRST_MODULE is imported."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        super().__init__(daemon=True)
        self.process, self.ready, self.lines = process, threading.Event(), list[str]()

    def run(self) -> None:
        assert self.process.stderr is not None
        for raw in self.process.stderr:
            line = raw.decode(errors="replace")
            if line.startswith(IMPORT_LINE):
                if line.rstrip().endswith(f"| {FIRST_MODULE}"):
                    self.ready.set()
            else:
                self.lines.append(line)
        self.ready.set()  # ended before: the assertions below say how


def _interrupted(args: list[str], delay: float, cwd: Path) -> tuple[int | None, str]:
    """The exit status (None: still running after a minute) and the stderr of `args`
    interrupted `delay` seconds after the script imported its first module."""
    script = Path(sys.executable).with_name("valdora")
    command = [str(script)] if script.exists() else [sys.executable, "-m", FIRST_MODULE]
    process = subprocess.Popen(
        [*command, *args], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1", "PYTHONFAULTHANDLER": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    reader = _Stderr(process)
    reader.start()
    code: int | None = None
    try:
        assert reader.ready.wait(60), "the script never imported its first module"
        threading.Event().wait(delay)
        process.send_signal(signal.SIGINT)
        code = process.wait(60)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)  # the fault handler prints where it hangs
    finally:
        if process.poll() is None:
            process.wait(10)
    reader.join(10)
    return code, "".join(reader.lines)


@pytest.mark.parametrize("args", [["engine"], ["play", "--seat", "human", "--record", "g.jsonl"],
                                  ["tournament", "-a", "greedy", "-a", "random", "--jobs", "1",
                                   "--games", "200", "--db", "t.sqlite"]],
                         ids=["engine", "play", "tournament"])
def test_ctrl_c_from_the_first_moment_exits_130_quietly(args: list[str],
                                                        tmp_path: Path) -> None:
    for delay in DELAYS:
        code, stderr = _interrupted(args, delay, tmp_path)
        assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, (delay, stderr)
        assert code == 130, (delay, code, stderr)


def test_importing_the_app_leaves_sigint_alone() -> None:
    """Only the console script takes over SIGINT: a program (or a test) importing the
    Typer app keeps its KeyboardInterrupt; scripts installed before the entry point
    moved still find ``valdora_ai.cli.app:main``."""
    check = ("import signal; from valdora_ai.cli.app import app; "
             "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler; "
             "from valdora_ai.cli.app import main; from valdora_ai.cli.launch import main as m; "
             "assert main is m")
    subprocess.run([sys.executable, "-c", check], check=True, timeout=60,  # as a shell starts it,
                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_ctrl_c_while_a_command_makes_a_class_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C that lands while a command's lazy import makes a class (a dataclass's
    fields) reaches ``main`` wrapped in a RuntimeError on Python 3.11 (seen under load
    in CI: the tournament command's ``TournamentSpec``); it is still an interrupt."""
    from valdora_ai.cli import app as app_module
    from valdora_ai.cli import launch

    class Interrupting:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def command() -> None:
        type("Spec", (), {"field": Interrupting()})

    monkeypatch.setattr(app_module, "app", command)
    with pytest.raises(SystemExit) as ended:
        launch.main()
    assert ended.value.code == 130


def test_other_errors_of_a_command_are_not_taken_for_an_interrupt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from valdora_ai.cli import app as app_module
    from valdora_ai.cli import launch

    def command() -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app_module, "app", command)
    with pytest.raises(RuntimeError, match="a bug"):
        launch.main()
