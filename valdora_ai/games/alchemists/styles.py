"""Two Alchemists playing styles besides greedy: a bundle planner and a hoarder.

They exist so the search can be measured against opponents that do not play like its
own play-out policy (greedy, :mod:`heuristics`). Both build on the former greedy policy,
``quick`` (:func:`heuristics.quick_step`), which chases the best face-up elixir anew at
every action and makes it as soon as it is affordable: they reuse its
valuation of an elixir (:func:`heuristics._value`), its placement in the chest, its
setup points and its choice of tokens at a sale, but decide *what to work towards*
differently:

* **planner** commits to a bundle of up to :data:`heuristics.BUNDLE` face-up elixirs (the
  design doc's "bundle" bot): the set with the best value per action still needed,
  counting the collects for the whole bundle's ingredients, its brews and one make.
  It then works only towards that bundle: it collects what the bundle's decoctions
  lack, brews them all in one brew action once the ingredients are there, and makes
  the bundle in one make action once all of it is affordable. It lays out a new
  bundle only when the old one is made, or when a card of it left the row (an
  opponent made it) or no longer fits in its chest. It sells a complete line when its
  bonus is worth it, as greedy does; with no bundle possible (a full chest) it plays
  quick's step. (Greedy now works towards a bundle too, chosen afresh at every decision
  rather than kept: a play-out policy has no memory.)
* **hoarder** stocks up and converts late, in bulk. It collects for greedy's best
  :data:`HOARD_TARGETS` face-up elixirs together while a collect still brings
  :data:`HOARD_COLLECT` ingredients, so it holds far more decoctions than greedy;
  it starts a brew action only when it yields :data:`BULK_BREW` decoctions (or all
  it wants, or its stores are full), and a make action only for :data:`BULK_MAKE`
  elixirs at once or a complex one (:data:`RICH_EP` EP). It sells a line only for
  every bonus (:data:`RICH_BONUS`), from a nearly full chest (:data:`FULL_CHEST`), or
  once the end is near (:data:`LATE_CARDS` cards a player left in the deck).

Like greedy they read public information only (every card ever face up, every
player's stores and chest; never the deck order), so they play the same on a world,
on a belief state and on either engine's state. Ties go to the lowest step code, so
the caller's generator is used only where quick's step is taken. The planner's bundle
is the policy object's memory: one :class:`Planner` per seat (agents make their own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.heuristics import (
    _affordable,
    _best_collect,
    _best_tokens,
    _choose_bundle,
    _first_brew,
    _first_make,
    _gap,
    _missing,
    _sell,
    _targets,
    _value,
    quick_step,
)
from valdora_ai.games.alchemists.rules import (
    BREWING,
    CHOOSE,
    EMPTY,
    MAKING,
    AlchemistsState,
    Player,
)
from valdora_ai.games.base import Policy

# hoarder
HOARD_TARGETS = 3  # greedy's best face-up elixirs it stocks up for
HOARD_COLLECT = 2  # a collect is worth an action while it brings this many ingredients
BULK_BREW = 3  # decoctions one brew action must yield (unless the stores are full)
BULK_MAKE = 2  # elixirs one make action must yield ...
RICH_EP = 6  # ... unless one of them is worth this many EP
RICH_BONUS = 12  # a line bonus it sells for at any time (shape, colour and level)
FULL_CHEST = {9: 0, 8: 5}  # elixirs in the chest: the least bonus it then sells for
LATE_CARDS = 2  # cards per player left in the deck from which it cashes in


# ---------------------------------------------------------------- shared helpers
def _decision(state: Any) -> tuple[AlchemistsState, Player, list[int]] | None:
    """The reference state, the mover and the legal steps at a decision this module
    plays itself; None where quick's step is the style's (setup, a sale's tokens,
    a chance draw)."""
    state = as_reference(state)
    if state.is_chance_node() or state.phase not in (CHOOSE, BREWING, MAKING):
        return None
    return state, state.players[state.current], state.legal_steps()


def _most_taken(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """The most ingredients one legal collect takes (0 with the stores full)."""
    return max((sum(state.collect_amounts(player, S.argument(s))) for s in legal
                if S.kind(s) == "collect"), default=0)


# ---------------------------------------------------------------- planner
class Planner:
    """Commits to a bundle of face-up elixirs and builds it (see the module docstring)."""

    def __init__(self) -> None:
        self.target: tuple[int, ...] = ()  # the bundle's cards still to make

    def step(self, state: Any, rng: Any) -> int:
        decision = _decision(state)
        if decision is None:
            return quick_step(as_reference(state), rng)
        state, player, legal = decision
        self._keep_or_replan(state, player)
        cost = self._cost(state)
        if state.phase == MAKING:
            return _first_make(state, legal, list(self.target)) or S.STOP
        missing = _missing(state, player, cost)
        if state.phase == BREWING:
            return _first_brew(legal, missing) or S.STOP
        if not self.target:
            return quick_step(state, rng)
        gap = _gap(state, player, missing)
        covered, _, collect = _best_collect(state, player, legal, gap)
        return (_sell(state, player, legal)
                or (_affordable(player, cost) and _first_make(state, legal, list(self.target)))
                or (not covered and _first_brew(legal, missing))
                or (covered and collect)
                or quick_step(state, rng))

    def _keep_or_replan(self, state: AlchemistsState, player: Player) -> None:
        """Drop the bundle's made cards; lay out a new bundle when it is done, a card
        of it was taken by another player, or it no longer fits in the chest."""
        left = tuple(card for card in self.target if card in state.face_up)
        taken = any(card not in state.face_up and card not in player.chest
                    for card in self.target)
        free = player.chest.count(EMPTY)
        if taken or not left or len(left) > free:
            left = _choose_bundle(state, player)
        self.target = left

    def _cost(self, state: AlchemistsState) -> list[int]:
        """Decoctions per colour the bundle costs."""
        cost = [0] * len(state.data.decoctions)
        for card in self.target:
            for colour, need in enumerate(state.data.elixirs[card].cost):
                cost[colour] += need
        return cost


# ---------------------------------------------------------------- hoarder
class Hoarder:
    """Fills its stores, then brews, makes and sells in bulk (see the module docstring)."""

    def step(self, state: Any, rng: Any) -> int:
        decision = _decision(state)
        if decision is None:
            return quick_step(as_reference(state), rng)
        state, player, legal = decision
        wanted = _wanted(state, player)
        makes = _bulk_make(state, player)
        if state.phase == MAKING:
            return _first_make(state, legal, makes) or S.STOP
        brews = _brew_plan(state, player, wanted)
        if state.phase == BREWING:
            return _first_brew(legal, brews) or S.STOP
        late = state.end_triggered or state.deck_count <= LATE_CARDS * state.n
        collect = _best_collect(state, player, legal, _gap(state, player, wanted))[2]
        full = _most_taken(state, player, legal) < HOARD_COLLECT
        rich = any(state.data.elixirs[card].ep >= RICH_EP for card in makes)
        bulk_brew = sum(brews) >= min(BULK_BREW, sum(wanted)) or full
        return (_hoard_sell(state, player, legal, late)
                or ((len(makes) >= BULK_MAKE or rich or late or full)
                    and _first_make(state, legal, makes))
                or (bulk_brew and _first_brew(legal, brews))
                or (not full and collect)
                or quick_step(state, rng))


def _wanted(state: AlchemistsState, player: Player) -> list[int]:
    """Decoctions per colour still to brew for greedy's best HOARD_TARGETS face-up
    elixirs together (at most the limit of each colour)."""
    limit = state.data.decoction_limit
    demand = [0] * len(state.data.decoctions)
    for spec in _targets(state, player)[:HOARD_TARGETS]:
        for colour, need in enumerate(spec.cost):
            demand[colour] += need
    return [max(0, min(limit, d) - player.held(c)) for c, d in enumerate(demand)]


def _brew_plan(state: AlchemistsState, player: Player, wanted: list[int]) -> list[int]:
    """The wanted decoctions per colour one brew action can make from the stores,
    colours in increasing order as the action takes them."""
    stores = list(player.ingredients)
    plan = [0] * len(wanted)
    for colour, count in enumerate(wanted):
        recipe = state.data.recipes[colour]
        room = state.board_decoctions(player, colour)
        while plan[colour] < min(count, room) and all(
                have >= need for have, need in zip(stores, recipe, strict=True)):
            stores = [have - need for have, need in zip(stores, recipe, strict=True)]
            plan[colour] += 1
    return plan


def _bulk_make(state: AlchemistsState, player: Player) -> list[int]:
    """The face-up elixirs one make action can make together now, richest first (EP,
    then greedy's value), as many as the chest and the decoctions allow."""
    cards = sorted((card for card in state.face_up if card != EMPTY),
                   key=lambda c: (-_value(state, player, state.data.elixirs[c]), c))
    held = [player.held(c) for c in range(len(state.data.decoctions))]
    room = player.chest.count(EMPTY)
    chosen: list[int] = []
    for card in cards:
        cost = state.data.elixirs[card].cost
        if len(chosen) < room and all(h >= n for h, n in zip(held, cost, strict=True)):
            held = [h - need for h, need in zip(held, cost, strict=True)]
            chosen.append(card)
    return chosen


def _hoard_sell(state: AlchemistsState, player: Player, legal: list[int], late: bool) -> int:
    """The complete line with the best bonus (then EP), when it earns every bonus, the
    chest is nearly full, or the end is near; 0 otherwise."""
    sells = [s for s in legal if S.kind(s) == "sell"]
    if not sells:
        return 0
    cards = state.data.elixirs

    def worth(step: int) -> tuple[int, int, int]:
        line = S.argument(step)
        bonus = _best_tokens(state, player, line)[0]
        return bonus, sum(cards[player.chest[c]].ep for c in S.LINES[line]), -step

    best = max(sells, key=worth)
    filled = S.CELLS - player.chest.count(EMPTY)
    least = 0 if late else FULL_CHEST.get(filled, RICH_BONUS)
    return best if worth(best)[0] >= least else 0


STYLES: dict[str, Callable[[], Policy]] = {"planner": Planner, "hoarder": Hoarder}
"""The named styles: a fresh policy object of each (agents make their own)."""

__all__ = ["STYLES", "Hoarder", "Planner"]
