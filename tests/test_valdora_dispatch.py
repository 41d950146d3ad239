"""Valdora's CORE.compiled: the one point that tells its engines' states apart."""

from __future__ import annotations

import pytest

from valdora_ai import backend
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.rules import ValdoraState


def test_a_reference_state_is_not_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backend.PURE_ENV, "1")
    state = ValdoraGame(3).new_state(5)
    assert isinstance(state, ValdoraState)
    assert VALDORA_CORE.compiled(state) is None
    assert as_reference(state) is state
    assert VALDORA_CORE.compiled(object()) is None


@pytest.mark.skipif(not VALDORA_CORE.available(), reason="compiled extension not built")
def test_a_compiled_state_is_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(backend.PURE_ENV, raising=False)
    game = ValdoraGame(3)
    state = game.new_state(5)
    assert VALDORA_CORE.compiled(state) is state
    reference = as_reference(state)
    assert isinstance(reference, ValdoraState) and VALDORA_CORE.compiled(reference) is None
    monkeypatch.setenv(backend.PURE_ENV, "1")
    assert game.position_to_json(reference) == game.position_to_json(game.new_state(5))
