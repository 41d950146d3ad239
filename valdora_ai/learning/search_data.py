"""Training decisions for the policy prior: the search's own visit distributions.

Every seat of a self-play game is the same searching agent (``ismcts`` at a fixed
iteration budget by default; a spec, so a later generation searches with
``policy=learned``), seeded from the game's seed, searching each decision afresh
(``reuse=false``, so every root holds exactly the budget's visits). At every decision
with more than one legal step, the step features (:mod:`.step_features`, on a world
sampled from the mover's observation by a generator of its own, so the search's
draws are untouched) are kept with the share of the root's visits each legal step got.
Games run in parallel (joblib) with seeds derived from the run's seed and are
collected in order, so the data do not depend on ``jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from typing import Any

import numpy as np

from valdora_ai.agents import parse_spec
from valdora_ai.agents.mcts_base import MctsAgent
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.learning.policy_fit import Decisions
from valdora_ai.learning.step_features import step_feature_rows
from valdora_ai.rng import derive_seed
from valdora_ai.selfplay import play_game
from valdora_ai.workers import in_order

DEFAULT_SEARCHER = "ismcts:iterations=400,policy=greedy"
"""Generation 1's searcher: the greedy prior named, so that the recipe does not change
when the search's default prior does (it did in the Alchemists on 2026-11-30)."""
FEATURE_STREAM = 1_000  # derive_seed(seed, FEATURE_STREAM + seat): the features' worlds

Decision = tuple[list[list[float]], list[float]]  # feature rows, visit shares


def check_searcher(spec: str, game_name: str) -> dict[str, Any]:
    """The parameters of searcher `spec` for `game_name`; a ValdoraError unless it is an
    MCTS agent at a fixed iteration budget in one process (the data must not depend on
    the machine) whose learned prior, if it has one, is a file it names (the shipped
    model changes between versions, and a new model may be written over it)."""
    cls, params = parse_spec(spec)
    if not issubclass(cls, MctsAgent):
        raise ValdoraError(f"--searcher {spec!r}: the policy learns from an MCTS agent's "
                           "visits (ismcts or pimc)")
    if not params.get("iterations") or params.get("time") or params.get("jobs", 1) != 1:
        raise ValdoraError(f"--searcher {spec!r}: needs a fixed iterations=N and no time= or "
                           "jobs= (the data must be reproducible from the seed)")
    if "seed" in params:
        raise ValdoraError(f"--searcher {spec!r}: takes no seed= (each seat's seed is "
                           "derived from --seed)")
    agent = cls(make_game(game_name), **params)
    if agent.settings.guide is not None and not params.get("policy_model"):
        raise ValdoraError(f"--searcher {spec!r}: searches {game_name} with the shipped "
                           "learned prior, which changes between versions; name its file "
                           "(policy_model=PATH) or use policy=greedy")
    return params


def play_game_decisions(game_name: str, players: int, searcher: str, seed: int
                        ) -> list[Decision]:
    """One self-play game by `searcher` in every seat: its searched decisions."""
    game = make_game(game_name, players=players)
    cls, params = parse_spec(searcher)
    fixed = {"reuse": False} if "reuse" in cls.PARAMS else {}
    agents = [cls(game, **{**params, **fixed, "seed": derive_seed(seed, seat)})
              for seat in range(players)]
    found: list[Decision] = []
    for seat, agent in enumerate(agents):
        _record(agent, make_rng(derive_seed(seed, FEATURE_STREAM + seat)), found)
    play_game(game, agents, seed)
    return found


def _record(agent: Any, rng: Any, found: list[Decision]) -> None:
    """Wrap `agent.analyze` to keep each searched decision's features and visits."""
    analyze, game = agent.analyze, agent.game

    def recording(observation: Any, *args: Any, **kwargs: Any) -> Any:
        analysis = analyze(observation, *args, **kwargs)
        world = game.determinize(observation, rng)
        legal = world.legal_steps()
        visits = {c.step: c.visits for c in analysis.candidates}
        counts = [float(visits.get(step, 0)) for step in legal]
        total = sum(counts)
        if len(legal) > 1 and total > 0:
            rows = step_feature_rows(game, world, legal, game.greedy_step(world, rng))
            found.append((rows, [c / total for c in counts]))
        return analysis

    agent.analyze = recording


def _games(game_name: str, players: Sequence[int], searcher: str, seed: int, jobs: int
           ) -> Generator[list[Decision], None, None]:
    """Each game's decisions in order, without end (the caller stops)."""
    return in_order(play_game_decisions,
                    lambda k: (game_name, players[k % len(players)], searcher,
                               derive_seed(seed, k)), jobs, max(1, jobs) * 2)


def decisions_of(found: Sequence[Decision]) -> Decisions:
    """`found` (feature rows and visit shares of each decision) as one array set."""
    rows = [row for feature_rows, _ in found for row in feature_rows]
    starts = np.cumsum([0] + [len(feature_rows) for feature_rows, _ in found[:-1]])
    return Decisions(np.asarray(rows, dtype=np.float64), np.asarray(starts, dtype=np.int64),
                     np.asarray([share for _, q in found for share in q], dtype=np.float64))


def generate_decisions(game_name: str, players: Sequence[int], decisions: int, seed: int,
                       searcher: str = DEFAULT_SEARCHER, jobs: int = 1,
                       on_progress: Callable[[int], None] | None = None
                       ) -> tuple[Decisions, np.ndarray]:
    """At least `decisions` searched decisions from whole games (player counts in turn),
    and the game index of each decision."""
    check_searcher(searcher, game_name)
    found: list[Decision] = []
    game_of: list[int] = []
    with closing(_games(game_name, players, searcher, seed, jobs)) as games:
        for index, game_decisions in enumerate(games):
            found.extend(game_decisions)
            game_of.extend([index] * len(game_decisions))
            if on_progress is not None:
                on_progress(len(found))
            if len(found) >= decisions:
                break
    return decisions_of(found), np.asarray(game_of)
