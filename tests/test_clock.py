"""Game clocks: the time control, a seat's clock, the time plan and its stop rule.

No wall-clock timing is asserted: the time manager's decisions are driven with invented
times (an injected clock), and agents under a clock are checked by what they searched.
"""

from __future__ import annotations

import json

import pytest

import valdora_ai as va
from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.agents.levels import LEVELS
from valdora_ai.analysis import MAX_ITERATIONS, Analysis, Candidate
from valdora_ai.clock import (
    DEFAULT_DECISIONS_LEFT,
    MIN_DECISIONS_LEFT,
    RESERVE_SECONDS,
    RESERVE_SHARE,
    ClockReading,
    SeatClock,
    TimeControl,
    TimePlan,
    plan_time,
    should_stop,
)
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.handlers import prepare_search
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import EngineError, decode
from valdora_ai.errors import ValdoraError
from valdora_ai.games.base import Observation
from valdora_ai.search.timing import ClockControl, visit_lead


def test_a_time_control_is_read_from_base_plus_increment() -> None:
    assert TimeControl.parse("10+0.1") == TimeControl(10.0, 0.1)
    assert TimeControl.parse("60") == TimeControl(60.0, 0.0)
    assert str(TimeControl.parse("10+0.1")) == "10+0.1"
    for bad in ("", "ten", "10+x", "-1+0", "0+0", "inf+1", "10+nan"):
        with pytest.raises(ValdoraError, match="time control"):
            TimeControl.parse(bad)


def test_a_seat_clock_adds_the_increment_and_flags_past_the_margin() -> None:
    clock = SeatClock(TimeControl(1.0, 0.5), margin=0.2)
    assert not clock.charge(0.75)
    assert clock.remaining == pytest.approx(0.75)  # 1 - 0.75 + 0.5
    assert clock.reading() == ClockReading(pytest.approx(0.75), 0.5)
    assert not clock.charge(0.9)  # 0.15 over, within the margin: no flag
    assert clock.remaining == pytest.approx(0.35)
    assert clock.charge(0.6)  # 0.25 over: flagged, and no increment
    assert clock.flagged and clock.remaining == pytest.approx(-0.25)
    assert clock.reading().remaining == 0.0


def test_the_plan_shares_the_usable_time_and_keeps_a_reserve() -> None:
    plan = plan_time(ClockReading(10.0, 0.1), 20)
    usable = 10.0 * (1 - RESERVE_SHARE) - RESERVE_SECONDS
    assert plan.soft == pytest.approx(usable / 20 + 0.075)
    assert plan.hard == pytest.approx(3 * plan.soft)
    unknown = plan_time(ClockReading(10.0, 0.0), None)
    assert unknown.soft == pytest.approx(usable / DEFAULT_DECISIONS_LEFT)
    few = plan_time(ClockReading(10.0, 0.0), 1)  # never as if fewer than the minimum
    assert few.soft == pytest.approx(usable / MIN_DECISIONS_LEFT)


def test_the_plan_never_spends_the_increment_before_it_comes() -> None:
    plan = plan_time(ClockReading(2.0, 5.0), 10)
    assert plan.hard <= 2.0 * (1 - RESERVE_SHARE) - RESERVE_SECONDS
    empty = plan_time(ClockReading(0.0, 0.0), 10)
    assert empty.soft == empty.hard > 0  # a search always gets a minimal budget


def test_a_clock_lasts_a_game_longer_than_the_estimate() -> None:
    """Spending the hard limit at every decision never empties the clock: each plan keeps
    the reserve, so with an increment any number of decisions fit, and without one a game
    half as long again as the estimate."""
    for control, decisions in ((TimeControl(10, 0.1), 500), (TimeControl(0.5, 0.05), 500),
                               (TimeControl(1, 0), 45)):
        clock = SeatClock(control)
        for _ in range(decisions):
            plan = plan_time(clock.reading(), 30)
            assert not clock.charge(plan.hard)
        assert clock.remaining > 0


