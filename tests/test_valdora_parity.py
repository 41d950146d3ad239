"""Differential tests: the compiled core against the reference rules, in lockstep.

Every game is stepped on both engines at once. At every step both must agree on the
player to move, the legal steps (same codes, same order), the chance outcomes with
their exact probabilities, and the whole position compared as position JSON; at the
end on the score lines, winners and returns. Half the games are played on belief states
(the hidden order unknown), where page turns go through chance nodes. Along the way,
determinizations and random and greedy playouts from the same generator state must
give the same worlds and the same games on both engines, and the greedy policy's C
port must choose what heuristics.greedy_step chooses (played in the greedy games,
checked every 13th step of the random ones).

CI cost: 500 random-seat games use the shipped data with the round cap lowered to 10
(full-length random games run 1,500 steps; the rules do not change with the cap, the
ending does); a dozen greedy games play full length with the shipped data and reach
the end trigger. `benchmarks/parity_long.py` plays 100,000+ full-length games.
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from chunks import seed_chunks
from parity.valdora import ParityError, compare, lockstep

from valdora_ai import backend
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.playout import (
    greedy_playout,
    random_playout,
    reference_greedy_playout,
    reference_random_playout,
)
from valdora_ai.rng import Rng

if not VALDORA_CORE.available():  # pragma: no cover - CI requires the extension
    pytest.skip("compiled extension not built", allow_module_level=True)

ValdoraCompiledState = VALDORA_CORE.require()
SHORT = dataclasses.replace(default_data(), max_rounds=10)
# The quick loop (`pytest -m "not slow"`) plays the first 50 games; CI plays them all.
SEEDS = seed_chunks(500, chunks=10, quick=50)


@pytest.mark.parametrize("seeds", SEEDS)
def test_random_games_in_lockstep(seeds: range) -> None:
    """500 games, 3/4/5 players, half of them on belief states (chance nodes)."""
    chance_games = 0
    for seed in seeds:
        steps = lockstep(SHORT, 3 + seed % 3, seed, belief=seed % 2 == 1, greedy=False)
        assert steps > 0
        chance_games += seed % 2
    assert chance_games == len(seeds) // 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_full_greedy_games_in_lockstep(players: int) -> None:
    """Full-length games of the greedy policy, which end by the end trigger."""
    for seed in range(4):
        lockstep(default_data(), players, 100 + seed, belief=seed % 2 == 1, greedy=True)


@pytest.mark.parametrize("belief", [False, True])
def test_random_playouts_match_the_reference_loop(belief: bool) -> None:
    """The C playout and the Python loop: same steps, same end, same generator state."""
    for seed in range(30):
        ref = ValdoraState.new(default_data(), 3 + seed % 3, Rng(seed))
        reference_random_playout(ref, Rng(seed), max_steps=seed * 7)
        if belief:
            ref = observation(ref, 1).belief_state()
        comp = ValdoraCompiledState.from_reference(ref)
        r1, r2 = Rng(seed + 1), Rng(seed + 1)
        limit = 200 if seed % 3 == 0 else 1 << 30
        played = reference_random_playout(ref, r1, limit)
        assert random_playout(comp, r2, limit) == played
        assert r1.getstate() == r2.getstate()
        assert position_to_json(comp) == position_to_json(ref)


@pytest.mark.parametrize("belief", [False, True])
def test_greedy_playouts_match_the_reference_loop(belief: bool) -> None:
    """The greedy policy in C plays the same games as heuristics.greedy_step."""
    game = ValdoraGame(players=4)
    for seed in range(6):
        ref = ValdoraState.new(default_data(), 3 + seed % 3, Rng(seed))
        reference_random_playout(ref, Rng(seed), max_steps=seed * 11)
        if belief:
            ref = observation(ref, 2).belief_state()
        comp = ValdoraCompiledState.from_reference(ref)
        r1, r2 = Rng(seed + 5), Rng(seed + 5)
        played = reference_greedy_playout(game, ref, r1)
        assert greedy_playout(game, comp, r2) == played
        assert r1.getstate() == r2.getstate()
        assert position_to_json(comp) == position_to_json(ref)


def test_same_seed_same_game_on_both_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """ValdoraGame.new_state gives the same position whichever engine is selected."""
    documents = []
    for pure in ("1", ""):
        monkeypatch.setenv(backend.PURE_ENV, pure)
        game = ValdoraGame(players=5)
        state = game.new_state(2024)
        assert isinstance(state, ValdoraState) is (pure == "1")
        documents.append(json.dumps(game.position_to_json(state)))
    assert documents[0] == documents[1]


def test_copies_are_independent() -> None:
    state = ValdoraCompiledState.new(default_data(), 4, Rng(3))
    before = position_to_json(state)
    twin = state.copy()
    twin.apply(twin.legal_steps()[0])
    assert position_to_json(state) == before != position_to_json(twin)


def test_the_checker_sees_a_difference() -> None:
    """The lockstep checker is not vacuous: a one-coin difference is reported."""
    ref = ValdoraState.new(default_data(), 4, Rng(9))
    compare(ref, ValdoraCompiledState.from_reference(ref), "same")
    ref.players[2].coins -= 1
    ref.bank += 1
    with pytest.raises(ParityError, match="positions differ"):
        compare(ref, ValdoraCompiledState.new(default_data(), 4, Rng(9)), "one coin moved")
