"""Root parallelism: independent searches in worker processes, merged at the root.

Each job runs the same agent with seed ``seed + job`` (job 0 keeps the agent's seed)
on the same observation; an iteration budget is split evenly between the jobs, a
seconds budget applies to each. The candidates are merged step by step: visits
summed, per-player values, win probability and expected scores averaged weighted by
visits, the principal variation taken from the job that visited the step most. With
a fixed number of jobs the result is as reproducible as a single search. Workers
neither stream partial results nor honour a stop request; use a seconds budget.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from joblib import Parallel, delayed

from valdora_ai.analysis import Analysis, Budget, Candidate
from valdora_ai.workers import local_workers


def split_budget(budget: Budget, jobs: int) -> list[Budget]:
    if budget.iterations is None:
        return [budget] * jobs
    share, extra = divmod(budget.iterations, jobs)
    return [replace(budget, iterations=max(1, share + (1 if j < extra else 0)))
            for j in range(jobs)]


def run_parallel(worker: Callable[..., Analysis], args: list[tuple[Any, ...]]) -> list[Analysis]:
    """Run ``worker(*a)`` for each `a` in its own process (joblib, loky backend); the
    workers exit if this process dies."""
    with local_workers():
        return list(Parallel(n_jobs=len(args))(delayed(worker)(*a) for a in args))


def merge_analyses(analyses: list[Analysis], agent: str) -> Analysis:
    """One analysis from several independent searches of the same decision."""
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
    merged.sort(key=lambda c: (-votes.get(c.step, 0), -c.visits,
                               -(c.values[player] if c.values else 0.0), c.step))
    extra = {"jobs": len(analyses)} | ({"votes": votes} if votes else {})
    return Analysis(player=player, candidates=tuple(merged), agent=agent,
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
    return Candidate(step=richest.step, visits=visits, values=mean([c.values for c in cands]),
                     win_probability=sum(c.visits * w for c, w in zip(cands, wins, strict=True))
                     / visits,
                     expected_scores=mean([c.expected_scores for c in cands]), pv=richest.pv,
                     win_probabilities=mean([c.win_probabilities for c in cands])
                     if richest.win_probabilities else ())
