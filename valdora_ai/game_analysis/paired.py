"""The played decision against the best one, valued on common sampled worlds.

A turn's **decision** is what its player chose knowing what they knew: the steps of
the turn up to and including the first one that reveals something (a tile drawn, a
card turned), or the whole turn when nothing is revealed. What a reveal brings is
chance, and the choices after it are made knowing it, so neither belongs to the
comparison: the best decision is the search's best candidate cut the same way
(:func:`valdora_ai.suggestions.split_decision`), and two turns that differ only there
are the same decision (loss 0, never flagged). So are two decisions whose steps reach
the same position in another order (:func:`same_decision`: Zavandor's two wild gems
named ``wild:S wild:E`` or ``wild:E wild:S``).

Both decisions are valued by **common random numbers**: the same `worlds` worlds
sampled from the mover's observation (never the true one), and in each the same
play-out (same policy, same random generator seed) after each decision, to the end of
the game. The loss is the mean over the worlds of the difference in the mover's final
points (and in their win share), so the luck of the worlds and of the play-outs, which
dwarfs the difference between two decisions, cancels in every pair; its 95% interval
comes from the spread of the differences (normal approximation). Equal decisions give
equal play-outs, hence a loss of exactly 0.

The number of worlds is adaptive (issue 28 item 6): `worlds` first, then as many
again at a time, up to `max_worlds`, while the caller's `settled` says the verdict
could still change (:func:`valdora_ai.game_analysis.review.settled`: an interval
reaching across a flag's threshold). Worlds are drawn one after the other from the
same generator, so a comparison on more worlds extends the one on fewer.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from valdora_ai.analysis import mean_interval
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games.base import Game
from valdora_ai.rng import derive_seed
from valdora_ai.search.rewards import Evaluator
from valdora_ai.search.rollout import rollout

Interval = tuple[float, float]
MIN_WORLDS = 2  # a spread, hence an interval, needs two differences


def played_decision(game: Game, state: Any, play: str) -> list[int]:
    """The decision of the turn `play` (notation) from the world `state`: its steps up
    to and including the first after which the mover's belief state awaits an outcome
    (a reveal, public or shown to the mover alone)."""
    mover = state.current_player
    belief = game.observation(state, mover).belief_state()
    decision: list[int] = []
    for step in game.parse_turn(state, play):
        if belief.is_terminal() or belief.current_player != mover:
            break
        decision.append(step)
        belief.apply(step)
        if belief.is_chance_node():
            break
    return decision


def same_decision(game: Game, state: Any, one: list[int], other: list[int]) -> bool:
    """Whether two decisions of the player to move in `state` are the same choice: the
    same steps, or steps that lead to the same position (the game's position document
    after each, compared whole)."""
    return one == other or _position_after(game, state, one) == _position_after(
        game, state, other)


def _position_after(game: Game, state: Any, steps: list[int]) -> str:
    after = state.copy()
    for step in steps:
        after.apply(step)
    return json.dumps(game.position_to_json(after), sort_keys=True)


@dataclass(frozen=True)
class Comparison:
    """The best decision against the played one on the same sampled worlds: the mean
    differences (best minus played) of the mover's final points and win share."""

    worlds: int
    loss: float
    loss_interval: Interval
    win_loss: float
    win_loss_interval: Interval

    @property
    def significant(self) -> bool:
        """Whether the played decision is worse beyond the noise, by points or by win
        share (the lower end of an interval above 0)."""
        return self.loss_interval[0] > 0 or self.win_loss_interval[0] > 0

    def to_json(self) -> dict[str, Any]:
        return {"worlds": self.worlds, "loss": self.loss, "lossInterval": list(self.loss_interval),
                "winLoss": self.win_loss, "winLossInterval": list(self.win_loss_interval)}

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Comparison:
        def pair(key: str) -> Interval:
            low, high = document[key]
            return float(low), float(high)

        return cls(worlds=int(document["worlds"]), loss=float(document["loss"]),
                   loss_interval=pair("lossInterval"), win_loss=float(document["winLoss"]),
                   win_loss_interval=pair("winLossInterval"))


def compare(game: Game, state: Any, best: list[int], played: list[int], worlds: int,
            seed: int, policy: str = "greedy", max_worlds: int | None = None,
            settled: Callable[[Comparison], bool] | None = None) -> Comparison:
    """`best` against `played` (decisions of the player to move in `state`) on `worlds`
    (at least MIN_WORLDS) common sampled worlds and play-outs, seeded by `seed`; then
    `worlds` more at a time, up to `max_worlds`, until `settled` holds."""
    if worlds < MIN_WORLDS:
        raise ValdoraError(f"a comparison needs at least {MIN_WORLDS} worlds, got {worlds}")
    mover = state.current_player
    observation = game.observation(state, mover)
    sampler = make_rng(seed)
    evaluator = Evaluator(game, "win")
    points: list[float] = []
    wins: list[float] = []
    limit = max(worlds, max_worlds or worlds)
    while True:
        batch = min(worlds, limit - len(points))
        for outcomes in play_worlds(game, observation, [best, played],
                                    range(len(points), len(points) + batch), seed, sampler,
                                    evaluator, policy):
            (best_points, best_win), (played_points, played_win) = outcomes
            points.append(best_points - played_points)
            wins.append(best_win - played_win)
        comparison = _comparison(points, wins)
        if len(points) >= limit or settled is None or settled(comparison):
            return comparison


def play_worlds(game: Game, observation: Any, decisions: list[list[int]], indices: range,
                seed: int, sampler: Any, evaluator: Evaluator, policy: str
                ) -> Iterator[list[tuple[float, float]]]:
    """For each of the worlds `indices`, drawn in turn from `sampler`, each decision's
    (mover's final points, mover's win share): the decision applied to a copy of the
    world, then the game played on by `policy` with the world's own play-out seed,
    the same for every decision (common random numbers)."""
    mover = observation.observer
    for index in indices:
        world = game.determinize(observation, sampler)
        outcomes = []
        for steps in decisions:
            board = world.copy()
            for step in steps:
                board.play(step)
            _, scores, shares = rollout(game, board, policy, -1,
                                        make_rng(derive_seed(seed, index + 1)), evaluator, mover)
            outcomes.append((scores[mover], shares[mover]))
        yield outcomes


def _comparison(points: list[float], wins: list[float]) -> Comparison:
    loss, loss_interval = _mean_and_interval(points)
    win_loss, win_interval = _mean_and_interval(wins)
    return Comparison(worlds=len(points), loss=loss, loss_interval=loss_interval,
                      win_loss=win_loss, win_loss_interval=win_interval)


def _mean_and_interval(values: list[float]) -> tuple[float, Interval]:
    """The mean of `values` (at least 2) and its 95% interval."""
    mean = statistics.fmean(values)
    interval = mean_interval(mean, statistics.stdev(values), len(values))
    assert interval is not None
    return mean, interval
