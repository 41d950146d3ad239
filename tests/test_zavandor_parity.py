"""The compiled Zavandor core against the reference rules, in lockstep (every CI run).

500 seeded games over 2 to 4 players and the rule options (random and greedy seats)
are played on both engines at once (tests/parity/zavandor.py says what is
compared at each step); play-outs and roll-outs against the reference loops; copies,
conversions, engine selection.
"""

from __future__ import annotations

import dataclasses

import pytest
from chunks import seed_chunks
from parity.zavandor import (
    ParityError,
    belief_lockstep,
    compare,
    lockstep,
    playout_parity,
    state_differences,
)

import valdora_ai as va
from valdora_ai.backend import fast_playouts
from valdora_ai.errors import IllegalMoveError, ValdoraError
from valdora_ai.games.zavandor import engines
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import default_data
from valdora_ai.games.zavandor.info import observation
from valdora_ai.games.zavandor.rules import ZavandorState
from valdora_ai.rng import Rng

pytestmark = pytest.mark.usefixtures("compiled_zavandor")

DATA = default_data()
OPTIONS = (
    DATA.options,
    dataclasses.replace(DATA.options, expert_discount=True),
    dataclasses.replace(DATA.options, prism_raises_price=False, hoover_per_gem=False,
                        emero_floor=0),
    dataclasses.replace(DATA.options, expert_discount=True, emero_floor=3, max_rounds=6),
)
GAMES = 500
# The quick loop plays the first 40 games (every player count and rule option, greedy
# and random seats, worlds with and without a viewer); CI plays them all.
SEEDS = seed_chunks(GAMES, chunks=10, quick=40)
# Belief states: the quick loop plays from the views of 4 games (2 to 4 players, random
# and greedy seats, about 6 s); CI from 40.
BELIEF_SEEDS = seed_chunks(40, chunks=4, quick=4)


@pytest.fixture
def compiled_zavandor() -> None:
    if engines.CORE.find() is None:
        pytest.skip("the compiled Zavandor core is not built")


