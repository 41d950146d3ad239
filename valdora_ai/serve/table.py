"""One game played in the browser: the true state stays here, the page gets a table.

A :class:`WebGame` wraps an interactive :class:`~valdora_ai.interactive.GameSession`
(seats, bots, undo, record, resume) and the person's turn in progress. What it sends
is :meth:`WebGame.table`: the position as the human seat to move (or the last human
seat) knows it -- its belief position, the game's picture drawn for that observer,
or, for a game without a picture, its table as text -- never the true state.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from valdora_ai.clock import Flagged
from valdora_ai.errors import ValdoraError
from valdora_ai.explanations import explain
from valdora_ai.games import Game, facts
from valdora_ai.inputs import brief
from valdora_ai.interactive.reveals import refuse_undo_step, seen_by
from valdora_ai.interactive.seats import HUMAN
from valdora_ai.interactive.session import GameSession, PlayedTurn
from valdora_ai.selfplay import GameResult
from valdora_ai.serve.clicks import board_clicks

TEXT_WIDTH = 100  # columns of a game's text table (games without a picture)


@dataclass(frozen=True)
class BotTurn:
    """A bot's whole turn (record line `line`) and its one-line reasoning, as the page
    shows it."""

    line: int
    turn: PlayedTurn
    reasoning: str

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.number, "line": self.line, "seat": self.turn.seat,
                "play": self.turn.play, "words": list(self.turn.words),
                "reasoning": self.reasoning}


class WebGame:
    """A game between the browser's human seats and bots, one step at a time."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.game: Game = session.game
        self._begin_turn()

    # ----------------------------------------------------------------- the turn
    def _begin_turn(self) -> None:
        self.start: Any = self.session.state
        self.board: Any = self.start.copy()
        self.steps: list[int] = []

    @property
    def over(self) -> bool:
        """Played to its end or lost on time."""
        return self.session.over

    @property
    def human_to_move(self) -> bool:
        return not self.over and self.session.is_human(self.session.state.current_player)

    def out_of_time(self) -> bool:
        """Whether the game has ended on time, the clock of the seat to move checked now
        (the server's clocks rule, whatever the page counted)."""
        try:
            self.session.check_time()
        except Flagged:
            pass
        return self.session.flag is not None

    def bot_turn(self) -> BotTurn | None:
        """Play the next bot turn, if a bot is to move; None when a person (or nobody) is."""
        if self.over or self.human_to_move:
            return None
        turn, analysis = self.session.bot_turn()
        self._begin_turn()
        return BotTurn(len(self.session.turns), turn, analysis.summary())

    def play(self, choice: int | None, text: str | None,
             steps: list[int] | None = None) -> None:
        """Play a legal step by its number (`choice`), several in order (`steps`, a
        hint's) or moves in the notation: a whole turn at its start, step tokens once it
        has begun (ValdoraError if illegal)."""
        if not self.human_to_move:
            raise ValdoraError("it is not a person's turn")
        if steps is not None:
            self._advance(self._checked(steps))
        elif choice is not None:
            legal = self.board.legal_steps()
            if choice not in legal:
                raise ValdoraError(facts.not_legal(self.game, self.board, f"step {choice}", legal))
            self._advance([choice])
        elif not self.steps:
            self._advance(self.game.parse_turn(self.board, text or ""))
        else:
            self._advance(self._tokens(text or ""))

    def _checked(self, steps: list[int]) -> list[int]:
        """`steps`, each legal in turn within the person's turn (ValdoraError if not)."""
        board, seat = self.board.copy(), self.board.current_player
        for step in steps:
            if board.current_player != seat:
                raise ValdoraError(f"step {step} comes after the turn has ended")
            legal = board.legal_steps()
            if step not in legal:
                raise ValdoraError(facts.not_legal(self.game, board, f"step {step}", legal))
            board.play(step)
        return list(steps)

    def _tokens(self, text: str) -> list[int]:
        board, steps, seat = self.board.copy(), [], self.board.current_player
        for token in text.split():
            if board.current_player != seat:
                raise ValdoraError(f"{token!r} comes after the turn has ended")
            legal = board.legal_steps()
            named = [s for s in legal
                     if self.game.describe_step(board, s).lower() == token.lower()]
            if not named:
                raise ValdoraError(facts.not_legal(self.game, board, brief(token, 120), legal))
            board.apply(named[0])
            steps.append(named[0])
        if not steps:
            raise ValdoraError("no move given")
        return steps

    def _advance(self, steps: list[int]) -> None:
        """Play checked steps, each a decision on the seat's clock (Flagged if it came
        too late: the game ends before it)."""
        seat = self.board.current_player
        for step in steps:
            self.session.decided(seat)
            self.board.play(step)
            self.steps.append(step)
        if self.board.current_player != seat:
            self.session.commit(self.start, self.steps, self.board)
            self._begin_turn()

    def undo(self) -> str:
        """Take back the last step of the turn in progress, else the person's last turn
        and the bots' turns since; what was taken back, in words."""
        self.session.refuse_undo_on_clock()
        if self.steps:
            refuse_undo_step(self.game, self.start, self.steps,
                             int(self.start.current_player))
            kept = self.steps[:-1]
            self.board = self.start.copy()
            for step in kept:
                self.board.play(step)
            self.steps = kept
            return "took back the last step"
        taken = self.session.undo()
        self._begin_turn()
        return f"took back your last turn and the {taken - 1} bot turns after it"

    def hint(self, spec: str) -> dict[str, Any]:
        """What `spec` would play for the person to move, with its explanation."""
        if not self.human_to_move:
            raise ValdoraError("it is not a person's turn")
        seat = self.board.current_player
        suggestion = self.session.suggest(self.board, seat, spec, bool(self.steps))
        belief = self.game.observation(self.board, seat).belief_state()
        explanation = explain(self.game, belief, suggestion.analysis)
        return {"text": suggestion.text, "words": list(suggestion.words),
                "steps": list(suggestion.steps),
                "openEnd": suggestion.open_end,
                "reasoning": suggestion.analysis.summary(),
                "explanation": explanation.to_json()}

    # ----------------------------------------------------------------- what is shown
    def observer(self) -> int | None:
        """The seat whose knowledge the page shows: the human to move, else the last
        human seat to have moved (else the first), None when only bots play."""
        humans = self.session.humans
        if not humans:
            return None
        if self.human_to_move:
            return int(self.board.current_player)
        for turn in reversed(self.session.turns):
            if turn.seat in humans:
                return turn.seat
        return humans[0]

    def table(self) -> dict[str, Any]:
        """The page's view of the game: only what the observer may know."""
        seat = self.observer()
        session = self.session
        body: dict[str, Any] = {
            "game": self.game.name, "seats": list(session.seats), "observer": seat,
            "turn": session.shown_turn, "over": self.over,
            "toMove": None if self.over else int(self.board.current_player),
            "history": [{"turn": t.number, "line": n, "seat": t.seat, "play": t.play,
                         "words": list(t.words)}
                        for n, t in enumerate(session.turns, start=1)],
            "soFar": self.game.format_turn(self.start, self.steps) if self.steps else "",
            "seen": self._seen(),
            "choices": self._choices() if self.human_to_move else [],
            "canUndo": len(session.humans) == 1 and not session.clocks and bool(
                self.steps or any(t.seat in session.humans for t in session.turns)),
        }
        body["targets"], body["controls"] = (board_clicks(self.game, self.board)
                                             if self.human_to_move else ({}, []))
        body["clocks"] = [None if (left := session.time_left(s)) is None else round(left, 3)
                          for s in range(len(session.seats))]
        body["flag"] = None if session.flag is None else str(session.flag)
        body.update(picture(self.game, self.board, seat, session.seats))
        body["result"] = result_json(session.result()) if self.over else None
        return body

    def _seen(self) -> list[dict[str, Any]]:
        """What the steps of the turn in progress revealed to the person, in words, each
        marked `private` when no other seat saw it (it stays seen: undo refuses it)."""
        if not self.steps:
            return []
        seen = seen_by(self.game, self.start, self.steps, int(self.start.current_player))
        return [{"words": words, "private": words in seen.private} for words in seen.words]

    def _choices(self) -> list[dict[str, Any]]:
        """Every legal step as the fallback list's button: its notation, words and kind
        (the list's heading)."""
        board = self.board
        choices = []
        for step in board.legal_steps():
            label = (self.game.format_turn(board, [step]) if not self.steps
                     else self.game.describe_step(board, step))
            choices.append({"step": step, "move": self.game.describe_step(board, step),
                            "label": label, "words": self.game.step_words(board, step),
                            "kind": self.game.step_kind(step)})
        return choices


