"""One interactive game: the true state, the turns played, the record, undo and resume.

The session is the only holder of the true state; people and bots are shown
observations. Its history is the list of whole turns in the notation, so the record,
undo (drop turns, re-play the rest from the seed) and resume (re-play a saved record)
all go through the same checked path: the turn notation.

Under a time control every seat, person or bot, plays on a
:class:`~valdora_ai.clock.SeatClock`, charged per decision (a step) as a tournament
charges its seats; a seat that overruns it loses on time and the game ends there.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from time import perf_counter
from typing import Any

from valdora_ai.analysis import Analysis
from valdora_ai.atomic import atomic_write
from valdora_ai.clock import DEFAULT_FLAG_MARGIN, Flagged, SeatClock, TimeControl
from valdora_ai.errors import RecordError, ValdoraError
from valdora_ai.games import DEFAULT_GAME, Game, facts
from valdora_ai.interactive.reveals import Seen, refuse_undo, seen_by
from valdora_ai.interactive.seats import HUMAN, agent_for_turn, seat_specs
from valdora_ai.records import RecordHeader, RecordWriter, Replay, replay
from valdora_ai.selfplay import GameResult


@dataclass(frozen=True)
class PlayedTurn:
    """One whole turn of the history, as the record writes it."""

    seat: int
    round: int | None  # None for a game without rounds
    play: str
    # Its steps in words as the one person at the table saw them (empty with several
    # people or none): shown, not part of the turn.
    words: tuple[str, ...] = field(default=(), compare=False)
    # The number it is shown with (facts.played_turn_number; None: a setup line the
    # game does not count as a turn), and the private reveals it showed the one person
    # at the table (their own turn's; undo refuses to take those back).
    number: int | None = field(default=None, compare=False)
    private: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Suggestion:
    """A hint: the suggested rest of the turn and the analysis of its first step.

    `open_end` is True when the suggestion stops at a reveal (a page whose face nobody
    knows yet) after which the turn goes on: what comes after depends on that face.
    `words` says each suggested step in words (the game's ``step_words``), `steps` are
    the suggested steps themselves (a table plays them when the person takes the hint).
    """

    text: str
    analysis: Analysis
    open_end: bool
    words: tuple[str, ...]
    steps: tuple[int, ...] = ()


class GameSession:
    """The state of a game between people and bots, and its history of turns."""

    def __init__(self, game: Game, seed: int, seats: tuple[str, ...]) -> None:
        self.game = game
        self.seed = seed
        self.seats = seats
        self.turns: list[PlayedTurn] = []
        self.state: Any = game.new_state(seed)
        # Every seat's clock under a time control (start_clocks); none: untimed.
        self.clocks: dict[int, SeatClock] = {}
        self.flag: Flagged | None = None  # the loss on time that ended the game
        self.now: Callable[[], float] = perf_counter  # the clocks' time (tests fake it)
        self._since = 0.0  # when the decision in progress began (its seat's clock runs)

    def start_clocks(self, controls: Sequence[TimeControl],
                     margin: float = DEFAULT_FLAG_MARGIN) -> None:
        """Put every seat on a clock: `controls` is one time control for all seats or
        one per seat (ValdoraError otherwise). A bot's clock runs while it decides, a
        person's from the end of the decision before theirs to each step they play
        (whatever they typed or asked in between); each decision adds the increment, and
        a seat whose decision overruns its time by more than `margin` seconds loses on
        time, as in a tournament."""
        self.clocks = {seat: SeatClock(control, margin)
                       for seat, control in enumerate(per_seat(controls, len(self.seats)))}
        self._since = self.now()

    @classmethod
    def new(cls, game: Game, seats: list[str], seed: int) -> GameSession:
        """A fresh game; `seats` are agent specs or ``human`` (SpecError if one is bad)."""
        if len(seats) != game.num_players:
            raise ValdoraError(f"{game.num_players} players need {game.num_players} seats, "
                               f"got {len(seats)}")
        return cls(game, seed, seat_specs(game, seats, seed))

    @classmethod
    def resume(cls, path: str | Path, rules_data: Any = None,
               expect_game: str | None = None) -> GameSession:
        """Continue a saved record (checked turn by turn); RecordError if it is over or
        (given `expect_game`) of another game."""
        saved = replay(path, rules_data=rules_data, expect_game=expect_game)
        return cls.from_replay(saved, str(path))

    @classmethod
    def from_replay(cls, saved: Replay, where: str) -> GameSession:
        """Continue a replayed record (RecordError, naming `where`, if it is over)."""
        if saved.final.is_terminal():
            raise RecordError("the game is over: nothing to resume", where=where)
        session = cls(saved.game, saved.header.seed, saved.header.seats)
        session.turns = [
            session._played(p, saved.game.parse_turn(p, play), after, line)
            for line, (p, after, play) in enumerate(
                zip(saved.positions[:-1], saved.positions[1:], saved.plays, strict=True),
                start=1)]
        session.state = saved.final
        # Bot specs are rebuilt as the record wrote them: a bad one fails here, not later.
        for seat in session.bots:
            agent_for_turn(session.seats[seat], session.game, 1)
        return session

    # ----------------------------------------------------------------- queries
    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, spec in enumerate(self.seats) if spec == HUMAN)

    @property
    def bots(self) -> tuple[int, ...]:
        return tuple(seat for seat, spec in enumerate(self.seats) if spec != HUMAN)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def over(self) -> bool:
        """The game ended: played to its end, or lost on time by a seat."""
        return self.flag is not None or bool(self.state.is_terminal())

    def time_left(self, seat: int) -> float | None:
        """Seconds on `seat`'s clock now, its decision in progress counted (None: the
        game is untimed)."""
        clock = self.clocks.get(seat)
        if clock is None:
            return None
        running = self._running() if seat == self.state.current_player else 0.0
        return max(clock.remaining - running, 0.0)

    def time_to_flag(self, seat: int) -> float | None:
        """Seconds until `seat`, deciding now, loses on time unless it decides (None:
        the game is untimed); negative once its flag has fallen."""
        clock = self.clocks.get(seat)
        return None if clock is None else clock.remaining + clock.margin - self._running()

    def _running(self) -> float:
        return 0.0 if self.over else self.now() - self._since

    def decided(self, seat: int) -> None:
        """Charge `seat`'s clock the decision that ends now (since the one before it
        ended) and start the next; Flagged, ending the game, if it overran. Untimed
        games: nothing to charge."""
        now = self.now()
        used, self._since = now - self._since, now
        clock = self.clocks.get(seat)
        if clock is None:
            return
        left = clock.remaining
        if clock.charge(used):
            self.flag = Flagged(seat, used, left, clock.margin)
            raise self.flag

    def check_time(self) -> None:
        """End the game on time (Flagged) if the seat to move's flag has fallen while it
        was deciding: a table asks before each of a person's actions, and when no answer
        came in time."""
        if self.over:
            return
        seat = self.state.current_player
        wait = self.time_to_flag(seat)
        if wait is not None and wait < 0:
            self.decided(seat)

    def refuse_undo_on_clock(self) -> None:
        """Undo is off in a timed game: a clock is never rewound, and steps taken back
        and played again would earn their increments again."""
        if self.clocks:
            raise ValdoraError("undo is off in a timed game: clocks are never rewound")

    @property
    def turn_number(self) -> int:
        """The record line of the turn being played (the first is 1): it seeds the
        agents deciding it, so it never changes meaning."""
        return len(self.turns) + 1

    @property
    def shown_turn(self) -> int:
        """The number of the turn being played as the tables show it: the game's own
        count, as its picture shows it (facts.turn_number)."""
        return facts.turn_number(self.game, self.state, len(self.turns))

    def result(self) -> GameResult:
        """The game's result; after a loss on time, the game as it stood, lost by the
        seat that flagged (GameResult.forfeited, as a tournament scores it)."""
        result = GameResult.of(self.game, self.state, self.seed, self.seats, len(self.turns))
        return result if self.flag is None else result.forfeited(self.flag.seat)

    # ----------------------------------------------------------------- playing
    def commit(self, start: Any, steps: list[int], end: Any) -> PlayedTurn:
        """Record the whole turn `steps` played from `start` (leading to `end`)."""
        turn = self._played(start, steps, end, len(self.turns) + 1)
        self.turns.append(turn)
        self.state = end
        return turn

    def _played(self, start: Any, steps: list[int], end: Any, line: int) -> PlayedTurn:
        """The turn `steps` from `start` to `end`, record line `line`, as the history
        keeps it: its notation, words, shown number and the person's private reveals."""
        seat = start.current_player
        private = (seen_by(self.game, start, steps, seat).private
                   if self.humans == (seat,) else ())
        return PlayedTurn(seat, _round(self.game, start), self.game.format_turn(start, steps),
                          self._words(start, steps),
                          facts.played_turn_number(self.game, start, end, line), private)

    def _words(self, start: Any, steps: list[int]) -> tuple[str, ...]:
        """The words of the turn `steps` from `start` as the one person at the table saw
        them; none with several people or none (nobody to word them for)."""
        if len(self.humans) != 1:
            return ()
        return facts.seen_steps_words(self.game, start, steps, self.humans[0])

    def play_turn(self, text: str) -> PlayedTurn:
        """Play a whole turn written in the notation for the player to move (checked)."""
        steps = self.game.parse_turn(self.state, text)
        board = self.state.copy()
        for step in steps:
            board.play(step)
        return self.commit(self.state, steps, board)

    def bot_turn(self) -> tuple[PlayedTurn, Analysis]:
        """Let the bot to move play its whole turn; the analysis of its first decision.
        On a clock each decision is charged from asking the agent to its answer (Flagged
        if it overran: the turn is not played)."""
        seat = self.state.current_player
        agent = agent_for_turn(self.seats[seat], self.game, self.turn_number)
        start, board = self.state, self.state.copy()
        steps: list[int] = []
        count = self.game.turn_count(board)
        first: Analysis | None = None
        clock = self.clocks.get(seat)
        while not steps or facts.turn_continues(self.game, board, seat, count):
            self._since = self.now()
            if clock is not None:
                agent.clock = clock.reading()
            analysis = agent.analyze(self.game.observation(board, seat))
            self.decided(seat)
            first = first or analysis
            board.play(analysis.best.step)
            steps.append(analysis.best.step)
        assert first is not None
        return self.commit(start, steps, board), replace(first, agent=self.seats[seat])

    def suggest(self, board: Any, seat: int, spec: str, turn_started: bool) -> Suggestion:
        """What the agent `spec` would play for `seat` from `board` to the end of the turn.

        It is asked on `seat`'s belief state, so a hint never reveals hidden pages: it
        stops where the next step depends on a face not yet seen.
        """
        agent = agent_for_turn(spec, self.game, self.turn_number)
        belief = self.game.observation(board, seat).belief_state()
        start, tokens = belief.copy(), []
        steps: list[int] = []
        count = self.game.turn_count(belief)
        first: Analysis | None = None
        while not steps or facts.turn_continues(self.game, belief, seat, count):
            analysis = agent.analyze(self.game.observation(belief, seat))
            first = first or analysis
            step = analysis.best.step
            tokens.append(self.game.describe_step(belief, step))
            steps.append(step)
            belief.apply(step)
        assert first is not None
        if not turn_started:
            text = self.game.format_turn(start, steps)
        else:
            text = " ".join(tokens[:-1] if tokens[-1] == "end" else tokens) or "end"
        return Suggestion(text, replace(first, agent=spec),
                          self._goes_on_after_reveal(belief, seat, count),
                          facts.steps_words(self.game, start, steps), tuple(steps))

    def _goes_on_after_reveal(self, belief: Any, seat: int, count: int | None) -> bool:
        """Whether `seat`'s turn can go on after the reveal pending in `belief` (a draw
        that ends the turn leaves nothing open)."""
        if not belief.is_chance_node():
            return False
        for outcome, _ in belief.chance_outcomes():
            after = belief.copy()
            after.apply(outcome)
            if after.is_chance_node() or facts.turn_continues(self.game, after, seat, count):
                return True
        return False

    def undo(self) -> int:
        """Take back the last turn of the one person at the table, and the bots' turns
        since; the number of turns taken back. They replay as before when repeated."""
        if len(self.humans) != 1:
            raise ValdoraError("undo works only when one person plays against bots")
        self.refuse_undo_on_clock()
        human = self.humans[0]
        last = max((i for i, turn in enumerate(self.turns) if turn.seat == human), default=-1)
        if last < 0:
            raise ValdoraError("nothing to undo: you have not played a turn yet")
        refuse_undo(Seen(private=self.turns[last].private),
                    f"your last turn ({self.turns[last].play})")
        kept, taken = self.turns[:last], len(self.turns) - last
        self.turns, self.state = [], self.game.new_state(self.seed)
        for turn in kept:
            self._replay(turn)
        return taken

    def _replay(self, turn: PlayedTurn) -> None:
        for step in self.game.parse_turn(self.state, turn.play):
            self.state.apply(step)
        self.turns.append(turn)

    # ----------------------------------------------------------------- the record
    def write_record(self, path: str | Path) -> None:
        """Write the record so far (with its result once the game is over), atomically:
        a failure (WriteError) leaves the previous record as it was."""
        with atomic_write(path) as stream:
            stream.write(self.record_text())

    def record_text(self) -> str:
        """The record so far as JSON-lines text (with its result once the game is over)."""
        stream = io.StringIO()
        writer = RecordWriter(stream, RecordHeader(
            self.game.name, self.seed, self.game.num_players, self.seats,
            self.game.data_sha256()))
        for number, turn in enumerate(self.turns, start=1):
            writer.turn(number, turn.round, turn.seat, turn.play)
        if self.state.is_terminal():
            writer.result(self.game, self.state)
        return stream.getvalue()


def per_seat(controls: Sequence[TimeControl], seats: int,
             name: str = "clocks") -> tuple[TimeControl, ...]:
    """`controls` for `seats` seats: one time control for all of them or one per seat
    (ValdoraError otherwise, naming `name`, where they were given)."""
    if len(controls) == 1:
        return tuple(controls) * seats
    if len(controls) != seats:
        raise ValdoraError(f"{name}: give one time control for every seat or one per "
                           f"seat: {seats} seats, {len(controls)} time controls")
    return tuple(controls)


def resume_command(game: str, path: object) -> str:
    """The command that continues a saved game of `game` from the record at `path`."""
    option = "" if game == DEFAULT_GAME else f"--game {game} "
    return f"valdora play {option}--resume {path}"


def _round(game: Game, state: Any) -> int | None:
    """The number of the round `state` is in (None for a game without rounds)."""
    rounds = game.round_count(state)
    return None if rounds is None else rounds + 1
