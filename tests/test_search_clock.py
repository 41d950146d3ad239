"""A seconds budget on the CPU clock (issue 30 item 1): ``clock=cpu`` makes `time` the
search's own CPU time, so equal-time series are fair on a shared machine.

No test here measures time: each replaces the clocks of :data:`valdora_ai.analysis.CLOCKS`
with invented ones, a CPU clock that advances one second a reading and a wall clock that
never moves (or the reverse), and checks which of them ended the search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import valdora_ai as va
from valdora_ai import analysis
from valdora_ai.analysis import Budget
from valdora_ai.errors import ValdoraError

SEARCHES = ["ismcts", "pimc:worlds=4", "expectimax:playouts=2,depth=3"]
CAP = 60  # iterations: ends a search whose clock never runs out
SECONDS = 3.0  # the budget: three readings of the running clock after the start


def _ticking() -> Callable[[], float]:
    """A clock that advances one second at every reading."""
    counter: Iterator[int] = iter(range(10**9))
    return lambda: float(next(counter))


def _frozen() -> float:
    return 0.0


@pytest.fixture
def cpu_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CPU clock runs, the wall clock stands still."""
    monkeypatch.setitem(analysis.CLOCKS, "cpu", _ticking())
    monkeypatch.setitem(analysis.CLOCKS, "wall", _frozen)


def _searched(name: str, spec: str) -> Any:
    game = va.make_game(name, players=3)
    state = game.new_state(seed=5)
    agent = va.make_agent(spec, game, seed=1)
    return agent.analyze(game.observation(state, state.current_player))


@pytest.mark.parametrize("name", va.game_names())
@pytest.mark.parametrize("search", SEARCHES)
def test_the_cpu_clock_stops_a_cpu_budget(name: str, search: str, cpu_ticks: None) -> None:
    sep = "," if ":" in search else ":"
    result = _searched(name, f"{search}{sep}time={SECONDS:g},clock=cpu,iterations={CAP}")
    assert 1 <= result.iterations < CAP  # the CPU clock ran out first
    assert result.seconds >= SECONDS  # ... and the analysis reports its seconds


@pytest.mark.parametrize("name", va.game_names())
@pytest.mark.parametrize("search", SEARCHES[:2])
def test_a_wall_budget_ignores_the_cpu_clock(name: str, search: str, cpu_ticks: None) -> None:
    sep = "," if ":" in search else ":"
    result = _searched(name, f"{search}{sep}time={SECONDS:g},iterations={CAP}")
    assert result.iterations == CAP  # the wall clock never moved, whatever the CPU did
    assert result.seconds == 0.0


def test_the_clock_is_part_of_the_spec_a_tournament_stores() -> None:
    game = va.make_game("valdora", players=3)
    assert "clock=cpu" in va.make_agent("ismcts:time=0.2,clock=cpu", game).spec
    assert "clock" not in va.make_agent("ismcts:time=0.2", game).spec  # wall: the default


def test_a_budget_refuses_an_unknown_clock() -> None:
    with pytest.raises(ValdoraError, match="budget clock must be one of wall, cpu"):
        Budget(seconds=1.0, clock="sundial")


def test_a_spec_refuses_an_unknown_clock() -> None:
    game = va.make_game("valdora", players=3)
    with pytest.raises(ValdoraError, match="clock"):
        va.make_agent("ismcts:clock=sundial", game)


def test_root_parallel_workers_keep_the_clock() -> None:
    """Each worker of jobs=N measures its own CPU time on the budget's clock."""
    from valdora_ai.search.parallel import split_budget

    parts = split_budget(Budget(iterations=10, seconds=2.0, clock="cpu"), 3)
    assert [p.clock for p in parts] == ["cpu"] * 3
    assert [p.seconds for p in parts] == [2.0] * 3


def test_a_time_control_runs_on_the_wall_clock(cpu_ticks: None) -> None:
    """Under a game clock the plan's limit is wall time, whatever the spec's clock: the
    ticking CPU clock does not stop the search, the frozen wall clock never ends it
    before its iterations do."""
    from valdora_ai.clock import ClockReading

    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=5)
    agent = va.make_agent(f"ismcts:time=3,clock=cpu,iterations={CAP}", game, seed=1)
    agent.clock = ClockReading(600.0, 0.0)
    assert agent.analyze(game.observation(state, state.current_player)).iterations == CAP
