"""The analysis contract every agent honours (baseline agents report one candidate)."""

from __future__ import annotations

import pytest

import valdora_ai as va


@pytest.mark.parametrize("spec", ["random:seed=2", "greedy:seed=2"])
def test_baseline_analysis_is_one_legal_candidate(spec: str) -> None:
    game = va.make_game("valdora", players=4)
    state = game.new_state(seed=3)
    analysis = va.make_agent(spec, game).analyze(game.observation(state, 0))
    assert analysis.player == 0 and analysis.agent == spec
    assert [c.step for c in analysis.candidates] == [analysis.best.step]
    assert analysis.best.step in state.legal_steps()
    assert analysis.to_json()["candidates"][0]["pv"] == [analysis.best.step]


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"seconds": 0}, {"seconds": -1.0}])
def test_budget_rejects_empty_budgets(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="budget"):
        va.Budget(**kwargs)


def test_search_control_reports_no_more_often_than_asked() -> None:
    seen: list[va.Analysis] = []
    control = va.SearchControl(on_progress=seen.append, report_every=3600.0)
    analysis = va.Analysis(player=0, candidates=(va.Candidate(step=1),), agent="x")
    assert control.wants_report()
    control.report(analysis)
    assert not control.wants_report() and seen == [analysis]
    assert not control.should_stop()
    control.stop()
    assert control.should_stop()