def result_json(result: GameResult) -> dict[str, Any]:
    """A finished game's result for the page: the totals and winners, and each seat's
    score by category as the terminal's result table shows it (`columns`, the game's
    ``score_columns``, and a row per seat; no columns for a game without a breakdown)."""
    return {"scores": list(result.totals), "winners": list(result.winners),
            "columns": list(result.columns), "rows": [list(row) for row in result.rows],
            "rounds": result.rounds, "turns": result.turns, "capped": result.capped}


def picture(game: Game, state: Any, observer: int | None,
            seats: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The position for the page as `observer` knows it: `position` (its belief
    position), `svg` (the game's picture, or null) and `text` (the table as text when
    the game draws no picture). With `observer` None only the public picture is given."""
    shown: dict[str, Any] = {"position": None, "svg": None, "text": None}
    if observer is not None:
        observation = game.observation(state, observer)
        shown["position"] = game.position_to_json(observation.belief_state())
    try:
        shown["svg"] = facts.render_svg(game, state, observer)
    except ValdoraError:
        if observer is None:
            shown["text"] = game.position_summary(state) or game.name
        else:
            console = Console(record=True, width=TEXT_WIDTH, file=io.StringIO(),
                              color_system=None)
            names = seats or tuple(HUMAN for _ in range(game.num_players))
            for shown_part in game.position_view(observation, names, TEXT_WIDTH):
                console.print(shown_part)
            shown["text"] = console.export_text()
    return shown

