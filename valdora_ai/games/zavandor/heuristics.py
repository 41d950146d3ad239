"""A greedy Zavandor policy and a cheap final-score estimate (public info plus own view).

The greedy player follows a plan: of the purchases on offer (tiles it may buy, face-up
cards, its hand card) it values each as VP x gold-per-VP plus its benefit over the
rounds left, less the gold the missing gems would cost, discounted for each rival
fewer gems away from it (identical greedy players would otherwise all race for the
same item; for a tile, only rivals beyond the district's other buyable tiles count),
divided by 1 + BUY_WEIGHT per gem purchase still needed (a rough value per action,
so a plan one action away is not passed over for a dearer one five actions away),
and aims at the best. Each
action it buys the plan when it can pay, else buys the plan's missing gems, else sells
gems the plan does not need when short of gold, else takes 4 gold. Before buying a
district tile blind it samples the unknown tiles there (at most two per action).
Everything it reads is in its belief state: an unknown tile is valued at the average
of the tiles it may be.

The quick policy (``quick_step``, ``rollout=quick``) is greedy without the spare tiles
and the purchases still needed: the greedy policy until 2026-11-28 (issue 30 item 2).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import CENTER, N_GEMS
from valdora_ai.games.zavandor.rules import (
    ACTION,
    BUY_COUNT,
    KEEP,
    MARKER,
    MINE_USE,
    PRISMS,
    SELL_COUNT,
    TRADE_COUNT,
    UNKNOWN,
    WILD,
    ZavandorState,
    mined_by_tiles,
)

GOLD_PER_VP = 20.0
ACTION_WORTH = 4.5  # gold: an extra action each round (Gnomunculus)
FUTURE_GOLD = 0.5  # future gold (Alchemister income) against gold in hand
MINED_GEM = 1.1  # a mined gem against its current price
MAX_SAMPLES = 2
CONTESTED = 0.6  # value kept per rival who is fewer gems away from the same purchase
MIN_PACE = 1.5  # VP per round the leader is assumed to gain at least
FIRST_PACE = 2.0  # the pace assumed in the first round
MAX_ROUNDS_LEFT = 10.0
MISSING_GEM = 0.15  # VP a missing gem costs a plan (on top of its price)
AFFORDABLE_SHARE = 0.7  # an affordable plan is bought when worth this share of the best
SAMPLE_GOLD = 6  # gold below which the greedy player does not sample
MARKER_WORTH = 2.0  # gold: one Emeromobile marker
WEALTH_SHARE = 0.6  # of wealth and income the estimate turns into VP
MIN_BUY = 2  # gems bought at least when the plan needs fewer
BUY_WEIGHT = 0.4  # a plan's value is divided by 1 + this per gem purchase it still needs


def rounds_left(state: ZavandorState) -> float:
    """A rough count of mining rounds still to come, from the leader's pace."""
    if state.end_triggered or state.is_terminal():
        return 0.0
    leader = max(state.scores())
    pace = (max(MIN_PACE, leader / max(1, state.round - 1)) if state.round > 1
            else FIRST_PACE)
    return max(0.0, min(MAX_ROUNDS_LEFT, (state.target_vp() - leader) / pace))


def _tile_gains(state: ZavandorState, counts: list[int], tile: int) -> float:
    """Gems a tile adds per mining round to an owner of `counts` tiles per gem type (2
    when it is a second of its type)."""
    data = state.data.tiles[tile]
    owned = counts[data.gem]
    return (mined_by_tiles(owned + 1) - mined_by_tiles(owned)) + data.wild


def _value_tile(state: ZavandorState, seat: int, space: int, left: float) -> float:
    tile = state.board[space]
    if tile >= 0 and state.known[space] >> seat & 1:
        candidates = [tile]
    elif tile == UNKNOWN:
        candidates = state.tile_pool(space)
    else:  # a world: `seat` values the tiles it may be, not the face it has not seen
        candidates = _unseen_tiles(state, seat, space)
    avg_price = sum(state.cur) / N_GEMS
    counts, _ = state.tile_counts(seat)
    total = 0.0
    for t in candidates:
        total += (state.data.tiles[t].vp * GOLD_PER_VP
                  + _tile_gains(state, counts, t) * MINED_GEM * avg_price * left)
    return total / len(candidates)


def _unseen_tiles(state: ZavandorState, seat: int, space: int) -> list[int]:
    """Tiles of the space's back still face down and unknown to `seat`."""
    light = state.data.spaces[space].district == CENTER
    return [t for s, t in enumerate(state.board) if t >= 0 and not state.known[s] >> seat & 1
            and (state.data.spaces[s].district == CENTER) == light]


