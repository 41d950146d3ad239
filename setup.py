"""Build script: package layout and the optional Cython extensions.

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
* the extensions are optional: without a working C compiler the build warns once and
  installs the pure-Python engine (:class:`OptionalBuildExt`), so that ``pip install .``
  works everywhere; ``valdora_ai.backend`` then falls back to the pure engine.

Environment:
    VALDORA_REQUIRE_COMPILED=1  a failed compile fails the build (CI relies on it), as the
                                same variable makes the library refuse the pure engine.
    VALDORA_DEBUG_BUILD=1  bounds/wraparound/initialized checks on, ``-O0 -g`` instead of
                           ``-O3``. Generated C goes to a separate directory per mode, so
                           switching modes always re-runs Cython.

The module can be imported without Cython (tests do, to exercise OptionalBuildExt):
Cython is needed only when ``setup()`` runs, and it is a build requirement.
"""

from __future__ import annotations

import os
import runpy
import sys
import warnings
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

HERE = Path(__file__).resolve().parent
DEBUG_BUILD = os.environ.get("VALDORA_DEBUG_BUILD") == "1"
REQUIRE_ENV = "VALDORA_REQUIRE_COMPILED"  # the name valdora_ai.backend reads at run time
# The C side of the shared constants, generated from the Python modules before Cython runs.
GENERATED_DIR = HERE / "build" / "generated"

# The one place where Cython compiler directives are set (no per-file headers).
COMPILER_DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG_BUILD,
    "wraparound": DEBUG_BUILD,
    "cdivision": True,
    "initializedcheck": DEBUG_BUILD,
}

# The C heuristics must match the Python reference to the bit, so the compiler may not
# fuse a*b+c into one fused multiply-add (one rounding instead of two): GCC contracts
# across statements by default wherever the target has FMA (arm64, ppc64le, x86-64-v3).
if sys.platform == "win32":
    FP_ARGS = ["/fp:precise"]  # MSVC contracts only under /fp:fast or /fp:contract
    EXTRA_COMPILE_ARGS = FP_ARGS + (["/Od", "/Zi"] if DEBUG_BUILD else ["/O2"])
else:
    FP_ARGS = ["-ffp-contract=off"]
    # Python's own CFLAGS usually carry -O3 already; -O0 comes later and wins. They also
    # carry -fwrapv, which keeps GCC from assuming that the cores' int counters and
    # indices never overflow (they stay far below INT_MAX; the generator is unsigned):
    # -fno-wrapv comes later and wins.
    EXTRA_COMPILE_ARGS = FP_ARGS + (["-O0", "-g"] if DEBUG_BUILD else ["-O3", "-fno-wrapv"])

NO_COMPILER_WARNING = (
    "valdora_ai: the C extensions could not be built ({reason}); installing the "
    "pure-Python engine, which plays the same games more slowly. For the compiled engine "
    "install a C compiler and reinstall with pip's --no-cache-dir --force-reinstall; set "
    f"{REQUIRE_ENV}=1 to make this an error (docs/install.md)."
)

REASON_CHARS = 60  # of the failure message kept at each end

# What a missing or broken compiler raises (CompileError and LinkError are CCompilerErrors;
# PlatformError: no compiler for this platform, e.g. no MSVC on Windows).
BUILD_ERRORS = (CCompilerError, ExecError, PlatformError)


class OptionalBuildExt(build_ext):
    """build_ext that degrades to the pure engine when the C compiler fails.

    Errors are caught around the whole command, before setuptools copies the built
    modules into the source tree, so an editable install is left without half a set of
    extensions. With VALDORA_REQUIRE_COMPILED=1 the error propagates and the build fails.
    """

    def run(self) -> None:
        try:
            super().run()
        except BUILD_ERRORS as exc:
            if os.environ.get(REQUIRE_ENV) == "1":
                raise
            reason = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
            if len(reason) > 2 * REASON_CHARS:  # a failed compile quotes its command line
                reason = f"{reason[:REASON_CHARS]} ... {reason[-REASON_CHARS:]}"
            warnings.warn(NO_COMPILER_WARNING.format(reason=reason), stacklevel=1)


def _extensions() -> list[Extension]:
    from Cython.Build import cythonize  # a build requirement (pyproject.toml)

    # Run by path: the build does not import the package.
    constants = runpy.run_path(str(HERE / "valdora_ai/games/valdora/compiled_constants.py"))
    constants["write"](GENERATED_DIR)

    # Relative paths: setuptools (and pip) run this script from the project root.
    sources = sorted(p.relative_to(HERE).as_posix() for p in (HERE / "cext").glob("*.pyx"))
    extensions = [
        Extension(f"valdora_ai._{Path(src).stem}", [src], extra_compile_args=EXTRA_COMPILE_ARGS)
        for src in sources
    ]
    return cythonize(
        extensions,
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["cext", GENERATED_DIR.relative_to(HERE).as_posix()],
        build_dir=os.path.join("build", "cython-debug" if DEBUG_BUILD else "cython"),
        quiet=True,
    )


def _packages() -> list[str]:
    cli_packages = ["valdora_ai.cli"] + [
        f"valdora_ai.cli.{name}" for name in find_packages(where="cli")
    ]
    return find_packages(include=["valdora_ai", "valdora_ai.*"]) + cli_packages


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__
    setup(
        packages=_packages(),
        package_dir={"valdora_ai.cli": "cli"},
        ext_modules=_extensions(),
        cmdclass={"build_ext": OptionalBuildExt},
    )
