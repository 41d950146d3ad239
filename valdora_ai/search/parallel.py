"""Root ensembles: independent searches of one decision, merged at the root.

Each search runs the same agent with the seed ``derive_seed(seed, k)`` for the k-th
search, on the same observation, in a worker process (``jobs``) or one after another
in the caller's (``trees``, see :class:`~valdora_ai.agents.search_base.SearchAgent`);
an iteration budget is split evenly between the searches, a seconds budget so that they
fit it together. The candidates are merged step by step: visits summed, per-player
values, win probability and expected scores averaged weighted by visits, their
standard deviations pooled, the principal variation taken from the search that
visited the step most; then ranked as one search's (:func:`~.report.ranked`). With a
fixed number of searches the result is as reproducible as a single search, and the
same in processes as in one. Workers neither stream partial results nor honour a stop
request; use a seconds budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from joblib import Parallel, delayed

from valdora_ai.analysis import Analysis, Budget, Candidate
from valdora_ai.search.report import ranked
from valdora_ai.workers import local_workers


def split_budget(budget: Budget, jobs: int) -> list[Budget]:
    if budget.iterations is None:
        return [budget] * jobs
    share, extra = divmod(budget.iterations, jobs)
    return [replace(budget, iterations=max(1, share + (1 if j < extra else 0)))
            for j in range(jobs)]


def run_parallel(worker: Callable[..., Analysis], args: list[tuple[Any, ...]],
                 processes: int | None = None) -> list[Analysis]:
    """Run ``worker(*a)`` for each `a` in `processes` processes (default: one each;
    joblib, loky backend); the workers exit if this process dies."""
    with local_workers():
        return list(Parallel(n_jobs=processes or len(args))(delayed(worker)(*a)
                                                             for a in args))


def merge_analyses(analyses: list[Analysis], agent: str, order: str = "visits") -> Analysis:
    """One analysis from several independent searches of the same decision, ranked by
    `order` (see :func:`~.report.ranked`)."""
    first = analyses[0]
    by_step: dict[int, list[Candidate]] = {}
    for analysis in analyses:
        for candidate in analysis.candidates:
            by_step.setdefault(candidate.step, []).append(candidate)
    merged = [_merge(cands) for cands in by_step.values()]
    votes: dict[int, int] = {}
    for analysis in analyses:
        for step, count in analysis.extra.get("votes", {}).items():
            votes[step] = votes.get(step, 0) + count
    player = first.player
    extra = {"searches": len(analyses)} | ({"votes": votes} if votes else {})
    return Analysis(player=player, candidates=ranked(merged, player, votes or None, order),
                    agent=agent,
                    iterations=sum(a.iterations for a in analyses),
                    worlds=sum(a.worlds for a in analyses),
                    seconds=max(a.seconds for a in analyses),
                    complete=all(a.complete for a in analyses), extra=extra)


def _merge(cands: list[Candidate]) -> Candidate:
    visits = sum(c.visits for c in cands)
    richest = max(cands, key=lambda c: c.visits)
    if not visits or not richest.values:
        return richest
    cands = [c for c in cands if c.visits]

    def mean(vectors: list[tuple[float, ...]]) -> tuple[float, ...]:
        return tuple(sum(c.visits * v[i] for c, v in zip(cands, vectors, strict=True)) / visits
                     for i in range(len(vectors[0])))

    wins = [c.win_probability or 0.0 for c in cands]
    values = mean([c.values for c in cands])
    scores = mean([c.expected_scores for c in cands])
    return Candidate(step=richest.step, visits=visits, values=values,
                     win_probability=sum(c.visits * w for c, w in zip(cands, wins, strict=True))
                     / visits,
                     expected_scores=scores, pv=richest.pv,
                     win_probabilities=mean([c.win_probabilities for c in cands])
                     if richest.win_probabilities else (),
                     value_sd=_pooled_sd(cands, [c.values for c in cands],
                                         [c.value_sd for c in cands], values),
                     score_sd=_pooled_sd(cands, [c.expected_scores for c in cands],
                                         [c.score_sd for c in cands], scores))


def _pooled_sd(cands: list[Candidate], means: list[tuple[float, ...]],
               sds: list[tuple[float, ...]], total: tuple[float, ...]) -> tuple[float, ...]:
    """Per seat, the standard deviation of all the jobs' samples together, from each
    job's count, mean and standard deviation; () when a job reports none."""
    if any(len(sd) != len(total) for sd in sds):
        return ()
    n = sum(c.visits for c in cands)
    if n < 2:
        return tuple(0.0 for _ in total)
    return tuple(
        math.sqrt(max(0.0, sum((c.visits - 1) * sd[i] ** 2 + c.visits * m[i] ** 2
                               for c, m, sd in zip(cands, means, sds, strict=True))
                      - n * total[i] ** 2) / (n - 1))
        for i in range(len(total)))