def _value_card(state: ZavandorState, seat: int, deck: int, ident: int, left: float) -> float:
    card = state.card(deck, ident)
    value = card.vp * GOLD_PER_VP
    if card.kind == "gnomunculus":
        value += ACTION_WORTH * (left + 1)
    elif card.kind == "alchemister":
        value += card.value * FUTURE_GOLD * left
    elif card.kind == "convertor":
        value += card.value * max(state.cur)
    elif card.kind == "emeromobile":
        value += MARKER_WORTH * min(len(card.markers), left + 1)
    elif card.kind == "hoovermatic":
        others = sum(mined_by_tiles(c) + w for q in range(state.n) if q != seat
                     for c, w in [_counts(state, q)])
        value += others * FUTURE_GOLD * left
    return value


def _counts(state: ZavandorState, seat: int) -> tuple[int, int]:
    counts, wilds = state.tile_counts(seat)
    return sum(counts), wilds


def _offers(state: ZavandorState, seat: int, left: float
            ) -> list[tuple[float, int, list[int]]]:
    """(value in gold, buying step, cost) of every purchase on offer to `seat`: the
    buyable tiles, the face-up cards and its hand card (also the styles' menu)."""
    offers = []
    for space in state.buyable_spaces():
        cost = list(state.data.spaces[space].cost)
        offers.append((_value_tile(state, seat, space, left), S.buy_tile(space), cost))
    for deck in range(2):
        for slot, ident in enumerate(state.display[deck]):
            if ident >= 0:
                offers.append((_value_card(state, seat, deck, ident, left),
                               S.buy_item(deck, slot), state.item_cost(deck, slot, ident)))
    hand = state.hand[seat]
    if hand is not None and hand[2] >= 0:
        offers.append((_value_card(state, seat, hand[0], hand[2], left),
                       S.buy_item(hand[0], S.HAND_SLOT),
                       state.item_cost(hand[0], S.HAND_SLOT, hand[2])))
    return offers


def _plans(state: ZavandorState, seat: int, quick: bool = False
           ) -> list[tuple[float, int, list[int]]]:
    """(net value, buying step, cost) for every purchase on offer to `seat` (`quick`:
    the former rules, without the spare tiles and the purchases still needed)."""
    result = []
    spares = _spare_tiles(state)
    for value, step, cost in _offers(state, seat, rounds_left(state)):
        spent = sum(c * state.cur[g] for g, c in enumerate(cost))
        gaps = _missing(state, seat, cost)
        missing = sum(gaps)
        net = value - spent - MISSING_GEM * missing * GOLD_PER_VP
        if net > 0 and (S.kind(step) != "buy_item"
                        or S.argument(step) % S.ITEM_SLOTS != S.HAND_SLOT):
            rivals = sum(sum(_missing(state, q, cost)) < missing
                         for q in range(state.n) if q != seat)
            if not quick and S.kind(step) == "buy_tile":  # a rival takes one tile there
                rivals = max(0, rivals - spares[state.data.spaces[S.argument(step)].district])
            net *= CONTESTED ** rivals  # a rival closer to it will likely take it first
        if not quick and net > 0:
            net /= 1 + BUY_WEIGHT * _purchases(state, gaps)  # value per action, roughly
        result.append((net, step, cost))
    return sorted(result, key=lambda plan: (-plan[0], plan[1]))


def _spare_tiles(state: ZavandorState) -> dict[int, int]:
    """For each district with a buyable tile, how many more buyable tiles it has.

    A rival closer to a tile takes one of them, not all: Diamantina's four tiles
    cost about the same, and without this the first player's first purchase (gems
    towards Diamantina) turned every other player away from all four, so the round-1
    start player got the first Diamantina tile in three games of four and won 43% of
    4-player games."""
    spares: dict[int, int] = {}
    for space in state.buyable_spaces():
        district = state.data.spaces[space].district
        spares[district] = spares.get(district, -1) + 1
    return spares


