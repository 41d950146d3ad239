"""What a person may type at their turn, parsed into one command.

Anything that is not a command word or a menu number is a move: a whole turn in the
notation at the start of a turn, or step tokens in the middle of one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_type

COMMANDS = {
    "help": "show this help",
    "legal": "list the legal choices, numbered",
    "board": "show the board again",
    "hint": "ask the hint agent for the best move",
    "undo": ("take back the last step of this turn, or your last turn (against bots only;"
             " never a step that showed you something only you see)"),
    "save FILE": "save the game record so far to FILE (resume with --resume FILE)",
    "quit": "save the record and stop",
}

def help_text(game: str, legend: Sequence[tuple[str, str]]) -> str:
    """What 'help' prints at a turn of `game`, with examples in that game's notation
    (its :class:`~valdora_ai.games.GameType`'s) and the legend of the notation: the
    (words, token) of each choice the player has now."""
    kind = game_type(game)
    turns, token = kind.turn_examples, kind.step_example
    width = max((len(written) for _, written in legend), default=0)
    return "\n".join([
        f"Your turn: type a whole turn in the turn notation, e.g. {turns}; or go step by "
        f"step: type the number of a choice from the menu (or its token, e.g. {token!r}).",
        "",
        *(f"  {name:<10} {text}" for name, text in COMMANDS.items()),
        *(["", "The notation of your choices now:"] if legend else []),
        *(f"  {written:<{width}}  {words}" for words, written in legend),
    ])


@dataclass(frozen=True)
class Command:
    """One parsed input line: `kind` is a command word, ``choice``, ``move`` or ``empty``.

    `argument` holds the file of ``save``, the menu number of ``choice`` (1-based) and
    the text of ``move``.
    """

    kind: str
    argument: str = ""


class InputError(ValdoraError):
    """A line that looks like a command but is malformed (e.g. ``save`` without a file)."""


MAX_LINE = 1000
"""The longest line read at the prompt: a whole turn takes well under 100 characters."""

MAX_CHOICE_DIGITS = 4
"""Menu numbers are small; a longer number is refused before it is converted."""


def parse_command(line: str) -> Command:
    if len(line) > MAX_LINE:
        raise InputError(f"the line is {len(line)} characters long (at most {MAX_LINE})")
    text = line.strip()
    if not text:
        return Command("empty")
    word, _, rest = text.partition(" ")
    word, rest = word.lower(), rest.strip()
    if word in ("help", "?", "legal", "board", "hint", "undo", "quit", "exit"):
        if rest:
            raise InputError(f"{word!r} takes no argument (got {rest!r})")
        return Command({"?": "help", "exit": "quit"}.get(word, word))
    if word == "save":
        if not rest:
            raise InputError("save needs a file name: save FILE")
        return Command("save", rest)
    if text.isascii() and text.isdigit():  # not '²' or other Unicode digits
        if len(text) > MAX_CHOICE_DIGITS:
            raise InputError(f"no choice with {len(text)} digits: type 'legal' to see the menu")
        return Command("choice", text)
    return Command("move", text)
