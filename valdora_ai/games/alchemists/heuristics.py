"""The greedy play-out policy of The Valley of Alchemists, its former version and a
final-score estimate.

**greedy** works in batches, as a competent player does (issue 30 item 2): at every
decision it chooses the bundle of up to :data:`BUNDLE` face-up elixirs with the best
value per action still needed (the collects for all their ingredients, the brew actions
and one make; :func:`_choose_bundle`), then sells a complete line when its bonus is
worth it, makes the whole bundle in one make action once it is affordable, brews all
its missing decoctions in one brew action once their ingredients are there, and
otherwise collects what the bundle lacks. It spends the Decoction transformation when
that makes the bundle affordable at once (a brew action saved): the one colour the
bundle lacks is turned from a colour held beyond its needs. With no bundle (a full
chest) it plays quick's step. The bundle is chosen afresh at each decision (a play-out
policy has no memory); it rarely changes, since the bundle worked towards needs ever
fewer actions. This is the ``planner`` style's plan without its memory.

**quick** (``rollout=quick``; the greedy policy until 2026-11-28) is the design doc's
"simpler greedy bot": sell a complete line when its bonus is worth it, make what is
affordable, else brew (once the best face-up target's ingredients are all there, for
the next targets too), else collect the two ingredients the best targets lack most.
It makes about one elixir per make action, so its games are 5 turns longer.

Placement puts an elixir where it shares the most with the lines through its cell.
Both use only public information, so they play the same on a world and on a belief
state.
"""

from __future__ import annotations

from itertools import combinations, product

from valdora_ai.backend import RngLike
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import Elixir
from valdora_ai.games.alchemists.rules import (
    BREWING,
    CHOOSE,
    EMPTY,
    MAKING,
    NONE,
    SELLING,
    SETUP,
    AlchemistsState,
    Player,
    line_bonus,
)

SKILL_WEIGHT = 3.0  # EP-equivalent of one skill step early in the game
MATCH_WEIGHTS = (1.7, 1.3, 1.0)  # shape, colour, level agreement when placing
BUNDLE = 3  # the most face-up elixirs greedy (and the planner) work towards together
# Greedy counts a make as this many actions when it chooses its bundle, so a bundle of
# several elixirs made together beats making the one affordable now (the planner keeps
# its bundle instead; greedy has no memory). 1.5 / 2.5 gave 18.3 / 17.7 turns a player
# and 2.08 / 2.55 elixirs a make action (3 players, 30 games, all bundles weighed).
MAKE_COST = 2.0
# Greedy's bundle is drawn from this many face-up cards, those of the best value per
# action alone (41 bundles to weigh instead of 175: a play-out policy's step must be
# cheap).
BUNDLE_AMONG = 6


# ------------------------------------------------------------------- helpers
def _progress(state: AlchemistsState) -> float:
    """0 at the start, 1 when the deck is empty."""
    size = state.data.deck_size[state.n] - state.data.face_up
    return 1.0 - state.deck_count / size if size else 1.0


def _sell_threshold(state: AlchemistsState, player: Player) -> int:
    """The least bonus worth selling a line for: falls as the chest fills and the end nears."""
    if state.end_triggered or state.deck_count <= state.n * 2:
        return 0
    filled = sum(1 for c in player.chest if c != EMPTY)
    return {9: 0, 8: 3, 7: 5}.get(filled, 9)


def _best_tokens(state: AlchemistsState, player: Player, line: int
                 ) -> tuple[int, list[int]]:
    """The line's best bonus using the player's shape/colour/level tokens, with the
    tokens (per position) that reach it using as few tokens as possible."""
    cards = [state.data.elixirs[player.chest[cell]] for cell in S.LINES[line]]
    kinds = [k for k in range(S.N_TOKENS) if player.tokens[k]]
    best, best_tokens, best_used = -1, [NONE] * S.LINE_LENGTH, 0
    for places in product((NONE, 0, 1, 2), repeat=len(kinds)):
        chosen = [p for p in places if p != NONE]
        if len(set(chosen)) < len(chosen) or any(cards[p].multi for p in chosen):
            continue
        tokens = [NONE] * S.LINE_LENGTH
        for kind, place in zip(kinds, places, strict=True):
            if place != NONE:
                tokens[place] = kind
        bonus = line_bonus(state.data, cards, tokens)
        if bonus > best or (bonus == best and len(chosen) < best_used):
            best, best_tokens, best_used = bonus, tokens, len(chosen)
    return best, best_tokens


