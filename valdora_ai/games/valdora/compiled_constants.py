"""The compiled core's copy of the shared constants: generated, never written by hand.

The reference engine is the specification, so its modules hold the one definition of
every number both engines share (:mod:`~valdora_ai.games.valdora.constants` and
:mod:`~valdora_ai.games.valdora.weights`). setup.py runs this file (by path, before
Cython) to write ``valdora_constants.pxd``, which ``cext/valdora_core.pxd`` cimports:
integers as an anonymous ``cdef enum`` (usable as array sizes), floats as
``static const double`` in C, and a digest of the whole text, which the compiled module
exports as ``CONSTANTS_DIGEST``. :func:`digest` recomputes it from the installed
sources, so a core built from other values (edited, not rebuilt) is detected instead of
silently disagreeing with the reference (:func:`stale_core` tells the core's loader,
:data:`valdora_ai.games.valdora.CORE`, to refuse it).

The sources are read with :mod:`ast`, not imported: the build must not need the
package's dependencies, so this module uses the standard library only, and a source may
hold nothing but ``NAME = literal`` lines (a docstring and comments aside). Tuples are
allowed and not exported (Python-side tables that reach the core through ``CoreData``).
"""

from __future__ import annotations

import ast
import functools
import hashlib
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent

# (source module, C prefix): every number in the source becomes PREFIX + NAME in C.
# weights.py takes a G_ prefix because some of its names (BUY_BASE) are step codes.
SOURCES = (("constants.py", ""), ("weights.py", "G_"))
OUTPUT_NAME = "valdora_constants.pxd"

Value = int | float | tuple[object, ...]


class ConstantsError(Exception):
    """A source holds something other than ``NAME = literal`` (a build-time error)."""


def read_constants(path: Path) -> dict[str, Value]:
    """The ``NAME = literal`` assignments of one source file, in file order."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    values: dict[str, Value] = {}
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            raise ConstantsError(f"{path.name}:{node.lineno}: only `NAME = literal` lines "
                                 "are allowed")
        name = node.targets[0].id
        try:
            value = ast.literal_eval(node.value)
        except ValueError:
            raise ConstantsError(f"{path.name}:{node.lineno}: {name} is not a literal") from None
        if isinstance(value, bool) or not isinstance(value, int | float | tuple):
            raise ConstantsError(f"{path.name}:{node.lineno}: {name} is not a number "
                                 "or a tuple")
        values[name] = value
    return values


def _body(source_dir: Path) -> str:
    ints: list[str] = []
    floats: list[tuple[str, float]] = []
    for source, prefix in SOURCES:
        for name, value in read_constants(source_dir / source).items():
            if isinstance(value, int):
                ints.append(f"    {prefix}{name} = {value}")
            elif isinstance(value, float):
                floats.append((prefix + name, value))
    return "\n".join([
        "cdef enum:",
        *ints,
        "",
        "cdef extern from *:",
        '    """',
        # repr() is the shortest decimal that reads back as the same double.
        *(f"    static const double {name} = {value!r};" for name, value in floats),
        '    """',
        *(f"    const double {name}" for name, _ in floats),
        "",
    ])


def digest(source_dir: Path = HERE) -> str:
    """A fingerprint of every exported constant's name and value."""
    return hashlib.sha256(_body(source_dir).encode("utf-8")).hexdigest()[:16]


def render(source_dir: Path = HERE) -> str:
    """The text of ``valdora_constants.pxd``."""
    sources = " and ".join(f"valdora_ai/games/valdora/{source}" for source, _ in SOURCES)
    return "\n".join([
        f"# Generated from {sources}",
        f"# by {Path(__file__).name}. Do not edit: change those modules and rebuild.",
        "",
        _body(source_dir),
        "cdef extern from *:",
        '    """',
        f'    static const char VALDORA_CONSTANTS_DIGEST[] = "{digest(source_dir)}";',
        '    """',
        "    const char* VALDORA_CONSTANTS_DIGEST",
        "",
    ])


def write(out_dir: Path, source_dir: Path = HERE) -> Path:
    """Write the file into `out_dir` (only when its text changes, so an unchanged
    file does not make Cython recompile) and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / OUTPUT_NAME
    text = render(source_dir)
    if not out.exists() or out.read_text(encoding="utf-8") != text:
        out.write_text(text, encoding="utf-8")
    return out


def stale_core(module: ModuleType) -> str | None:
    """Why a built Valdora core is stale: compiled from other shared constants than the
    installed Python sources (edited, not rebuilt), it would disagree with the reference.
    None when it is current."""
    return _constants_mismatch(getattr(module, "CONSTANTS_DIGEST", None))


@functools.cache
def _constants_mismatch(built: str | None) -> str | None:
    expected = digest()
    if built == expected:
        return None
    return (f"it was compiled from other shared constants ({built}) than the installed "
            f"sources ({expected}); rebuild it")
