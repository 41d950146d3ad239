"""A disk that fills up: a real small tmpfs where this process may mount one, otherwise
ENOSPC injected into the calls a write ends with. Used through the ``disk`` fixture."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

FILLER = ".filler"
_CONNECT, _FSYNC = sqlite3.connect, os.fsync


def mount_tmpfs(directory: Path, size: str = "64k", read_only: bool = False) -> bool:
    """Mount a tmpfs of `size` on `directory`; False where mounting is not permitted."""
    options = f"size={size}" + (",ro" if read_only else "")
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(directory)],
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def remount(directory: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(directory)], check=True,
                   capture_output=True, timeout=30)


def unmount(directory: Path) -> None:
    subprocess.run(["umount", "-l", str(directory)], check=True, capture_output=True,
                   timeout=30)


class _FullConnection(sqlite3.Connection):
    """A connection whose every write fails as SQLite's do on a full disk."""

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        if sql.lstrip().upper().startswith(("INSERT", "CREATE", "UPDATE")):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)


class Disk:
    """`path`, a directory whose file system `fill()` makes full (see the module)."""

    def __init__(self, path: Path, mounted: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path, self.mounted, self.monkeypatch = path, mounted, monkeypatch

    def fill(self) -> None:
        if not self.mounted:
            self.monkeypatch.setattr(os, "fsync", self._fsync)
            self.monkeypatch.setattr(sqlite3, "connect", self._connect)
            return
        descriptor = os.open(self.path / FILLER, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(descriptor, b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
        finally:
            os.close(descriptor)

    def _fsync(self, descriptor: int) -> None:
        """os.fsync, failing as a full disk does for the files on this disk."""
        if str(self.path) in os.readlink(f"/proc/self/fd/{descriptor}"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        _FSYNC(descriptor)

    def _connect(self, database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        """sqlite3.connect, with full-disk writes for the databases on this disk."""
        if str(self.path) in str(database):
            kwargs["factory"] = _FullConnection
        return _CONNECT(database, *args, **kwargs)

    def listing(self) -> list[str]:
        """The names in `path`, the filler left out: a failed write must leave none."""
        return sorted(p.name for p in self.path.iterdir() if p.name != FILLER)


def one_error_line(result: Result) -> str:
    """The single `error:` line of a command that failed with exit code 1."""
    assert result.exit_code == 1, result.output
    text = result.output.strip()
    assert text.startswith("error: ") and "\n" not in text, text
    assert "Traceback" not in text
    return text
