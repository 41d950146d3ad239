"""The compiled greedy policy and score estimate against the reference, in lockstep.

``cext/valdora_greedy.pxi`` ports ``heuristics.greedy_step`` and ``estimate_final_scores``
to C. Given the same state and the same generator state, both must make the same
decision and draw the same tie-breaks (the generator states are compared after every
decision), on worlds and on belief states, and estimate the very same floats. 210
complete seeded games (3, 4 and 5 players) are played on both engines at once; the C
greedy playout (``ValdoraCompiledState.playout(policy="greedy")``) must replay the reference
loop, chance draws included. The quick policy (``heuristics.quick_step``, the same code
with fewer look-ahead plans) gets the same checks over fewer games.
"""

from __future__ import annotations

import pytest

from valdora_ai import backend
from valdora_ai.agents import make_agent
from valdora_ai.errors import ValdoraError
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.heuristics import estimate_final_scores, greedy_step, quick_step
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.rng import Rng

if not VALDORA_CORE.available():  # pragma: no cover - CI requires the extension
    pytest.skip("compiled extension not built", allow_module_level=True)

core = VALDORA_CORE.require_module()
DATA = default_data()
GAMES = 70  # per player count: 210 games in all
QUICK_GAMES = 12  # per player count, with the quick policy
BELIEF_EVERY = 5  # decisions between checks on the observer's belief state
ESTIMATE_EVERY = 7  # steps between estimate comparisons


def _lockstep_game(players: int, seed: int, policy: str = "greedy") -> int:
    """Play one game of `policy` (greedy or quick) on both engines; returns the
    decisions compared."""
    ref = ValdoraState.new(DATA, players, Rng(seed))
    comp = core.ValdoraCompiledState.new(DATA, players, Rng(seed))
    decide = quick_step if policy == "quick" else greedy_step
    r_ref, r_comp = Rng(seed + 1000), Rng(seed + 1000)
    count = 0
    while not ref.over:
        where = f"{players} players, seed {seed}, step {count}"
        if count % ESTIMATE_EVERY == 0:
            assert comp.estimate_final_scores() == estimate_final_scores(ref), where
        if count % BELIEF_EVERY == 0:
            b_ref, b_comp = Rng(count), Rng(count)
            belief = observation(ref, ref.current).belief_state()
            assert (getattr(comp.belief(), f"{policy}_step")(b_comp)
                    == decide(belief, b_ref)), where
            assert b_comp.getstate() == b_ref.getstate(), where
        step = decide(ref, r_ref)
        assert getattr(comp, f"{policy}_step")(r_comp) == step, where
        assert r_comp.getstate() == r_ref.getstate(), where
        ref.apply(step)
        comp.apply(step)
        count += 1
    assert comp.over and comp.scores() == ref.scores()
    assert comp.estimate_final_scores() == estimate_final_scores(ref)
    return count


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_decisions_in_lockstep(players: int) -> None:
    decisions = sum(_lockstep_game(players, seed) for seed in range(GAMES))
    assert decisions > GAMES * 100  # whole games were played, not a few steps


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_quick_decisions_in_lockstep(players: int) -> None:
    decisions = sum(_lockstep_game(players, seed, "quick") for seed in range(QUICK_GAMES))
    assert decisions > QUICK_GAMES * 100


def _reference_playout(state: ValdoraState, rng: Rng, policy: str) -> int:
    """The greedy (or quick) playout as a Python loop: chance outcomes as the random
    playout."""
    decide = quick_step if policy == "quick" else greedy_step
    played = 0
    while not state.over:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.choice_weighted([p for _, p in outcomes])][0])
        else:
            state.apply(decide(state, rng))
        played += 1
    return played


@pytest.mark.parametrize("policy", ["greedy", "quick"])
@pytest.mark.parametrize("belief", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_compiled_playout_replays_the_reference(players: int, belief: bool,
                                                policy: str) -> None:
    """From a world, and from a belief state (page turns are chance nodes there)."""
    for seed in range(2):
        ref = ValdoraState.new(DATA, players, Rng(seed))
        if belief:
            ref = observation(ref, 0).belief_state()
        comp = core.ValdoraCompiledState.from_reference(ref)
        r_ref, r_comp = Rng(seed + 7), Rng(seed + 7)
        played = comp.playout(r_comp, policy=policy)
        assert played == _reference_playout(ref, r_ref, policy)
        assert r_comp.getstate() == r_ref.getstate()
        assert position_to_json(comp.to_reference()) == position_to_json(ref)


def test_game_and_agent_use_the_compiled_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a compiled state, ValdoraGame's hooks (and so the greedy agent) run the C port
    and agree with the reference on the same position."""
    monkeypatch.delenv(backend.PURE_ENV, raising=False)
    game = ValdoraGame(players=4)
    state = game.new_state(seed=3)
    assert isinstance(state, core.ValdoraCompiledState)
    for _ in range(40):
        ref = state.to_reference()
        assert game.estimate_final_scores(state) == estimate_final_scores(ref)
        r1, r2 = Rng(5), Rng(5)
        assert game.greedy_step(state, r1) == greedy_step(ref, r2)
        agent = make_agent("greedy:seed=2", game)
        state.play(agent.choose(game.observation(state, state.current_player)))


def test_no_decision_at_a_chance_node_or_the_end() -> None:
    state = core.ValdoraCompiledState.new(DATA, 3, Rng(1)).belief()
    rng = Rng(2)
    while not state.is_chance_node():  # the first page turned onto a hidden card
        state.apply(state.greedy_step(rng))
    with pytest.raises(ValdoraError, match="decides only at a player's decision"):
        state.greedy_step(rng)
    state.playout(rng, policy="greedy")
    assert state.is_terminal()
    with pytest.raises(ValdoraError, match="decides only at a player's decision"):
        state.greedy_step(rng)