@pytest.mark.parametrize("seeds", SEEDS)
def test_games_in_lockstep(seeds: range) -> None:
    for seed in seeds:
        lockstep(DATA, OPTIONS[seed // 10 % len(OPTIONS)], 2 + seed % 3, seed,
                 greedy=seed % 2 == 0, state_every=7)


@pytest.mark.parametrize("seeds", BELIEF_SEEDS)
def test_belief_states_in_lockstep(seeds: range) -> None:
    for seed in seeds:
        assert belief_lockstep(DATA, OPTIONS[seed // 2 % len(OPTIONS)], 2 + seed % 3, seed,
                               greedy=seed % 2 == 1) > 0


def test_a_single_drawn_card_is_revealed_in_the_hand() -> None:
    """The last card of a pile, drawn by the observer: the "held" chance node (rare in
    seeded games) on both engines, then the same hand and the same next node. (The
    pile is cut to one card; the cut cards, in no place, count as unseen to both.)"""
    world = ZavandorState.new(DATA, DATA.options, 3, Rng(11))
    world.piles[0] = world.piles[0][-1:]
    seat = world.current
    belief = observation(world, seat).belief_state()
    comp = engines.CORE.require().from_reference(belief, False)
    belief.apply(S.draw(0))
    comp.apply(S.draw(0))
    assert belief.reveals == [("held", seat)]
    compare(belief, comp, "after the draw")
    step = belief.chance_outcomes()[-1][0]
    belief.apply(step)
    comp.apply(step)
    compare(belief, comp, "the card revealed")
    assert belief.hand[seat][2] == step - S.CHANCE_BASE


@pytest.mark.parametrize("policy", ["random", "greedy", "quick"])
def test_playouts_and_rollouts_match_the_reference_loops(policy: str) -> None:
    for seed in range(12):
        options = OPTIONS[seed % len(OPTIONS)]
        playout_parity(DATA, options, 2 + seed % 3, seed, policy)
        playout_parity(DATA, options, 2 + seed % 3, seed, policy, depth=seed % 3 - 1)


def test_copies_are_independent() -> None:
    state = engines.CORE.require().new(DATA, DATA.options, 3, Rng(4))
    before = state.to_reference()
    twin = state.copy()
    twin.playout(Rng(1))
    assert twin.is_terminal() and not state.is_terminal()
    assert not state_differences(before, state.to_reference())
    import copy

    deep = copy.deepcopy(state)
    deep.apply(deep.legal_steps()[0])
    assert not state_differences(before, state.to_reference())


def test_conversions_round_trip_for_worlds_and_belief_states() -> None:
    game = va.make_game("zavandor", players=4)
    state = game.new_state(9)
    rng = Rng(2)
    while not state.is_terminal():
        ref = state.to_reference()
        again = engines.CORE.require().from_reference(ref)
        assert not state_differences(ref, again.to_reference())
        assert game.position_to_json(again) == game.position_to_json(ref)
        legal = state.legal_steps()
        state.apply(legal[rng.randbelow(len(legal))])
    belief = observation(state.to_reference(), 1).belief_state()
    fast = engines.CORE.require().from_reference(belief)
    assert fast.observer == 1 and not state_differences(belief, fast.to_reference())
    assert not state_differences(belief, engines.from_reference(belief).to_reference())


def test_a_world_with_a_pending_reveal_of_an_id_is_refused() -> None:
    world = ZavandorState.new(DATA, DATA.options, 3, Rng(2))
    world.reveals = [("tile", 0)]
    with pytest.raises(ValdoraError, match="pending reveals"):
        engines.CORE.require().from_reference(world, False)


@pytest.mark.parametrize("reveal", [("tile", 40), ("drawn", 0), ("held", 1), ("hand", 7),
                                    ("display", 2, 0, 1), ("bogus",)])
def test_a_belief_state_whose_reveal_names_no_place_is_refused(reveal: tuple) -> None:
    """A pending reveal must name a place the core holds: never a read past a table."""
    belief = observation(ZavandorState.new(DATA, DATA.options, 3, Rng(1)), 0).belief_state()
    belief.reveals = [reveal]
    with pytest.raises(ValdoraError, match=r"reveals\[0\]"):
        engines.CORE.require().from_reference(belief, False)


def test_observations_of_compiled_worlds_are_compiled_belief_states() -> None:
    """game.observation keeps the belief state on the engine of the world: the same
    position, key and determinizations as the reference observation."""
    game = va.make_game("zavandor", players=3)
    state = game.new_state(4)
    for step in (state.legal_steps()[0], state.legal_steps()[-1]):
        state.apply(step)
    for seat in range(3):
        fast, ref = game.observation(state, seat), observation(state.to_reference(), seat)
        assert isinstance(fast.belief_state(), engines.CORE.require())
        assert fast.to_json() == ref.to_json() and fast == ref and hash(fast) == hash(ref)
        world = game.determinize(fast, Rng(5)).to_reference()
        assert not state_differences(world, game.determinize(ref, Rng(5)).to_reference())


def test_the_checker_sees_a_difference() -> None:
    ref = ZavandorState.new(DATA, DATA.options, 3, Rng(7))
    comp = engines.CORE.require().from_reference(ref)
    compare(ref, comp, "start")
    ref.gold[1] += 1
    with pytest.raises(ParityError, match="states"):
        compare(ref, comp, "changed")


def test_illegal_steps_raise_and_leave_the_state_alone() -> None:
    state = va.make_game("zavandor", players=3).new_state(5)
    before = state.to_reference()
    for step in (-1, S.STEP_LIMIT, 10**6, S.keep(0), S.count(3), S.chance(0), "x", 1.0):
        with pytest.raises(IllegalMoveError):
            state.apply(step)
    assert not state_differences(before, state.to_reference())


def test_game_makes_compiled_worlds_and_hands_them_the_playouts() -> None:
    game = va.make_game("zavandor", players=3)
    assert va.game_type("zavandor").core is engines.CORE
    state = game.new_state(1)
    assert isinstance(state, engines.CORE.require())
    assert fast_playouts(state) is state
    world = game.determinize(game.observation(state, 0), Rng(3))
    assert isinstance(world, engines.CORE.require()) and world.viewer == 0


def test_same_seed_same_game_on_both_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = va.make_game("zavandor", players=2).new_state(21)
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    pure = va.make_game("zavandor", players=2).new_state(21)
    assert isinstance(pure, ZavandorState)
    assert not state_differences(pure, compiled.to_reference())


@pytest.mark.parametrize("spec", ["expectimax:playouts=2", "expectimax:playouts=0,depth=2"])
def test_expectimax_values_the_same_on_both_engines(spec: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Expectimax over a compiled belief state (chance nodes, greedy horizon, play-outs
    from the belief state) gives the reference's analysis, value for value."""
    from valdora_ai.agents import make_agent
    from valdora_ai.analysis import Budget

    def analysis() -> tuple[object, ...]:
        game = va.make_game("zavandor", players=3)
        state = game.new_state(2)
        for k in range(5):
            state.apply(game.greedy_step(state, Rng(k)))
        observation = game.observation(state, state.current_player)
        found = make_agent(spec, game, seed=1).analyze(observation, Budget(iterations=10**5))
        return found.iterations, [(c.step, c.values) for c in found.candidates]

    compiled = analysis()
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    assert analysis() == compiled


def test_the_long_run_plays_belief_states_too(capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/parity_long.py --game zavandor: seed 4 modulo 5 adds the belief states'
    lockstep (more steps than the world's game alone)."""
    from pathlib import Path

    from scripts import load_script

    script = load_script(Path(__file__).resolve().parents[1] / "benchmarks" / "parity_long.py")
    assert script.main(["--game", "zavandor", "--games", "1", "--start", "3",
                        "--max-rounds", "3"]) == 0
    alone = int(capsys.readouterr().out.split(" steps")[0].split()[-1])
    assert script.main(["--game", "zavandor", "--games", "1", "--start", "4",
                        "--max-rounds", "3"]) == 0
    with_beliefs = int(capsys.readouterr().out.split(" steps")[0].split()[-1])
    options = dataclasses.replace(DATA.options, expert_discount=True, max_rounds=3)
    world = lockstep(DATA, options, 2 + 4 % 3, 4, greedy=False, state_every=10)  # seed 4's
    assert alone > 0 and with_beliefs > world
