"""When a search's recommendation is settled, so that its budget may stop early.

An adaptive budget (issue 28 item 6) spends its iterations where the decision is
close and stops where it is not. A search's recommendation is **settled** when either

* the **remaining budget cannot change the order**: with the recommended order by
  visits, the recommended step leads every other by more visits than the iterations
  left, so even if all of them went to the runner-up it would stay behind (the
  recommendation is then exactly the one the whole budget would give: nothing is lost
  by stopping; with ``pick=lcb`` a lead in visits decides nothing); or
* the recommended step is **separated**: the lower end of the 95% interval of its
  value lies above the upper end of every other step's, each measured on at least
  MIN_SEPARATED_VISITS play-outs (a step with fewer, or one not tried yet, is not
  known well enough to be ruled out, so it keeps the search going).

Only the root's steps are compared: the first step of the recommended decision (its
later steps follow the principal variation). The rule reads the candidates the search
already reports (:mod:`.report`), so it costs one ranking per check; the loop checks
every CHECK_EVERY iterations once a minimum has been searched (``settle=N``), since
intervals of a handful of play-outs are noise themselves.
"""

from __future__ import annotations

from valdora_ai.analysis import Candidate

MIN_SEPARATED_VISITS = 10
CHECK_EVERY = 25  # iterations between two checks


def settled(ranked: tuple[Candidate, ...], player: int, remaining: int | None,
            untried: int = 0) -> bool:
    """Whether the recommendation of `ranked` (in the recommended order) is settled for
    `player` with `remaining` iterations left (None: no iteration limit, or an order not
    by visits, where a lead in visits decides nothing) and `untried` legal steps not in
    `ranked`."""
    if len(ranked) + untried < 2:
        return True
    best, others = ranked[0], ranked[1:]
    if remaining is not None:
        runner_up = max((c.visits for c in others), default=0)
        if best.visits - runner_up > remaining:
            return True
    if untried or best.visits < MIN_SEPARATED_VISITS:
        return False
    low = best.value_interval(player)
    if low is None:
        return False
    for other in others:
        interval = other.value_interval(player)
        if other.visits < MIN_SEPARATED_VISITS or interval is None or interval[1] >= low[0]:
            return False
    return True
