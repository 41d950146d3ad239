"""People on clocks: a timed interactive game puts every seat, human or bot, on a game
clock and a person who does not decide in time loses on time, as a tournament's seat.

The session's time is faked (bots take no time on it, a person's reader moves it on),
so nothing here depends on how fast the machine is.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from interactive_helpers import FakeTime, RecordingView

from valdora_ai.cli.play_session import TimedInput
from valdora_ai.clock import ON_TIME, TimeControl, format_seconds
from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_names, make_game, player_counts
from valdora_ai.interactive import GameSession, Outcome, run_session
from valdora_ai.interactive.loop import NoAnswer
from valdora_ai.records import replay
from valdora_ai.selfplay import GameResult
from valdora_ai.tournament.storage import Forfeit


def timed(game: str, human: int = 0) -> tuple[GameSession, FakeTime]:
    """A game of `game` with a person in seat `human` against random bots, every seat
    on a 10+1 clock (margin 0.1 s), on a fake time."""
    players = player_counts(game)[0]
    seats = ["random"] * players
    seats[human] = "human"
    session = GameSession.new(make_game(game, players=players), seats, 1)
    now = FakeTime()
    session.now = now
    session.start_clocks([TimeControl(10, 1)], margin=0.1)
    return session, now


def person(now: FakeTime, script: list[tuple[float, str | None]],
           seen: list[tuple[str, float | None]]) -> Any:
    """A reader that, at each prompt, lets the given seconds pass and types the line
    (None: no answer before the flag falls, the whole timeout waited); `seen` gets each
    prompt and the timeout it came with. End of input after the script."""
    lines = iter(script)

    def read(prompt: str, timeout: float | None) -> str:
        seen.append((prompt, timeout))
        try:
            wait, line = next(lines)
        except StopIteration:
            raise EOFError from None
        if line is None:
            assert timeout is not None
            now.t += timeout + 0.001
            raise NoAnswer
        now.t += wait
        return line

    return read


def _run(session: GameSession, read: Any, record: Path) -> tuple[Outcome, RecordingView]:
    view = RecordingView()
    return run_session(session, read, view, record=record, hint_agent="greedy"), view


@pytest.mark.parametrize("game", game_names())
def test_a_person_who_does_not_answer_loses_on_time(game: str, tmp_path: Path) -> None:
    session, now = timed(game)
    seen: list[tuple[str, float | None]] = []
    outcome, view = _run(session, person(now, [(0, None)], seen), tmp_path / "g.jsonl")
    assert outcome is Outcome.LOST_ON_TIME
    assert seen == [("seat 0 [0:10.0] > ", pytest.approx(10.1))]  # the bots took no time
    status = [m[1] for m in view.of("message") if m[1].startswith("clocks: ")]
    assert status and status[0].startswith("clocks: seat 0 0:10.0 · seat 1 0:1")
    ended = view.of("message")[-1][1]
    assert ended == ("lost on time: seat 0 took 10.101 s with 10.000 s left (margin 0.1 s): "
                     "the game ends there")
    # Scored as a tournament scores a loss on time: the seat last, the best others win.
    result = view.of("result")[-1][1]
    assert result == session.result() and 0 not in result.winners and result.winners
    assert result.forfeit == 0
    assert session.over and Forfeit(0, str(session.flag)).on_time
    assert str(session.flag).startswith(ON_TIME)
    # The record keeps the turns played, without a result line (the game did not end).
    saved = replay(tmp_path / "g.jsonl")
    assert len(saved.plays) == len(session.turns) and saved.result is None


@pytest.mark.parametrize("game", game_names())
def test_the_increment_is_added_and_help_and_hints_count(game: str, tmp_path: Path) -> None:
    """3 s for the first step (+1: 8 s left), then 5 s of help and 2 s of a hint: the
    step after them, 1.5 s later, comes 0.4 s past the flag."""
    session, now = timed(game)
    seen: list[tuple[str, float | None]] = []
    script: list[tuple[float, str | None]] = [(3, "1"), (5, "help"), (2, "hint"), (1.5, "1")]
    outcome, view = _run(session, person(now, script, seen), tmp_path / "g.jsonl")
    assert outcome is Outcome.LOST_ON_TIME
    assert [prompt for prompt, _ in seen] == [
        "seat 0 [0:10.0] > ", "seat 0 [0:08.0] > ", "seat 0 [0:03.0] > ", "seat 0 [0:01.0] > "]
    assert [timeout for _, timeout in seen] == pytest.approx([10.1, 8.1, 3.1, 1.1])
    assert session.clocks[0].used == pytest.approx([3, 8.5])
    assert view.of("message")[-1][1].startswith("lost on time: seat 0 took 8.500 s with "
                                                "8.000 s left")


def test_lines_typed_ahead_do_not_stop_the_flag(tmp_path: Path) -> None:
    """A person whose time ran out during a command loses before the next line is read,
    however many lines wait: 11 s of `help` on a 10 s clock, then more lines."""
    session, now = timed("valdora")
    seen: list[tuple[str, float | None]] = []
    outcome, view = _run(session, person(now, [(11, "help"), (0, "help"), (0, "1")], seen),
                         tmp_path / "g.jsonl")
    assert outcome is Outcome.LOST_ON_TIME and len(seen) == 1
    assert view.of("message")[-1][1].startswith("lost on time: seat 0 took 11.000 s")


@pytest.mark.parametrize("game", game_names())
def test_undo_is_off_in_a_timed_game(game: str, tmp_path: Path) -> None:
    session, now = timed(game)
    outcome, view = _run(session, person(now, [(1, "1"), (1, "undo")], []),
                         tmp_path / "g.jsonl")
    assert outcome is Outcome.END_OF_INPUT
    assert view.of("error")[-1][1] == "undo is off in a timed game: clocks are never rewound"
    with pytest.raises(ValdoraError, match="undo is off in a timed game"):
        session.undo()


def test_a_slow_bot_loses_on_time_at_the_table_too(tmp_path: Path) -> None:
    """Bots are charged from asking them to their answer, and flag like a person."""
    session, now = timed("valdora", human=1)
    think = session.game.observation

    def slow(*args: Any) -> Any:
        now.t += 20  # every observation a bot is shown takes 20 s on this clock
        return think(*args)
    session.game.observation = slow  # type: ignore[method-assign]
    outcome, view = _run(session, person(now, [], []), tmp_path / "g.jsonl")
    assert outcome is Outcome.LOST_ON_TIME
    assert view.of("message")[-1][1].startswith("lost on time: seat 0 took 20.000 s")
    assert session.result().winners and 0 not in session.result().winners


def test_time_controls_are_one_for_every_seat_or_one_per_seat() -> None:
    session, _ = timed("valdora")
    session.start_clocks([TimeControl(5), TimeControl(6), TimeControl(7, 2)])
    assert [session.time_left(s) for s in range(3)] == [5, 6, 7]
    with pytest.raises(ValdoraError, match="clocks: give one time control for every seat "
                                           "or one per seat: 3 seats, 2 time controls"):
        session.start_clocks([TimeControl(5), TimeControl(6)])
    untimed = GameSession.new(make_game("valdora"), ["human", "greedy", "greedy"], 1)
    assert untimed.time_left(0) is None and untimed.time_to_flag(0) is None


def test_a_forfeited_result_is_won_by_the_best_other_seats() -> None:
    stood = GameResult(seed=1, seats=("a", "b", "c", "d"), totals=(9, 4, 7, 7), columns=(),
                       rows=(), winners=(), rounds=3, turns=12, capped=True)
    lost = stood.forfeited(0)
    assert lost.winners == (2, 3) and lost.totals == stood.totals and not lost.capped
    assert lost.forfeit == 0 and stood.forfeit is None
    assert stood.forfeited(2).winners == (0,)


def test_clock_times_read_as_minutes_seconds_and_tenths() -> None:
    assert [format_seconds(s) for s in (0, 9.96, 61.25, -3, 3725)] == [
        "0:00.0", "0:09.9", "1:01.2", "0:00.0", "1:02:05"]


def test_the_terminal_reader_waits_with_a_deadline_and_keeps_early_lines() -> None:
    """No line within the timeout: NoAnswer; lines typed ahead are kept in order; the
    end of input stays the end."""
    source, sink = os.pipe()
    read = TimedInput(source)
    try:
        with pytest.raises(NoAnswer):
            read("seat 0 > ", 0)
        os.write(sink, "1\nhint\r\nÄ".encode())
        os.close(sink)
        assert [read("seat 0 > ", None), read("seat 0 > ", 5)] == ["1", "hint"]
        assert read("seat 0 > ", None) == "Ä"
        for _ in range(2):
            with pytest.raises(EOFError):
                read("seat 0 > ", None)
    finally:
        os.close(source)
