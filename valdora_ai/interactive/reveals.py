"""What a person's own steps showed them, and the rule that undo never un-sees it.

A step may reveal something: a card every seat sees turned up, or a private reveal that
only the mover sees (a Zavandor soil sample shows the sampler the tile under it). At a
real table what was seen stays seen, so both tables (the terminal's and the browser's)
show a reveal to its player at once and refuse to undo past a *private* one: taking it
back would let the person choose again with what they saw. Public reveals may be undone
(a practice aid): the seed decides them, so they come out the same again.

Nothing here knows any particular game: reveals are the chance steps
``Game.apply_revealing`` reports on the world as each seat sees it
(``Game.world_seen_by``), worded by ``Game.step_words``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games import Game


@dataclass(frozen=True)
class Seen:
    """What some steps showed their player: each reveal in words, and those no other
    seat saw (`private`)."""

    words: tuple[str, ...] = ()
    private: tuple[str, ...] = ()


def seen_by(game: Game, start: Any, steps: list[int], seat: int) -> Seen:
    """What `steps`, played in turn from the true position `start` (left as it is),
    showed `seat`: every reveal in words, and the private ones among them."""
    worlds = [game.world_seen_by(start, s) for s in range(game.num_players)]
    belief = game.observation(start, seat).belief_state()
    words: list[str] = []
    private: list[str] = []
    for step in steps:
        shown = [game.apply_revealing(world, step) for world in worlds]
        belief.apply(step)
        secret = any(other != shown[seat] for s, other in enumerate(shown) if s != seat)
        for outcome in shown[seat]:
            said = game.step_words(belief, outcome)
            words.append(said)
            if secret:
                private.append(said)
            belief.apply(outcome)
    return Seen(tuple(words), tuple(private))


def refuse_undo_step(game: Game, start: Any, steps: list[int], seat: int) -> None:
    """Refuse (ValdoraError) to take back the last of `steps`, played from `start` by
    `seat`, when it showed `seat` something only they saw."""
    board = start.copy()
    for step in steps[:-1]:
        board.apply(step)
    refuse_undo(seen_by(game, board, steps[-1:], seat),
                f"your step {game.describe_step(board, steps[-1])!r}")


def refuse_undo(seen: Seen, what: str) -> None:
    """Refuse (ValdoraError) to take back `what` when it showed a private reveal."""
    if seen.private:
        raise ValdoraError(f"undo cannot take back {what}: it showed you what only you "
                           f"saw ({'; '.join(seen.private)}), and what was seen stays seen")