def _placement(state: AlchemistsState, player: Player, card: Elixir) -> tuple[float, int]:
    """(agreement, cell): the empty chest cell whose lines share most with `card`."""
    best = (-1.0, -1)
    for cell, held in enumerate(player.chest):
        if held != EMPTY:
            continue
        agreement = 0.0
        for line in S.LINES:
            if cell not in line:
                continue
            for other in line:
                if player.chest[other] == EMPTY:
                    continue
                spec = state.data.elixirs[player.chest[other]]
                wild = card.multi or spec.multi
                agreement += MATCH_WEIGHTS[0] * (wild or spec.shape == card.shape)
                agreement += MATCH_WEIGHTS[1] * (wild or bool(spec.colours & card.colours))
                agreement += MATCH_WEIGHTS[2] * (wild or spec.level == card.level)
        best = max(best, (agreement, -cell))
    return best[0], -best[1]


def _value(state: AlchemistsState, player: Player, card: Elixir) -> float:
    """What making `card` is worth now: EP, skill steps early, fit in the chest."""
    skill = SKILL_WEIGHT * (1.0 - _progress(state)) * sum(card.bonus)
    return card.ep + skill + 0.5 * _placement(state, player, card)[0]


def _ingredient_gap(state: AlchemistsState, player: Player, card: Elixir) -> list[int]:
    """Ingredients per type still missing to brew the decoctions `card` lacks."""
    gap = [0] * len(player.ingredients)
    for colour, need in enumerate(card.cost):
        missing = max(0, need - player.held(colour))
        for t, amount in enumerate(state.data.recipes[colour]):
            gap[t] += missing * amount
    return [max(0, g - have) for g, have in zip(gap, player.ingredients, strict=True)]


