"""The shared constants: one Python definition, generated into the compiled core."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora import compiled_constants as cc
from valdora_ai.games.valdora import constants, weights


def _exported(module: object) -> dict[str, int | float]:
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, int | float)}


@pytest.mark.parametrize(("module", "prefix"), [(constants, ""), (weights, "G_")])
def test_every_number_of_a_source_is_in_the_generated_pxd(module: object, prefix: str) -> None:
    text = cc.render()
    numbers = _exported(module)
    assert numbers
    for name, value in numbers.items():
        if isinstance(value, float):
            line = next(ln for ln in text.splitlines()
                        if ln.strip().startswith(f"static const double {prefix}{name} "))
            assert float(line.split("=")[1].rstrip(";")) == value  # the same double
        else:
            assert f"\n    {prefix}{name} = {value}\n" in text


def test_the_rules_and_heuristics_use_the_shared_definitions() -> None:
    from valdora_ai.games.valdora import data, heuristics, rules, steps

    assert rules.EMPTY is constants.EMPTY and steps.COMPLETE_STRIDE is constants.COMPLETE_STRIDE
    assert data.MAX_ITEMS is constants.MAX_ITEMS
    assert heuristics.BUY_MIN is weights.BUY_MIN and heuristics.MAX_PAGES is weights.MAX_PAGES


def _copy_sources(tmp_path: Path) -> Path:
    for source, _ in cc.SOURCES:
        shutil.copy(cc.HERE / source, tmp_path / source)
    return tmp_path


def test_the_digest_follows_every_value(tmp_path: Path) -> None:
    sources = _copy_sources(tmp_path)
    assert cc.digest(sources) == cc.digest()
    path = sources / "weights.py"
    path.write_text(path.read_text().replace("BUY_MIN = 2.5", "BUY_MIN = 2.75"))
    assert cc.digest(sources) != cc.digest()


@pytest.mark.parametrize("line", ["import os", "X = 1 + 2", "X = 'text'", "X: int = 1"])
def test_a_source_holds_literals_only(tmp_path: Path, line: str) -> None:
    sources = _copy_sources(tmp_path)
    path = sources / "constants.py"
    path.write_text(path.read_text() + line + "\n")
    with pytest.raises(cc.ConstantsError, match=r"constants\.py:\d+: "):
        cc.render(sources)


def test_write_leaves_an_unchanged_file_alone(tmp_path: Path) -> None:
    out = cc.write(tmp_path)
    out.write_text(out.read_text())  # same text, new mtime
    stamp = out.stat().st_mtime_ns
    assert cc.write(tmp_path) == out and out.stat().st_mtime_ns == stamp
    out.write_text("stale")
    cc.write(tmp_path)
    assert out.read_text() == cc.render()


@pytest.mark.skipif(not VALDORA_CORE.available(), reason="compiled extension not built")
def test_the_compiled_core_was_built_from_these_constants() -> None:
    core = importlib.import_module(VALDORA_CORE.module)
    assert core.CONSTANTS_DIGEST == cc.digest()


@pytest.mark.skipif(not VALDORA_CORE.available(), reason="compiled extension not built")
def test_a_core_built_from_other_constants_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    core = importlib.import_module(VALDORA_CORE.module)
    monkeypatch.setattr(core, "CONSTANTS_DIGEST", "0" * 16)
    assert not VALDORA_CORE.available()
    with pytest.raises(RuntimeError, match="other shared constants .* rebuild it"):
        VALDORA_CORE.require_module()
