"""Engine selection rules of valdora_ai.backend."""

from __future__ import annotations

import warnings

import pytest

from valdora_ai import backend
from valdora_ai.rng import Rng


def test_make_rng_follows_engine(engine: str) -> None:
    rng = backend.make_rng(5)
    assert backend.use_compiled() is (engine == "compiled")
    assert (type(rng) is Rng) is (engine == "pure")
    assert rng.getstate() == Rng(5).getstate()


def test_pure_env_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    monkeypatch.setenv("VALDORA_REQUIRE_COMPILED", "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert backend.use_compiled() is False
    assert type(backend.make_rng(1)) is Rng
    assert backend.engine_status().engine == "pure"


@pytest.fixture
def extension_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend the extension was never built."""
    monkeypatch.setattr(backend, "COMPILED_MODULE", "valdora_ai._no_such_extension")
    monkeypatch.setattr(backend, "_warned", False)
    monkeypatch.delenv("VALDORA_PURE_PYTHON", raising=False)
    monkeypatch.delenv("VALDORA_REQUIRE_COMPILED", raising=False)


@pytest.mark.usefixtures("extension_missing")
def test_fallback_warns_once() -> None:
    assert backend.compiled_available() is False
    with pytest.warns(RuntimeWarning, match="compiled extension not built") as record:
        assert backend.use_compiled() is False
        assert backend.use_compiled() is False
        assert type(backend.make_rng(3)) is Rng
    assert len(record) == 1
    status = backend.engine_status()
    assert (status.engine, status.module_path) == ("pure", None)
    assert "_no_such_extension" in (status.import_error or "")


@pytest.mark.usefixtures("extension_missing")
def test_require_compiled_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(RuntimeError, match=r"valdora_ai\._no_such_extension") as info:
        backend.require_compiled()
    assert "\n" not in str(info.value)
    monkeypatch.setenv("VALDORA_REQUIRE_COMPILED", "1")
    with pytest.raises(RuntimeError, match="VALDORA_REQUIRE_COMPILED=1"):
        backend.use_compiled()
    with pytest.raises(RuntimeError):
        backend.make_rng(1)


def test_compiled_module_lives_inside_the_package() -> None:
    if not backend.compiled_available():
        pytest.skip("compiled extension not built")
    module = backend.require_compiled()
    assert module.__name__ == backend.COMPILED_MODULE
    assert backend.engine_status().module_path == module.__file__
