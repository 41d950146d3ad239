"""Valdora knowledge for agents: a final-score estimate and the greedy baseline policy.

This is game code, not agent code: agents reach it only through
:class:`~valdora_ai.games.valdora.game.ValdoraGame` (``estimate_final_scores`` and
``greedy_step``), so they stay game-agnostic.

Both functions read **public information only**: the players' tables, the roads, the
discard, the craftsman supply, and of each book its visible faces
(:meth:`Book.visible`), its known stacks (``left``/``right``: every card there has been
seen), its ``pool``, ``hidden_count`` and ``top_front``. They never read
``Book.hidden``, so they behave identically on a world and on the belief state of an
observation (``tests/test_greedy.py`` checks it).

Units. Every value below is in "victory-point equivalents" (VPE): roughly the final
points an outcome is worth, plus a tempo premium for the steps that move a player
along the commission cycle (buy a commission, load its gems, deliver it). The
weights (:mod:`~valdora_ai.games.valdora.weights`, shared with the compiled core) are
hand-tuned for the default component data; the code itself reads all
component facts from :class:`~valdora_ai.games.valdora.data.ComponentData`, so a
corrected data file still gets a sensible (if untuned) policy.

The greedy policy
-----------------
*Move phase.* Every legal destination is scored as

    value of the best action there  -  coins lost to encounters
    + LOOKAHEAD x (best action value reachable from there next turn)

An action's value comes from a small *plan* (:func:`_plan`) for the player at that
space: deliver every held commission it can pay for there (worth most: the points,
the craftsman, a new colour, a workshop or a bonus tile), load the gems its
commissions still miss (and free gems onto empty dedicated tools), buy the visible
commissions it can fulfil or the equipment its commissions need (or turn a page when
the turn's known or expected outcome is worth it), refill silver (worth the concave
value of the coins gained), take provisions. For the few best destinations the
look-ahead is evaluated *after* applying that plan to a light copy of the player
(so "load the ruby, then deliver it at the red patron" is seen as a chain); for the
others it uses the current player.

*Action phase.* The plan for the current space is recomputed from the real position
(after whatever steps were already taken) and its first step is played; when the plan
is empty the turn ENDs. Move evaluation and action phase share the same plan code, so
the player does what it moved there to do.

Page turning is bounded: at most :data:`MAX_PAGES` pages a visit, a paid page only
with coins to spare, and only when the turn's outcome (exact for known cards, the
pool's distribution for unseen faces) is expected to expose a card worth buying.

*The quick policy* (:func:`quick_step`, the play-out policy ``rollout=quick``) is the
same policy with the look-ahead after the plan taken for fewer destinations
(QUICK_LOOKAHEAD_PLANS instead of LOOKAHEAD_PLANS; with none, every destination's
look-ahead uses the current player): most of a move decision's plans are that
look-ahead, so it plays faster and slightly differently.

Ties are broken with the caller's generator (``rng.randbelow``), so a seeded policy
is deterministic. Cost per decision: a few dozen plan evaluations of O(items x gems).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.constants import K_CITY, K_MINE, K_PATRON, K_ROAD
from valdora_ai.games.valdora.data import ANY_GEM, SPACE_KIND_CODES, ComponentData
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import (
    ACTION,
    DELIVERY,
    EMPTY,
    LOADING,
    MAX_HELD_COMMISSIONS,
    NO_ACTION,
    NOT_OWNED,
    PURCHASE,
    UNSEEN,
    Book,
    ValdoraState,
)
from valdora_ai.games.valdora.weights import (
    ANIMAL_BASE,
    ANIMAL_COST_DIVISOR,
    BUY_BASE,
    BUY_MIN,
    BUY_SHARE,
    COIN_MARGINAL,
    COIN_SHORT_CHANCE,
    DELIVER_BASE,
    ENCOUNTER_PENALTY,
    EQUIP_BASE,
    EQUIP_NEED,
    EQUIP_NEED_SHARE,
    FUTURE_PER_COLOUR,
    FUTURE_PER_DELIVERY,
    LAST_GEM_FACTOR,
    LOOKAHEAD,
    LOOKAHEAD_PLANS,
    MAX_PAGES,
    NEAR_WORKSHOP_SHARE,
    NEED_LOAD_BASE,
    NEED_LOAD_SHARE,
    NO_GEM_FACTOR,
    PAGE_RESERVE,
    PROMISED_GOLD,
    PROVISIONS_VALUE,
    QUICK_LOOKAHEAD_PLANS,
    R_NO_SLOT,
    R_SLOT,
    READY_CHANCE,
    RETURN_MARGIN,
    ROAD_MAX_LOADS,
    SPARE_GOLD,
    SPARE_LOAD,
    TIE_TOLERANCE,
    TURN_MIN,
    TURN_SHARE,
    WORKSHOP_OPTION,
    WORKSHOP_PROGRESS,
)

EQUIPMENT_BOOK, COMMISSION_BOOK = 1, 2  # _Tables.book_kind (0: no book)


class _Tables:
    """Component facts as flat tuples, built once per ComponentData (hot-loop friendly)."""

    def __init__(self, data: ComponentData) -> None:
        self.data = data
        spaces = data.spaces
        self.kind = tuple(SPACE_KIND_CODES[s.kind] for s in spaces)
        self.ships = tuple(s.ships for s in spaces)
        self.patron = tuple(s.patron for s in spaces)
        self.book_kind = tuple(
            0 if s.book is None
            else EQUIPMENT_BOOK if data.card_sets[s.book].kind == "equipment"
            else COMMISSION_BOOK
            for s in spaces)
        self.reach_plain = tuple(tuple(sorted(r)) for r in data.reach_plain)
        self.reach_prov = tuple(tuple(sorted(r)) for r in data.reach_provisioned)
        self.n_gems = len(data.gems)
        self.gold = data.equipment_gem
        faces = data.commissions
        self.face_patron = tuple(f.patron for f in faces)
        self.face_coins = tuple(f.coins for f in faces)
        self.face_gems = tuple(f.gems for f in faces)
        self.face_vp = tuple(f.vp for f in faces)
        self.comm_types = data.card_set("commission").types
        items = data.items
        self.n_items = len(items)
        self.item_loads = tuple(it.loads for it in items)
        self.item_cost = tuple(it.load_cost for it in items)
        self.gem_item = tuple(
            next((i for i, it in enumerate(items) if it.loads == g), -1)
            for g in range(self.n_gems))
        # Animals (any colour), cheapest load first.
        self.animals = tuple(sorted((i for i, it in enumerate(items) if it.loads == ANY_GEM),
                                    key=lambda i: (items[i].load_cost, i)))
        self.dedicated = tuple(i for i, it in enumerate(items) if it.loads != ANY_GEM)
        self.n_colours = len(data.colours)
        self.needs = tuple(c.workshop_needs for c in data.colours)
        self.workshop_vp = tuple(c.workshop_vp for c in data.colours)
        self.vp_colour = data.vp_per_colour
        self.bonus_vp = data.bonus_vp
        self.gem_vp = data.vp_per_gem
        self.cap = data.coin_cap
        worth = [0.0]  # concave worth of holding c coins
        for c in range(max(self.cap, 1) + 1):
            worth.append(worth[-1] + COIN_MARGINAL[min(c, len(COIN_MARGINAL) - 1)])
        self.coin_worth = tuple(worth)


_TABLES: dict[int, tuple[ComponentData, _Tables]] = {}


def _tables(data: ComponentData) -> _Tables:
    entry = _TABLES.get(id(data))
    if entry is None or entry[0] is not data:
        entry = (data, _Tables(data))
        _TABLES[id(data)] = entry
    return entry[1]


def _coin_loss(tb: _Tables, coins: int, paid: int) -> float:
    """VPE lost by paying `paid` of `coins` coins."""
    if paid <= 0:
        return 0.0
    after = coins - paid
    return tb.coin_worth[coins] - tb.coin_worth[after if after > 0 else 0]


class _Model:
    """A light, mutable copy of what one player owns, for plans and look-ahead.

    ``held`` holds commission *faces* (not cards) in the player's order, so an index
    into it is the index a COMPLETE or RETURN step uses.
    """

    __slots__ = ("coins", "craftsmen", "held", "load", "provisions", "seat", "space")

    def __init__(self, seat: int, coins: int, load: list[int], held: list[int],
                 provisions: bool, craftsmen: list[int], space: int) -> None:
        self.seat = seat
        self.coins = coins
        self.load = load
        self.held = held
        self.provisions = provisions
        self.craftsmen = craftsmen
        self.space = space

    @classmethod
    def of(cls, tb: _Tables, state: ValdoraState, seat: int) -> _Model:
        p = state.players[seat]
        types = tb.comm_types
        return cls(seat, p.coins, p.load.copy(), [types[t][side] for t, side in p.commissions],
                   p.provisions, p.craftsmen, p.space)

    def copy(self) -> _Model:
        return _Model(self.seat, self.coins, self.load.copy(), self.held.copy(),
                      self.provisions, self.craftsmen, self.space)


# ---------------------------------------------------------------- commission worth
def _delivery_worth(tb: _Tables, state: ValdoraState, m: _Model, face: int) -> float:
    """What delivering `face` now would be worth to the player, in VPE.

    Its points; 10 for a craftsman colour the player lacks; an unowned workshop it
    would open (printed VP plus the bonus tiles it promises), or progress toward one;
    a bonus tile if the player owns the patron's workshop.
    """
    value = float(tb.face_vp[face])
    colour = state.hire_colour(tb.face_patron[face])
    if colour >= 0:
        have = m.craftsmen[colour]
        if have == 0:
            value += tb.vp_colour
        if state.workshop_owner[colour] < 0:
            if have + 1 >= tb.needs[colour]:
                value += tb.workshop_vp[colour] + WORKSHOP_OPTION
            else:
                value += WORKSHOP_PROGRESS * (have + 1) / tb.needs[colour]
    if state.workshop_owner[tb.face_patron[face]] == m.seat and state.bonus_left:
        value += tb.bonus_vp
    return value


class _Needs:
    """Which carried gems are promised to which held commission, and what is missing.

    Single-gem commissions are served first (they are delivered soonest), then the
    rest in the order held; a commission that cannot be fully served still reserves
    the gems it has. ``spare[g]``: carried gems of colour g promised to nobody.
    ``missing``: (held index, gem) pairs still to load. ``ready[i]``: held commission i
    can be paid now (gems carried, or coins for a silver commission).
    """

    __slots__ = ("missing", "missing_count", "ready", "spare")

    def __init__(self, tb: _Tables, m: _Model) -> None:
        spare = [0] * tb.n_gems
        for gem in m.load:
            if gem >= 0:
                spare[gem] += 1
        held = m.held
        n = len(held)
        self.ready = [False] * n
        self.missing: list[tuple[int, int]] = []
        self.missing_count = [0] * n
        coins = m.coins
        order = sorted(range(n), key=lambda i: (len(tb.face_gems[held[i]]), i))
        for i in order:
            face = held[i]
            gems = tb.face_gems[face]
            if not gems:
                if coins >= tb.face_coins[face]:
                    coins -= tb.face_coins[face]
                    self.ready[i] = True
                continue
            short = 0
            for gem in gems:
                if spare[gem]:
                    spare[gem] -= 1
                else:
                    short += 1
                    self.missing.append((i, gem))
            self.missing_count[i] = short
            self.ready[i] = short == 0
        self.spare = spare


def _free_slot(tb: _Tables, load: list[int], coins: int, gem: int, spare: list[int]
               ) -> tuple[int, int]:
    """(item, coin cost) that could take `gem` now, or (-1, 0): a free dedicated tool
    first, then the cheapest affordable empty animal, then an animal carrying a spare
    gem of another colour (reloading it)."""
    item = tb.gem_item[gem]
    if item >= 0 and load[item] == EMPTY:
        return item, 0
    for animal in tb.animals:
        if load[animal] == EMPTY and coins >= tb.item_cost[animal]:
            return animal, tb.item_cost[animal]
    for animal in tb.animals:
        carried = load[animal]
        if carried >= 0 and carried != gem and spare[carried] and coins >= tb.item_cost[animal]:
            return animal, tb.item_cost[animal]
    return -1, 0


def _gem_supply(state: ValdoraState, gem: int) -> int:
    """How many gems of this colour lie on the roads or in the discard."""
    total = state.discard[gem]
    for counts in state.road:
        total += counts[gem]
    return total


def _readiness(tb: _Tables, state: ValdoraState, m: _Model, needs: _Needs, face: int,
               gem_supply: list[int]) -> float:
    """Rough chance (0..1) that the player can pay `face` soon with what it owns."""
    gems = tb.face_gems[face]
    if not gems:
        return READY_CHANCE if m.coins - 1 >= tb.face_coins[face] else COIN_SHORT_CHANCE
    spare = needs.spare.copy()
    load = m.load.copy()
    coins = m.coins
    ready = 1.0
    for gem in gems:
        if spare[gem]:
            spare[gem] -= 1
            continue
        item, cost = _free_slot(tb, load, coins, gem, spare)
        if item >= 0:
            load[item] = gem
            coins -= cost
            factor = R_SLOT
        else:
            factor = R_NO_SLOT
        if not gem_supply[gem]:
            factor *= NO_GEM_FACTOR
        ready *= factor
    return ready


# ---------------------------------------------------------------- plans
class _Plan:
    """A candidate action at one space: its value, its steps, the player after it."""

    __slots__ = ("after", "steps", "value")

    def __init__(self, value: float, steps: list[int], after: _Model | None) -> None:
        self.value = value
        self.steps = steps
        self.after = after  # None: the action leaves the player as it is


_NOTHING = _Plan(0.0, [], None)


class _Context:
    """Per-decision caches shared by all plans of one call."""

    __slots__ = ("gem_supply", "state", "tb")

    def __init__(self, tb: _Tables, state: ValdoraState) -> None:
        self.tb = tb
        self.state = state
        self.gem_supply = [_gem_supply(state, g) for g in range(tb.n_gems)]


def _plan(ctx: _Context, m: _Model, space: int, action: int = NO_ACTION,
          pages_turned: int = 0, loads_done: int = 0) -> _Plan:
    """The best action for player `m` at `space` (given the turn's progress so far)."""
    tb = ctx.tb
    state = ctx.state
    kind = tb.kind[space]
    best = _NOTHING
    if kind == K_PATRON and action in (NO_ACTION, DELIVERY):
        best = _better(best, _plan_delivery(ctx, m, tb.patron[space]))
    if action in (NO_ACTION, LOADING):
        if kind == K_ROAD:
            best = _better(best, _plan_loads(ctx, m, state.road[space], ROAD_MAX_LOADS))
        elif tb.ships[space] and tb.ships[space] > loads_done:
            best = _better(best, _plan_loads(ctx, m, state.discard, tb.ships[space] - loads_done))
    book_kind = tb.book_kind[space]
    if book_kind and action in (NO_ACTION, PURCHASE):
        book = state.book_at(space)
        if book is not None:
            if book_kind == COMMISSION_BOOK:
                best = _better(best, _plan_commissions(ctx, m, book, pages_turned))
            else:
                best = _better(best, _plan_equipment(ctx, m, book, pages_turned))
    if action == NO_ACTION:
        if kind == K_CITY and not m.provisions:
            after = m.copy()
            after.provisions = True
            best = _better(best, _Plan(PROVISIONS_VALUE, [S.PROVISIONS], after))
        elif kind == K_MINE and m.coins < tb.cap and state.bank:
            gained = min(tb.cap - m.coins, state.bank)
            after = m.copy()
            after.coins += gained
            value = tb.coin_worth[m.coins + gained] - tb.coin_worth[m.coins]
            best = _better(best, _Plan(value, [S.SILVER], after))
    return best


def _better(a: _Plan, b: _Plan) -> _Plan:
    return b if b.value > a.value else a


def _plan_delivery(ctx: _Context, m: _Model, patron: int) -> _Plan:
    """Complete every held commission of this patron that can be paid now.

    Gems are paid from animals first, so that gems stay on dedicated tools and the
    any-colour animals are free again.
    """
    tb = ctx.tb
    state = ctx.state
    after: _Model | None = None
    value = 0.0
    steps: list[int] = []
    i = 0
    while True:
        cur = after if after is not None else m
        if i >= len(cur.held):
            break
        face = cur.held[i]
        if tb.face_patron[face] != patron:
            i += 1
            continue
        gems = tb.face_gems[face]
        mask = 0
        if gems:
            for gem in gems:
                carrier = -1
                for animal in tb.animals:
                    if cur.load[animal] == gem and not mask >> animal & 1:
                        carrier = animal
                        break
                if carrier < 0:
                    for item in tb.dedicated:
                        if cur.load[item] == gem and not mask >> item & 1:
                            carrier = item
                            break
                if carrier < 0:
                    mask = -1
                    break
                mask |= 1 << carrier
            if mask < 0:
                i += 1
                continue
        elif cur.coins < tb.face_coins[face]:
            i += 1
            continue
        worth = _delivery_worth(tb, state, cur, face)
        if after is None:
            after = m.copy()
            after.craftsmen = m.craftsmen.copy()
        value += DELIVER_BASE + worth
        steps.append(S.complete(i, mask))
        after.coins -= tb.face_coins[face]
        for item in range(tb.n_items):
            if mask >> item & 1:
                after.load[item] = EMPTY
        del after.held[i]
        colour = state.hire_colour(patron)
        if colour >= 0:
            after.craftsmen[colour] += 1
    if not steps:
        return _NOTHING
    return _Plan(value, steps, after)


def _plan_loads(ctx: _Context, m: _Model, source: list[int], max_loads: int) -> _Plan:
    """Load the gems held commissions miss (most valuable first), then free gems onto
    empty dedicated tools (and gold onto the pan)."""
    tb = ctx.tb
    needs = _Needs(tb, m)
    avail = source.copy()
    load = m.load.copy()
    coins = m.coins
    spare = needs.spare.copy()
    value = 0.0
    steps: list[int] = []
    if needs.missing:
        wanted = []
        for i, gem in needs.missing:
            face = m.held[i]
            worth = _delivery_worth(tb, ctx.state, m, face)
            share = worth / len(tb.face_gems[face])
            if needs.missing_count[i] == 1:
                share *= LAST_GEM_FACTOR
            wanted.append((share, gem))
        wanted.sort(reverse=True)
        for share, gem in wanted:
            if len(steps) >= max_loads:
                break
            if not avail[gem]:
                continue
            item, cost = _free_slot(tb, load, coins, gem, spare)
            if item < 0:
                continue
            gain = NEED_LOAD_BASE + NEED_LOAD_SHARE * share - _coin_loss(tb, coins, cost)
            if gain <= 0:
                continue
            old = load[item]
            if old >= 0:  # reloading an animal: its spare gem goes to the discard
                spare[old] -= 1
                gain -= tb.gem_vp
            value += gain
            coins -= cost
            avail[gem] -= 1
            load[item] = gem
            steps.append(S.load(gem, item))
    for item in tb.dedicated:
        if len(steps) >= max_loads:
            break
        gem = tb.item_loads[item]
        if load[item] == EMPTY and avail[gem]:
            avail[gem] -= 1
            load[item] = gem
            value += SPARE_GOLD if gem == tb.gold else SPARE_LOAD
            steps.append(S.load(gem, item))
    if not steps:
        return _NOTHING
    after = m.copy()
    after.load = load
    after.coins = coins
    return _Plan(value, steps, after)


def _commission_value(ctx: _Context, m: _Model, needs: _Needs, face: int) -> float:
    """VPE of buying commission `face` (for 1 coin) for player `m`."""
    tb = ctx.tb
    worth = _delivery_worth(tb, ctx.state, m, face)
    ready = _readiness(tb, ctx.state, m, needs, face, ctx.gem_supply)
    return BUY_BASE + BUY_SHARE * worth * ready - _coin_loss(tb, m.coins, 1)


def _hold_value(ctx: _Context, m: _Model, needs: _Needs, index: int) -> float:
    """VPE of keeping held commission `index` (to compare with buying another)."""
    tb = ctx.tb
    face = m.held[index]
    worth = _delivery_worth(tb, ctx.state, m, face)
    if needs.ready[index]:
        return worth
    ready = 1.0
    load = m.load
    spare = needs.spare
    for i, gem in needs.missing:
        if i == index:
            item, _ = _free_slot(tb, load, m.coins, gem, spare)
            ready *= R_SLOT if item >= 0 else R_NO_SLOT
    return BUY_SHARE * worth * ready


def _other_face(book: Book, card: tuple[int, int]) -> int:
    return book.cards.types[card[0]][1 - card[1]]


def _expected_excess(weights: list[tuple[int, int]], excess: dict[int, float]) -> float:
    total = 0
    acc = 0.0
    for face, weight in weights:
        total += weight
        acc += weight * excess.get(face, 0.0)
    return acc / total if total else 0.0


def _turn_gain(book: Book, side: int, excess: dict[int, float]) -> float:
    """Expected best excess value (value above BUY_MIN) visible after turning `side`.

    Known cards give exact outcomes; an unseen face counts at its expectation over
    the public pool (the top hidden card's back given its seen front; the next hidden
    card's front).
    """
    if side == S.LEFT:
        if not book.left:
            return 0.0
        moved = excess.get(_other_face(book, book.left[-1]), 0.0)
        below = excess.get(book.face(book.left[-2]), 0.0) if len(book.left) > 1 else 0.0
        return max(moved, below)
    if book.right:
        moved = excess.get(_other_face(book, book.right[-1]), 0.0)
        if len(book.right) > 1:
            below = excess.get(book.face(book.right[-2]), 0.0)
        elif book.hidden_count:
            below = (excess.get(book.top_front, 0.0) if book.top_front != UNSEEN
                     else _expected_excess(book.front_candidates(), excess))
        else:
            below = 0.0
        return max(moved, below)
    if not book.hidden_count or book.top_front == UNSEEN:
        return 0.0
    moved = _expected_excess(book.back_candidates(), excess)
    below = (_expected_excess(book.front_candidates(), excess)
             if book.hidden_count > 1 else 0.0)
    return max(moved, below)


def _turn_plan(tb: _Tables, m: _Model, book: Book, pages_turned: int,
               excess: dict[int, float]) -> _Plan:
    """Turn the page with the best expected outcome, if affordable and worth it."""
    if pages_turned >= MAX_PAGES:
        return _NOTHING
    cost = 1 if pages_turned else 0
    if cost and m.coins < PAGE_RESERVE + cost:
        return _NOTHING
    best_side = -1
    best_gain = 0.0
    for side in (S.LEFT, S.RIGHT):
        if book.visible(side) is None:
            continue
        gain = _turn_gain(book, side, excess)
        if gain > best_gain:
            best_side, best_gain = side, gain
    gain = best_gain - _coin_loss(tb, m.coins, cost)
    if best_side < 0 or gain <= TURN_MIN:
        return _NOTHING
    return _Plan(BUY_MIN * TURN_SHARE + gain, [S.turn(best_side)], None)


def _plan_commissions(ctx: _Context, m: _Model, book: Book, pages_turned: int) -> _Plan:
    """Buy the visible commissions worth it (returning a poor held one if at the limit),
    else turn a page toward a good one."""
    tb = ctx.tb
    if m.coins < 1:
        return _NOTHING
    needs = _Needs(tb, m)
    values: dict[int, float] = {}
    for face in range(len(tb.face_vp)):
        values[face] = _commission_value(ctx, m, needs, face)
    visible = [(values[shown], side) for side in (S.LEFT, S.RIGHT)
               if (shown := book.visible(side)) is not None]
    visible.sort(reverse=True)
    if visible and visible[0][0] > BUY_MIN:
        best_value, side = visible[0]
        if len(m.held) < MAX_HELD_COMMISSIONS:
            after = m.copy()
            after.held.append(book.visible(side))  # type: ignore[arg-type]
            after.coins -= 1
            steps = [S.buy(side)]
            value = best_value
            if (len(visible) > 1 and visible[1][0] > BUY_MIN and after.coins >= 1
                    and len(after.held) < MAX_HELD_COMMISSIONS):
                # The other visible card too (its value is re-estimated only roughly).
                other_side = visible[1][1]
                after.held.append(book.visible(other_side))  # type: ignore[arg-type]
                after.coins -= 1
                value += visible[1][0]
                steps.append(S.buy(other_side))
            return _Plan(value, steps, after)
        worst, worst_value = -1, 0.0
        for i in range(len(m.held)):
            hold = _hold_value(ctx, m, needs, i)
            if worst < 0 or hold < worst_value:
                worst, worst_value = i, hold
        if not needs.ready[worst] and best_value - worst_value > RETURN_MARGIN:
            after = m.copy()
            del after.held[worst]
            after.held.append(book.visible(side))  # type: ignore[arg-type]
            after.coins -= 1
            return _Plan(best_value - worst_value,
                         [S.return_commission(worst, 1 - side), S.buy(side)], after)
        return _NOTHING
    if len(m.held) >= MAX_HELD_COMMISSIONS:
        return _NOTHING
    excess = {face: v - BUY_MIN for face, v in values.items() if v > BUY_MIN}
    if not excess:
        return _NOTHING
    return _turn_plan(tb, m, book, pages_turned, excess)


def _equipment_values(ctx: _Context, m: _Model, needs: _Needs) -> dict[int, float]:
    """VPE of owning each item the player lacks (before paying its gold)."""
    tb = ctx.tb
    # Gems missing for held commissions that no item of the player can take now.
    unslotted: list[tuple[float, int]] = []
    load = m.load.copy()
    coins = m.coins
    for i, gem in needs.missing:
        item, cost = _free_slot(tb, load, coins, gem, needs.spare)
        if item >= 0:
            load[item] = gem
            coins -= cost
        else:
            face = m.held[i]
            share = _delivery_worth(tb, ctx.state, m, face) / len(tb.face_gems[face])
            unslotted.append((share, gem))
    values: dict[int, float] = {}
    for item in range(tb.n_items):
        if m.load[item] != NOT_OWNED:
            continue
        loads = tb.item_loads[item]
        if loads == ANY_GEM:
            value = ANIMAL_BASE - tb.item_cost[item] / ANIMAL_COST_DIVISOR
        else:
            value = EQUIP_BASE if ctx.gem_supply[loads] else EQUIP_BASE * NO_GEM_FACTOR
        for share, gem in unslotted:
            if loads in (gem, ANY_GEM):
                value += EQUIP_NEED + EQUIP_NEED_SHARE * share
                break
        values[item] = value
    return values


def _plan_equipment(ctx: _Context, m: _Model, book: Book, pages_turned: int) -> _Plan:
    """Buy visible equipment the player lacks and wants, paying with spare gold
    (from an animal first); else turn a page toward such equipment."""
    tb = ctx.tb
    gold = tb.gold
    needs = _Needs(tb, m)
    sources = [item for item in tb.animals if m.load[item] == gold]
    sources += [item for item in tb.dedicated if m.load[item] == gold]
    if not sources:
        return _NOTHING
    # Paying with a gold a held commission is promised costs that commission's share.
    promised = sum(1 for g in m.load if g == gold) - needs.spare[gold]
    values = _equipment_values(ctx, m, needs)
    candidates = []
    for side in (S.LEFT, S.RIGHT):
        face = book.visible(side)
        if face is not None and face in values:
            candidates.append((values[face], side, face))
    candidates.sort(reverse=True)
    after: _Model | None = None
    value = 0.0
    steps: list[int] = []
    bought: set[int] = set()
    for item_value, side, face in candidates:
        if not sources or face in bought:
            continue
        cost = tb.gem_vp + (PROMISED_GOLD if len(sources) <= promised else 0.0)
        if item_value - cost <= BUY_MIN:
            continue
        source = sources.pop(0)
        if after is None:
            after = m.copy()
        after.load[source] = EMPTY
        after.load[face] = EMPTY
        value += item_value - cost
        steps.append(S.buy(side, source))
        bought.add(face)
        break  # the other side changes after a purchase: re-plan then
    if steps:
        return _Plan(value, steps, after)
    excess = {face: v - tb.gem_vp - BUY_MIN for face, v in values.items()
              if v - tb.gem_vp > BUY_MIN}
    if not excess:
        return _NOTHING
    return _turn_plan(tb, m, book, pages_turned, excess)


# ---------------------------------------------------------------- the greedy policy
def greedy_step(state: ValdoraState, rng: Any, lookahead_plans: int = LOOKAHEAD_PLANS) -> int:
    """The greedy policy's next step for the player to move in `state`.

    Works on a world or a belief state and reads only public information. `rng`
    (anything with ``randbelow(n)``) breaks ties, so a seeded call is deterministic.
    `lookahead_plans` destinations (the best before the look-ahead) get the look-ahead
    after their plan. Must not be called at a chance node or a terminal state.
    """
    state = as_reference(state)  # a compiled state reads as its reference twin
    tb = _tables(state.data)
    seat = state.current
    ctx = _Context(tb, state)
    m = _Model.of(tb, state, seat)
    legal = state.legal_steps()
    if state.phase == ACTION:
        plan = _plan(ctx, m, m.space, state.action, state.pages_turned, state.loads_done)
        for step in plan.steps[:1]:
            if step in legal:
                return step
        return S.END
    if legal == [S.END]:
        return S.END
    return _choose_move(ctx, m, legal, rng, lookahead_plans)


def quick_step(state: ValdoraState, rng: Any) -> int:
    """The quick play-out policy's next step: :func:`greedy_step` with the look-ahead
    after the plan for QUICK_LOOKAHEAD_PLANS destinations only."""
    return greedy_step(state, rng, QUICK_LOOKAHEAD_PLANS)


def _choose_move(ctx: _Context, m: _Model, legal: list[int], rng: Any,
                 lookahead_plans: int) -> int:
    """Score each destination: its plan, minus encounter coins, plus a look-ahead."""
    tb = ctx.tb
    state = ctx.state
    base: dict[int, float] = {}

    def base_value(space: int) -> float:
        value = base.get(space)
        if value is None:
            value = base[space] = _plan(ctx, m, space).value
        return value

    def best_next(model: _Model | None, space: int) -> float:
        reach = tb.reach_plain[space]
        provisions = m.provisions if model is None else model.provisions
        best = 0.0
        for spaces in (reach, tb.reach_prov[space]) if provisions else (reach,):
            for nxt in spaces:
                value = base_value(nxt) if model is None else _plan(ctx, model, nxt).value
                if value > best:
                    best = value
        return best

    others = [0] * len(tb.kind)
    for seat, player in enumerate(state.players):
        if seat != m.seat:
            others[player.space] += 1
    scored: list[list[Any]] = []  # [value, step, plan]
    for step in legal:
        dest = step - S.MOVE_BASE
        plan = _plan(ctx, m, dest)
        base[dest] = plan.value
        value = plan.value
        if tb.kind[dest] != K_MINE and others[dest]:
            value -= _coin_loss(tb, m.coins, others[dest]) + ENCOUNTER_PENALTY * others[dest]
        scored.append([value, step, plan])
    for entry in scored:
        entry[0] += LOOKAHEAD * best_next(None, entry[1] - S.MOVE_BASE)
    scored.sort(key=lambda e: -e[0])
    for entry in scored[:lookahead_plans]:
        plan = entry[2]
        if plan.after is not None:
            dest = entry[1] - S.MOVE_BASE
            entry[0] = (entry[0] - LOOKAHEAD * best_next(None, dest)
                        + LOOKAHEAD * best_next(plan.after, dest))
    top = max(e[0] for e in scored)
    ties: list[int] = [e[1] for e in scored if e[0] >= top - TIE_TOLERANCE]
    return ties[0] if len(ties) == 1 else ties[rng.randbelow(len(ties))]


# ---------------------------------------------------------------- score estimate
def _future_points(deliveries: float, lacking: int) -> float:
    """Points expected from `deliveries` future deliveries not yet in hand:
    FUTURE_PER_DELIVERY each (points, workshops, bonus tiles) plus FUTURE_PER_COLOUR
    per new colour, at most one per delivery among the `lacking` colours that still
    have tiles. (Least-squares fit of final minus estimated-without-this-term over
    greedy self-play, 3 to 5 players.)"""
    return FUTURE_PER_DELIVERY * deliveries + FUTURE_PER_COLOUR * min(lacking, deliveries)


def estimate_final_scores(state: ValdoraState) -> list[float]:
    """A cheap estimate of each player's final score from any state (public info only).

    Per player: the points they would score now (as in :class:`ScoreLine`: completed
    commissions, 10 per craftsman colour, workshops, bonus tiles, 1 per carried gem)
    plus

    * each held commission's *delivery worth* (its points, a new colour, a workshop it
      would open, a bonus tile), less the carried gems it would consume, times a
      readiness chance: READY_CHANCE when it can be paid now, else R_SLOT per missing
      gem a free item could take and R_NO_SLOT per missing gem needing more equipment;
      times the
      share of the game still to come (all of it while each player still has a
      delivery left before the end trigger);
    * NEAR_WORKSHOP_SHARE x the printed VP of an unowned workshop the player is one
      craftsman short of;
    * future deliveries: the deliveries left before the end trigger (craftsman tiles
      left, less the largest pile, which may remain) shared evenly among the players,
      less what their held commissions already account for, each worth
      FUTURE_PER_DELIVERY, plus FUTURE_PER_COLOUR per colour the player lacks that
      still has tiles (at most one per delivery).

    Plain arithmetic over the state's fields, so it ports to Cython as it stands.
    """
    state = as_reference(state)
    tb = _tables(state.data)
    n = state.n
    supply = state.supply
    left = sum(supply) - max(supply)
    if state.over:
        left = 0
    share = left / n
    time_factor = share if share < 1.0 else 1.0
    estimates = []
    for seat, player in enumerate(state.players):
        m = _Model.of(tb, state, seat)
        points = 0.0
        for t, side in player.completed:
            points += tb.face_vp[tb.comm_types[t][side]]
        lacking = 0
        for colour in range(tb.n_colours):
            if player.craftsmen[colour]:
                points += tb.vp_colour
            elif supply[colour]:
                lacking += 1
        for colour in player.workshops:
            points += tb.workshop_vp[colour]
        points += tb.bonus_vp * player.bonus
        for gem in player.load:
            if gem >= 0:
                points += tb.gem_vp
        if not state.over:
            needs = _Needs(tb, m)
            expected_deliveries = 0.0
            for i, face in enumerate(m.held):
                gems = tb.face_gems[face]
                if needs.ready[i]:
                    chance = READY_CHANCE
                else:
                    chance = 1.0
                    for j, gem in needs.missing:
                        if j == i:
                            item, _ = _free_slot(tb, m.load, m.coins, gem, needs.spare)
                            chance *= R_SLOT if item >= 0 else R_NO_SLOT
                chance *= time_factor
                gain = (_delivery_worth(tb, state, m, face)
                        - tb.gem_vp * (len(gems) - needs.missing_count[i]))
                points += chance * gain
                expected_deliveries += chance
            for colour in range(tb.n_colours):
                if (state.workshop_owner[colour] < 0 and supply[colour]
                        and player.craftsmen[colour] == tb.needs[colour] - 1):
                    points += NEAR_WORKSHOP_SHARE * tb.workshop_vp[colour]
            future = share - expected_deliveries
            if future > 0:
                points += _future_points(future, lacking)
        estimates.append(points)
    return estimates
