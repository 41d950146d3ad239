"""The build: optional extensions, bit-exact floating point, the version in one place."""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import Distribution, Extension
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError

import valdora_ai
from valdora_ai import _version, backend

ROOT = Path(__file__).resolve().parents[1]


def _setup_script() -> ModuleType:
    """setup.py as a module: its setup() call only runs as __main__."""
    spec = importlib.util.spec_from_file_location("valdora_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


setup_script = _setup_script()

needs_unix_cc = pytest.mark.skipif(
    sys.platform == "win32" or not os.access("/bin/false", os.X_OK),
    reason="simulates a broken compiler with CC=/bin/false",
)


def _build_probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, build: str = "") -> Path:
    """Run OptionalBuildExt on a one-file extension in `tmp_path`, as pip would: into a
    fresh build directory named after `build`, from the project directory."""
    if not (tmp_path / "probe.c").exists():
        (tmp_path / "probe.c").write_text("int probe(void) { return 1; }\n")
    monkeypatch.chdir(tmp_path)
    dist = Distribution({"name": "probe", "ext_modules": [Extension("probe", ["probe.c"])]})
    command = setup_script.OptionalBuildExt(dist)
    command.build_lib = str(tmp_path / f"lib{build}")
    command.build_temp = str(tmp_path / f"temp{build}")
    command.ensure_finalized()
    command.run()
    return tmp_path / f"lib{build}"


def _build_with_broken_compiler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run OptionalBuildExt on a one-file extension with a compiler that always fails."""
    monkeypatch.setenv("CC", "/bin/false")
    return _build_probe(tmp_path, monkeypatch)


@needs_unix_cc
def test_without_a_compiler_the_build_warns_once_and_succeeds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(backend.REQUIRE_ENV, raising=False)
    with pytest.warns(UserWarning) as caught:
        lib = _build_with_broken_compiler(tmp_path, monkeypatch)
    messages = [str(w.message) for w in caught if "valdora_ai" in str(w.message)]
    assert len(messages) == 1
    assert "pure-Python engine" in messages[0] and backend.REQUIRE_ENV in messages[0]
    assert not list(lib.parent.rglob("probe*.so"))


@needs_unix_cc
def test_require_compiled_makes_a_failed_compile_fail_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backend.REQUIRE_ENV, "1")
    with pytest.raises(CompileError):
        _build_with_broken_compiler(tmp_path, monkeypatch)


@needs_unix_cc
def test_a_second_build_reuses_the_module_the_first_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pip builds each install in a new temporary directory: the README's second install
    must not compile again what the first compiled, and a changed source must."""
    compiled: list[str] = []
    compile_for_real = build_ext.build_extension

    def counting(command: build_ext, ext: Extension) -> None:
        compiled.append(ext.name)
        compile_for_real(command, ext)

    monkeypatch.setattr(build_ext, "build_extension", counting)
    first = _build_probe(tmp_path, monkeypatch, build="1")
    second = _build_probe(tmp_path, monkeypatch, build="2")
    assert compiled == ["probe"]
    [module] = list(second.glob("probe*"))
    assert module.read_bytes() == next(first.glob("probe*")).read_bytes()

    (tmp_path / "probe.c").write_text("int probe(void) { return 2; }\n")
    _build_probe(tmp_path, monkeypatch, build="3")
    assert compiled == ["probe", "probe"]
    assert len(list((tmp_path / setup_script.EXT_CACHE_DIR).iterdir())) == 1  # the old one went


def test_the_build_compiles_on_every_core_unless_told() -> None:
    command = setup_script.OptionalBuildExt(Distribution({"name": "probe"}))
    command.ensure_finalized()
    assert command.parallel == (os.cpu_count() or 1)


def test_the_build_and_the_library_read_the_same_variable() -> None:
    assert setup_script.REQUIRE_ENV == backend.REQUIRE_ENV


def test_extensions_are_compiled_without_fused_multiply_add() -> None:
    """The C heuristics must round like Python: no a*b+c contraction on any target."""
    expected = "/fp:precise" if sys.platform == "win32" else "-ffp-contract=off"
    assert expected in setup_script.EXTRA_COMPILE_ARGS


def test_version_is_set_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert (project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
            == "valdora_ai._version.__version__")
    assert valdora_ai.__version__ == _version.__version__ == version("valdora-ai")


def test_the_package_is_marked_typed() -> None:
    assert (Path(valdora_ai.__file__).parent / "py.typed").is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["valdora_ai"]
