"""Reading what users hand the library: bounded files, strict UTF-8, guarded JSON.

Every input file (position, record, data file of every game) is read by
:func:`read_bytes`, :func:`read_text` or :func:`read_json`, and every JSON document a
user wrote is parsed by :func:`load_json`, so each kind of bad input fails the same way
everywhere: as the caller's :class:`~valdora_ai.errors.ValdoraError` subclass with one
line naming the file.

The bounds are far above anything the library writes (a capped 5-player record is
well under a megabyte, a position a few kilobytes) and exist so that ``/dev/zero``,
a 10^5-level nesting or a 10^5-digit number is refused at once instead of exhausting
memory, the stack or Python's integer-conversion limit.
"""

from __future__ import annotations

import codecs
import json
import reprlib
from pathlib import Path
from typing import Any

from valdora_ai.errors import ValdoraError

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest input file read; larger ones (or endless ones) are refused."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted in a JSON document."""

MAX_INT_DIGITS = 30
"""The longest integer accepted in a JSON document (every valid one fits 20 digits)."""


def read_bytes(path: str | Path, error: type[ValdoraError] = ValdoraError, *,
               what: str = "file", limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of an input file (a `what`), at most `limit` of them; `error` naming
    the file if it cannot be read or is larger."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {what} ({exc.strerror or exc})", where=str(path)) from None
    except ValueError as exc:  # e.g. a NUL character in the path
        raise error(f"cannot read {what} ({exc})", where=str(path)) from None
    if len(raw) > limit:
        raise error(f"{what} is larger than {limit // (1024 * 1024)} MiB", where=str(path))
    return raw


def decode_utf8(raw: bytes, where: str, error: type[ValdoraError] = ValdoraError) -> str:
    """`raw` as UTF-8 text (a leading byte-order mark is dropped); `error` if it is not."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise error("the file is UTF-16 text: save it as UTF-8", where=where)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start})",
                    where=where) from None


def read_text(path: str | Path, error: type[ValdoraError] = ValdoraError, *,
              what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of an input file (bounded as :func:`read_bytes`)."""
    return decode_utf8(read_bytes(path, error, what=what, limit=limit), str(path), error)


def read_json(path: str | Path, error: type[ValdoraError] = ValdoraError, *,
              what: str = "file") -> tuple[Any, bytes]:
    """The JSON document in an input file (read as :func:`read_text`, parsed as
    :func:`load_json`) and the file's bytes, which a data file's checksum is of."""
    raw = read_bytes(path, error, what=what)
    return load_json(decode_utf8(raw, str(path), error), str(path), error), raw


class _NumberTooLong(ValueError):
    pass


class _NotJson(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NumberTooLong(text)
    return int(text)


def _reject_constant(name: str) -> float:
    raise _NotJson(f"{name} is not JSON")


def load_json(text: str | bytes, where: str | None = None,
              error: type[ValdoraError] = ValdoraError) -> Any:
    """Parse one JSON document; `error` (naming `where`) if it is not valid JSON, is
    nested deeper than MAX_DEPTH or holds an integer longer than MAX_INT_DIGITS."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        at = (f"line {exc.lineno} column {exc.colno}" if "\n" in exc.doc.rstrip()
              else f"column {exc.colno}")
        raise error(f"not valid JSON ({exc.msg} at {at})", where=where) from None
    except _NotJson as exc:
        raise error(f"not valid JSON ({exc})", where=where) from None
    except _NumberTooLong as exc:
        raise error(f"a number with {len(str(exc).lstrip('-'))} digits (at most "
                    f"{MAX_INT_DIGITS})", where=where) from None
    except RecursionError:
        raise error(f"nested more than {MAX_DEPTH} levels deep", where=where) from None
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset "
                    f"{exc.start})", where=where) from None
    if _deeper_than(value, MAX_DEPTH):
        raise error(f"nested more than {MAX_DEPTH} levels deep", where=where)
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """True if arrays and objects nest more than `limit` levels in `value` (no recursion)."""
    todo = [(value, 1)] if isinstance(value, dict | list) else []
    while todo:
        item, depth = todo.pop()
        if depth > limit:
            return True
        children = item.values() if isinstance(item, dict) else item
        todo.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def brief(value: Any, width: int = 60) -> str:
    """`value` as Python writes it, cut to `width` characters: user values quoted in an
    error line keep it short (a damaged file can hold megabytes in one value)."""
    short = reprlib.Repr()
    short.maxlevel, short.maxstring, short.maxother = 3, width, width
    text = short.repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"
