"""The supervisor of one external engine: nothing the program starts outlives it (Linux).

:class:`~valdora_ai.agents.external.ExternalAgent` runs this file as a script (``python
-I -S reaper.py PARENT STATUS_FD PROGRAM ARGS...``, in a session of its own), and it
starts the program with the same standard input and output. It is a *child subreaper*
(``prctl(PR_SET_CHILD_SUBREAPER)``): a process the program starts stays below it
however it detaches (``setsid``, a double fork), where the process group alone lost
it. When the program exits, or the supervisor is told to stop (SIGTERM, SIGHUP, SIGINT,
or the death of PARENT, the game's process, which a watching thread notices), it kills
every process below it, reaps them, and exits as the program did. A program that
cannot be started leaves the reason on STATUS_FD and the supervisor exits with 127.

Standard library only, and nothing imported from the package: it starts in a few
milliseconds and in no interpreter state of the game's process.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
POLL_SECONDS = 0.25  # how often the watching thread looks for the game's process
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
CANNOT_START = 127  # the supervisor's exit code when the program did not start


class Stop(Exception):
    """The game is over for the program: the supervisor was told to stop."""


def _stop(signum: int, frame: object) -> None:
    for number in STOP_SIGNALS:  # one stop is enough: the rest must not cut the clean-up
        signal.signal(number, signal.SIG_IGN)
    raise Stop


def descendants(root: int) -> list[int]:
    """Every process below `root` in the process table (/proc), zombies included."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], list(children.get(root, ()))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return found


def kill_below(root: int) -> None:
    """Kill and reap every process below `root` (this process, a subreaper): a process
    started while the others die is found on the next pass. One that is not ours to
    kill (a set-user-ID program's) is left: the game's process ends us in the end."""
    spared: set[int] = set()
    while doomed := [pid for pid in descendants(root) if pid not in spared]:
        for pid in doomed:
            try:
                os.kill(pid, signal.SIGKILL)
            except PermissionError:
                spared.add(pid)
            except ProcessLookupError:
                pass
        time.sleep(0.001)
        _reap_exited()
    _reap_exited()


def _reap_exited() -> None:
    with suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def _wait_for(program: int) -> int:
    """Wait for `program` to exit, reaping the orphans handed to us meanwhile."""
    while True:
        pid, status = os.waitpid(-1, 0)
        if pid == program:
            return os.waitstatus_to_exitcode(status)


def _watch(parent: int) -> None:
    """Stop the supervisor (in its main thread, where the handler runs) once `parent`
    is gone. A thread and not PR_SET_PDEATHSIG, which fires when the *thread* that
    started us ends, though the game's process may go on asking the program."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # they go to the main thread
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGTERM)


def main(argv: list[str]) -> int:
    parent, status_fd, command = int(argv[1]), int(argv[2]), argv[3:]
    for number in STOP_SIGNALS:
        signal.signal(number, _stop)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    if os.getppid() != parent:  # the game's process died while we started
        return CANNOT_START
    threading.Thread(target=_watch, args=(parent,), daemon=True).start()
    code = -signal.SIGTERM  # what the supervisor dies of when told to stop
    try:
        os.set_inheritable(status_fd, False)
        try:  # with the signals Python ignores (SIGPIPE, SIGXFSZ) back to their default
            program = os.posix_spawnp(command[0], command, os.environ,
                                      setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))
        except OSError as exc:
            os.write(status_fd, (exc.strerror or str(exc)).encode())
            return CANNOT_START
        os.close(status_fd)
        # Our copies of the pipes closed: the game sees the end of the program's output
        # once the program and everything it started are gone.
        quiet = os.open(os.devnull, os.O_RDWR)
        os.dup2(quiet, 0)
        os.dup2(quiet, 1)
        code = _wait_for(program)
    except Stop:
        pass
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        kill_below(os.getpid())
    if code < 0:  # died of a signal: so does the supervisor, for the same status
        with suppress(OSError):  # SIGKILL has no handler to reset
            signal.signal(-code, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [-code])
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    os._exit(main(sys.argv))  # nothing to finalize: skip the interpreter's shutdown
