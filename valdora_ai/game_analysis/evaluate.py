"""Evaluating the positions of a game: one search per position, side by side, cached.

Each position is searched from the observation of the seat to move (the true state,
hidden order included, never reaches the agent); when the turn played from it is
reviewed, its decision is then compared with the search's best on common sampled
worlds (:mod:`.paired`). A job is described by plain data
(the game's name, players, component data file and the position document), so that
:mod:`joblib` can send it to another process and a job run here or there gives the
same result for a seeded agent.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from valdora_ai.agents import make_agent
from valdora_ai.analysis import Budget, SearchControl
from valdora_ai.atomic import write_text_atomic
from valdora_ai.errors import ValdoraError
from valdora_ai.explanations import explain as explain_turn
from valdora_ai.game_analysis.calibration import shipped
from valdora_ai.game_analysis.paired import compare, played_decision, same_decision
from valdora_ai.game_analysis.review import PositionEval, settled
from valdora_ai.games import Game, facts, make_game
from valdora_ai.inputs import read_json
from valdora_ai.rng import SEED_SPACE
from valdora_ai.suggestions import candidate_line

CACHE_FORMAT = "valdora-analysis-cache"
CACHE_SUFFIX = ".analysis-cache.json"  # a record's cache: RECORD.analysis-cache.json
CACHE_VERSION = 4  # 2: decisions compared on common worlds; 3: with their words; 4: on
# an adaptive number of worlds; entries of older versions are searched again
DEFAULT_WORLDS = 40
WORLDS_GROWTH = 8  # a comparison whose flag is not settled grows to this many times
# its worlds (docs/analysis.md, "The adaptive budget")


@dataclass(frozen=True)
class PositionJob:
    """One position to search, as plain data (picklable, and the cache's key)."""

    game: str
    players: int
    rules_data: str | None
    data_sha256: str
    seed: int
    plays: tuple[str, ...]  # the turns played before the position
    position: dict[str, Any]
    spec: str
    played: str | None = None  # the turn played from the position, when it is reviewed
    worlds: int = DEFAULT_WORLDS  # common worlds of the comparison with the best turn

    @property
    def key(self) -> str:
        """What fixes the position and its search: the game, the turns before it, the
        agent spec, the turn reviewed with its worlds, and the game's calibration map
        (the record's other lines, such as its seat names, do not matter)."""
        calibration = shipped(self.game)
        text = json.dumps([self.game, self.players, self.data_sha256, self.seed,
                           list(self.plays), self.spec, self.played, self.worlds,
                           None if calibration is None else calibration.to_json()])
        return hashlib.sha256(text.encode()).hexdigest()


def evaluate_state(game: Game, state: Any, spec: str, explain: bool,
                   control: SearchControl | None = None, played: str | None = None,
                   worlds: int = DEFAULT_WORLDS, seed: int = 0,
                   max_worlds: int | None = None) -> PositionEval:
    """The search's verdict on `state` (its true result once the game is over; its win
    chances through the game's calibration map, when one is shipped); with
    `played` (the turn played from `state`), its decision compared with the best one
    on `worlds` common worlds drawn from `seed`, and more, up to `max_worlds`
    (default WORLDS_GROWTH times as many), while its flag is not settled."""
    if state.is_terminal():
        return PositionEval(player=-1, best_turn="",
                            expected=tuple(float(s) for s in state.scores()),
                            wins=tuple(state.returns()))
    player = state.current_player
    agent = make_agent(spec, game)
    analysis = agent.analyze(game.observation(state, player), Budget(), control)
    belief = game.observation(state, player).belief_state()
    line = candidate_line(game, belief, analysis.best)
    decision, comparison = None, None
    best_decision, best_words = line.decision, line.words
    words: tuple[str, ...] = ()
    if played is not None:
        steps = played_decision(game, state, played)
        decision = game.format_turn(belief, steps)
        words = facts.steps_words(game, belief, steps)
        if same_decision(game, state, steps, list(line.steps)):
            best_decision, best_words = decision, words  # the same choice, in its order
        else:
            comparison = compare(game, state, list(line.steps), steps, worlds, seed,
                                 agent.params.get("rollout", "greedy"),
                                 max_worlds or worlds * WORLDS_GROWTH, settled)
    calibration = shipped(game.name)
    wins = analysis.best.win_probabilities
    return PositionEval(
        player=player, best_turn=line.text(), expected=analysis.best.expected_scores,
        wins=wins if calibration is None or not wins else calibration.apply(wins),
        best_decision=best_decision,
        played_decision=decision, comparison=comparison, best_words=best_words,
        played_words=words,
        explanation=explain_turn(game, state, analysis).to_json() if explain else None)


def run_job(job: PositionJob, explain: bool,
            control: SearchControl | None = None) -> dict[str, Any]:
    """Evaluate one job's position (in this process or a joblib worker): its JSON. The
    comparison's worlds are drawn from a seed fixed by the job's key."""
    game = make_game(job.game, players=job.players, rules_data=job.rules_data)
    state = game.position_from_json(job.position)
    return evaluate_state(game, state, job.spec, explain, control, job.played, job.worlds,
                          int(job.key, 16) % SEED_SPACE).to_json()


class EvalCache:
    """Position evaluations by job key, in a JSON file rewritten atomically after each
    new result, so an interrupted analysis resumes where it stopped."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = {}
        if path is not None and path.exists():
            self.entries = _read_cache(path)

    def get(self, job: PositionJob, explain: bool) -> PositionEval | None:
        entry = self.entries.get(job.key)
        if entry is None or (explain and entry.get("explanation") is None
                             and entry.get("player", -1) >= 0):
            return None
        return PositionEval.from_json(entry)

    def put(self, job: PositionJob, result: dict[str, Any]) -> None:
        self.entries[job.key] = result
        if self.path is not None:
            write_text_atomic(self.path, json.dumps(
                {"format": CACHE_FORMAT, "version": CACHE_VERSION, "entries": self.entries})
                + "\n")


def _read_cache(path: Path) -> dict[str, dict[str, Any]]:
    try:
        document, _ = read_json(path, ValdoraError, what="the analysis cache")
    except ValdoraError as exc:  # it names the file
        raise ValdoraError(f"{exc}; delete it or pass --no-cache") from None
    if not isinstance(document, dict) or document.get("format") != CACHE_FORMAT:
        raise ValdoraError(f"not an analysis cache (format {CACHE_FORMAT!r} expected)",
                           where=str(path))
    if document.get("version") != CACHE_VERSION:
        return {}  # another version's entries: searched again, and the file rewritten
    entries = document.get("entries")
    if not isinstance(entries, dict):
        raise ValdoraError("the analysis cache has no entries object", where=str(path))
    return entries


def evaluations(jobs: list[PositionJob], cache: EvalCache, explain: bool, n_jobs: int,
                control: SearchControl | None = None) -> Iterator[tuple[int, PositionEval]]:
    """(job index, evaluation) for every job: the cached ones first, then the rest as
    they are searched, in order, in `n_jobs` processes (each new one cached)."""
    missing = []
    for index, job in enumerate(jobs):
        cached = cache.get(job, explain)
        if cached is None:
            missing.append(index)
        else:
            yield index, cached
    for index, document in zip(missing, _run(jobs, missing, explain, n_jobs, control),
                               strict=True):
        cache.put(jobs[index], document)
        yield index, PositionEval.from_json(document)


def _run(jobs: list[PositionJob], indices: list[int], explain: bool, n_jobs: int,
         control: SearchControl | None) -> Iterator[dict[str, Any]]:
    if n_jobs == 1 or len(indices) < 2:
        return (run_job(jobs[i], explain, control) for i in indices)
    from joblib import Parallel, delayed

    parallel = Parallel(n_jobs=n_jobs, return_as="generator")
    return iter(parallel(delayed(run_job)(jobs[i], explain) for i in indices))
