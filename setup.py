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
* a set-up compiles each extension once: pip builds every install in a fresh isolated
  environment and a temporary build directory, so timestamps say nothing and objects are
  not kept. Cython runs only when the content of ``cext/`` (or Cython's version, or the
  directives) changed, and each compiled module is kept in ``build/ext-cache/`` under a
  digest of its C source and compiler, so the README's second install reuses what the
  first compiled. Extensions compile in parallel on every core, and each one announces
  itself on the terminal (pip shows a build's own output only with ``-v``).

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

import hashlib
import os
import runpy
import shutil
import sys
import sysconfig
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

# Where compiled modules are kept between builds, one folder per digest (relative to the
# directory the build runs in: setuptools and pip run this script from the project root).
EXT_CACHE_DIR = Path("build") / ("ext-cache-debug" if DEBUG_BUILD else "ext-cache")
CYTHON_BUILD_DIR = Path("build") / ("cython-debug" if DEBUG_BUILD else "cython")
CYTHON_KEY_FILE = "sources.sha256"  # in CYTHON_BUILD_DIR: the digest its C was written from

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

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:  # `-j` on the command line still wins
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext: Extension) -> None:
        """Copy the module from the cache when this C source and compiler built it before;
        otherwise compile it and keep a copy."""
        target = Path(self.get_ext_fullpath(ext.name))
        cached = EXT_CACHE_DIR / self._digest(ext) / target.name
        target.parent.mkdir(parents=True, exist_ok=True)
        if cached.is_file():
            shutil.copy2(cached, target)
            _tell(f"valdora_ai: reusing {ext.name}, compiled before ({cached.parent})")
            return
        _tell(f"valdora_ai: compiling {ext.name} ...")
        super().build_extension(ext)
        for stale in EXT_CACHE_DIR.glob(f"*/{target.name}"):  # an older build of this module
            shutil.rmtree(stale.parent, ignore_errors=True)
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(cached.name + ".partial")
        shutil.copy2(target, partial)
        os.replace(partial, cached)
        _tell(f"valdora_ai: compiled {ext.name}")

    def _digest(self, ext: Extension) -> str:
        """What the module's bytes depend on: its C sources, the compiler and its flags,
        the interpreter's headers and ABI."""
        compiler = getattr(self.compiler, "compiler_so", None) or type(self.compiler).__name__
        return _sha256(
            *(Path(source).read_bytes() for source in ext.sources),
            repr(compiler), repr(ext.extra_compile_args), repr(ext.define_macros),
            sysconfig.get_paths()["include"], sysconfig.get_config_var("EXT_SUFFIX") or "",
            sys.version,
        )


def _sha256(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def _tell(message: str) -> None:
    """Say a step of the build on the terminal: pip captures a build's output and shows
    it only with -v (where it goes too), so the line goes to /dev/tty when there is one."""
    sys.stderr.write(f"{message}\n")  # one write: parallel builds do not interleave it
    sys.stderr.flush()
    try:
        with open("/dev/tty", "w", encoding="utf-8") as tty:
            tty.write(f"\n{message} ")  # pip's spinner backs over the space and turns there
    except OSError:  # no controlling terminal (CI, a pipe): stderr is enough
        pass


def _extensions() -> list[Extension]:
    from Cython.Build import cythonize  # a build requirement (pyproject.toml)

    # Run by path: the build does not import the package.
    constants = runpy.run_path(str(HERE / "valdora_ai/games/valdora/compiled_constants.py"))
    constants["write"](GENERATED_DIR)

    # Relative paths: setuptools (and pip) run this script from the project root.
    sources = sorted(p.relative_to(HERE).as_posix() for p in (HERE / "cext").glob("*.pyx"))
    c_files = [CYTHON_BUILD_DIR / Path(src).with_suffix(".c") for src in sources]
    key_file, key = CYTHON_BUILD_DIR / CYTHON_KEY_FILE, _cython_sources_digest()
    if key_file.is_file() and key_file.read_text() == key and all(c.is_file() for c in c_files):
        return [_extension(c.as_posix()) for c in c_files]
    # Cython's own timestamp check fails here: every isolated build environment installs
    # a fresh Cython whose .pxd files are newer than any C written before. The digest
    # decides instead, and a change regenerates every module (a few seconds).
    _tell(f"valdora_ai: running Cython on {len(sources)} modules ...")
    key_file.unlink(missing_ok=True)
    extensions = cythonize(
        [_extension(src) for src in sources],
        compiler_directives=COMPILER_DIRECTIVES,
        include_path=["cext", GENERATED_DIR.relative_to(HERE).as_posix()],
        build_dir=CYTHON_BUILD_DIR.as_posix(),
        force=True,
        nthreads=os.cpu_count() or 1,
        quiet=True,
    )
    key_file.write_text(key)
    return extensions


def _extension(source: str) -> Extension:
    return Extension(f"valdora_ai._{Path(source).stem}", [source],
                     extra_compile_args=EXTRA_COMPILE_ARGS)


def _cython_sources_digest() -> str:
    """What Cython's output depends on: the Cython sources of cext/, the generated
    constants, Cython's version and the directives."""
    from Cython import __version__ as cython_version

    files = sorted(f for folder in (HERE / "cext", GENERATED_DIR) for f in folder.iterdir()
                   if f.suffix in {".pyx", ".pxd", ".pxi"})
    return _sha256(cython_version, repr(sorted(COMPILER_DIRECTIVES.items())),
                   *(part for f in files for part in (f.name, f.read_bytes())))


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
