"""Difficulty levels: ``level:N``, from 1 (a beginner) to 10 (the strongest default).

A level is ISMCTS at a fixed number of iterations that chooses its step by a softmax
over the values of the search's candidates, at a temperature that falls as the level
rises (as Stockfish's Skill Level picks among its multi-PV lines). Iterations, not
seconds, so a level is equally strong on any machine; and a weak level's mistakes are
moves its search found plausible, not random ones. Only candidates the search looked
at seriously (at least :data:`PLAUSIBLE_SHARE` of the most visited one's visits) are
drawn from. Level 10 plays the search's recommendation.

The draw is made once a turn, at the turn's first decision; the turn's later steps
follow the search's recommendation. A person picks a plan and then carries it out;
drawing at every step of a many-step turn compounded small slips into nonsense (at
0.05, Valdora's ISMCTS at 300 iterations lost by 144 points a game to two greedy bots
drawing at every step, and won by 19 drawing once a turn; four seeded games each).

The measured strength of each level is in docs/strength.md ("Difficulty levels").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Agent, Param
from valdora_ai.agents.ismcts import IsmctsAgent
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game, Observation
from valdora_ai.rng import derive_seed


@dataclass(frozen=True)
class Level:
    """What one level is: the search's iterations and the move-choice temperature (in
    units of the search's reward, which lies in [0, 1]; 0 plays the best candidate)."""

    iterations: int
    temperature: float


LEVELS: tuple[Level, ...] = (
    Level(4, 0.40), Level(20, 0.10), Level(40, 0.10), Level(70, 0.07), Level(110, 0.045),
    Level(170, 0.03), Level(300, 0.015), Level(600, 0.008), Level(1000, 0.003),
    Level(3200, 0.0),
)
"""Level N is ``LEVELS[N - 1]``; level 7 searches as much as plain ``ismcts``. Level 10
searches 3,200 iterations: at 1,600 it was no stronger than level 9 (1,000 iterations
at 0.003) in Zavandor, where the search's choice has mostly settled by 1,000; at 3,200
it scored 0.573 against level 9 and 0.635 against level 8 on the same 48 setups
(docs/strength.md)."""

PLAUSIBLE_SHARE = 0.1
"""A candidate may be drawn when it has at least this share of the top visits."""

PLAUSIBLE_COUNT = 4
"""... and is among this many most visited (as Stockfish's skill levels choose among
four principal variations). Without the cap a small search is weaker with more
iterations: each of its many once-visited candidates is plausible, so the draw
spreads further from the search's (and its play-out policy's) first choice; measured
on 2026-11-28, level 2 at 12 iterations scored 0.19-0.50 against level 1 at 4
(docs/strength.md). With the cap, 12 iterations at temperatures 0.05-0.25 still lost
to level 1 (4 iterations, 0.40) in Valdora and tied it elsewhere; 20 iterations at
0.10 beat it in all three games, hence level 2."""


def softmax_choice(candidates: tuple[Candidate, ...], player: int, temperature: float,
                   rng: Any) -> Candidate:
    """A candidate drawn with probability proportional to exp(value / temperature)
    among the plausible ones; the most visited at temperature 0 or with one candidate.
    Among equally visited candidates the earlier ones (the search's order) are kept."""
    top = max(candidates, key=lambda c: c.visits)
    most_visited = sorted((c for c in candidates if c.values),
                          key=lambda c: -c.visits)[:PLAUSIBLE_COUNT]
    plausible = [c for c in candidates
                 if c in most_visited and c.visits >= PLAUSIBLE_SHARE * top.visits]
    if temperature <= 0 or len(plausible) < 2:
        return top
    best = max(c.values[player] for c in plausible)
    weights = [math.exp((c.values[player] - best) / temperature) for c in plausible]
    point = rng.random() * sum(weights)
    for candidate, weight in zip(plausible, weights, strict=True):
        point -= weight
        if point < 0:
            return candidate
    return plausible[-1]


class LevelAgent(Agent):
    """ISMCTS at a level's iterations, choosing by a softmax at its temperature."""

    name = "level"
    summary = "a difficulty level from 1 (beginner) to 10: ISMCTS at fixed iterations " \
              "choosing among its plausible moves"
    POSITIONAL = "level"
    PARAMS: ClassVar[dict[str, Param]] = {
        "level": Param(int, 5, f"difficulty from 1 (a beginner) to {len(LEVELS)} (the "
                               "strongest default), written level:N", 1, len(LEVELS)),
        **Agent.PARAMS,
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        self.level = LEVELS[self.params["level"] - 1]
        # The greedy prior, whatever ismcts's default in the game: the levels were
        # rated with it (docs/strength.md, "Difficulty levels").
        self.search = IsmctsAgent(game, iterations=self.level.iterations, policy="greedy",
                                  seed=self.params["seed"])
        self.rng = make_rng(derive_seed(self.params["seed"], 1))
        self._drawn_turn: tuple[int, int] | None = None  # (turns done, seat) of the last draw

    def analyze(self, observation: Observation, budget: Budget | None = None,
                control: SearchControl | None = None) -> Analysis:
        """The level's own search: its iterations, whatever the budget asks; only a time
        cap in `budget` (a deadline, the analysis engine's limit) may end it sooner."""
        seconds = None if budget is None else budget.seconds
        own = Budget(iterations=self.level.iterations, seconds=seconds)
        self.search.clock = self.clock  # under a clock its iterations may be cut short
        return replace(self.search.analyze(observation, own, control), agent=self.spec)

    def choose(self, observation: Observation) -> int:
        """The draw at the first decision of a turn, the search's best after it. A turn
        is told by the game's turn count, else by its round count (a game where a seat
        moves once a round, as Zavandor); in a game with neither, every decision draws."""
        analysis = self.analyze(observation)
        belief = observation.belief_state()
        turns = self.game.turn_count(belief)
        if turns is None:
            turns = self.game.round_count(belief)
        turn = None if turns is None else (turns, observation.observer)
        if turn is not None and turn == self._drawn_turn:
            return analysis.best.step
        self._drawn_turn = turn
        return self.decide(analysis)

    def decide(self, analysis: Analysis) -> int:
        """A plausible candidate drawn at the level's temperature."""
        return softmax_choice(analysis.candidates, analysis.player, self.level.temperature,
                              self.rng).step
