"""What services ask of any game beyond its hooks: where a turn ends, steps in words,
and its picture.

The hooks themselves are methods of every game (:class:`valdora_ai.games.base.Game`,
defaults in :class:`valdora_ai.games.game_base.GameBase`); these functions combine them
with the core contract, or with an optional protocol a game may lack.
"""

from __future__ import annotations

from valdora_ai.errors import NotationError, ValdoraError
from valdora_ai.games import refusals
from valdora_ai.games.base import Game, Pictured, State
from valdora_ai.inputs import brief


def turn_continues(game: Game, state: State, seat: int, start: int | None) -> bool:
    """Whether `seat`'s turn, begun when the turn count was `start` (see
    ``Game.turn_count``), goes on in `state`: the seat is still to move and the count
    has not grown."""
    if state.is_terminal() or state.current_player != seat:
        return False
    return start is None or game.turn_count(state) == start


def steps_words(game: Game, state: State, steps: list[int]) -> tuple[str, ...]:
    """Each of `steps`, played in turn from `state` (left as it is), in the game's
    words (``Game.step_words``)."""
    board, words = state.copy(), []
    for step in steps:
        words.append(game.step_words(board, step))
        board.apply(step)
    return tuple(words)


def seen_steps_words(game: Game, start: State, steps: list[int],
                     observer: int) -> tuple[str, ...]:
    """The words of `steps`, a turn played from the true position `start`, as seat
    `observer` sees them: worded on that seat's belief state, with the reveals the turn
    shows that seat (so another seat's private draw is never named)."""
    world = game.world_seen_by(start, observer)
    belief = game.observation(start, observer).belief_state()
    words = []
    for step in steps:
        words.append(game.step_words(belief, step))
        revealed = game.apply_revealing(world, step)
        belief.apply(step)
        for outcome in revealed:
            words.append(game.step_words(belief, outcome))
            belief.apply(outcome)
    return tuple(words)


def not_legal(game: Game, state: State, what: str, legal: list[int]) -> str:
    """The message for `what`, which names none of the `legal` steps of `state`: the
    legal steps grouped by kind (the words every game's own notation uses)."""
    return refusals.not_legal(what, legal, lambda step: game.describe_step(state, step),
                              game.step_kind)


def parse_steps(game: Game, state: State, text: str) -> list[int]:
    """The steps of tokens typed in the middle of a turn (``Game.parse_steps``),
    replayed on a copy of `state`: a NotationError for a token after the turn's end."""
    tokens, parsed = text.split(), game.parse_steps(state, text)
    board, seat = state.copy(), state.current_player
    for index, step in enumerate(parsed):
        if board.current_player != seat:
            shown = tokens[min(index, len(tokens) - 1)]
            raise NotationError(f"{brief(shown)} comes after the turn has ended")
        board.apply(step)
    return parsed


def render_svg(game: Game, state: State, observer: int | None) -> str:
    """The game's SVG picture of `state` (ValdoraError for a game that draws none)."""
    if not isinstance(game, Pictured):
        raise ValdoraError(f"{game.name} positions cannot be drawn yet (the game has no "
                           "render_svg)")
    return game.render_svg(state, observer=observer)


def turn_number(game: Game, state: State, lines: int) -> int:
    """The number, from 1, of the turn to be played in `state`, `lines` record lines into
    the game: the game's own count of turns plus one (``Game.turn_count``, the count its
    picture shows), or for a game that does not count turns the next record line.

    Every table (the terminal's, the browser's) numbers turns with this and
    :func:`played_turn_number`, so its status, its log and the picture agree: a record
    line is not always a turn (Alchemists' setup choices are lines the game does not
    count)."""
    count = game.turn_count(state)
    return lines + 1 if count is None else count + 1


def played_turn_number(game: Game, start: State, end: State, line: int) -> int | None:
    """The number a whole turn played from `start` to `end` (record line `line`, from 1)
    is shown with: :func:`turn_number` of `start`; None for a line the game does not count
    as a turn (its turn count did not grow: a setup choice)."""
    count = game.turn_count(start)
    if count is None:
        return line
    return count + 1 if game.turn_count(end) != count else None


def turn_label(number: int | None) -> str:
    """How a played turn's number is shown: ``turn 5``, or ``setup`` for a line the game
    does not count as a turn."""
    return "setup" if number is None else f"turn {number}"