def test_the_stop_rule_stops_settled_searches_early_and_extends_close_ones() -> None:
    plan = TimePlan(soft=1.0, hard=3.0)
    assert not should_stop(0.4, plan, 0.9)
    assert should_stop(0.5, plan, 0.9)  # settled: half the target is enough
    assert not should_stop(0.9, plan, 0.3)
    assert should_stop(1.0, plan, 0.3)  # neither: at the target
    assert should_stop(1.0, plan, None)  # no visits to judge by: at the target
    assert not should_stop(2.9, plan, 0.05)  # close: on past the target
    assert should_stop(3.0, plan, 0.05)  # ... up to the limit


def _analysis(*visits: int) -> Analysis:
    return Analysis(player=0, agent="t", candidates=tuple(
        Candidate(step=i, visits=v) for i, v in enumerate(visits)))


def test_the_clock_control_stops_by_the_plan_and_keeps_the_callers_stop() -> None:
    assert visit_lead(_analysis(60, 30, 10)) == pytest.approx(0.3)
    assert visit_lead(_analysis(0, 0)) is None
    now = [0.0]
    control = ClockControl(plan=TimePlan(1.0, 3.0), now=lambda: now[0], start=0.0)
    now[0] = 1.5
    assert control.wants_report()
    control.report(_analysis(50, 48))  # close: go on
    assert not control.should_stop()
    now[0] = 1.501
    assert not control.wants_report()  # reports are spaced
    now[0] = 1.6
    control.report(_analysis(90, 5))  # now settled: stop
    assert control.should_stop() and control.timed_out
    caller = va.SearchControl()
    inner = ClockControl(plan=TimePlan(1.0, 3.0), inner=caller, now=lambda: 0.0)
    caller.stop()
    assert inner.should_stop() and not inner.timed_out


@pytest.mark.parametrize("game_name", va.game_names())
@pytest.mark.parametrize(("spec", "iterations"),
                         [("ismcts", None), ("ismcts:iterations=7", 7), ("level:1", 0)])
def test_a_search_agent_under_a_clock_searches_within_its_plan(
        game_name: str, spec: str, iterations: int | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock sets the search's seconds (the plan's limit) and a clock control; the
    spec's or the level's iterations still cap it."""
    game = va.make_game(game_name, players=3)
    state = game.new_state(seed=3)
    while len(state.legal_steps()) < 2:
        state.play(state.legal_steps()[0])
    observation = game.observation(state, state.current_player)
    budgets: list[va.Budget] = []
    controls: list[object] = []
    search = IsmctsAgent.search

    def spy(agent: IsmctsAgent, observation: Observation, budget: va.Budget,
            control: va.SearchControl | None) -> Analysis:
        budgets.append(budget)
        controls.append(control)
        return search(agent, observation, budget, control)
    monkeypatch.setattr(IsmctsAgent, "search", spy)
    agent = va.make_agent(spec, game)
    agent.clock = ClockReading(remaining=1.0, increment=0.0)
    analysis = agent.analyze(observation)
    plan = plan_time(agent.clock, game.decisions_left(observation))
    expected = iterations if spec != "level:1" else LEVELS[0].iterations
    expected = expected or None
    assert budgets == [va.Budget(iterations=expected, seconds=plan.hard)]
    assert isinstance(controls[0], ClockControl) and controls[0].plan == plan
    assert analysis.iterations <= (expected or MAX_ITERATIONS)
    agent.clock = None
    agent.analyze(observation)
    assert budgets[-1].seconds is None  # no clock, no time limit


def test_the_engine_hands_the_requests_clock_to_the_agent() -> None:
    """A ``clock`` in a move or analyze request reaches the agent, and without a budget
    the agent's own (fixed iterations) is not imposed: the clock plans the search."""
    setup = {"setup": {"players": 3, "seed": 1}, "action": "move", "agent": "ismcts"}
    timed = prepare_search(1, setup | {"clock": {"remaining": 5, "increment": 0.5}}, Games(),
                           EngineConfig())
    assert timed.agent.clock == ClockReading(5.0, 0.5) and timed.budget.is_default
    plain = prepare_search(2, setup, Games(), EngineConfig())
    assert plain.agent.clock is None and plain.budget.iterations == 300
    bad = json.dumps(setup | {"id": 3, "clock": {"remaining": -1}}).encode()
    with pytest.raises(EngineError) as refused:
        decode(bad)
    assert refused.value.field == "clock.remaining"
