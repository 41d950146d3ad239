"""Alchemists' observations and determinization in C against the reference.

The lockstep games of test_alchemists_parity.py compare the compiled belief state and
the world determinized from it with info.observation's and info.determinize's, from the
same generator state (parity.compare_samples). Here: successive worlds from one
observation, the leak test on the compiled engine (worlds differing only in the deck
order and the box give the same observation and the same sampled worlds), the
refusals, and the reference engine under VALDORA_PURE_PYTHON=1. The chi-square tests
of test_alchemists_information.py run on both engines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alchemists_scenarios import new
from parity.alchemists import snapshot
from test_alchemists_information import hidden_reshuffled

from valdora_ai import backend
from valdora_ai.errors import ValdoraError
from valdora_ai.games.alchemists import engines, info
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.rng import Rng


@pytest.fixture
def compiled(use_compiled: Callable[[Any], type]) -> type:
    """The compiled core's class, selected (the test is skipped where it is not built)."""
    return use_compiled(engines.CORE)


def _midgame(players: int, seed: int) -> AlchemistsState:
    game = AlchemistsGame(players)
    state = AlchemistsState.new(game.data, game.options, players, Rng(seed))
    rng = Rng(seed + 1)
    for _ in range(10 * seed):
        if state.is_terminal():
            break
        legal = state.legal_steps()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_successive_worlds_of_one_observation_are_the_references(
        players: int, compiled: type) -> None:
    game = AlchemistsGame(players)
    for seed in range(5):
        state = _midgame(players, seed)
        seat = seed % players
        mine = game.observation(state, seat)
        theirs = game.observation(engines.from_reference(state), seat)
        assert isinstance(theirs.belief_state(), compiled) and mine == theirs
        r1, r2 = Rng(seed), Rng(seed)
        for _ in range(5):
            drawn = game.determinize(theirs, r2)
            assert isinstance(drawn, compiled)
            assert snapshot(drawn.to_reference()) == snapshot(info.determinize(mine, r1))
            assert r1.getstate() == r2.getstate()


def test_hidden_cards_do_not_reach_the_compiled_sampler(compiled: type) -> None:
    """Leak test: worlds differing only in the deck order and the box."""
    game, state = new(2, setup="+Y +W")
    other = hidden_reshuffled(state)
    assert other.deck != state.deck
    for seat in range(2):
        obs = game.observation(engines.from_reference(state), seat)
        twin = game.observation(engines.from_reference(other), seat)
        assert obs == twin
        for seed in range(10):
            assert game.position_to_json(game.determinize(obs, Rng(seed))) == \
                game.position_to_json(game.determinize(twin, Rng(seed)))


def test_refusals_are_the_references(compiled: type) -> None:
    """At a chance node, and with more cards in the deck than unseen ones."""
    game, state = new(2, setup="+W +W")
    at_chance = game.observation(state, 0).belief_state()
    at_chance.players[0].chest[0] = at_chance.face_up[0]
    at_chance.face_up[0] = -1
    at_chance.play(0)  # the refill draws
    too_many = game.observation(state, 0).belief_state()
    too_many.deck_count = len(too_many.unseen()) + 1
    for belief in (at_chance, too_many):
        messages = []
        for version in (belief, engines.CORE.require().from_reference(belief, False)):
            with pytest.raises(ValdoraError) as caught:
                game.determinize(info.Observation(version, 0), Rng(1))
            messages.append(str(caught.value))
        assert messages[0] == messages[1]


def test_the_pure_engine_stays_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backend.PURE_ENV, "1")
    game = AlchemistsGame(3)
    state = game.new_state(3)
    assert type(game.observation(state, 1).belief_state()) is AlchemistsState
    assert type(game.determinize(game.observation(state, 1), Rng(2))) is AlchemistsState
