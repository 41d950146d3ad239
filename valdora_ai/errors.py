"""The one error hierarchy of valdora_ai.

Every error a user can cause (bad data file, bad position, bad record, illegal move,
bad agent spec) is a :class:`ValdoraError`. Each carries a one-line message that names
what is wrong and where, so that the CLI, the engine protocol and the Python API can
show it as is. They subclass :class:`ValueError` (as python-chess does) because they
all mean "this input is not acceptable".
"""

from __future__ import annotations


class ValdoraError(ValueError):
    """Base class: a one-line, user-facing description of bad input."""

    def __init__(self, message: str, *, where: str | None = None) -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class DataError(ValdoraError):
    """The component data file is malformed or inconsistent."""


class PositionError(ValdoraError):
    """A position (JSON) is malformed or inconsistent; `where` is the field path."""


class RecordError(ValdoraError):
    """A game record is malformed or does not replay."""


class IllegalMoveError(ValdoraError):
    """A step or turn is not legal in the position it was played in."""


class NotationError(IllegalMoveError):
    """A turn or step in the notation cannot be parsed."""


class SpecError(ValdoraError):
    """An agent specification string is malformed or names unknown parameters."""


class WriteError(ValdoraError):
    """A file could not be written (full disk, no permission, a directory in the way);
    the file that was there, if any, is unchanged."""
