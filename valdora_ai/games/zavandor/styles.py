"""Two Zavandor playing styles besides greedy: a planner and a hoarder.

They exist so the search can be measured against opponents that do not play like its
own play-out policy. Greedy (:mod:`heuristics`) picks the best purchase afresh at
every action and buys a few gems towards it. Both styles value a purchase as greedy
does (its VP in gold, a tile's mining and an artifact's benefit over the rounds left:
``heuristics._offers``) but pursue purchases differently:

* **planner** commits to one goal and saves for it. Its goal is the purchase on offer
  with the best net value (value less its cost at current prices) *per action still
  needed*: one buy action per up to four missing gems of a colour, one take-gold
  action per four gold it lacks for them, and the purchase itself. It keeps the goal
  from action to action and across rounds until it buys it, the goal leaves the offer
  (a rival bought it, the district marker left its district), its net value is no
  longer positive (a soil sample showed a poor tile, prices moved) or it has spent
  :data:`PATIENCE` actions on it. Towards the goal it buys exactly the missing gems,
  and only once it has the gold for all of them; until then it saves: it sells gems
  the goal does not need when they fetch at least what taking gold does, else takes
  4 gold. It samples a district's unknown tiles before buying one blind, as greedy
  does.
* **hoarder** builds wealth first and turns it into VP late. Until the end is near (a
  player within :data:`LATE_VP` of the VP target, or the end triggered) it buys only
  what earns, mining-rights tiles and artifacts, never jewelry. When none of those is
  affordable it buys the missing gems of the best earning purchase, else stockpiles
  gems (the colour it holds fewest of among those no dearer than the mean price, up
  to :data:`STOCK` of a colour, keeping :data:`RESERVE` gold back), else takes 4 gold;
  it sells only at a price peak (:data:`SELL_HIGH` or more) what its target does not
  need. Once the end is near it converts: each action it buys the affordable purchase
  with the most VP (jewelry included), else the missing gems of the purchase with the
  most VP per missing gem, else sells what that purchase does not need when short of
  gold, else takes 4 gold.

Neither draws cards or takes a trader. Both read only what their player may know:
a world is first turned into the belief state of the player to move, so they play the
same on a world (either engine), on its belief state and on every world consistent
with it. Ties go to the lowest step code; the caller's generator only picks chance
outcomes. The planner's goal is the policy object's memory: one :class:`Planner` per
seat (agents make their own).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.base import Policy
from valdora_ai.games.zavandor import info
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import JEWEL, N_GEMS
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.heuristics import _missing, _offers, _sample_before, rounds_left
from valdora_ai.games.zavandor.rules import (
    ACTION,
    BUY_COUNT,
    ID,
    MARKER,
    MINE_USE,
    PRISMS,
    SELL_COUNT,
    UNKNOWN,
    WILD,
    WORLD,
    ZavandorState,
)

# planner
PATIENCE = 9  # actions spent on one goal without buying it before it is dropped
# hoarder
LATE_VP = 5  # the hoarder converts once a player is this close to the VP target
STOCK = 4  # gems of one colour the hoarder stockpiles at most
RESERVE = 6  # gold the hoarder keeps back when stockpiling
SELL_HIGH = 12  # a current price at which the hoarder sells gems its target does not need

Offer = tuple[float, int, list[int]]  # (net value in gold, buying step, cost)
Intent = tuple[int, int]  # (action step, gems for the count decision that follows it)
_COUNT_OF = {BUY_COUNT: "buy_gem", SELL_COUNT: "sell_gem"}


def policy_names() -> tuple[str, ...]:
    """The named styles :func:`make_policy` builds."""
    return tuple(_STYLES)


def make_policy(name: str) -> Policy:
    """A fresh policy object of style `name` (KeyError for an unknown one)."""
    return _STYLES[name]()


# ---------------------------------------------------------------- shared
def _belief(state: Any) -> ZavandorState:
    """`state` as the player to move knows it (a world becomes their belief state)."""
    ref = as_reference(state)
    if ref.observer == WORLD and not ref.is_chance_node() and not ref.is_terminal():
        return info.observation(ref, ref.current).belief_state()
    return ref


def _net_offers(state: ZavandorState, p: int) -> list[Offer]:
    """Every purchase on offer to `p` with its value less its cost at current prices."""
    return [(value - _price(state, cost), step, cost)
            for value, step, cost in _offers(state, p, rounds_left(state))]


def _price(state: ZavandorState, gems: list[int]) -> int:
    return sum(k * state.cur[g] for g, k in enumerate(gems))


def _count_step(legal: list[int], want: int) -> int:
    """The largest legal count up to `want` (the smallest legal one if none is)."""
    fitting = [s for s in legal if S.argument(s) <= want]
    return max(fitting) if fitting else legal[0]


def _buy_missing(state: ZavandorState, p: int, missing: list[int]) -> Intent | None:
    """Buy the colour most missing (the dearest on a tie) if `p` can pay one gem."""
    if not any(missing):
        return None
    gem = max(range(N_GEMS), key=lambda g: (missing[g], state.cur[g], -g))
    count = min(missing[gem], state.data.gem_trade_max, state.gold[p] // state.cur[gem])
    return (S.buy_gem(gem), count) if count else None


def _sell_spare(state: ZavandorState, p: int, keep: list[int], min_gold: int = 1
                ) -> Intent | None:
    """Sell the colour held beyond `keep` that fetches most, if that is `min_gold` or more."""
    sales = [(min(state.gems[p][g] - keep[g], state.data.gem_trade_max), g)
             for g in range(N_GEMS) if state.gems[p][g] > keep[g]]
    if not sales:
        return None
    count, gem = max(sales, key=lambda cg: (cg[0] * state.cur[cg[1]], -cg[1]))
    return (S.sell_gem(gem), count) if count * state.cur[gem] >= min_gold else None


def _buy(state: ZavandorState, p: int, step: int, legal: set[int]) -> Intent:
    """Buy `step`, sampling the district's unknown tiles first as greedy does."""
    sample = _sample_before(state, p, step, legal)
    return (step if sample is None else sample), 0


