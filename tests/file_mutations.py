"""Seeded mutations of input files for the file fuzzer (tests/test_file_fuzz.py).

Each mutator takes the bytes of a valid file and a ``random.Random`` and returns the
bytes of a damaged one. Text-level mutators break any file; JSON-aware ones keep the
document parseable and change one value (a type swap, a huge number, deep nesting),
which reaches the validators instead of the parser; record mutators work line by line.
"""

from __future__ import annotations

import codecs
import json
import random
import re
from collections.abc import Callable
from typing import Any

Mutator = Callable[[bytes, random.Random], bytes]

HUGE_NUMBERS = ("18446744073709551616", "-9223372036854775809", "100000000000000000000",
                "1" + "0" * 35, "9" * 5000, "1e400", "-1e400", "1.5", "-1", "2147483648",
                "1000000000", "NaN", "Infinity")
ODD_VALUES: tuple[Any, ...] = (None, [], {}, "", "x", "²", True, False, 0.5, -1, 0, 2**63,
                               10**20, [None], {"a": 1}, "A" * 3000, "[/x]", "[red]")


def byte_flips(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def truncation(raw: bytes, rng: random.Random) -> bytes:
    return raw[:rng.randrange(len(raw) + 1)]


def splice(raw: bytes, rng: random.Random) -> bytes:
    """A piece of the file copied over another place (or repeated in place)."""
    a, b = sorted(rng.randrange(len(raw) + 1) for _ in range(2))
    at = rng.randrange(len(raw) + 1)
    piece = raw[a:b] * rng.choice((1, 1, 2, 50))
    return raw[:at] + piece + raw[at + rng.randrange(len(piece) + 1):]


def huge_number_text(raw: bytes, rng: random.Random) -> bytes:
    """One number of the text replaced by a huge, negative or non-integer one."""
    matches = list(re.finditer(rb"-?\d+", raw))
    if not matches:
        return raw + HUGE_NUMBERS[0].encode()
    match = rng.choice(matches)
    return raw[:match.start()] + rng.choice(HUGE_NUMBERS).encode() + raw[match.end():]


def deep_nesting_text(raw: bytes, rng: random.Random) -> bytes:
    depth = rng.choice((40, 1000, 100_000))
    at = rng.randrange(len(raw) + 1)
    opener, closer = rng.choice(((b"[", b"]"), (b"{", b"}"), (b'{"a":', b"}")))
    return raw[:at] + opener * depth + closer * rng.choice((0, depth)) + raw[at:]


def bad_encoding(raw: bytes, rng: random.Random) -> bytes:
    text = raw.decode("utf-8")
    choice = rng.randrange(5)
    if choice == 0:
        return text.encode("utf-16")
    if choice == 1:
        return codecs.BOM_UTF8 + raw
    if choice == 2:
        return text.encode("utf-32")
    if choice == 3:
        return text.replace("a", "\xe4", 3).encode("latin-1", errors="replace")
    at = rng.randrange(len(raw) + 1)
    return raw[:at] + rng.choice((b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80")) + raw[at:]


TEXT_MUTATORS: tuple[Mutator, ...] = (byte_flips, truncation, splice, huge_number_text,
                                      deep_nesting_text, bad_encoding)


def value_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every value in a JSON document, the root's () first."""
    paths = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            paths += value_paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += value_paths(child, prefix + (index,))
    return paths


def replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    """`document` with the value at `path` replaced by `new` (in place)."""
    if not path:
        return new
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return document


def _odd_value(rng: random.Random) -> Any:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.choice(ODD_VALUES)
    if kind == 1:
        return int(rng.choice(("1" + "0" * 19, "1" + "0" * 25, "-" + "9" * 18)))
    if kind == 2:
        value: Any = 1
        for _ in range(rng.choice((40, 200, 2000))):
            value = [value]
        return value
    return rng.choice(ODD_VALUES[:6]) if rng.random() < 0.5 else -rng.randrange(1, 300)


def json_value_swap(raw: bytes, rng: random.Random) -> bytes:
    """One value of a JSON document (anywhere, the root included) replaced by an odd one;
    a key dropped now and then."""
    document = json.loads(raw)
    path = rng.choice(value_paths(document))
    if path and rng.random() < 0.2:
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
        return json.dumps(document).encode()
    old = document
    for key in path:
        old = old[key]
    if isinstance(old, int) and not isinstance(old, bool) and rng.random() < 0.5:
        new = old + rng.choice((-2, -1, 1, 1, 2, 100, 1000))  # near the valid range
    else:
        new = _odd_value(rng)
    return json.dumps(replaced(document, path, new)).encode()


JSON_MUTATORS: tuple[Mutator, ...] = (json_value_swap,) * 3 + TEXT_MUTATORS


def record_line_edit(raw: bytes, rng: random.Random) -> bytes:
    """One line of a JSON-lines record mutated (as JSON or as text), dropped, repeated
    or moved."""
    lines = raw.split(b"\n")
    i = rng.randrange(len(lines) - 1) if len(lines) > 1 else 0
    choice = rng.randrange(4)
    if choice == 0:
        del lines[i]
    elif choice == 1:
        lines.insert(rng.randrange(len(lines) + 1), lines[i])
    elif choice == 2:
        lines[i] = rng.choice(JSON_MUTATORS)(lines[i], rng) if lines[i] else b"{"
    else:
        lines[i] = json_value_swap(lines[i], rng) if lines[i] else b"[]"
    return b"\n".join(lines)


RECORD_MUTATORS: tuple[Mutator, ...] = (record_line_edit,) * 4 + TEXT_MUTATORS


def toml_value_edit(raw: bytes, rng: random.Random) -> bytes:
    """One `key = value` of a TOML file given an odd value."""
    matches = list(re.finditer(rb"(?m)^(\w+ = )(.+)$", raw))
    match = rng.choice(matches)
    value = rng.choice(("18446744073709551616", "100000000000000000000", "1000000000",
                        "-1", "0", "32768", "256", "127", '"x"', "[]", "{}", "1.5", "true",
                        "nan", "inf", "[" * 2000 + "]" * 2000, "9" * 5000))
    return raw[:match.start(2)] + value.encode() + raw[match.end(2):]


TOML_MUTATORS: tuple[Mutator, ...] = (toml_value_edit,) * 4 + TEXT_MUTATORS


def mutate(raw: bytes, mutators: tuple[Mutator, ...], rng: random.Random) -> bytes:
    """`raw` damaged by the first (structure-aware) mutator alone half the time, so that
    many files still parse and reach the validators and the engines; otherwise by one to
    three random ones (a structure-aware one that no longer finds valid JSON falls back
    to byte flips)."""
    if rng.random() < 0.5:
        mutators = mutators[:1]
    for _ in range(1 if len(mutators) == 1 else rng.choice((1, 1, 2, 3))):
        mutator = rng.choice(mutators)
        try:
            raw = mutator(raw, rng)
        except (ValueError, IndexError, RecursionError):
            raw = byte_flips(raw, rng)
    return raw
