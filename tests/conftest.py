"""Shared test setup: the ``engine`` fixture and the VALDORA_REQUIRE_COMPILED guard."""

from __future__ import annotations

import os

import pytest

from valdora_ai import backend

ENGINES = ["pure", "compiled"]


def pytest_configure(config: pytest.Config) -> None:
    """With VALDORA_REQUIRE_COMPILED=1, refuse to run at all without the extension.

    Otherwise every "compiled" test would be skipped and CI would quietly test the
    pure engine twice.
    """
    if os.environ.get(backend.REQUIRE_ENV) == "1":
        try:
            backend.require_compiled()
        except RuntimeError as exc:
            raise pytest.UsageError(f"{exc} -- refusing to run the tests.") from exc


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test once per engine; returns ``"pure"`` or ``"compiled"``.

    The environment is set so that ``valdora_ai.backend.use_compiled()`` (and so
    ``make_rng`` and everything built on it) picks that engine inside the test: the
    states ``ValdoraGame.new_state``/``position_from_json`` hand out are then compiled
    ``CompiledState``s or reference ``ValdoraState``s. Modules whose every test should
    run on both engines say ``pytestmark = pytest.mark.usefixtures("engine")``; tests
    outside the fixture use the default engine (compiled when built).
    "compiled" is skipped when the extension is not built (unless
    VALDORA_REQUIRE_COMPILED=1, in which case the session never starts).
    """
    name: str = request.param
    if name == "compiled":
        if not backend.compiled_available():
            pytest.skip("compiled extension not built")
        monkeypatch.delenv(backend.PURE_ENV, raising=False)
    else:
        monkeypatch.setenv(backend.PURE_ENV, "1")
    return name