class _Style:
    """The decisions both styles share; a style says which action it wants."""

    pending: Intent | None = None  # the action just taken and its gem count

    def step(self, state: Any, rng: Any) -> int:
        view = _belief(state)
        legal = view.legal_steps()
        if view.is_chance_node():
            return legal[rng.randbelow(len(legal))]  # type: ignore[no-any-return]
        p, phase = view.current, view.phase
        if phase == ACTION:
            step, count = self.intent(view, p)
            step = step if step in legal else S.TAKE_GOLD
            if S.kind(step) != "sample":
                self.acted(view, p, step)
                self.pending = (step, count)
            return step
        if phase in _COUNT_OF:
            step, count = self.pending or self.intent(view, p)  # a fresh policy: ask again
            ours = S.kind(step) == _COUNT_OF[phase] and S.argument(step) == view.pend_gem
            return _count_step(legal, count if ours else 1)
        if phase == MARKER:
            return max(legal)  # the biggest discount it can pay with
        if phase == PRISMS:
            return legal[0]  # spend as few prisms as possible
        if phase == MINE_USE:
            return legal[-1]
        if phase == WILD:
            return S.wild(max(range(N_GEMS), key=lambda g: (view.tgt[g], -g)))
        return legal[0]  # KEEP, ORDER, TRADE_COUNT: after actions the styles never take

    def intent(self, state: ZavandorState, p: int) -> Intent:
        """The action `p` wants at this position (pure apart from choosing a goal)."""
        raise NotImplementedError

    def acted(self, state: ZavandorState, p: int, step: int) -> None:
        """Called with each action the style takes (not its soil samples)."""


# ---------------------------------------------------------------- planner
Goal = tuple[int, int, int]  # (kind: 0 tile, 1 card; space or deck; -1 or card id)


def _goal_of(state: ZavandorState, p: int, step: int) -> Goal:
    """What buying `step` buys: a tile space, or a card by deck and id."""
    if S.kind(step) == "buy_tile":
        return (0, S.argument(step), -1)
    deck, slot = divmod(S.argument(step), S.ITEM_SLOTS)
    hand = state.hand[p]
    ident = state.display[deck][slot] if slot < S.HAND_SLOT else (
        hand[ID] if hand is not None else UNKNOWN)
    return (1, deck, ident)