def _purchases(state: ZavandorState, missing: list[int]) -> int:
    """Gem-buying actions still needed for `missing` gems (at most gem_trade_max of one
    type an action)."""
    most = state.data.gem_trade_max
    return sum((m + most - 1) // most for m in missing)


def _missing(state: ZavandorState, seat: int, cost: list[int]) -> list[int]:
    """Gems of each type still to get, after prisms cover the dearest shortfalls."""
    missing = [max(0, c - h) for c, h in zip(cost, state.gems[seat], strict=True)]
    prisms = state.prisms[seat]
    for g in sorted(range(N_GEMS), key=lambda g: -state.cur[g]):
        use = min(prisms, missing[g])
        missing[g] -= use
        prisms -= use
    return missing


def greedy_step(state: ZavandorState, rng: Any, quick: bool = False) -> int:
    """The greedy policy's step for the player to move (a chance outcome at a chance
    node); `quick`: the quick policy's (see quick_step)."""
    legal = state.legal_steps()
    if state.is_chance_node():
        return legal[rng.randbelow(len(legal))]  # type: ignore[no-any-return]
    p = state.current
    if state.phase == ACTION:
        return _action(state, p, legal, quick)
    if state.phase == MARKER:
        return max(legal)  # the biggest discount that is affordable
    if state.phase == BUY_COUNT:
        plan = _best_plan(state, p, quick)
        need = _missing(state, p, plan[2])[state.pend_gem] if plan else 0
        return min(legal, key=lambda s: abs(S.argument(s) - max(need, MIN_BUY)))
    if state.phase in (SELL_COUNT, TRADE_COUNT):
        plan = _best_plan(state, p, quick)
        keep = plan[2][state.pend_gem] if plan else 0
        surplus = state.gems[p][state.pend_gem] - keep
        return min(legal, key=lambda s: abs(S.argument(s) - max(1, surplus)))
    if state.phase == KEEP:
        return _keep(state, p, legal)
    if state.phase == PRISMS:
        return legal[0]  # spend as few prisms as possible
    if state.phase == MINE_USE:
        return legal[-1]
    if state.phase == WILD:
        plan = _best_plan(state, p, quick)
        if plan:
            missing = _missing(state, p, plan[2])
            if any(missing):
                return S.wild(max(range(N_GEMS), key=lambda g: (missing[g], state.cur[g])))
        return S.wild(max(range(N_GEMS), key=lambda g: state.tgt[g]))
    return legal[0]  # ORDER: either order


def quick_step(state: ZavandorState, rng: Any) -> int:
    """The quick policy's step (``rollout=quick``): greedy as it was until 2026-11-28,
    every closer rival counted against a tile and plans ranked by net value alone. It
    gave the round-1 start player 43% of 4-player self-play wins; kept to measure the
    greedy play-outs against (docs/strength.md)."""
    return greedy_step(state, rng, quick=True)


def _best_plan(state: ZavandorState, seat: int, quick: bool = False
               ) -> tuple[float, int, list[int]] | None:
    plans = [plan for plan in _plans(state, seat, quick) if plan[0] > 0]
    return plans[0] if plans else None


def _action(state: ZavandorState, p: int, legal: list[int], quick: bool) -> int:
    legal_set = set(legal)
    plans = [plan for plan in _plans(state, p, quick) if plan[0] > 0]
    affordable = [plan for plan in plans if plan[1] in legal_set]
    best = plans[0] if plans else None
    if affordable and (best is None or affordable[0][0] >= AFFORDABLE_SHARE * best[0]):
        step = affordable[0][1]
        sample = _sample_before(state, p, step, legal_set)
        return sample if sample is not None else step
    if best is not None:
        missing = _missing(state, p, best[2])
        for g in sorted(range(N_GEMS), key=lambda g: -missing[g]):
            if missing[g] and S.buy_gem(g) in legal_set:
                return S.buy_gem(g)
        if state.gold[p] < min(state.cur):
            for g in sorted(range(N_GEMS), key=lambda g: -state.cur[g]):
                if state.gems[p][g] > best[2][g] and S.sell_gem(g) in legal_set:
                    return S.sell_gem(g)
    return S.TAKE_GOLD


def _sample_before(state: ZavandorState, p: int, step: int, legal: set[int]) -> int | None:
    """Sample unknown tiles in the target's district before buying one of them blind."""
    if S.kind(step) != "buy_tile":
        return None
    district = state.data.spaces[S.argument(step)].district
    if district == CENTER or state.gold[p] < SAMPLE_GOLD:
        return None
    spaces = [s for s in state.buyable_spaces() if state.data.spaces[s].district == district]
    known = sum(state.known[s] >> p & 1 for s in spaces)
    if known >= MAX_SAMPLES:
        return None
    for s in spaces:
        if S.sample(s) in legal:
            return S.sample(s)
    return None


def _keep(state: ZavandorState, p: int, legal: list[int]) -> int:
    left = rounds_left(state)
    best, best_value = legal[0], float("-inf")
    for step in legal:
        slot = state.drawn[S.argument(step)]
        if slot[2] < 0:
            continue
        cost = state.item_cost(slot[0], S.HAND_SLOT, slot[2])
        value = (_value_card(state, p, slot[0], slot[2], left)
                 - sum(c * state.cur[g] for g, c in enumerate(cost)))
        if value > best_value:
            best, best_value = step, value
    return best


def estimate_final_scores(state: ZavandorState) -> list[float]:
    """Each player's VP now plus their wealth and income turned into VP.

    Wealth is gold plus gems at current prices (prisms at the top price); income is
    the player's mining output at the average price and Alchemister gold per round
    left. Both are converted at GOLD_PER_VP. At the end the scores are exact.
    """
    if state.is_terminal():
        return [float(v) for v in state.scores()]
    left = rounds_left(state)
    avg = sum(state.cur) / N_GEMS
    result = []
    for q in range(state.n):
        wealth = (state.gold[q] + sum(h * c for h, c in zip(state.gems[q], state.cur,
                                                            strict=True))
                  + state.prisms[q] * max(state.cur))
        counts, wilds = state.tile_counts(q)
        mined = sum(mined_by_tiles(c) for c in counts) + wilds
        alchemy = sum(state.card(d, i).value for d, i in state.owned[q]
                      if state.card(d, i).kind == "alchemister")
        income = (mined * avg + alchemy) * left
        result.append(state.vp(q) + WEALTH_SHARE * (wealth + income) / GOLD_PER_VP)
    return result

