"""Worker processes do not outlive a parent killed with `kill -9`.

joblib's workers used to sleep on for minutes after their tournament (or parallel
search) was killed. Each test starts the real command, waits for its workers, kills
the command with SIGKILL and gives the workers a generous bound to exit; any still
alive at the end are killed so that a failing run leaves nothing behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from proc_table import processes

from valdora_ai import workers

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="finds the workers through /proc (Linux)")

BOUND = 15.0  # seconds for the workers to exit (they poll every workers.POLL_SECONDS)


def _workers_of(pid: int) -> list[int]:
    """The joblib (loky) worker processes whose parent is `pid`."""
    return [child for child, stat, command in processes()
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"popen_loky" in command]


def _alive(pids: list[int]) -> list[int]:
    left = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.append(pid)
    return left


def _position(tmp_path: Path) -> Path:
    path = tmp_path / "start.json"
    subprocess.run([sys.executable, "-m", "valdora_ai.cli.app", "new-position", "--players",
                    "3", "--output", str(path)], check=True, timeout=60)
    return path


@pytest.mark.parametrize("command", ["tournament", "suggest"])
def test_workers_exit_soon_after_their_parent_is_killed(tmp_path: Path, command: str) -> None:
    args = (["tournament", "-a", "greedy", "-a", "random", "-n", "2000", "-j", "2", "--db",
             str(tmp_path / "t.sqlite")] if command == "tournament" else
            ["suggest", str(_position(tmp_path)), "-a", "ismcts", "--time", "120", "--jobs",
             "2"])
    parent = subprocess.Popen([sys.executable, "-m", "valdora_ai.cli.app", *args],
                              cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    found: list[int] = []
    try:
        deadline = time.monotonic() + 90
        while len(found) < 2 and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.2)
            found = _workers_of(parent.pid)
        time.sleep(1.0)  # let them take up their tasks
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
    assert len(found) >= 2, "the command started no workers"
    deadline = time.monotonic() + BOUND
    while _alive(found) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _alive(found)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"workers {left} outlived their parent by {BOUND} s"


def test_a_worker_whose_parent_died_while_it_started_exits_at_once() -> None:
    """The initializer, run in a process whose given parent is already gone."""
    code = ("import os; from valdora_ai import workers; "
            "workers.exit_with_parent(os.getppid() + 1); print('survived')")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert (proc.returncode, proc.stdout) == (workers.ORPHAN_EXIT_CODE, "")
