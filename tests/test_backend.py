"""Engine selection rules of valdora_ai.backend, on Valdora's core and the generator's."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pytest

from valdora_ai import backend
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.rng import Rng


def test_make_rng_follows_engine(engine: str) -> None:
    rng = backend.make_rng(5)
    assert (VALDORA_CORE.select() is not None) is (engine == "compiled")
    assert (type(rng) is Rng) is (engine == "pure")
    assert rng.getstate() == Rng(5).getstate()


def test_pure_env_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    monkeypatch.setenv("VALDORA_REQUIRE_COMPILED", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert (VALDORA_CORE.select() is not None) is False
    assert type(backend.make_rng(1)) is Rng
    assert VALDORA_CORE.status().engine == "pure"


def test_a_missing_core_warns_once_naming_it(missing_core: Callable[[str], None]) -> None:
    missing_core(VALDORA_CORE.module)
    assert VALDORA_CORE.available() is False
    with pytest.warns(RuntimeWarning) as record:
        assert (VALDORA_CORE.select() is not None) is False
        assert (VALDORA_CORE.select() is not None) is False
    assert [str(w.message) for w in record] == [
        f"valdora_ai: compiled core {VALDORA_CORE.module} cannot be imported "
        f"(ModuleNotFoundError: No module named '{VALDORA_CORE.module}'); Valdora uses "
        f"the pure-Python engine (set VALDORA_PURE_PYTHON=1 to silence)"]
    status = VALDORA_CORE.status()
    assert (status.engine, status.module_path) == ("pure", None)
    assert VALDORA_CORE.module in (status.import_error or "")


def test_require_compiled_fails_loudly(missing_core: Callable[[str], None],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    missing_core(VALDORA_CORE.module)
    with pytest.raises(RuntimeError, match=r"valdora_ai\._valdora_core is required") as info:
        VALDORA_CORE.require_module()
    assert "\n" not in str(info.value)
    monkeypatch.setenv("VALDORA_REQUIRE_COMPILED", "1")
    with pytest.raises(RuntimeError, match="VALDORA_REQUIRE_COMPILED=1"):
        VALDORA_CORE.select()


def test_the_generator_is_a_core_of_its_own(missing_core: Callable[[str], None],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the compiled generator make_rng falls back (with its own warning), and
    the Valdora core, which re-exports it, is not switched off by that."""
    if backend.RNG_CORE.find() is None or not VALDORA_CORE.available():
        pytest.skip("compiled extensions not built")
    missing_core(backend.RNG_CORE.module)
    with pytest.warns(RuntimeWarning, match=r"valdora_ai\._rng .* the random generator uses"):
        assert type(backend.make_rng(3)) is Rng
    assert backend.make_rng(3).getstate() == Rng(3).getstate()
    assert (VALDORA_CORE.select() is not None) is True
    monkeypatch.setenv("VALDORA_REQUIRE_COMPILED", "1")
    with pytest.raises(RuntimeError, match=r"valdora_ai\._rng is required"):
        backend.make_rng(1)


def test_compiled_module_lives_inside_the_package() -> None:
    if not VALDORA_CORE.available():
        pytest.skip("compiled extension not built")
    module = VALDORA_CORE.require_module()
    assert module.__name__ == VALDORA_CORE.module
    assert VALDORA_CORE.status().module_path == module.__file__
