"""Why a suggested turn: what it does and why the search prefers it to the runner-up.

The game says what a turn does (``Game.describe_turn``); this module, which knows no
game's rules, composes the comparison from the search's own statistics: the expected
points and win chance of the turn and of the runner-up, their share of the search,
and the points each principal variation reaches by the end of the player's next
turn. An :class:`Explanation` is JSON-friendly (``to_json``), for the CLI, the
engine's answers and a browser frontend alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from valdora_ai.analysis import Analysis, Candidate
from valdora_ai.games import CHANCE, Game
from valdora_ai.games.base import Explained
from valdora_ai.suggestions import candidate_steps


@dataclass(frozen=True)
class Explanation:
    """A turn (in the notation), what it does, and why the search prefers it."""

    turn: str
    does: tuple[str, ...]
    why: tuple[str, ...]
    runner_up: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "does": list(self.does), "why": list(self.why),
                "runnerUp": self.runner_up}

    def text(self) -> str:
        """The whole explanation as one paragraph."""
        return " ".join((*self.does, *self.why))


def pv_reach(belief: Any, pv: tuple[int, ...], player: int) -> tuple[float, bool]:
    """`player`'s points where the line `pv` ends the player's next turn (or where it
    stops, or the game ends), and whether the line got that far."""
    board = belief.copy()
    ended, previous = 0, player
    for step in pv:
        if board.is_terminal() or ended == 2:
            break
        board.apply(step)
        now = board.current_player
        if now == CHANCE:
            continue
        if previous == player and now != player:
            ended += 1
        previous = now
    return float(board.scores()[player]), ended == 2 or board.is_terminal()


def _points_text(points: float) -> str:
    return f"{points:g} point" + ("" if points == 1 else "s")


def _turn_text(game: Game, belief: Any, candidate: Candidate) -> str:
    steps, finished = candidate_steps(game, belief, candidate)
    return game.format_turn(belief, steps) + ("" if finished else " …")


def _points(candidate: Candidate, player: int) -> float | None:
    scores = candidate.expected_scores
    return scores[player] if player < len(scores) else None


def _comparison(belief: Any, best: Candidate, other: Candidate, other_turn: str, player: int,
                total: int) -> list[str]:
    sentences = []
    mine, theirs = _points(best, player), _points(other, player)
    if mine is not None and theirs is not None:
        sentences.append(f"The search expects {mine:.1f} final points from it against "
                         f"{theirs:.1f} from {other_turn} ({mine - theirs:+.1f}).")
    if best.win_probability is not None and other.win_probability is not None:
        gain = best.win_probability - other.win_probability
        sentences.append(f"It wins {best.win_probability:.0%} of the searched games against "
                         f"{other.win_probability:.0%} ({gain * 100:+.0f} percentage "
                         "points).")
    if total and best.visits:
        sentences.append(f"The search spent {best.visits / total:.0%} of its iterations on "
                         f"it and {other.visits / total:.0%} on the runner-up.")
    reach, full = pv_reach(belief, best.pv, player)
    other_reach, other_full = pv_reach(belief, other.pv, player)
    when = "by the end of your next turn" if full and other_full else "as far as its line goes"
    sentences.append(f"Its expected line reaches {_points_text(reach)} {when}, the "
                     f"runner-up's {other_reach:g} (now {belief.scores()[player]}).")
    return sentences


def explain(game: Game, state: Any, analysis: Analysis) -> Explanation:
    """Explain the best candidate of `analysis` (a search of `state`'s player to move),
    compared with the runner-up."""
    player = analysis.player
    belief = game.observation(state, player).belief_state()
    best = analysis.best
    steps, _ = candidate_steps(game, belief, best)
    turn = _turn_text(game, belief, best)
    does = (tuple(game.describe_turn(belief, steps)) if isinstance(game, Explained)
            else (f"Plays {turn}.",))
    if len(analysis.candidates) < 2:
        return Explanation(turn, does, ("It is the only turn the search considered.",))
    runner = analysis.candidates[1]
    runner_turn = _turn_text(game, belief, runner)
    total = sum(c.visits for c in analysis.candidates)
    why = _comparison(belief, best, runner, runner_turn, player, total)
    return Explanation(turn, does, tuple(why), runner_turn)
