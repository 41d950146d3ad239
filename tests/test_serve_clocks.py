"""`valdora serve` with people on clocks, over its WebSocket: the server's clocks rule,
a person out of time loses the game on time with a clear message.

The server's clock time is faked (its bots take no time on it, the test moves it on),
so nothing here depends on how fast the machine is.
"""

from __future__ import annotations

from typing import Any

import pytest
from interactive_helpers import FakeTime
from serve_client import Page, page, server

import valdora_ai.interactive.session as session_module
from valdora_ai.games import game_names, player_counts


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(session_module, "perf_counter", fake)
    return fake


def timed_game(p: Page, game: str, **clock: Any) -> tuple[str, dict[str, Any]]:
    """A new game of `game`, a person in seat 0 against greedy bots, under `clock`:
    the session and the table where the person is to move."""
    seats = ["human"] + ["greedy"] * (player_counts(game)[0] - 1)
    answers = p.ask("new_game", game=game, seats=seats, seed=1, **clock)
    assert "error" not in answers[-1], answers[-1]
    return answers[-1]["session"], answers[-1]["table"]


@pytest.mark.parametrize("game", game_names())
def test_a_person_out_of_time_loses_on_time(game: str, now: FakeTime) -> None:
    with server() as client, page(client) as p:
        sid, table = timed_game(p, game, clock={"base": 5, "increment": 1})
        assert table["toMove"] == 0 and table["choices"] and table["flag"] is None
        assert table["clocks"][0] == 5 and all(c >= 5 for c in table["clocks"])
        assert not table["canUndo"]
        now.t += 2
        played = p.ask("play", session=sid, step=table["choices"][0]["step"])[-1]["table"]
        assert played["toMove"] == 0 and played["clocks"][0] == 4  # 5 - 2 + the increment
        undo = p.ask("undo", session=sid)[-1]
        assert undo["error"]["message"] == ("undo is off in a timed game: clocks are never "
                                            "rewound")
        now.t += 1
        assert p.ask("clock", session=sid)[-1]["table"]["clocks"][0] == 3  # still running
        now.t += 3.2  # 4.2 s on this decision: past the 4 s left and the 0.1 s margin
        ended = p.ask("clock", session=sid)[-1]["table"]
        assert ended["over"] and ended["flag"] == (
            "lost on time: seat 0 took 4.200 s with 4.000 s left (margin 0.1 s)")
        assert ended["choices"] == [] and ended["clocks"][0] == 0 and ended["toMove"] is None
        assert ended["result"]["winners"] and 0 not in ended["result"]["winners"]
        for action, fields in (("play", {"step": table["choices"][0]["step"]}),
                               ("hint", {}), ("undo", {})):
            late = p.ask(action, session=sid, **fields)[-1]
            assert late["kind"] == "table" and late["table"]["flag"] == ended["flag"]


def test_a_step_after_the_flag_fell_ends_the_game_on_time(now: FakeTime) -> None:
    """The server checks the clock before a step, whether or not the page claimed it."""
    with server() as client, page(client) as p:
        sid, table = timed_game(p, "valdora", clock={"base": 5})
        now.t += 60
        ended = p.ask("play", session=sid, step=table["choices"][0]["step"])[-1]["table"]
        assert ended["over"] and ended["flag"].startswith("lost on time: seat 0 took 60.000 s")
        assert ended["history"] == table["history"]  # the late step was not played


def test_per_seat_clocks_and_bad_ones(now: FakeTime) -> None:
    with server() as client, page(client) as p:
        controls = [{"base": 30}, {"base": 5, "increment": 2}, {"base": 7}]
        _, table = timed_game(p, "valdora", clocks=controls)
        assert table["clocks"] == [30, 5, 7]
        both = p.ask("new_game", seats=["human", "greedy", "greedy"], seed=1,
                     clock={"base": 1}, clocks=controls)[-1]
        assert both["error"]["field"] == "clocks"
        two = p.ask("new_game", seats=["human", "greedy", "greedy"], seed=1,
                    clocks=controls[:2])[-1]
        assert two["error"]["field"] == "clocks" and two["error"]["message"] == (
            "clocks: give one time control for every seat or one per seat: 3 seats, "
            "2 time controls")
