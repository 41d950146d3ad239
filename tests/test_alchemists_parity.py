"""Differential tests: the compiled Alchemists core against the reference rules, in
lockstep (tests/parity/alchemists.py).

CI cost: 600 random-seat games over 2-4 players, both skill tracks and both kinds of
state (worlds and belief states with chance nodes), with the stall round cap lowered to
8 so random play (which rarely ends a game) stays short; 24 greedy games play full
length to the end trigger. benchmarks/parity_long.py --game alchemists plays 100,000+.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from chunks import seed_chunks
from parity.alchemists import ParityError, compare, lockstep, snapshot

from valdora_ai.games.alchemists import engines
from valdora_ai.games.alchemists.data import Options, default_data
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.heuristics import estimate_final_scores
from valdora_ai.games.alchemists.info import observation
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.playout import (
    greedy_playout,
    random_playout,
    reference_greedy_playout,
    reference_random_playout,
)
from valdora_ai.rng import Rng
from valdora_ai.search.rewards import Evaluator
from valdora_ai.search.rollout import reference_rollout, rollout

if engines.CORE.find() is None:  # pragma: no cover - CI requires the extension
    pytest.skip("compiled Alchemists core not built", allow_module_level=True)

Compiled = engines.CORE.require()
DATA = default_data()
# The quick loop plays the first 100 games; CI plays them all.
SEEDS = seed_chunks(600, chunks=6, quick=100)


def _options(seed: int) -> Options:
    return Options(track=("plain", "flat-step")[seed % 2], stall_safeguard=True,
                   stall_rounds=8)


@pytest.mark.parametrize("seeds", SEEDS)
def test_random_games_in_lockstep(seeds: range) -> None:
    """600 games: 2/3/4 players, both tracks, worlds and belief states."""
    beliefs = 0
    for seed in seeds:
        belief = seed // 2 % 2 == 1
        assert lockstep(DATA, _options(seed), 2 + seed % 3, seed, belief=belief,
                        greedy=False) > 0
        beliefs += belief
    assert beliefs == len(seeds) // 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_greedy_games_in_lockstep(players: int) -> None:
    """Full-length greedy games, ended by the deck (rules mode and the flat-step track)."""
    for seed in range(8):
        options = dataclasses.replace(DATA.options, track=("plain", "flat-step")[seed % 2],
                                      stall_safeguard=seed % 4 < 2)
        lockstep(DATA, options, players, 100 + seed, belief=seed % 4 == 1, greedy=True)


def _midgame(seed: int, belief: bool) -> AlchemistsState:
    state = AlchemistsState.new(DATA, DATA.options, 2 + seed % 3, Rng(seed))
    reference_greedy_playout(AlchemistsGame(state.n), state, Rng(seed), max_steps=seed * 9)
    return observation(state, 1).belief_state() if belief else state


@pytest.mark.parametrize("belief", [False, True])
def test_playouts_match_the_reference_loops(belief: bool) -> None:
    """C play-outs (every policy) and the Python loops: same steps, same end, same
    generator state."""
    for seed in range(12):
        ref = _midgame(seed, belief)
        game = AlchemistsGame(ref.n)
        for policy in ("random", "greedy", "quick"):
            mine, comp = ref.copy(), Compiled.from_reference(ref)
            r1, r2 = Rng(seed + 1), Rng(seed + 1)
            limit = 150 if seed % 3 == 0 else 1 << 30
            if policy == "random":
                played = reference_random_playout(mine, r1, limit)
                assert random_playout(comp, r2, limit) == played
            else:
                played = reference_greedy_playout(game, mine, r1, limit, policy)
                assert greedy_playout(game, comp, r2, limit, policy) == played
            assert r1.getstate() == r2.getstate()
            assert snapshot(comp.to_reference()) == snapshot(mine)


@pytest.mark.parametrize("policy", ["random", "greedy", "quick"])
def test_rollouts_match_the_reference_loop(policy: str) -> None:
    """search.rollout in C against reference_rollout, cut-offs of 0, 1, 2 turns and none."""
    for seed in range(12):
        ref = _midgame(seed, belief=False)
        game = AlchemistsGame(ref.n)
        depth = seed % 4 - 1
        searcher = seed % ref.n
        mine, comp = ref.copy(), Compiled.from_reference(ref)
        r1, r2 = Rng(seed), Rng(seed)
        reference_rollout(game, mine, policy, depth, r1, searcher)
        outcome = rollout(game, comp, policy, depth, r2, Evaluator(game, "rank"),
                          searcher)
        assert outcome is not None
        assert r1.getstate() == r2.getstate()
        assert snapshot(comp.to_reference()) == snapshot(mine)
        assert comp.estimate_final_scores() == estimate_final_scores(mine)


def test_round_trip_and_independent_copies() -> None:
    ref = _midgame(7, belief=False)
    comp = Compiled.from_reference(ref)
    assert snapshot(comp.to_reference()) == snapshot(ref)
    for twin in (comp.copy(), copy.deepcopy(comp), pickle.loads(pickle.dumps(comp))):
        assert snapshot(twin.to_reference()) == snapshot(ref)
        twin.apply(twin.legal_steps()[-1])
        assert snapshot(comp.to_reference()) == snapshot(ref) != snapshot(twin.to_reference())


def test_the_checker_sees_a_difference() -> None:
    """The lockstep checker is not vacuous: one ingredient more is reported."""
    ref = AlchemistsState.new(DATA, DATA.options, 3, Rng(9))
    compare(ref, Compiled.from_reference(ref), "same")
    ref.players[1].ingredients[0] += 1
    with pytest.raises(ParityError, match="states differ"):
        compare(ref, Compiled.new(DATA, DATA.options, 3, Rng(9)), "one ingredient")


def test_same_seed_same_game_on_both_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """AlchemistsGame.new_state gives the same position whichever engine is selected."""
    documents = []
    for pure in ("1", ""):
        monkeypatch.setenv("VALDORA_PURE_PYTHON", pure)
        game = AlchemistsGame(players=3)
        state = game.new_state(2024)
        assert isinstance(state, AlchemistsState) is (pure == "1")
        documents.append(game.position_to_json(state))
    assert documents[0] == documents[1]


def test_illegal_steps_are_refused() -> None:
    from valdora_ai.errors import IllegalMoveError

    state = Compiled.new(DATA, DATA.options, 2, Rng(1))
    for bad in (-1, 10_000, "x", True, max(state.legal_steps()) + 1):
        with pytest.raises(IllegalMoveError):
            state.apply(bad)
