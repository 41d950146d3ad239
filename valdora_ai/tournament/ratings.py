"""Plackett–Luce ratings (openskill) over the games in order, with their history.

Every seat is a team of one. An entrant that plays two seats in one game (fewer
entrants than seats) gets the sum of both seats' rating changes, and the product of
both variance factors, as if the two results had been separate observations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float


def plackett_luce(entrants: int, games: Sequence[tuple[Sequence[int], Sequence[int]]],
                  ) -> list[list[Rating]]:
    """Ratings after each game, from `games` given as (entrant per seat, rank per seat).

    Returns one list of ratings per game (plus the initial one first), so the last
    element is the final rating and the whole is the history a plot draws.
    """
    model = PlackettLuce()
    current = [Rating(model.mu, model.sigma) for _ in range(entrants)]
    history = [list(current)]
    for seats, ranks in games:
        teams = [[model.rating(mu=current[e].mu, sigma=current[e].sigma)] for e in seats]
        updated = model.rate(teams, ranks=list(ranks))
        mu_change = [0.0] * entrants
        variance_factor = [1.0] * entrants
        for entrant, before, [after] in zip(seats, teams, updated, strict=True):
            mu_change[entrant] += after.mu - before[0].mu
            variance_factor[entrant] *= (after.sigma / before[0].sigma) ** 2
        current = [Rating(r.mu + mu_change[e], r.sigma * variance_factor[e] ** 0.5)
                   for e, r in enumerate(current)]
        history.append(list(current))
    return history
