"""The dialogue of an interactive game: bots play, people are asked for their turns.

`run_session` reads lines through a `read(prompt, timeout)` function (EOFError at the
end of input, NoAnswer when a timed person's flag falls first) and shows everything
through a :class:`~valdora_ai.interactive.view.View`, so a terminal and a test drive
the same loop. The record is rewritten after every turn and once more when the loop
ends, however it ends (a loss on time included: it keeps the turns played).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Any

from valdora_ai.clock import Flagged, format_seconds
from valdora_ai.errors import ValdoraError
from valdora_ai.games import facts
from valdora_ai.interactive.commands import Command, help_text, parse_command
from valdora_ai.interactive.reveals import Seen, refuse_undo_step, seen_by
from valdora_ai.interactive.session import GameSession, resume_command
from valdora_ai.interactive.view import Choice, View
from valdora_ai.interrupts import unwrapped_interrupts

Reader = Callable[[str, float | None], str]
"""``read(prompt, timeout)``: the next line, waiting at most `timeout` seconds (None: no
limit) before raising NoAnswer; EOFError at the end of input."""


class NoAnswer(Exception):
    """No line came within the reader's timeout: the person's flag has fallen."""


class Outcome(Enum):
    FINISHED = "finished"
    LOST_ON_TIME = "lost on time"
    QUIT = "quit"
    END_OF_INPUT = "end of input"
    INTERRUPTED = "interrupted"


class _Next(Enum):
    DONE, QUIT, AGAIN = range(3)  # turn played / stop / the turn starts over (undo)


def run_session(session: GameSession, read: Reader, view: View, *, record: Path,
                hint_agent: str) -> Outcome:
    """Play `session` to its end or until the person stops; the record is in `record`."""
    try:
        with unwrapped_interrupts():
            outcome = _play(session, read, view, record, hint_agent)
    except Flagged as flag:
        view.message(f"{flag}: the game ends there")
        view.result(session.result())
        outcome = Outcome.LOST_ON_TIME
    except EOFError:
        outcome = Outcome.END_OF_INPUT
    except KeyboardInterrupt:
        outcome = Outcome.INTERRUPTED
    session.write_record(record)
    return outcome


def _play(session: GameSession, read: Reader, view: View, record: Path,
          hint_agent: str) -> Outcome:
    while not session.over:
        seat = session.state.current_player
        if session.is_human(seat):
            left = _HumanTurn(session, view, hint_agent).run(read)
            if left is _Next.QUIT:
                return Outcome.QUIT
        else:
            turn, analysis = session.bot_turn()
            view.turn_played(turn.number, turn, session.seats[seat], analysis.summary())
        session.write_record(record)
    view.result(session.result())
    return Outcome.FINISHED


class _HumanTurn:
    """One person's turn: whole turns, menu choices, step tokens and commands."""

    def __init__(self, session: GameSession, view: View, hint_agent: str) -> None:
        self.session, self.view, self.hint_agent = session, view, hint_agent
        self.game = session.game
        self.start: Any = session.state
        self.seat: int = self.start.current_player
        self.board: Any = self.start.copy()
        self.steps: list[int] = []

    def run(self, read: Reader) -> _Next:
        self._show_position()
        while self.board.current_player == self.seat:
            self.session.check_time()  # the flag fell during a command (a slow hint)
            try:
                line = read(self._prompt(), self.session.time_to_flag(self.seat))
            except NoAnswer:
                self.session.check_time()  # Flagged, unless the reader woke a hair early
                continue
            try:
                left = self._handle(parse_command(line))
            except Flagged:
                raise
            except ValdoraError as exc:
                self.view.error(str(exc))
                continue
            if left is not None:
                return left
        turn = self.session.commit(self.start, self.steps, self.board)
        who = "you" if len(self.session.humans) == 1 else "human"
        self.view.turn_played(turn.number, turn, who, "")
        return _Next.DONE

    def _prompt(self) -> str:
        """``seat S > ``, with the seat's time left in a timed game."""
        left = self.session.time_left(self.seat)
        return f"seat {self.seat} > " if left is None else \
            f"seat {self.seat} [{format_seconds(left)}] > "

    def _handle(self, command: Command) -> _Next | None:
        """Carry out one command; a _Next when the turn is left by other means."""
        kind = command.kind
        if kind == "help":
            self.view.message(help_text(self.game.name, self._choices()))
        elif kind in ("legal", "empty"):
            self.view.menu(self._choices())
        elif kind == "board":
            self._show_position()
        elif kind == "hint":
            self.view.hint(self.session.suggest(self.board, self.seat, self.hint_agent,
                                                bool(self.steps)))
        elif kind == "save":
            self._save(Path(command.argument))
        elif kind == "quit":
            return _Next.QUIT
        elif kind == "undo":
            return self._undo()
        elif kind == "choice":
            self._choose(int(command.argument))
        else:
            self._move(command.argument)
        return None

    def _choices(self) -> list[Choice]:
        """The menu: each legal step in words and as typed."""
        return [Choice(self.game.step_words(self.board, step), self._token(step))
                for step in self.board.legal_steps()]

    def _token(self, step: int) -> str:
        """A legal step as typed: at the start of a turn as a whole turn (a lone END is
        'pass'), then its step token."""
        if not self.steps:
            return self.game.format_turn(self.board, [step])
        return self.game.describe_step(self.board, step)

    def _show_position(self) -> None:
        observation = self.game.observation(self.board, self.seat)
        if self.steps:
            self.view.progress(observation, self._so_far())
        else:
            self.view.position(observation, self.session.seats, self.session.shown_turn)
        if self.session.clocks:
            self.view.message("clocks: " + " · ".join(
                f"seat {seat} {format_seconds(self.session.time_left(seat) or 0.0)}"
                for seat in sorted(self.session.clocks)))
        self.view.menu(self._choices())

    def _so_far(self) -> str:
        return self.game.format_turn(self.start, self.steps)

    def _play(self, steps: list[int]) -> None:
        """Play checked steps, telling the person at once what each revealed to them (a
        private reveal included: it is theirs from now on); show the table when the turn
        goes on."""
        for step in steps:
            self.session.decided(self.seat)  # each step a decision, as for the bots
            self._show_seen(seen_by(self.game, self.board, [step], self.seat))
            self.board.play(step)
            self.steps.append(step)
        if self.board.current_player == self.seat:
            self._show_position()

    def _show_seen(self, seen: Seen) -> None:
        for words in seen.words:
            only = " (only you see it)" if words in seen.private else ""
            self.view.message(f"you see: {words}{only}")

    def _choose(self, number: int) -> None:
        legal = self.board.legal_steps()
        if not 1 <= number <= len(legal):
            raise ValdoraError(f"no choice {number}: the menu has 1 to {len(legal)} "
                               "(type 'legal' to see it)")
        self._play([legal[number - 1]])

    def _move(self, text: str) -> None:
        """A whole turn in the notation, or step tokens once the turn has begun."""
        if not self.steps:
            self._play(self.game.parse_turn(self.board, text))
            return
        self._play(facts.parse_steps(self.game, self.board, text))

    def _undo(self) -> _Next | None:
        if len(self.session.humans) != 1:
            raise ValdoraError("undo works only when one person plays against bots")
        self.session.refuse_undo_on_clock()
        if self.steps:
            refuse_undo_step(self.game, self.start, self.steps, self.seat)
            kept, taken = self.steps[:-1], self._so_far()
            self.board, self.steps = self.start.copy(), []
            for step in kept:
                self.board.apply(step)
                self.steps.append(step)
            self.view.message(f"took back the last step of {taken!r}")
            self._show_position()
            return None
        turns_taken = self.session.undo()
        self.view.message(f"took back your last turn and the {turns_taken - 1} bot turns "
                          "after it")
        return _Next.AGAIN

    def _save(self, path: Path) -> None:
        self.session.write_record(path)
        unsaved = " (the steps of this unfinished turn are not in it)" if self.steps else ""
        self.view.message(f"saved {len(self.session.turns)} turns to {path}{unsaved}; "
                          f"continue with: {resume_command(self.session.game.name, path)}")
