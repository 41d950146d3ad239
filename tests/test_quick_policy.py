"""The quick play-out policy (``rollout=quick``): what it is, and what the search does
with it on each game.

``heuristics.quick_step`` is the greedy policy with the look-ahead after the plan for
QUICK_LOOKAHEAD_PLANS destinations; ``core_greedy_step`` takes the same number. The C
port against the reference, decision for decision and play-out for play-out, is in
tests/test_valdora_greedy_parity.py; the search kernel's quick play-outs in
tests/test_valdora_search_kernels.py.
"""

from __future__ import annotations

import pytest

import valdora_ai as va
from valdora_ai import backend
from valdora_ai.errors import ValdoraError
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora import weights
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.heuristics import greedy_step, quick_step
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.rng import Rng
from valdora_ai.search.rollout import POLICIES, game_policies

DATA = default_data()


def test_quick_plans_fit_the_core_buffers() -> None:
    """The C move choice keeps one look-ahead cache per plan, LOOKAHEAD_PLANS of them."""
    assert 0 <= weights.QUICK_LOOKAHEAD_PLANS < weights.LOOKAHEAD_PLANS


def test_quick_is_the_greedy_policy_with_fewer_plans() -> None:
    """Same decisions as greedy_step asked for QUICK_LOOKAHEAD_PLANS, and not always
    greedy's own (else the policy would be greedy under another name)."""
    differ = 0
    for seed in range(6):
        state = ValdoraState.new(DATA, 4, Rng(seed))
        count = 0
        while not state.over:
            r1, r2, r3 = Rng(count), Rng(count), Rng(count)
            step = quick_step(state, r1)
            assert step == greedy_step(state, r2, weights.QUICK_LOOKAHEAD_PLANS)
            assert r1.getstate() == r2.getstate()
            differ += step != greedy_step(state, r3)
            state.apply(step)
            count += 1
    assert differ > 0


compiled = pytest.mark.skipif(not VALDORA_CORE.available(),
                              reason="compiled extension not built")


@compiled
def test_compiled_game_hook_runs_the_c_port(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(backend.PURE_ENV, raising=False)
    game = ValdoraGame(players=4)
    state = game.new_state(seed=3)
    assert isinstance(state, VALDORA_CORE.require())
    for _ in range(40):
        r1, r2 = Rng(5), Rng(5)
        step = game.quick_step(state, r1)
        assert step == quick_step(state.to_reference(), r2)
        state.apply(step)
    with pytest.raises(ValdoraError, match="unknown playout policy 'smart' "
                                           r"\(known: random, greedy, quick\)"):
        state.playout(Rng(1), policy="smart")


def test_valdora_search_plays_with_quick_playouts() -> None:
    game = va.make_game("valdora", players=3)
    assert game_policies(game) == POLICIES
    state = game.new_state(seed=4)
    agent = va.make_agent("ismcts:iterations=40,seed=1,rollout=quick", game)
    analysis = agent.analyze(game.observation(state, state.current_player))
    assert analysis.iterations == 40
    assert analysis.best.step in state.legal_steps()


def test_alchemists_quick_is_the_former_greedy_and_searches_with_it() -> None:
    """Alchemists' quick policy is the greedy policy before issue 30 (one elixir at a
    time), kept so the search can be measured with it; it differs from greedy."""
    from valdora_ai.games.alchemists import heuristics as alchemists

    game = va.make_game("alchemists", players=3)
    assert game_policies(game) == POLICIES
    state = game.new_state(seed=4).to_reference()
    differ = 0
    while not state.is_terminal() and not differ:
        r1, r2 = Rng(1), Rng(1)
        quick = alchemists.quick_step(state, r1)
        differ += quick != alchemists.greedy_step(state, r2)
        state.apply(quick)
    assert differ
    agent = va.make_agent("ismcts:iterations=30,seed=1,rollout=quick", game)
    start = game.new_state(seed=4)
    assert agent.analyze(game.observation(start, start.current_player)).iterations == 30


def test_zavandor_quick_is_the_former_greedy_and_searches_with_it() -> None:
    """Zavandor's quick policy is the greedy policy before issue 30 (every closer rival
    counted against a tile, plans by net value alone), kept so the search can be
    measured with it; it differs from greedy, and the search plays with it."""
    from valdora_ai.games.zavandor import heuristics as zavandor
    from valdora_ai.games.zavandor.engines import as_reference

    game = va.make_game("zavandor", players=3)
    assert game_policies(game) == POLICIES
    state = game.new_state(seed=4)
    agent = va.make_agent("ismcts:iterations=30,seed=1,rollout=quick", game)
    assert agent.analyze(game.observation(state, state.current_player)).iterations == 30
    ref = as_reference(state)
    differ = 0
    while not ref.is_terminal() and not differ:
        quick = zavandor.quick_step(ref, Rng(1))
        differ += quick != zavandor.greedy_step(ref, Rng(1))
        ref.apply(quick)
    assert differ
