"""Writing files atomically: a reader sees the old file or the new one, never a part.

Every file the library writes (records, positions, exports, plots) goes through
:func:`atomic_write`. The content goes to a hidden temporary file in the target's
directory, is flushed and fsynced, and is then renamed over the target. If anything
fails (a full disk, a permission, an error while producing the content, Ctrl-C) the
temporary file is removed, an existing file is left exactly as it was, and a failure to
write is a :class:`~valdora_ai.errors.WriteError` naming the file as it was given.

Symlinks are followed: the file a link points to (through every level) is replaced and
the link stays a link; a dangling link creates the file it names. A replaced file keeps
its permission bits. Special files that cannot be replaced (``/dev/null``,
``/dev/stdout``, a FIFO) are written in place: they hold no content to keep. A
directory as the target is refused.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import IO, Any, Literal, overload

from valdora_ai.errors import WriteError

NEW_FILE_MODE = 0o666  # before the umask, as open() creates files
_NAME_KEPT = 200  # characters of the target's name kept in the temporary's (NAME_MAX is 255)


@overload
def atomic_write(path: str | Path,
                 mode: Literal["w"] = "w") -> AbstractContextManager[IO[str]]: ...


@overload
def atomic_write(path: str | Path,
                 mode: Literal["wb"]) -> AbstractContextManager[IO[bytes]]: ...


def atomic_write(path: str | Path, mode: str = "w") -> AbstractContextManager[IO[Any]]:
    """A stream (UTF-8 text, or bytes with ``mode="wb"``) whose content replaces `path`
    when the ``with`` block ends without an exception; on an exception `path` is kept."""
    return _atomic(Path(path), mode)


def write_text_atomic(path: str | Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8), atomically."""
    with atomic_write(path) as stream:
        stream.write(text)


def check_writable(path: str | Path) -> None:
    """Refuse now, with the WriteError a write would raise, a target that cannot be
    written: a directory, or one in a directory that does not exist. Commands call it
    before long work whose result goes to `path`."""
    existing = _existing(Path(path))
    if existing is not None and stat.S_ISDIR(existing.st_mode):
        raise WriteError("cannot write (it is a directory)", where=str(path))
    if existing is None and not Path(os.path.realpath(path)).parent.is_dir():
        raise WriteError(f"cannot write ({os.strerror(errno.ENOENT)})", where=str(path))


@contextmanager
def _atomic(path: Path, mode: str) -> Iterator[IO[Any]]:
    encoding = None if "b" in mode else "utf-8"
    target = Path(os.path.realpath(path))
    # Hidden, beside the target (same file system: the rename is atomic); 32 random bits
    # make a clash with another writer's temporary (refused by O_EXCL) all but impossible.
    temporary = target.with_name(f".{target.name[:_NAME_KEPT]}.{secrets.token_hex(4)}.tmp")
    try:
        existing = _existing(path)
        if existing is not None and stat.S_ISDIR(existing.st_mode):
            raise WriteError("cannot write (it is a directory)", where=str(path))
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            with open(path, mode, encoding=encoding) as special:
                yield special
            return
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        descriptor = os.open(temporary, flags, NEW_FILE_MODE)
        try:
            with os.fdopen(descriptor, mode, encoding=encoding) as stream:
                yield stream
                stream.flush()
                os.fsync(stream.fileno())
            if existing is not None:
                os.chmod(temporary, stat.S_IMODE(existing.st_mode))
            os.replace(temporary, target)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary)
            raise
        _sync_directory(target.parent)
    except OSError as exc:
        if exc.filename not in (None, str(path), str(target), str(temporary)):
            raise  # an error of the code producing the content, about another file
        raise WriteError(f"cannot write ({exc.strerror or exc})", where=str(path)) from None


def _existing(path: Path) -> os.stat_result | None:
    """What `path` names, links followed by the kernel (so /dev/stdout works); None if
    nothing is there yet."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable; not every file system can sync a directory."""
    with suppress(OSError):
        descriptor = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
