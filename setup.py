"""Build script: package layout and the Cython extensions.

Metadata lives in pyproject.toml; this file only adds what pyproject cannot express:

* ``cli/`` is installed as the subpackage ``valdora_ai.cli`` (``package_dir`` mapping),
  never as a top-level ``cli`` module.
* every ``cext/<stem>.pyx`` is compiled into the extension module ``valdora_ai._<stem>``.
  ``pip install -e .`` builds them in place (``valdora_ai/_<stem>*.so``): setuptools'
  PEP 660 editable wheels (setuptools >= 64) set ``build_ext.editable_mode``, which
  implies ``--inplace``; the editable finder then maps ``valdora_ai`` to
  ``./valdora_ai`` and ``valdora_ai.cli`` to ``./cli``.
* the constants both engines share are written from their Python definitions into
  ``build/generated/valdora_constants.pxd`` first
  (``valdora_ai/games/valdora/compiled_constants.py``), for Cython to cimport.

Environment:
    VALDORA_DEBUG_BUILD=1  bounds/wraparound/initialized checks on, ``-O0 -g`` instead of
                           ``-O3``. Generated C goes to a separate directory per mode, so
                           switching modes always re-runs Cython.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

HERE = Path(__file__).resolve().parent
DEBUG_BUILD = os.environ.get("VALDORA_DEBUG_BUILD") == "1"

# The one place where Cython compiler directives are set (no per-file headers).
COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG_BUILD,
    "wraparound": DEBUG_BUILD,
    "cdivision": True,
    "initializedcheck": DEBUG_BUILD,
}

if sys.platform == "win32":
    EXTRA_COMPILE_ARGS = ["/Od", "/Zi"] if DEBUG_BUILD else ["/O2"]
else:
    # Python's own CFLAGS usually carry -O3 already; -O0 comes later and wins.
    EXTRA_COMPILE_ARGS = ["-O0", "-g"] if DEBUG_BUILD else ["-O3"]


def _extensions() -> list[Extension]:
    # Relative paths: setuptools (and pip) run this script from the project root.
    sources = sorted(p.relative_to(HERE).as_posix() for p in (HERE / "cext").glob("*.pyx"))
    return [
        Extension(
            f"valdora_ai._{Path(src).stem}",
            [src],
            extra_compile_args=EXTRA_COMPILE_ARGS,
        )
        for src in sources
    ]


# The C side of the shared constants, generated from the Python modules (run by path:
# the build does not import the package).
GENERATED_DIR = HERE / "build" / "generated"
_constants = runpy.run_path(str(HERE / "valdora_ai/games/valdora/compiled_constants.py"))
_constants["write"](GENERATED_DIR)

cli_packages = ["valdora_ai.cli"] + [
    f"valdora_ai.cli.{name}" for name in find_packages(where="cli")
]

setup(
    packages=find_packages(include=["valdora_ai", "valdora_ai.*"]) + cli_packages,
    package_dir={"valdora_ai.cli": "cli"},
    ext_modules=cythonize(
        _extensions(),
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["cext", GENERATED_DIR.relative_to(HERE).as_posix()],
        build_dir=os.path.join("build", "cython-debug" if DEBUG_BUILD else "cython"),
        quiet=True,
    ),
)
