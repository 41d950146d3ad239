"""Why a suggested turn: what it does and why the search prefers it to the runner-up.

The game says what a turn's decision does (``Game.describe_turn``, on the player's
steps before the first reveal: what a reveal brings is not known, so a sampled world's
outcome is never described as a fact, only as what the turn "might reveal"); this
module, which knows no game's rules, composes the comparison from the search's own
statistics, the same figures the suggestion table shows: the value with its 95%
interval and lower bound (and whether the first leads by it or by the search's own
rule, its play-outs), the expected points with their
interval, the win chance, the share of the search, and the points each principal
variation reaches by the end of the player's next turn. An :class:`Explanation` is
JSON-friendly (``to_json``), for the CLI, the engine's answers and a browser frontend
alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from valdora_ai.analysis import Analysis, Candidate
from valdora_ai.games import CHANCE, Game
from valdora_ai.games.base import Explained
from valdora_ai.suggestions import candidate_line


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


def _points(candidate: Candidate, player: int) -> float | None:
    scores = candidate.expected_scores
    return scores[player] if player < len(scores) else None


def _interval_text(interval: tuple[float, float] | None, digits: int) -> str:
    return "" if interval is None else f" [{interval[0]:.{digits}f}, {interval[1]:.{digits}f}]"


def _comparison(belief: Any, best: Candidate, other: Candidate, other_turn: str, player: int,
                total: int) -> list[str]:
    sentences = []
    if best.values and other.values:
        mine, theirs = best.value_interval(player), other.value_interval(player)
        sentence = (f"The search values it {best.values[player]:.3f}"
                    f"{_interval_text(mine, 3)} against {other.values[player]:.3f}"
                    f"{_interval_text(theirs, 3)} for {other_turn} (95% intervals)")
        if mine is not None and theirs is not None:
            if mine[0] >= theirs[0]:
                sentence += ", so it ranks first by the lower end as well"
            else:
                sentence += ("; it ranks first by the search's own rule, its play-outs "
                             "(or votes)")
            if theirs[0] > mine[1]:
                sentence += ("; the runner-up is significantly better, so the search has not "
                             "settled: more iterations would")
            elif mine[0] <= theirs[1]:
                sentence += "; the two overlap, so the difference is within the search's noise"
        sentences.append(sentence + ".")
    points, other_points = _points(best, player), _points(other, player)
    if points is not None and other_points is not None:
        sentences.append(f"It expects {points:.1f} final points"
                         f"{_interval_text(best.score_interval(player), 1)} from it against "
                         f"{other_points:.1f}{_interval_text(other.score_interval(player), 1)}"
                         f" ({points - other_points:+.1f}).")
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
    sentences.append(f"Its expected line, in the search's sampled worlds, reaches "
                     f"{_points_text(reach)} {when}, the runner-up's {other_reach:g} (now "
                     f"{belief.scores()[player]}).")
    return sentences


def explain(game: Game, state: Any, analysis: Analysis) -> Explanation:
    """Explain the best candidate of `analysis` (a search of `state`'s player to move),
    compared with the runner-up."""
    player = analysis.player
    belief = game.observation(state, player).belief_state()
    best = analysis.best
    line = candidate_line(game, belief, best)
    turn = line.text()
    does = (list(game.describe_turn(belief, list(line.steps))) if isinstance(game, Explained)
            else [f"Plays {line.decision}."])
    if line.sampled:
        does.append(f"What comes next depends on what it reveals, which nobody knows yet: "
                    f"in one of the search's sampled worlds the line went on "
                    f"{line.sampled}, so it might reveal {line.sampled.split()[0]}.")
    if len(analysis.candidates) < 2:
        return Explanation(turn, tuple(does), ("It is the only turn the search considered.",))
    runner = analysis.candidates[1]
    runner_turn = candidate_line(game, belief, runner).text()
    total = sum(c.visits for c in analysis.candidates)
    why = _comparison(belief, best, runner, runner_turn, player, total)
    return Explanation(turn, tuple(does), tuple(why), runner_turn)
