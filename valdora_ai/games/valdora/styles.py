"""Two Valdora playing styles besides greedy: a route planner and a hoarder.

They exist so the search can be measured against opponents that do not play like its
own play-out policy (greedy). Both reuse greedy's valuation of what can be done at
one space (:func:`heuristics._plan`), but decide *where to go* differently:

* **planner** commits to a route. It takes its held commissions that it can carry
  out (a free item for every missing gem, the gem somewhere on the board) as its
  target set and lays out the route that fulfils them: the load sites of the missing
  gems and the patrons' houses, in nearest-first order (in turns of movement),
  each delivery after its gems are loaded. It then walks that route, one waypoint
  after the other, and lays out a new one only when the route is done or its next
  waypoint became impossible (the gem was taken, the commission was returned).
  With nothing to carry out it first fills its hand at the nearest commission book
  (or buys equipment with gold, or refills silver when broke). On the way it takes
  the free actions the space offers (loads, silver, provisions) but buys nothing.
* **hoarder** buys commissions and equipment whenever it can (also cards greedy
  finds not worth it), keeps its coins topped up and avoids encounters, and delivers
  late: a delivery counts only when two held commissions are ready or the end of the
  game is near (:data:`ENDGAME_TILES` craftsman tiles a player before the trigger).

Like greedy they read public information only, so they play the same on a world and
on a belief state; ties go to the caller's generator. The planner's route is the
policy object's memory: one :class:`Planner` per seat (agents make their own).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.constants import K_CITY, K_HARBOUR, K_MINE, K_ROAD
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.heuristics import (
    COMMISSION_BOOK,
    EQUIPMENT_BOOK,
    _coin_loss,
    _commission_value,
    _Context,
    _free_slot,
    _Model,
    _Needs,
    _plan,
    _Tables,
    _tables,
    greedy_step,
)
from valdora_ai.games.valdora.rules import (
    ACTION,
    MAX_HELD_COMMISSIONS,
    NO_ACTION,
    NOT_OWNED,
    PURCHASE,
    ValdoraState,
)
from valdora_ai.games.valdora.weights import ENCOUNTER_PENALTY, LOOKAHEAD

# hoarder
HOARD_BUY = 3.0  # VPE added to buying a commission or equipment (on top of greedy's value)
HOARD_COIN = 2.0  # coins are worth this many times what greedy thinks
HOARD_ENCOUNTER = 3.0  # encounters cost this many times what greedy thinks
HOARD_DELAY = 0.15  # share of a delivery's value before it is time to cash in
CASH_IN_READY = 2  # held commissions ready at once that make it time to cash in
ENDGAME_TILES = 2  # ... or craftsman tiles per player left before the end trigger
# planner
FAR = 99  # turn distance standing for "unreachable"
FILL_HAND = 2  # commissions it can carry out that it wants before setting off


class Policy(Protocol):
    def step(self, state: Any, rng: Any) -> int: ...


def policy_names() -> tuple[str, ...]:
    """The named styles :func:`make_policy` builds."""
    return tuple(_STYLES)


def make_policy(name: str) -> Policy:
    """A fresh policy object of style `name` (KeyError for an unknown one)."""
    return _STYLES[name]()


# ---------------------------------------------------------------- shared helpers
_DISTANCES: dict[int, tuple[_Tables, tuple[tuple[int, ...], ...]]] = {}


def _distances(tb: _Tables) -> tuple[tuple[int, ...], ...]:
    """Turns of movement (without provisions) from every space to every space."""
    entry = _DISTANCES.get(id(tb))
    if entry is None or entry[0] is not tb:
        rows = []
        for start in range(len(tb.kind)):
            dist = [FAR] * len(tb.kind)
            dist[start] = 0
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in tb.reach_plain[here]:
                    if dist[nxt] == FAR:
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
            rows.append(tuple(dist))
        entry = (tb, tuple(rows))
        _DISTANCES[id(tb)] = entry
    return entry[1]


def _decision(state: Any) -> tuple[ValdoraState, _Context, _Model, list[int]]:
    """A decision's reference state, plan context, mover's model and legal steps."""
    state = as_reference(state)
    ctx = _Context(_tables(state.data), state)
    return state, ctx, _Model.of(ctx.tb, state, state.current), state.legal_steps()


def _encounter_cost(tb: _Tables, state: ValdoraState, m: _Model, dest: int) -> float:
    """VPE greedy charges for ending a move on `dest` with other pawns there."""
    if tb.kind[dest] == K_MINE:
        return 0.0
    others = sum(1 for seat, p in enumerate(state.players) if seat != m.seat
                 and p.space == dest)
    return _coin_loss(tb, m.coins, others) + ENCOUNTER_PENALTY * others if others else 0.0


def _pick(scored: list[tuple[float, int]], rng: Any) -> int:
    """The step with the highest score, ties broken by `rng`."""
    top = max(score for score, _ in scored)
    ties = [step for score, step in scored if score >= top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randbelow(len(ties))]


def _best_commission_buy(ctx: _Context, m: _Model, space: int) -> tuple[float, int]:
    """(value, step) of buying the best visible commission at `space`, or (0, -1)."""
    book = ctx.state.book_at(space)
    if book is None or m.coins < 1 or len(m.held) >= MAX_HELD_COMMISSIONS:
        return 0.0, -1
    needs = _Needs(ctx.tb, m)
    best = (0.0, -1)
    for side in (S.LEFT, S.RIGHT):
        face = book.visible(side)
        if face is not None:
            value = _commission_value(ctx, m, needs, face)
            if best[1] < 0 or value > best[0]:
                best = (value, S.buy(side))
    return best


def _best_equipment_buy(ctx: _Context, m: _Model, space: int) -> tuple[float, int]:
    """(value, step) of buying a visible item the player lacks, paid with a carried
    gold (an animal's first), or (0, -1)."""
    tb = ctx.tb
    book = ctx.state.book_at(space)
    sources = [i for i in (*tb.animals, *tb.dedicated) if m.load[i] == tb.gold]
    if book is None or not sources:
        return 0.0, -1
    for side in (S.LEFT, S.RIGHT):
        face = book.visible(side)
        if face is not None and m.load[face] == NOT_OWNED:
            return HOARD_BUY, S.buy(side, sources[0])
    return 0.0, -1


# ---------------------------------------------------------------- hoarder
class Hoarder:
    """Buys early, saves coins, delivers late (see the module docstring)."""

    def step(self, state: Any, rng: Any) -> int:
        state, ctx, m, legal = _decision(state)
        tb = ctx.tb
        cash_in = _time_to_cash_in(tb, state, m)
        if state.phase == ACTION:
            _, steps = _hoard_plan(ctx, m, m.space, cash_in=True, action=state.action,
                                   pages=state.pages_turned, loads=state.loads_done)
            return steps[0] if steps and steps[0] in legal else S.END
        if legal == [S.END]:
            return S.END
        values: dict[int, float] = {}

        def value_at(space: int) -> float:
            if space not in values:
                values[space] = _hoard_plan(ctx, m, space, cash_in)[0]
            return values[space]

        scored = []
        for step in legal:
            dest = step - S.MOVE_BASE
            ahead = max((value_at(nxt) for nxt in tb.reach_plain[dest]), default=0.0)
            scored.append((value_at(dest) + LOOKAHEAD * ahead
                           - HOARD_ENCOUNTER * _encounter_cost(tb, state, m, dest), step))
        return _pick(scored, rng)


def _time_to_cash_in(tb: _Tables, state: ValdoraState, m: _Model) -> bool:
    """Deliver now: enough held commissions are ready, or the end is near."""
    left = sum(state.supply) - max(state.supply)
    if left <= ENDGAME_TILES * state.n or state.end_triggered:
        return True
    return sum(_Needs(tb, m).ready) >= CASH_IN_READY


def _hoard_plan(ctx: _Context, m: _Model, space: int, cash_in: bool,
                action: int = NO_ACTION, pages: int = 0, loads: int = 0
                ) -> tuple[float, list[int]]:
    """The hoarder's (value, steps) at `space`: greedy's plan revalued by the style,
    or an eager purchase greedy would not make."""
    tb = ctx.tb
    plan = _plan(ctx, m, space, action, pages, loads)
    value, steps = plan.value, plan.steps
    first = S.kind(steps[0]) if steps else "end"
    if first == "complete" and not cash_in:
        value *= HOARD_DELAY
    elif first == "silver":
        value *= HOARD_COIN
    elif first in ("buy", "return"):
        value += HOARD_BUY
    if action in (NO_ACTION, PURCHASE) and first not in ("buy", "return"):
        book = tb.book_kind[space]
        if book == COMMISSION_BOOK and m.coins >= 2:
            eager, step = _best_commission_buy(ctx, m, space)
            eager += HOARD_BUY
        elif book == EQUIPMENT_BOOK:
            eager, step = _best_equipment_buy(ctx, m, space)
        else:
            eager, step = 0.0, -1
        if step >= 0 and eager > value:
            value, steps = eager, [step]
    return value, steps


# ---------------------------------------------------------------- planner
@dataclass(frozen=True)
class Waypoint:
    """A space on the route and what to do there: load `gems`, deliver `faces`, buy
    commissions ("buy"), buy equipment ("equip") or refill silver ("silver")."""

    space: int
    job: str
    gems: tuple[int, ...] = ()
    faces: tuple[int, ...] = ()


class Planner:
    """Commits to a delivery route and walks it (see the module docstring)."""

    def __init__(self) -> None:
        self.route: list[Waypoint] = []
        self.target: tuple[int, ...] = ()

    def step(self, state: Any, rng: Any) -> int:
        state, ctx, m, legal = _decision(state)
        tb = ctx.tb
        if state.phase == ACTION:
            return self._act(ctx, m, state, legal)
        if legal == [S.END]:
            return S.END
        while self.route and self.route[0].space == m.space:
            self.route.pop(0)  # done: the last turn ended there
        if (not self.route or not _still_possible(tb, state, m, self.route[0])
                or not set(m.held) <= set(self.target)):
            self.route, self.target = _lay_out_route(ctx, m)
        if not self.route:
            return greedy_step(state, rng)
        goal = self.route[0].space
        dist = _distances(tb)
        scored = [(-FAR * dist[step - S.MOVE_BASE][goal]
                   - _encounter_cost(tb, state, m, step - S.MOVE_BASE), step) for step in legal]
        return _pick(scored, rng)

    def _act(self, ctx: _Context, m: _Model, state: ValdoraState, legal: list[int]) -> int:
        """The action at the current space: the route's job there, else a free action
        on the way (loading, silver, provisions, a delivery), never a purchase."""
        job = self.route[0].job if self.route and self.route[0].space == m.space else ""
        plan = _plan(ctx, m, m.space, state.action, state.pages_turned, state.loads_done)
        first = plan.steps[0] if plan.steps else S.END
        kind = S.kind(first)
        if kind in ("buy", "return", "turn") and job not in ("buy", "equip"):
            first = S.PROVISIONS if state.action == NO_ACTION else S.END
        elif job == "buy" and not plan.steps and state.action == NO_ACTION:
            first = _best_commission_buy(ctx, m, m.space)[1]  # it came to fill its hand
        return first if first in legal else S.END


def _still_possible(tb: _Tables, state: ValdoraState, m: _Model, waypoint: Waypoint) -> bool:
    """Whether the route's next waypoint can still do its job."""
    needs = _Needs(tb, m)
    if waypoint.job == "load":
        source = state.road[waypoint.space] if tb.kind[waypoint.space] == K_ROAD \
            else state.discard
        missing = {gem for _, gem in needs.missing}
        return any(source[gem] for gem in waypoint.gems if gem in missing)
    if waypoint.job == "deliver":
        return any(needs.ready[i] for i, face in enumerate(m.held) if face in waypoint.faces)
    if waypoint.job == "buy":
        return m.coins >= 1 and len(m.held) < MAX_HELD_COMMISSIONS
    if waypoint.job == "equip":
        return any(g == tb.gold for g in m.load)
    return m.coins < tb.cap and state.bank > 0  # silver


def _lay_out_route(ctx: _Context, m: _Model) -> tuple[list[Waypoint], tuple[int, ...]]:
    """The route for the commissions the player can carry out, and that target set."""
    tb, state = ctx.tb, ctx.state
    needs = _Needs(tb, m)
    load, coins = m.load.copy(), m.coins
    spare = needs.spare.copy()
    blocked: set[int] = set()
    gems_for: dict[int, list[int]] = {}
    for i, gem in needs.missing:
        item, cost = _free_slot(tb, load, coins, gem, spare)
        if i in blocked or item < 0 or not ctx.gem_supply[gem]:
            blocked.add(i)
            continue
        load[item], coins = gem, coins - cost
        gems_for.setdefault(i, []).append(gem)
    target = [i for i in range(len(m.held))
              if i not in blocked and (needs.ready[i] or i in gems_for)]
    if m.coins == 0 and state.bank:
        return [Waypoint(_nearest(tb, m.space, _spaces(tb, K_MINE)), "silver")], ()
    if len(target) < FILL_HAND and len(m.held) < MAX_HELD_COMMISSIONS and m.coins >= 2:
        return [Waypoint(_nearest(tb, m.space, _book_cities(tb, COMMISSION_BOOK)), "buy")], ()
    if blocked and any(g == tb.gold for g in m.load):
        return [Waypoint(_nearest(tb, m.space, _book_cities(tb, EQUIPMENT_BOOK)), "equip")], ()
    if not target:
        if len(m.held) < MAX_HELD_COMMISSIONS and m.coins >= 1:
            return [Waypoint(_nearest(tb, m.space, _book_cities(tb, COMMISSION_BOOK)), "buy")], ()
        return [], ()
    route = _walk(ctx, m, {i: gems_for.get(i, []) for i in target})
    return route, tuple(m.held[i] for i in target)


def _walk(ctx: _Context, m: _Model, wanted: dict[int, list[int]]) -> list[Waypoint]:
    """Nearest-first order of load sites and patrons' houses fulfilling `wanted`
    (held index: gems still to load); each delivery after its gems."""
    tb, state = ctx.tb, ctx.state
    dist = _distances(tb)
    roads = [s for s in range(len(tb.kind)) if tb.kind[s] == K_ROAD]
    harbours = [s for s in range(len(tb.kind)) if tb.ships[s] and tb.kind[s] in (K_CITY,
                                                                                 K_HARBOUR)]
    road = [list(state.road[s]) for s in range(len(tb.kind))]
    discard = list(state.discard)
    pending = {i: list(gems) for i, gems in wanted.items()}
    here, route = m.space, []
    while pending:
        options: list[tuple[int, int, Waypoint]] = []
        ready = [i for i, gems in pending.items() if not gems]
        for patron_space in {_patron_space(tb, tb.face_patron[m.held[i]]) for i in ready}:
            faces = tuple(m.held[i] for i in ready
                          if _patron_space(tb, tb.face_patron[m.held[i]]) == patron_space)
            options.append((dist[here][patron_space], -len(faces),
                            Waypoint(patron_space, "deliver", faces=faces)))
        wanted_gems = [gem for gems in pending.values() for gem in gems]
        for space in roads + harbours:
            source = road[space] if tb.kind[space] == K_ROAD else discard
            limit = len(wanted_gems) if tb.kind[space] == K_ROAD else tb.ships[space]
            gems = _take(source, wanted_gems, limit)
            if gems:
                options.append((dist[here][space], -len(gems), Waypoint(space, "load", gems)))
        if not options:
            break
        _, _, waypoint = min(options, key=lambda o: (o[0], o[1], o[2].space))
        route.append(waypoint)
        here = waypoint.space
        if waypoint.job == "deliver":
            for i in [i for i in ready if m.held[i] in waypoint.faces]:
                del pending[i]
        else:
            source = road[here] if tb.kind[here] == K_ROAD else discard
            for gem in waypoint.gems:
                source[gem] -= 1
                owner = next(i for i, gems in pending.items() if gem in gems)
                pending[owner].remove(gem)
    return route


def _take(source: list[int], wanted: list[int], limit: int) -> tuple[int, ...]:
    """The wanted gems (with repeats) `source` can give, at most `limit`."""
    left = list(source)
    taken: list[int] = []
    for gem in wanted:
        if len(taken) < limit and left[gem]:
            left[gem] -= 1
            taken.append(gem)
    return tuple(taken)


def _patron_space(tb: _Tables, patron: int) -> int:
    return tb.patron.index(patron)


def _spaces(tb: _Tables, kind: int) -> list[int]:
    return [s for s in range(len(tb.kind)) if tb.kind[s] == kind]


def _book_cities(tb: _Tables, book_kind: int) -> list[int]:
    return [s for s in range(len(tb.kind)) if tb.book_kind[s] == book_kind]


def _nearest(tb: _Tables, here: int, spaces: list[int]) -> int:
    """The space of `spaces` nearest to `here` in turns (not `here` itself)."""
    dist = _distances(tb)
    return min((s for s in spaces if s != here), key=lambda s: (dist[here][s], s))


_STYLES: dict[str, type[Planner] | type[Hoarder]] = {"planner": Planner, "hoarder": Hoarder}

__all__ = ["Hoarder", "Planner", "Policy", "make_policy", "policy_names"]