def _actions_needed(state: AlchemistsState, player: Player, card: Elixir) -> float:
    gap = _ingredient_gap(state, player, card)
    collects = sum(-(-g // state.skill_value(player, t)) for t, g in enumerate(gap)) / 2
    brews = 1 if any(need > player.held(c) for c, need in enumerate(card.cost)) else 0
    return 1 + brews + collects


def _targets(state: AlchemistsState, player: Player) -> list[Elixir]:
    """Face-up elixirs by value per action still needed, best first (none with a full
    chest)."""
    if EMPTY not in player.chest:
        return []
    rated = []
    for card in state.face_up:
        if card == EMPTY:
            continue
        spec = state.data.elixirs[card]
        rate = _value(state, player, spec) / _actions_needed(state, player, spec)
        rated.append((-rate, card))
    return [state.data.elixirs[card] for _, card in sorted(rated)]


# ------------------------------------------------------------------- bundles
def _missing(state: AlchemistsState, player: Player, cost: list[int]) -> list[int]:
    """Decoctions per colour still to brew for `cost`."""
    return [max(0, need - player.held(c)) for c, need in enumerate(cost)]


def _ingredients_for(state: AlchemistsState, decoctions: list[int]) -> list[int]:
    """Ingredients per type the brews of `decoctions` (per colour) use."""
    total = [0] * len(state.data.ingredients)
    for colour, count in enumerate(decoctions):
        for t, amount in enumerate(state.data.recipes[colour]):
            total[t] += count * amount
    return total


def _gap(state: AlchemistsState, player: Player, decoctions: list[int]) -> list[int]:
    """Ingredients per type still to collect for brewing `decoctions`."""
    return [max(0, need - have) for need, have in
            zip(_ingredients_for(state, decoctions), player.ingredients, strict=True)]


def _best_collect(state: AlchemistsState, player: Player, legal: list[int],
                  gap: list[int]) -> tuple[int, int, int]:
    """(ingredients of `gap` covered, ingredients taken, step) of the best collect,
    or (0, 0, 0) when none is legal."""
    best = (0, 0, 0)
    for step in legal:
        if S.kind(step) == "collect":
            amounts = state.collect_amounts(player, S.argument(step))
            key = (sum(min(a, g) for a, g in zip(amounts, gap, strict=True)), sum(amounts),
                   -step)
            if best[2] == 0 or key > (best[0], best[1], -best[2]):
                best = (key[0], key[1], step)
    return best


def _first_make(state: AlchemistsState, legal: list[int], cards: list[int]) -> int:
    """The make step for the card of `cards` lying in the lowest face-up space (a make
    action takes the spaces in increasing order), into its best cell; 0 if none."""
    slots = {S.argument(s) // S.CELLS for s in legal if S.kind(s) == "make"}
    player = state.players[state.current]
    for slot in sorted(slots):
        if state.face_up[slot] in cards:
            cell = _placement(state, player, state.data.elixirs[state.face_up[slot]])[1]
            return S.make(slot, cell)
    return 0


def _first_brew(legal: list[int], wanted: list[int]) -> int:
    """The brew of the lowest colour with a decoction `wanted` (a brew action takes the
    colours in increasing order); 0 if none is legal."""
    for colour, count in enumerate(wanted):
        if count and S.brew(colour) in legal:
            return S.brew(colour)
    return 0


def _affordable(player: Player, cost: list[int]) -> bool:
    return all(player.held(c) >= need for c, need in enumerate(cost))



def _choose_bundle(state: AlchemistsState, player: Player, make: float = 1.0,
                   among: int = 0) -> tuple[int, ...]:
    """The face-up cards (at most BUNDLE, as many as the chest has room for, their
    joint cost within the decoction limit) with the best value per action needed (a
    make counted as `make` actions), drawn from the `among` cards of the best value per
    action alone (0: from all)."""
    free = player.chest.count(EMPTY)
    cards = [card for card in state.face_up if card != EMPTY]
    values = {card: _value(state, player, state.data.elixirs[card]) for card in cards}
    if among:
        alone = {card: values[card] / _actions(state, player, list(state.data.elixirs[card].cost),
                                               make) for card in cards}
        cards = sorted(cards, key=lambda card: (-alone[card], card))[:among]
    best: tuple[float, tuple[int, ...]] = (0.0, ())
    for size in range(1, min(BUNDLE, free) + 1):
        for bundle in combinations(sorted(cards), size):
            cost = [sum(state.data.elixirs[card].cost[c] for card in bundle)
                    for c in range(len(state.data.decoctions))]
            if max(cost) > state.data.decoction_limit:
                continue
            rate = sum(values[card] for card in bundle) / _actions(state, player, cost, make)
            if rate > best[0]:
                best = (rate, bundle)
    return best[1]


def _actions(state: AlchemistsState, player: Player, cost: list[int], make: float = 1.0
             ) -> float:
    """Actions still needed to make elixirs costing `cost`: the collects (two
    ingredient types each), the brew actions (another whenever the ingredients
    exceed the store's limit) and one make, counted as `make` actions."""
    missing = _missing(state, player, cost)
    if not any(missing):
        return make
    gap = _gap(state, player, missing)
    collects = sum(-(-g // state.skill_value(player, t)) for t, g in enumerate(gap)) / 2
    brews = -(-max(_ingredients_for(state, missing)) // state.data.ingredient_limit)
    return make + brews + collects


# ------------------------------------------------------------------- policy
def greedy_step(state: AlchemistsState, rng: RngLike) -> int:
    """The greedy policy's next step (bundles, see the module docstring); at a chance
    node, a draw by its probability."""
    if state.is_chance_node() or state.phase not in (CHOOSE, BREWING, MAKING):
        return quick_step(state, rng)
    player = state.players[state.current]
    legal = state.legal_steps()
    bundle = list(_choose_bundle(state, player, MAKE_COST, BUNDLE_AMONG))
    if not bundle:
        return quick_step(state, rng)
    cost = _bundle_cost(state, bundle)
    if state.phase == MAKING:
        return _first_make(state, legal, bundle) or _make(state, player, legal) or S.STOP
    missing = _missing(state, player, cost)
    if state.phase == BREWING:
        return _first_brew(legal, missing) or S.STOP
    sell = _sell(state, player, legal)
    if sell:
        return sell
    if _affordable(player, cost):
        return _first_make(state, legal, bundle) or quick_step(state, rng)
    transform = _transform(state, player, legal, missing, cost)
    if transform:
        return transform
    covered, _, collect = _best_collect(state, player, legal, _gap(state, player, missing))
    return ((not covered and _first_brew(legal, missing)) or (covered and collect)
            or quick_step(state, rng))


def _bundle_cost(state: AlchemistsState, bundle: list[int]) -> list[int]:
    """Decoctions per colour the cards of `bundle` cost together."""
    return [sum(state.data.elixirs[card].cost[c] for card in bundle)
            for c in range(len(state.data.decoctions))]


def _transform(state: AlchemistsState, player: Player, legal: list[int],
               missing: list[int], cost: list[int]) -> int:
    """The Decoction transformation that makes the bundle affordable now: the one
    colour it lacks, turned from the colour (lowest first) held most beyond the
    bundle's needs; 0 when none does."""
    lacking = [c for c, m in enumerate(missing) if m]
    if len(lacking) != 1:
        return 0
    target, count = lacking[0], missing[lacking[0]]
    best, spare = 0, 0
    for source, have in enumerate(player.decoctions):
        extra = have - cost[source]
        step = S.transform(source, target, count) if source != target else -1
        if extra >= count and extra > spare and step in legal:
            best, spare = step, extra
    return best


def quick_step(state: AlchemistsState, rng: RngLike) -> int:
    """The quick policy's next step (the former greedy; see the module docstring); at a
    chance node, a draw by its probability."""
    legal = state.legal_steps()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return outcomes[rng.choice_weighted([p for _, p in outcomes])][0]
    player = state.players[state.current]
    if state.phase == SETUP:
        return _setup_point(state, player, legal)
    if state.phase == SELLING:
        return _sale_token(state, player, legal)
    if state.phase == MAKING:
        return _make(state, player, legal) or S.STOP
    if state.phase == BREWING:
        return _brew(state, player, legal) or S.STOP
    assert state.phase == CHOOSE
    return (_sell(state, player, legal) or _make(state, player, legal)
            or _brew(state, player, legal) or _collect(state, player, legal)
            or _brew(state, player, legal, plan=len(state.face_up)) or S.END)


def _setup_point(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """One point on water, one on the ingredient the face-up elixirs need most."""
    water = len(player.skills) - 1
    if S.skill(water) in legal and player.skills[water] == 0:
        return S.skill(water)
    need = [0] * len(player.skills)
    for card in state.face_up:
        if card != EMPTY:
            for t, g in enumerate(_ingredient_gap(state, Player(len(need), len(player.decoctions)),
                                                  state.data.elixirs[card])):
                need[t] += g
    choices = [s for s in legal if S.kind(s) == "skill"]
    return max(choices, key=lambda s: (need[S.argument(s)], -s)) if choices else legal[0]


def _sell(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    sells = [s for s in legal if S.kind(s) == "sell"]
    if not sells:
        return 0
    cards = state.data.elixirs

    def worth(step: int) -> tuple[int, int]:
        bonus = _best_tokens(state, player, S.argument(step))[0]
        return bonus, bonus + sum(cards[player.chest[c]].ep for c in S.LINES[S.argument(step)])

    best = max(sells, key=worth)
    return best if worth(best)[0] >= _sell_threshold(state, player) else 0


def _sale_token(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """Put on the next token of the best assignment (tokens are saved when useless)."""
    tokens = _best_tokens(state, player, state.sale_line)[1]
    for position, kind in enumerate(tokens):
        step = S.token(kind, position) if kind != NONE else -1
        if step in legal and state.sale_tokens[position] == NONE:
            return step
    return S.STOP


def _make(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """The most valuable affordable elixir, in its best cell."""
    slots = sorted({divmod(S.argument(s), S.CELLS)[0] for s in legal if S.kind(s) == "make"})
    best: tuple[float, int] | None = None
    for slot in slots:
        spec = state.data.elixirs[state.face_up[slot]]
        value = _value(state, player, spec)
        if best is None or value > best[0]:
            best = (value, S.make(slot, _placement(state, player, spec)[1]))
    return 0 if best is None else best[1]


def _brew(state: AlchemistsState, player: Player, legal: list[int], plan: int = 3) -> int:
    """A decoction the best targets lack. A brew action starts only once the best
    target's ingredients are all there, so one action brews all it needs."""
    targets = _targets(state, player)[:plan]
    if not targets:
        return 0
    if state.phase == CHOOSE and any(_ingredient_gap(state, player, targets[0])):
        return 0
    for target in targets:
        for colour, need in enumerate(target.cost):
            if need > player.held(colour) and S.brew(colour) in legal:
                return S.brew(colour)
    return 0


def _collect(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """The collect that covers most of the best targets' ingredient gaps (the first
    target's gap counts most)."""
    targets = _targets(state, player)[:2]
    if not targets:
        return 0
    gaps = [_ingredient_gap(state, player, t) for t in targets]
    best: tuple[int, int, int, int] | None = None
    for step in legal:
        if S.kind(step) != "collect":
            continue
        amounts = state.collect_amounts(player, S.argument(step))
        covered = [sum(min(a, g) for a, g in zip(amounts, gap, strict=True)) for gap in gaps]
        key = (covered[0], sum(covered), sum(amounts), -step)
        if sum(covered) and (best is None or key > best):
            best = key
    return 0 if best is None else -best[3]


# ------------------------------------------------------------------- estimate
def estimate_final_scores(state: AlchemistsState) -> list[float]:
    """Current EP plus what the chest and the stores are likely still to bring: half
    the best line bonus on sale now and a share of the held materials."""
    scores = state.scores()
    if state.over:
        return [float(s) for s in scores]
    estimates = []
    for seat, player in enumerate(state.players):
        sellable = [line for line in range(len(S.LINES))
                    if all(player.chest[c] != EMPTY for c in S.LINES[line])]
        bonus = max((_best_tokens(state, player, line)[0] for line in sellable), default=0)
        materials = sum(player.ingredients) / 6 + player.total_decoctions() / 2
        estimates.append(scores[seat] + 0.5 * bonus + 0.5 * materials)
    return estimates
