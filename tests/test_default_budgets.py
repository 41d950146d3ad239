"""Every agent decides within seconds at its defaults, in every game (issue 26, item 8).

Expectimax had no default budget: one Zavandor decision at its defaults took over
200 s, so a `play` with an expectimax seat, or a hint from ``--hint-agent
expectimax:depth=3``, never finished. A search agent's default budget must be finite
(an iteration count, or seconds no more than MAX_DEFAULT_SECONDS), and one decision
at defaults from seeded mid-game positions of every game must stop at it. The
decisions run with expectimax's default seconds lowered, so the test is quick and
asserts no timing: what it checks is the budget each analysis reports.
"""

from __future__ import annotations

from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.agents import expectimax
from valdora_ai.agents.search_base import SearchAgent
from valdora_ai.games import game_names

MAX_DEFAULT_SECONDS = 10.0  # "within seconds"
AGENTS = sorted(va.agent_classes())
SPECS = [*AGENTS, "expectimax:depth=3", "ismcts:tree=game", "pimc:worlds=50"]


def _mid_game(name: str, seed: int) -> tuple[Any, Any]:
    """A seeded position some way into a game where the mover has a real choice."""
    game = va.make_game(name, players=3)
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    played = 0
    while played < 40 or state.is_chance_node() or len(state.legal_steps()) < 2:
        assert not state.is_terminal()
        state.apply(game.greedy_step(state, rng) if not state.is_chance_node()
                    else state.legal_steps()[0])
        played += 1
    return game, state


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("spec", SPECS)
def test_every_search_agent_has_a_finite_default_budget(name: str, spec: str) -> None:
    agent = va.make_agent(spec, va.make_game(name, players=3))
    if not isinstance(agent, SearchAgent):
        return  # a policy, not a search: one call decides
    budget = agent.default_budget()
    assert budget.iterations is not None or budget.seconds is not None, spec
    if budget.iterations is None:
        assert budget.seconds is not None and budget.seconds <= MAX_DEFAULT_SECONDS


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("spec", SPECS)
def test_one_decision_at_defaults_stops_at_the_default_budget(
        name: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expectimax, "DEFAULT_SECONDS", 0.05)
    for seed in (1, 2):
        game, state = _mid_game(name, seed)
        agent = va.make_agent(spec, game)
        observation = game.observation(state, state.current_player)
        if agent.needs_true_state:
            analysis = agent.analyze_in_world(observation, state.copy())  # type: ignore[attr-defined]
        else:
            analysis = agent.analyze(observation)
        assert analysis.best.step in state.legal_steps()
        if not isinstance(agent, SearchAgent):
            continue
        budget = agent.default_budget()
        if budget.iterations is not None:
            assert analysis.iterations <= budget.iterations
        else:  # stopped by the clock before its full depth, or done before it
            assert analysis.complete or analysis.extra["depth"] < agent.params["depth"]
