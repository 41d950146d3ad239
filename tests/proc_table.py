"""The live process table, read from /proc (Linux): for tests that check what is left."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def processes() -> Iterator[tuple[int, str, bytes]]:
    """(pid, /proc/PID/stat text, command line bytes) of every process still readable."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        yield int(entry.name), stat, command


def state_of(stat: str) -> str:
    """The one-letter state in a /proc/PID/stat line (Z: a zombie)."""
    return stat.rsplit(")", 1)[1].split()[0]
