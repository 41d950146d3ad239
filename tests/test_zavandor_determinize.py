"""Zavandor's determinization in C (cext/zavandor_sample.pxi) against the reference.

The lockstep games of test_zavandor_parity.py compare the sampler's worlds with
info.determinize's at seeded positions of every player count, for every seat and the
present (parity.compare_samples). Here: the game's determinize on the compiled engine
is the reference's world after world from one observation (its sampler is built once
and reused), refuses what the reference refuses in the same words, and the engine stays
the reference under VALDORA_PURE_PYTHON=1. The chi-square and leak tests of
test_zavandor_information.py run on both engines.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest
from parity.zavandor import compare_samples, state_differences
from zavandor_scenarios import A, C, new, play, space

from valdora_ai import backend
from valdora_ai.errors import ValdoraError
from valdora_ai.games.zavandor import engines, info
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.game import ZavandorGame
from valdora_ai.games.zavandor.rules import DECK, ID, MASK, ZavandorState
from valdora_ai.playout import reference_random_playout
from valdora_ai.rng import Rng


@pytest.fixture
def compiled(use_compiled: Callable[[Any], type]) -> type:
    """The compiled core's class, selected (the test is skipped where it is not built)."""
    return use_compiled(engines.CORE)


def _position(players: int, seed: int) -> ZavandorState:
    game = ZavandorGame(players)
    state = ZavandorState.new(game.data, game.options, players, Rng(seed))
    reference_random_playout(state, Rng(seed + 1), 25 * seed)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_successive_worlds_of_one_observation_are_the_references(
        players: int, compiled: type) -> None:
    """Five draws in a row from one observation (one sampler, reused): the reference's
    five worlds from the same generator, on the compiled engine."""
    game = ZavandorGame(players)
    for seed in range(6):
        state = _position(players, seed)
        if state.is_chance_node():
            continue
        for seat in range(players):
            obs = game.observation(state, seat)
            mine, theirs = Rng(seed), Rng(seed)
            for _ in range(5):
                world = game.determinize(obs, mine)
                assert isinstance(world, compiled)
                expected = info.determinize(obs, theirs)
                assert not state_differences(expected, world.to_reference())
                assert mine.getstate() == theirs.getstate()


def test_an_observation_with_its_sampler_pickles(compiled: type) -> None:
    """Root parallelism sends the observation to worker processes: the kept compiled
    sampler cannot be pickled, so it stays behind and the worker builds its own."""
    game = ZavandorGame(3)
    state = _position(3, 2)
    obs = game.observation(state, state.current_player)
    first = game.determinize(obs, Rng(4))  # the sampler is built and kept
    copy = pickle.loads(pickle.dumps(obs))
    assert copy.key() == obs.key()
    again = game.determinize(copy, Rng(4))
    assert isinstance(again, compiled)
    assert game.position_to_json(again) == game.position_to_json(first)  # (data: a copy)


def test_the_present_is_sampled_as_the_reference_samples_it(compiled: type) -> None:
    """compare_samples (the lockstep's check) at positions of every player count."""
    for players in (2, 3, 4):
        for seed in range(4):
            state = _position(players, seed)
            if not state.is_chance_node():
                compare_samples(state, seed, f"{players} players, seed {seed}")


def _refusal(obs: info.Observation, determinize: object) -> tuple[str, object]:
    rng = Rng(3)
    with pytest.raises(ValdoraError) as caught:
        determinize(obs, rng)  # type: ignore[operator]
    return str(caught.value), rng.getstate()


def test_refusals_are_the_references(compiled: type) -> None:
    """At a chance node, and for an observation with fewer unknown places than
    candidates: the same error, in the same words, the generator left alike."""
    game, s = new(3)
    at_chance = game.observation(s, A).belief_state()
    at_chance.apply(S.sample(space(s, "I.1")))  # Alphonse is about to see the tile
    assert at_chance.is_chance_node()
    inconsistent = game.observation(s, C).belief_state()
    slot = inconsistent.removed[0]
    slot[ID] = inconsistent.display[slot[DECK]][0]  # an unknown card, now a seen one
    for belief, seat in ((at_chance, A), (inconsistent, C)):
        obs = info.Observation(belief, seat)
        reference = _refusal(info.Observation(belief.copy(), seat), info.determinize)
        assert _refusal(obs, game.determinize) == reference
        assert _refusal(obs, game.determinize) == reference  # no half-built sampler kept
    assert "inconsistent observation" in reference[0]


def test_the_pure_engine_stays_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(backend.PURE_ENV, "1")
    game, s = new(3)
    play(game, s, "sample:Diamantina.1 gold")
    obs = game.observation(s, C)
    world = game.determinize(obs, Rng(5))
    assert type(world) is ZavandorState
    assert not state_differences(info.determinize(obs, Rng(5)), world)


@pytest.mark.usefixtures("engine")
def test_worlds_do_not_depend_on_what_nobody_knows() -> None:
    """Leak test: a card removed at setup swapped with an unseen pile card of its class
    (nobody knows either) gives every seat the same observation and the same worlds."""
    game, s = new(3)
    play(game, s, "draw:jewelry keep:1")
    twin = s.copy()
    removed = twin.removed[0]
    unseen = next(slot for pile in twin.piles for slot in pile
                  if slot[:2] == removed[:2] and not slot[MASK])
    removed[ID], unseen[ID] = unseen[ID], removed[ID]
    for seat in range(3):
        obs, obs_twin = game.observation(s, seat), game.observation(twin, seat)
        assert obs == obs_twin
        for seed in range(10):
            assert game.position_to_json(game.determinize(obs, Rng(seed))) == \
                game.position_to_json(game.determinize(obs_twin, Rng(seed)))
