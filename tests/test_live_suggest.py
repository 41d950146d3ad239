"""Live suggestions: the ranking redrawn while the search runs, Ctrl-C keeps the best."""

from __future__ import annotations

import _thread
import io
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from interrupt_helpers import wrapped_interrupt
from rich.console import Console
from typer.testing import CliRunner

from valdora_ai.analysis import Analysis, Candidate, SearchControl
from valdora_ai.cli.app import app
from valdora_ai.cli.live_search import search_live


def _partial(visits: int, complete: bool = False) -> Analysis:
    return Analysis(player=0, candidates=(Candidate(step=1, visits=visits),), agent="fake",
                    complete=complete)


def _search_until_stopped(pause: float, searched: list[int]
                          ) -> Callable[[SearchControl], Analysis]:
    """A fake search reporting one more visit every `pause` seconds until told to stop
    (or 600 visits: a lost Ctrl-C fails); its final count goes to `searched`."""
    def search(control: SearchControl) -> Analysis:
        visits = 0
        while not control.should_stop() and visits < 600:
            visits += 1
            control.report(_partial(visits))
            time.sleep(pause)
        searched.append(visits)
        return _partial(visits)
    return search


def test_partials_are_drawn_and_ctrl_c_keeps_the_best_so_far() -> None:
    drawn: list[int] = []
    search = _search_until_stopped(0.05, [])  # 30 s at most

    def render(analysis: Analysis) -> str:
        drawn.append(analysis.candidates[0].visits)
        return f"visits {analysis.candidates[0].visits}"

    console = Console(file=io.StringIO(), force_terminal=True)
    # interrupt_main does nothing while SIGINT is ignored: make sure Python handles it
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Timer(0.6, _thread.interrupt_main).start()
        result = search_live(search, render, console)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert result.interrupted
    assert drawn and drawn == sorted(drawn)
    assert result.analysis.candidates[0].visits >= drawn[-1]
    assert not result.analysis.complete


def test_an_interrupt_wrapped_during_a_redraw_is_still_ctrl_c() -> None:
    """Ctrl-C landing while a redraw makes a class (a lazy import) arrives wrapped in a
    RuntimeError on Python 3.11: still a stop with the best so far, not a crash (it once
    ended `valdora suggest` with 130 in CI)."""
    searched: list[int] = []
    search = _search_until_stopped(0.01, searched)

    def render(analysis: Analysis) -> str:
        if analysis.candidates[0].visits >= 3:
            wrapped_interrupt()
        return "drawn"

    result = search_live(search, render, Console(file=io.StringIO(), force_terminal=True))
    assert result.interrupted and not result.analysis.complete
    assert searched and searched[0] < 600  # the search was told to stop


def test_a_search_that_ends_is_not_interrupted_and_its_error_is_raised() -> None:
    console = Console(file=io.StringIO(), force_terminal=True)
    result = search_live(lambda control: _partial(5, complete=True), str, console)
    assert not result.interrupted and result.analysis.complete

    def failing(control: SearchControl) -> Analysis:
        raise ValueError("bad budget")

    with pytest.raises(ValueError, match="bad budget"):
        search_live(failing, str, console)


@pytest.fixture
def position(tmp_path: Path) -> Path:
    path = tmp_path / "pos.json"
    result = CliRunner().invoke(app, ["new-position", "-p", "3", "-o", str(path)])
    assert result.exit_code == 0
    return path


def _read_terminal(fd: int, seconds: float) -> bytes:
    """What the terminal has within ``seconds``; b"" on silence or once it is closed.

    A bare ``os.read`` would block past any deadline if the command went quiet."""
    ready, _, _ = select.select([fd], [], [], seconds)
    if not ready:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:  # EIO: the command has exited and closed its end
        return b""


def test_suggest_on_a_terminal_stops_on_ctrl_c_with_its_answer(position: Path) -> None:
    """The real command in a pseudo-terminal: SIGINT ends it at once, exit status 0,
    with the final table (marked stopped early) and the explanation."""
    script = Path(sys.executable).with_name("valdora")
    main, secondary = pty.openpty()
    process = subprocess.Popen(
        [str(script), "suggest", str(position), "--agent", "ismcts:time=60,seed=1",
         "--explain", "-k", "2"], stdin=secondary, stdout=secondary, stderr=secondary,
        start_new_session=True, env={**os.environ, "COLUMNS": "160"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(secondary)
    output = b""
    try:
        deadline = time.monotonic() + 60
        while b"visits" not in output and time.monotonic() < deadline:
            output += _read_terminal(main, 1.0)  # the live table is drawn while searching
        assert b"visits" in output, "no live table within 60 s"
        live = output.decode(errors="replace")
        assert "(searching…)" in live and "(stopped early)" not in live  # not before it has
        process.send_signal(signal.SIGINT)
        assert process.wait(60) == 0
        while chunk := _read_terminal(main, 1.0):
            output += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    text = output.decode(errors="replace")
    assert "(stopped early)" in text
    assert "Moves to " in text and "Traceback" not in text


def test_suggest_off_a_terminal_prints_once_with_its_explanation(position: Path) -> None:
    result = CliRunner().invoke(app, ["suggest", str(position), "--agent",
                                      "ismcts:iterations=60,seed=1", "--explain", "--json"])
    assert result.exit_code == 0, result.output
    import json

    document = json.loads(result.output)
    assert document["explanation"]["turn"] == document["candidates"][0]["turn"]
    plain = CliRunner().invoke(app, ["suggest", str(position), "--agent",
                                     "ismcts:iterations=60,seed=1", "--explain"])
    assert plain.exit_code == 0 and plain.output.count("Seat 0 to move") == 1
    assert "The search values it" in plain.output