def _actions_needed(state: ZavandorState, p: int, cost: list[int]) -> int:
    """Actions to get the missing gems of `cost` and then buy it."""
    trade, take = state.data.gem_trade_max, state.data.take_gold
    missing = _missing(state, p, cost)
    short = max(0, _price(state, missing) - state.gold[p])
    return 1 + sum(-(-m // trade) for m in missing) + -(-short // take)


class Planner(_Style):
    """Commits to one purchase and saves for it (see the module docstring)."""

    def __init__(self) -> None:
        self.seat = -1
        self.goal: Goal | None = None
        self.spent = 0  # actions spent on the goal so far

    def intent(self, state: ZavandorState, p: int) -> Intent:
        offer = self._pursue(state, p)
        if offer is None:
            return S.TAKE_GOLD, 0
        _, step, cost = offer
        legal = set(state._legal_actions(p))
        if step in legal:
            return _buy(state, p, step, legal)
        missing = _missing(state, p, cost)
        if _price(state, missing) <= state.gold[p]:
            buy = _buy_missing(state, p, missing)
            if buy is not None:
                return buy
        return _sell_spare(state, p, cost, state.data.take_gold) or (S.TAKE_GOLD, 0)

    def acted(self, state: ZavandorState, p: int, step: int) -> None:
        if self.goal is None:
            return
        bought = S.kind(step) in ("buy_tile", "buy_item") and _goal_of(state, p, step) == self.goal
        self.spent += 1
        if bought or self.spent >= PATIENCE:
            self.goal, self.spent = None, 0

    def _pursue(self, state: ZavandorState, p: int) -> Offer | None:
        """The goal's offer, choosing a new goal when there is none or it has lapsed."""
        if self.seat != p:
            self.seat, self.goal, self.spent = p, None, 0
        offers = [o for o in _net_offers(state, p) if o[0] > 0]
        for offer in offers:
            if _goal_of(state, p, offer[1]) == self.goal:
                return offer
        if not offers:
            self.goal = None
            return None
        best = max(offers, key=lambda o: (o[0] / _actions_needed(state, p, o[2]), -o[1]))
        self.goal, self.spent = _goal_of(state, p, best[1]), 0
        return best


# ---------------------------------------------------------------- hoarder
def _late(state: ZavandorState) -> bool:
    """The end is near: the end is triggered or a player is close to the VP target."""
    return state.end_triggered or max(state.scores()) >= state.target_vp() - LATE_VP


def _vp(state: ZavandorState, p: int, step: int) -> float:
    """The VP buying `step` gives (a tile not yet seen: the mean of what it may be)."""
    if S.kind(step) == "buy_tile":
        space = S.argument(step)
        tiles = [state.board[space]] if state.board[space] >= 0 else state.tile_pool(space)
        return sum(state.data.tiles[t].vp for t in tiles) / len(tiles)
    _, deck, ident = _goal_of(state, p, step)
    return state.card(deck, ident).vp


def _earns(step: int) -> bool:
    """Tiles and artifacts earn (gems, gold, actions, prisms, discounts); jewelry does not."""
    return S.kind(step) == "buy_tile" or S.argument(step) // S.ITEM_SLOTS != JEWEL


class Hoarder(_Style):
    """Builds wealth first and converts it late (see the module docstring)."""

    def intent(self, state: ZavandorState, p: int) -> Intent:
        legal = set(state._legal_actions(p))
        offers = _net_offers(state, p)
        if _late(state):
            return self._convert(state, p, offers, legal)
        earning = [o for o in offers if o[0] > 0 and _earns(o[1])]
        affordable = [o for o in earning if o[1] in legal]
        if affordable:
            return _buy(state, p, max(affordable, key=lambda o: (o[0], -o[1]))[1], legal)
        target = max(earning, key=lambda o: (o[0], -o[1]), default=None)
        keep = list(target[2]) if target else [0] * N_GEMS
        peak = [c if state.cur[g] >= SELL_HIGH else state.gems[p][g]
                for g, c in enumerate(keep)]
        sale = _sell_spare(state, p, peak)
        if sale is not None:
            return sale
        buy = _buy_missing(state, p, _missing(state, p, keep)) if target else None
        return buy or self._stockpile(state, p) or (S.TAKE_GOLD, 0)

    @staticmethod
    def _stockpile(state: ZavandorState, p: int) -> Intent | None:
        """Up to four of the colour held fewest of, no dearer than the mean price."""
        mean = sum(state.cur) / N_GEMS
        held = state.gems[p]
        colours = [g for g in range(N_GEMS) if held[g] < STOCK and state.cur[g] <= mean]
        if not colours:
            return None
        gem = min(colours, key=lambda g: (held[g], state.cur[g], g))
        count = min(STOCK - held[gem], state.data.gem_trade_max,
                    (state.gold[p] - RESERVE) // state.cur[gem])
        return (S.buy_gem(gem), count) if count > 0 else None

    @staticmethod
    def _convert(state: ZavandorState, p: int, offers: list[Offer], legal: set[int]
                 ) -> Intent:
        """The late game: the most VP now, else gather for the most VP per missing gem."""
        scoring = [(o, _vp(state, p, o[1])) for o in offers]
        scoring = [(o, vp) for o, vp in scoring if vp > 0]
        affordable = [(o, vp) for o, vp in scoring if o[1] in legal]
        if affordable:
            best = max(affordable, key=lambda ov: (ov[1], ov[0][0], -ov[0][1]))[0]
            return _buy(state, p, best[1], legal)
        if not scoring:
            return S.TAKE_GOLD, 0
        target = max(scoring, key=lambda ov: (
            ov[1] / (1 + sum(_missing(state, p, ov[0][2]))), -ov[0][1]))[0]
        missing = _missing(state, p, target[2])
        return (_buy_missing(state, p, missing)
                or _sell_spare(state, p, list(target[2]), state.data.take_gold)
                or (S.TAKE_GOLD, 0))


_STYLES: dict[str, type[_Style]] = {"planner": Planner, "hoarder": Hoarder}

__all__ = ["Hoarder", "Planner", "make_policy", "policy_names"]
