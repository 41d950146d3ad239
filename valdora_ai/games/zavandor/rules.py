"""The reference rules engine for The Gnomes of Zavandor: readable Python, the specification.

Every rule lives here once; section names in comments are the rulebook's (English
edition), decision numbers are the design doc's "Modelling decisions" (see
docs/games/zavandor.md for the choices this engine makes where both are silent).

Hidden information
------------------
Mining-rights tiles lie face down; the artifact and jewelry piles, the removed setup
cards, hand cards and cards returned to a pile's bottom are unseen by some or all
players. Every such place carries the id of what lies there and a *knowledge mask*:
the seats that know it (a soil sample, a draw, a return). The masks are public.

A state is a *world* (``observer == WORLD``: every id is set; the real game or a
determinization) or a *belief state* of one observer (ids the observer does not know
are ``UNKNOWN``). When an unknown id becomes known to the observer (the observer
samples a tile or draws a card, or a tile, card or hand card becomes public), a belief
state passes through a chance node whose outcomes are the ids the observer cannot
rule out, with their exact probabilities. Worlds have no chance nodes after setup.
A world sampled from a belief state keeps that observer as its ``viewer``: applying a
step to it can *record* the chance steps the viewer's belief state would have taken
(what the step revealed to the viewer), see :mod:`valdora_ai.games.zavandor.info`.
The setup chance nodes (the district marker's district, the start player) come first
in every new game; :meth:`ZavandorState.new` resolves them with its rng.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from valdora_ai.games.refusals import legal_code
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import (
    ARTIFACT,
    CENTER,
    N_DISTRICTS,
    N_GEMS,
    Card,
    Options,
    ZavandorData,
)

CHANCE = -1  # `current_player` at a chance node
TERMINAL = -2  # `current_player` once the game is over
WORLD = -1  # `observer` of a world
EMPTY = -1  # a bought tile's space, a gap in the display
UNKNOWN = -2  # an id the belief state's observer does not know

# Phases: who decides what next.
(ACTION, MARKER, BUY_COUNT, SELL_COUNT, TRADE_COUNT, KEEP, ORDER, PRISMS, MINE_USE,
 WILD, OVER) = range(11)
# What happens once the pending reveals are resolved.
CONT_NONE, CONT_END_ACTION, CONT_TAKE_TILE, CONT_PAY_ITEM = range(4)

Reveal = tuple[Any, ...]  # what a pending chance node reveals, e.g. ("tile", space)
Slot = list[int]  # a card in a pile, a hand, the drawn pair or the removed pile:
#                   [deck, level, id, knowledge mask]
DECK, LEVEL, ID, MASK = range(4)


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def mined_by_tiles(count: int) -> int:
    """Mining Rounds: 1 gem for the first tile of a type, 2 for each further one."""
    return 2 * count - 1 if count else 0



def _describe(state: Any, step: int) -> str:
    """The notation's token for `step` (the notation module imports this one)."""
    from valdora_ai.games.zavandor.notation import describe_step

    return describe_step(state, step)

class ZavandorState:
    """A Gnomes of Zavandor position with the step interface search and people use.

    `apply` and `play` both refuse an illegal step (IllegalMoveError).
    """

    __slots__ = (
        "data", "opts", "n", "observer", "round", "start", "gnome", "current", "phase",
        "actions_left", "gold", "gems", "prisms", "markers", "trader", "tiles", "owned",
        "samples", "cur", "tgt", "board", "known", "piles", "display", "discount",
        "hand", "removed", "drawn", "returning", "tile_bought", "end_triggered", "capped",
        "pend_gem", "pend_marker", "pend_space", "pend_deck", "pend_slot", "pend_cost",
        "pend_used", "pend_colour", "mine_pos", "mine_choices", "mine_used",
        "mine_wilds", "mine_picks", "reveals", "cont", "viewer", "recording",
    )

    data: ZavandorData
    opts: Options
    n: int
    observer: int  # WORLD, or the seat whose belief state this is
    viewer: int  # the seat whose reveals a world records (WORLD: public ones)
    recording: list[int] | None
    round: int
    start: int
    gnome: int  # the district marker's district
    current: int
    phase: int
    actions_left: list[int]
    gold: list[int]
    gems: list[list[int]]
    prisms: list[int]
    markers: list[list[int]]
    trader: list[int]
    tiles: list[list[int]]
    owned: list[list[tuple[int, int]]]  # (deck, card id) bought
    samples: list[int]
    cur: list[int]
    tgt: list[int]
    board: list[int]  # tile id per space, EMPTY or UNKNOWN
    known: list[int]  # knowledge mask per space
    piles: list[list[Slot]]  # bottom first
    display: list[list[int]]
    discount: list[list[int]]  # [upright, sideways] per face-up artifact (expert rule)
    hand: list[Slot | None]
    removed: list[Slot]
    drawn: list[Slot]
    returning: list[Slot]
    tile_bought: bool
    end_triggered: bool
    capped: bool
    pend_gem: int
    pend_marker: int
    pend_space: int
    pend_deck: int
    pend_slot: int
    pend_cost: list[int]
    pend_used: list[int]
    pend_colour: int
    mine_pos: int
    mine_choices: list[tuple[tuple[int, ...], int]]
    mine_used: list[int]
    mine_wilds: int
    mine_picks: list[int]
    reveals: list[Reveal]
    cont: int

    # ----------------------------------------------------------------- setup
    @classmethod
    def blank(cls, data: ZavandorData, opts: Options, n_players: int) -> ZavandorState:
        """Every player's starting position (Game Setup) before anything is shuffled."""
        self = cls.__new__(cls)
        self.data, self.opts, self.n = data, opts, n_players
        self.observer = self.viewer = WORLD
        self.recording = None
        self.round = 1
        self.start = self.gnome = self.current = -1
        self.phase = ACTION
        self.actions_left = [data.actions_per_round] * n_players
        self.gold = [data.start_gold] * n_players
        self.gems = [[0] * N_GEMS for _ in range(n_players)]
        self.prisms = [0] * n_players
        self.markers = [[] for _ in range(n_players)]
        self.trader = [-1] * n_players
        self.tiles = [[] for _ in range(n_players)]
        self.owned = [[] for _ in range(n_players)]
        self.samples = [0] * n_players
        self.cur = list(data.start_prices)
        self.tgt = list(data.start_prices)
        self.board = [UNKNOWN] * len(data.spaces)
        self.known = [0] * len(data.spaces)
        self.piles = [[], []]
        self.display = [[EMPTY] * data.display_size for _ in range(2)]
        self.discount = [[0, 0] for _ in range(data.display_size)]
        self.hand = [None] * n_players
        self.removed = []
        self.drawn = []
        self.returning = []
        self.tile_bought = False
        self.end_triggered = False
        self.capped = False
        self._clear_pending()
        self.mine_pos = 0
        self.mine_choices = []
        self.mine_used = []
        self.mine_wilds = 0
        self.mine_picks = [0] * N_GEMS
        self.reveals = [("gnome",), ("start",)]
        self.cont = CONT_NONE
        return self

    @classmethod
    def new(cls, data: ZavandorData, opts: Options, n_players: int, rng: object
            ) -> ZavandorState:
        """Set up a game (Game Setup) from a seeded `rng`: a world."""
        self = cls.blank(data, opts, n_players)
        for light in (False, True):
            spaces = [s for s, sp in enumerate(data.spaces) if (sp.district == CENTER) == light]
            tiles = [t for t, tile in enumerate(data.tiles) if tile.light == light]
            rng.shuffle(tiles)  # type: ignore[attr-defined]
            for space, tile in zip(spaces, tiles, strict=True):
                self.board[space] = tile
        for deck, cards in enumerate(data.decks):
            levels = sorted({c.level for c in cards}, reverse=True)
            pile: list[Slot] = []  # bottom first: the highest level at the bottom
            for level in levels:
                ids = [i for i, c in enumerate(cards) if c.level == level]
                rng.shuffle(ids)  # type: ignore[attr-defined]
                if level == 1:  # remove unseen cards from the "I" piles
                    for _ in range(data.removed_level_1[n_players]):
                        self.removed.append([deck, 1, ids.pop(), 0])
                pile += [[deck, level, i, 0] for i in ids]
            self.piles[deck] = pile
            for pos in range(data.display_size):
                self.display[deck][pos] = pile.pop()[ID] if pile else EMPTY
        while self.reveals:
            outcomes = self.chance_outcomes()
            self.apply(outcomes[rng.randbelow(len(outcomes))][0])  # type: ignore[attr-defined]
        return self

    def _clear_pending(self) -> None:
        self.pend_gem = self.pend_marker = self.pend_space = -1
        self.pend_deck = self.pend_slot = self.pend_colour = -1
        self.pend_cost = [0] * N_GEMS
        self.pend_used = [0] * N_GEMS

    def copy(self) -> ZavandorState:
        other = ZavandorState.__new__(ZavandorState)
        other.recording = None
        for name in ("data", "opts", "n", "observer", "viewer", "round", "start", "gnome",
                     "current", "phase", "tile_bought", "end_triggered", "capped", "pend_gem",
                     "pend_marker", "pend_space", "pend_deck", "pend_slot", "pend_colour",
                     "mine_pos", "mine_wilds", "cont", "mine_choices"):
            setattr(other, name, getattr(self, name))
        for name in ("actions_left", "gold", "prisms", "trader", "samples", "cur", "tgt",
                     "board", "known", "pend_cost", "pend_used", "mine_used", "mine_picks",
                     "reveals"):
            setattr(other, name, getattr(self, name).copy())
        other.gems = [g.copy() for g in self.gems]
        other.markers = [m.copy() for m in self.markers]
        other.tiles = [t.copy() for t in self.tiles]
        other.owned = [o.copy() for o in self.owned]
        other.piles = [[s.copy() for s in pile] for pile in self.piles]
        other.display = [d.copy() for d in self.display]
        other.discount = [d.copy() for d in self.discount]
        other.hand = [None if h is None else h.copy() for h in self.hand]
        other.removed = [s.copy() for s in self.removed]
        other.drawn = [s.copy() for s in self.drawn]
        other.returning = [s.copy() for s in self.returning]
        return other

    # ----------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.reveals:
            return CHANCE
        return self.current

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase != OVER and bool(self.reveals)

    @property
    def all_seats(self) -> int:
        return (1 << self.n) - 1

    def card(self, deck: int, ident: int) -> Card:
        return self.data.decks[deck][ident]

    def vp(self, seat: int) -> int:
        """Victory points: mining-rights tiles, artifacts and jewelry."""
        return (sum(self.data.tiles[t].vp for t in self.tiles[seat])
                + sum(self.card(d, i).vp for d, i in self.owned[seat]))

    def count_kind(self, seat: int, kind: str) -> int:
        return sum(self.card(d, i).kind == kind for d, i in self.owned[seat])

    def target_vp(self) -> int:
        return self.data.vp_target[self.n]

    def clamp(self, price: int) -> int:
        """Market Values: prices stay within 1 and 15 after every single adjustment."""
        return max(self.data.price_min, min(self.data.price_max, price))

    def buyable_spaces(self) -> list[int]:
        """Spaces with a tile in the district marker's district or in Diamantina."""
        return [s for s, sp in enumerate(self.data.spaces)
                if self.board[s] != EMPTY and sp.district in (self.gnome, CENTER)]

    def item_cost(self, deck: int, slot: int, ident: int) -> list[int]:
        """A card's cost, less the upright discount gems (expert rule) on a face-up artifact."""
        card = self.card(deck, ident)
        cost = list(card.cost)
        if deck == ARTIFACT and slot < S.HAND_SLOT and self.opts.expert_discount:
            cost[card.bold] = max(0, cost[card.bold] - self.discount[slot][0])
        return cost

    def can_pay(self, seat: int, cost: list[int] | tuple[int, ...]) -> bool:
        """Gems cover the cost, with prisms (Convertor) standing in for missing ones."""
        missing = sum(max(0, c - h) for c, h in zip(cost, self.gems[seat], strict=True))
        return missing <= self.prisms[seat]

    def unit_price(self, gem: int, marker: int) -> int:
        """Price per gem, with an Emeromobile marker (decision 10's floor)."""
        if not marker:
            return self.cur[gem]
        return max(self.opts.emero_floor, self.cur[gem] - marker)

    # ----------------------------------------------------------------- legal steps
    def legal_steps(self) -> list[int]:
        """The legal steps (decisions, or chance outcomes at a chance node), ascending."""
        if self.phase == OVER:
            return []
        if self.reveals:
            return [step for step, _ in self.chance_outcomes()]
        p = self.current
        if self.phase == ACTION:
            return self._legal_actions(p)
        if self.phase == MARKER:
            values = sorted({0, *self.markers[p]})
            return [S.marker(v) for v in values
                    if self.unit_price(self.pend_gem, v) <= self.gold[p]]
        if self.phase == BUY_COUNT:
            unit = self.unit_price(self.pend_gem, self.pend_marker)
            return [S.count(k) for k in range(1, self.data.gem_trade_max + 1)
                    if k * unit <= self.gold[p]]
        if self.phase == SELL_COUNT:
            top = min(self.data.gem_trade_max, self.gems[p][self.pend_gem])
            return [S.count(k) for k in range(1, top + 1)]
        if self.phase == TRADE_COUNT:
            top = min(self.data.trader_max, self.gems[p][self.pend_gem])
            return [S.count(k) for k in range(1, top + 1)]
        if self.phase == KEEP:
            return [S.keep(0), S.keep(1)]
        if self.phase == ORDER:
            return [S.order(0), S.order(1)]
        if self.phase == PRISMS:
            return [S.prisms(k) for k in self._prism_options()]
        if self.phase == MINE_USE:
            return [S.mine_use(u) for u in self._mine_use_options()]
        return [S.wild(g) for g in range(N_GEMS)]  # WILD

    def _legal_actions(self, p: int) -> list[int]:
        steps: list[int] = []
        if self.gold[p] >= self.data.sample_cost:
            bit = 1 << p
            steps += [S.sample(s) for s in range(len(self.board))
                      if self.board[s] != EMPTY and not self.known[s] & bit]
        for g in range(N_GEMS):
            cheapest = min(self.unit_price(g, v) for v in {0, *self.markers[p]})
            if cheapest <= self.gold[p]:
                steps.append(S.buy_gem(g))
        steps += [S.sell_gem(g) for g in range(N_GEMS) if self.gems[p][g]]
        steps += [S.draw(d) for d in range(2) if self.piles[d]]
        steps += [S.buy_tile(s) for s in self.buyable_spaces()
                  if self.can_pay(p, self.data.spaces[s].cost)]
        for deck in range(2):
            for slot, ident in enumerate(self.display[deck]):
                if ident >= 0 and self.can_pay(p, self.item_cost(deck, slot, ident)):
                    steps.append(S.buy_item(deck, slot))
        if self._hand_buyable(p):
            steps.append(S.buy_item(self.hand[p][DECK], S.HAND_SLOT))  # type: ignore[index]
        held = set(self.trader)
        steps += [S.take_trader(t) for t in range(len(self.data.traders)) if t not in held]
        if self.trader[p] >= 0:
            steps += [S.use_trader(g) for g in self.data.traders[self.trader[p]]
                      if self.gems[p][g]]
        steps.append(S.TAKE_GOLD)
        return sorted(steps)

    def _hand_buyable(self, p: int) -> bool:
        hand = self.hand[p]
        if hand is None:
            return False
        if hand[ID] != UNKNOWN:
            return self.can_pay(p, self.item_cost(hand[DECK], S.HAND_SLOT, hand[ID]))
        return bool(self._affordable_hand_ids(p))

    def _affordable_hand_ids(self, p: int) -> list[int]:
        """Belief state: the ids `p`'s unknown hand card can have and `p` can pay for."""
        hand = self.hand[p]
        assert hand is not None
        return [i for i in self.card_pool(hand[DECK], hand[LEVEL])
                if self.can_pay(p, self.item_cost(hand[DECK], S.HAND_SLOT, i))]

    def _prism_options(self) -> list[int]:
        """Prisms the payer may spend on the current colour, leaving the rest payable."""
        p, c = self.current, self.pend_colour
        cost, gems = self.pend_cost, self.gems[p]
        later = sum(max(0, cost[g] - gems[g]) for g in range(c + 1, N_GEMS))
        left = self.prisms[p] - sum(self.pend_used)
        low = max(0, cost[c] - gems[c])
        return list(range(low, min(cost[c], left - later) + 1))

    # ----------------------------------------------------------------- chance
    def tile_pool(self, space: int) -> list[int]:
        """Tiles the observer cannot rule out for an unknown tile at `space`."""
        light = self.data.spaces[space].district == CENTER
        seen = {t for tiles in self.tiles for t in tiles} | {t for t in self.board if t >= 0}
        return [t for t, tile in enumerate(self.data.tiles)
                if tile.light == light and t not in seen]

    def card_pool(self, deck: int, level: int) -> list[int]:
        """Cards the observer cannot rule out for an unknown card of that deck and level."""
        seen = {i for owned in self.owned for d, i in owned if d == deck}
        seen |= {i for i in self.display[deck] if i >= 0}
        for slot in self.card_slots():
            if slot[DECK] == deck and slot[ID] >= 0:
                seen.add(slot[ID])
        return [i for i, c in enumerate(self.data.decks[deck])
                if c.level == level and i not in seen]

    def card_slots(self) -> list[Slot]:
        slots = [s for pile in self.piles for s in pile]
        slots += [h for h in self.hand if h is not None]
        return slots + self.removed + self.drawn + self.returning

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(chance step, exact probability) pairs at a chance node: all uniform (none
        elsewhere, as on the compiled core)."""
        if self.phase == OVER or not self.reveals:
            return []
        values = self._reveal_values(self.reveals[0])
        return [(S.chance(v), 1.0 / len(values)) for v in values]

    def _reveal_values(self, reveal: Reveal) -> list[int]:
        what = reveal[0]
        if what == "gnome":
            return list(range(N_DISTRICTS))
        if what == "start":
            return list(range(self.n))
        if what == "tile":
            return self.tile_pool(reveal[1])
        if what == "drawn":
            slot = self.drawn[reveal[1]]
            return self.card_pool(slot[DECK], slot[LEVEL])
        if what == "display":
            return self.card_pool(reveal[1], reveal[3])
        if what == "held":
            hand = self.hand[reveal[1]]
            assert hand is not None
            return self.card_pool(hand[DECK], hand[LEVEL])
        return self._affordable_hand_ids(reveal[1])  # "hand"

    def _resolve(self, value: int) -> None:
        reveal = self.reveals.pop(0)
        what = reveal[0]
        if what == "gnome":
            self.gnome = value
        elif what == "start":
            self.start = self.current = value
        elif what == "tile":
            self.board[reveal[1]] = value
        elif what == "drawn":
            self.drawn[reveal[1]][ID] = value
        elif what == "display":
            self.display[reveal[1]][reveal[2]] = value
        else:  # "hand", "held"
            self.hand[reveal[1]][ID] = value  # type: ignore[index]
        if not self.reveals:
            cont, self.cont = self.cont, CONT_NONE
            if cont == CONT_END_ACTION:
                self._end_action()
            elif cont == CONT_TAKE_TILE:
                self._take_tile()
            elif cont == CONT_PAY_ITEM:
                self._begin_payment(self.item_cost(self.pend_deck, self.pend_slot,
                                                   self._pending_card_id()))

    # ----------------------------------------------------------------- apply
    def play(self, step: int) -> None:
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        self.apply(step)

    def apply(self, step: int) -> None:
        """Apply a legal step; any other number raises IllegalMoveError, as on the
        compiled core. A step of another kind than the node asks for would corrupt the
        state (a count where an action is due takes gems from nowhere), so `apply`
        checks as `play` does."""
        self._apply(legal_code(self, step, _describe, S.kind))

    def _apply(self, step: int) -> None:
        if self.reveals:
            self._resolve(step - S.CHANCE_BASE)
            return
        kind, arg, p = S.kind(step), S.argument(step), self.current
        if kind == "sample":
            self._sample(p, arg)
        elif kind == "buy_gem":
            self.pend_gem = arg
            if self.markers[p]:
                self.phase = MARKER
            else:
                self.pend_marker, self.phase = 0, BUY_COUNT
        elif kind == "marker":
            self.pend_marker, self.phase = arg, BUY_COUNT
        elif kind == "count":
            self._apply_count(p, arg)
        elif kind in ("sell_gem", "use_trader"):
            self.pend_gem = arg
            self.phase = SELL_COUNT if kind == "sell_gem" else TRADE_COUNT
        elif kind == "take_trader":
            self.trader[p] = arg  # an exchanged trader goes back to the supply
            self._end_action()
        elif kind == "take_gold":
            self.gold[p] += self.data.take_gold
            self._end_action()
        elif kind == "draw":
            self._draw(p, arg)
        elif kind == "keep":
            self._keep(p, arg)
        elif kind == "order":
            self._return_cards(self.returning if arg == 0 else self.returning[::-1])
            self.returning = []
            self._end_action()
        elif kind == "buy_tile":
            self.pend_space = arg
            self._begin_payment(list(self.data.spaces[arg].cost))
        elif kind == "buy_item":
            self._buy_item(p, arg // S.ITEM_SLOTS, arg % S.ITEM_SLOTS)
        elif kind == "prisms":
            self.pend_used[self.pend_colour] = arg
            self.pend_colour += 1
            self._advance_payment()
        elif kind == "mine_use":
            self.mine_used.append(arg)
            if self._advance_mining_choice():
                self._next_miner()
        elif kind == "wild":
            self.mine_picks[arg] += 1
            self.mine_wilds -= 1
            if not self.mine_wilds:
                self._mine(self._miner())

    # Soil Samples
    def _sample(self, p: int, space: int) -> None:
        self.gold[p] -= self.data.sample_cost
        self.samples[p] += 1
        self._reveal(("tile", space), self.board[space], self.known[space], public=False)
        self.known[space] |= 1 << p

    def _reveal(self, request: Reveal, value: int, mask: int, public: bool) -> None:
        """An id becomes known to everybody (`public`) or to the acting player.

        A belief state whose observer did not know it passes through a chance node; a
        world records the chance step that belief state would take (for apply_revealing).
        """
        bit = 0 if self.viewer == WORLD else 1 << self.viewer
        if mask & bit or not (public or self.current == self.viewer):
            return
        if self.observer != WORLD:
            self.reveals.append(request)
        elif self.recording is not None:
            self.recording.append(S.chance(value))

    # Buy / sell gems, use a trader
    def _apply_count(self, p: int, k: int) -> None:
        g = self.pend_gem
        if self.phase == BUY_COUNT:
            self.gold[p] -= k * self.unit_price(g, self.pend_marker)
            self.gems[p][g] += k
            if self.pend_marker:
                self.markers[p].remove(self.pend_marker)
            self.tgt[g] = self.clamp(self.tgt[g] + 1)
        elif self.phase == SELL_COUNT:
            self.gold[p] += k * self.cur[g]
            self.gems[p][g] -= k
            self.tgt[g] = self.clamp(self.tgt[g] - 1)
        else:  # TRADE_COUNT: no price change
            a, b = self.data.traders[self.trader[p]]
            self.gems[p][g] -= k
            self.gems[p][b if g == a else a] += k
        self._end_action()

    # Draw 2 cards from a face-down pile and keep one
    def _draw(self, p: int, deck: int) -> None:
        pile = self.piles[deck]
        self.pend_deck = deck
        self.drawn = [pile.pop() for _ in range(min(2, len(pile)))]
        for i, slot in enumerate(self.drawn):
            self._reveal(("drawn", i), slot[ID], slot[MASK], public=False)
            slot[MASK] |= 1 << p
        if len(self.drawn) == 2:
            self.phase = KEEP
            return
        if self.reveals:  # the single drawn card is revealed in the hand
            self.reveals = [("held", p)]
        self._keep(p, 0)

    def _keep(self, p: int, index: int) -> None:
        back = [s for i, s in enumerate(self.drawn) if i != index]
        old = self.hand[p]
        self.hand[p] = self.drawn[index]
        self.drawn = []
        if old is not None:
            back.append(old)
        if len(back) == 2 and back[0][DECK] == back[1][DECK]:
            self.returning = back  # [the other drawn card, the old hand card]
            self.phase = ORDER
            return
        self._return_cards(back)
        self._end_action()

    def _return_cards(self, cards: list[Slot]) -> None:
        """Put cards under their piles; the first one ends up lowest."""
        for slot in reversed(cards):
            self.piles[slot[DECK]].insert(0, slot)

    # Buy a mining rights tile / an item: payment
    def _buy_item(self, p: int, deck: int, slot: int) -> None:
        self.pend_deck, self.pend_slot = deck, slot
        hand = self.hand[p]
        if slot == S.HAND_SLOT and hand is not None:
            self._reveal(("hand", p), hand[ID], hand[MASK], public=True)
            if self.reveals:
                self.cont = CONT_PAY_ITEM
                return
        self._begin_payment(self.item_cost(deck, slot, self._pending_card_id()))

    def _pending_card_id(self) -> int:
        if self.pend_slot == S.HAND_SLOT:
            return self.hand[self.current][ID]  # type: ignore[index]
        return self.display[self.pend_deck][self.pend_slot]

    def _begin_payment(self, cost: list[int]) -> None:
        self.pend_cost = cost
        self.pend_used = [0] * N_GEMS
        self.pend_colour = 0
        self._advance_payment()

    def _advance_payment(self) -> None:
        """Settle the colours whose prism count is forced; stop at a real choice."""
        while self.pend_colour < N_GEMS:
            options = self._prism_options()
            if len(options) > 1:
                self.phase = PRISMS
                return
            self.pend_used[self.pend_colour] = options[0]
            self.pend_colour += 1
        self._pay()

    def _pay(self) -> None:
        """Pay gems and prisms; target prices rise by the gems paid (decision 9, 15)."""
        p = self.current
        for g in range(N_GEMS):
            real = self.pend_cost[g] - self.pend_used[g]
            self.gems[p][g] -= real
            self.prisms[p] -= self.pend_used[g]
            rise = real + (self.pend_used[g] if self.opts.prism_raises_price else 0)
            if rise:
                self.tgt[g] = self.clamp(self.tgt[g] + rise)
        self.phase = ACTION
        if self.pend_space >= 0:
            space = self.pend_space
            self._reveal(("tile", space), self.board[space], self.known[space], public=True)
            if self.reveals:
                self.cont = CONT_TAKE_TILE
                return
            self._take_tile()
        else:
            self._take_item(p)

    def _take_tile(self) -> None:
        p, space = self.current, self.pend_space
        self.tiles[p].append(self.board[space])
        self.board[space] = EMPTY
        self.known[space] = 0
        self.tile_bought = True
        self._end_action()

    def _take_item(self, p: int) -> None:
        deck, slot = self.pend_deck, self.pend_slot
        ident = self._pending_card_id()
        if slot == S.HAND_SLOT:
            self.hand[p] = None
        else:  # replace it from the pile at once (decision 7)
            pile = self.piles[deck]
            if deck == ARTIFACT:
                self.discount[slot] = [0, 0]  # discount gems go back to the supply
            if pile:
                top = pile.pop()
                self.display[deck][slot] = top[ID]
                self._reveal(("display", deck, slot, top[LEVEL]), top[ID], top[MASK],
                             public=True)
            else:
                self.display[deck][slot] = EMPTY
        self.owned[p].append((deck, ident))
        card = self.card(deck, ident)
        if card.kind == "gnomunculus":
            self.actions_left[p] += 1  # usable in the round it is bought
        elif card.kind == "convertor":
            self.prisms[p] += card.value
        elif card.kind == "emeromobile":
            self.markers[p] = sorted(self.markers[p] + list(card.markers))
        self._end_action()

    # Turn order
    def _end_action(self) -> None:
        """One action done: check the game end, pass to the next player with actions."""
        if self.reveals:
            self.cont = CONT_END_ACTION
            return
        p = self.current
        self._clear_pending()
        self.phase = ACTION
        self.actions_left[p] -= 1
        if any(self.vp(q) >= self.target_vp() for q in range(self.n)):
            self.end_triggered = True
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if self.actions_left[q] > 0:
                self.current = q
                return
        if self.end_triggered or self.round >= self.opts.max_rounds:
            self.capped = not self.end_triggered
            self.phase = OVER
            return
        self.mine_pos = 0
        self._next_miner()

    # Mining Rounds
    def _miner(self) -> int:
        return (self.start + self.mine_pos) % self.n

    def _hoover_owners(self, seat: int) -> list[int]:
        return [q for q in range(self.n) if q != seat
                for _ in range(self.count_kind(q, "hoovermatic"))]

    def mining_fee(self, seat: int, gems: int, units: int) -> int:
        """Hoovermatic: gold `seat` owes for mining (decision 13's switch)."""
        owners = len(self._hoover_owners(seat))
        if not owners:
            return 0
        num, den = self.data.hoover_rate[self.n]
        mined = gems if self.opts.hoover_per_gem else units
        return ceil_div(mined * num, den) * owners

    def tile_counts(self, seat: int) -> tuple[list[int], int]:
        """Mining-rights tiles per gem type, and wild symbols, owned by `seat`."""
        counts = [0] * N_GEMS
        wilds = 0
        for t in self.tiles[seat]:
            counts[self.data.tiles[t].gem] += 1
            wilds += self.data.tiles[t].wild
        return counts, wilds

    def mining_choices(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(tiles used per gem type, wilds used) the miner may choose (decision 13).

        All of them when the fee is affordable; otherwise the affordable choices that
        yield the largest number of gems any affordable choice yields (fewer is illegal,
        even when no unused tile or symbol could be added and still be paid for).
        """
        counts, wilds = self.tile_counts(seat)
        gold = self.gold[seat]

        def gems(used: tuple[int, ...], w: int) -> int:
            return sum(mined_by_tiles(u) for u in used) + w

        def fee(used: tuple[int, ...], w: int) -> int:
            return self.mining_fee(seat, gems(used, w), sum(used) + w)

        if fee(tuple(counts), wilds) <= gold:
            return [(tuple(counts), wilds)]
        affordable = [(used, w) for used in product(*(range(c + 1) for c in counts))
                      for w in range(wilds + 1) if fee(used, w) <= gold]
        most = max((gems(used, w) for used, w in affordable), default=0)
        return [(used, w) for used, w in affordable if gems(used, w) == most]

    def _next_miner(self) -> None:
        """Mine for each player clockwise from the start player, then end the round."""
        while self.mine_pos < self.n:
            self.mine_choices = self.mining_choices(self._miner())
            self.mine_used = []
            self.mine_picks = [0] * N_GEMS
            self.current = self._miner()
            if not self._advance_mining_choice():
                return
        self._end_round()

    def _mine_use_options(self) -> list[int]:
        k = len(self.mine_used)
        return sorted({used[k] for used, _ in self.mine_choices
                       if list(used[:k]) == self.mine_used})

    def _advance_mining_choice(self) -> bool:
        """Settle forced tile counts; True when this miner is done (mined)."""
        while len(self.mine_used) < N_GEMS:
            options = self._mine_use_options()
            if len(options) > 1:
                self.phase = MINE_USE
                return False
            self.mine_used.append(options[0])
        wilds = next(w for used, w in self.mine_choices if list(used) == self.mine_used)
        if wilds:
            self.mine_wilds = wilds
            self.phase = WILD
            return False
        self._mine(self._miner(), advance=False)
        return True

    def _mine(self, seat: int, advance: bool = True) -> None:
        """Pay the Hoovermatic owner, take the gems, then the Alchemister gold."""
        gains = [mined_by_tiles(u) + self.mine_picks[g] for g, u in enumerate(self.mine_used)]
        units = sum(self.mine_used) + sum(self.mine_picks)
        owners = self._hoover_owners(seat)
        if owners:
            fee = self.mining_fee(seat, sum(gains), units) // len(owners)
            for q in owners:
                self.gold[seat] -= fee
                self.gold[q] += fee
        for g in range(N_GEMS):
            self.gems[seat][g] += gains[g]
            if gains[g]:
                self.tgt[g] = self.clamp(self.tgt[g] - gains[g])
        self.gold[seat] += sum(self.card(d, i).value for d, i in self.owned[seat]
                               if self.card(d, i).kind == "alchemister")
        self.phase = ACTION
        self.mine_pos += 1
        if advance:
            self._next_miner()

    # Before the next round
    def _end_round(self) -> None:
        self.cur = self.tgt.copy()
        if self.opts.expert_discount:
            self._add_discounts()
        if self.tile_bought:
            self._move_gnome()
        self.tile_bought = False
        self.start = (self.start + 1) % self.n
        self.round += 1
        if self.round == self.data.correction_round:
            self._correct_market()
        for q in range(self.n):
            self.actions_left[q] = self.data.actions_per_round + self.count_kind(q, "gnomunculus")
        self.current = self.start
        self.phase = ACTION

    def _add_discounts(self) -> None:
        """Discounting Artifact Costs (expert rule, decision 18)."""
        for slot, ident in enumerate(self.display[ARTIFACT]):
            if ident < 0:
                continue
            card = self.card(ARTIFACT, ident)
            upright, sideways = self.discount[slot]
            if sideways:
                self.discount[slot] = [upright + 1, 0]
            elif upright < card.cost[card.bold]:
                self.discount[slot] = [upright, 1]

    def _move_gnome(self) -> None:
        """Clockwise to the next district that still has a tile (never Diamantina)."""
        for step in range(1, N_DISTRICTS + 1):
            district = (self.gnome + step) % N_DISTRICTS
            if any(self.board[s] != EMPTY and sp.district == district
                   for s, sp in enumerate(self.data.spaces)):
                self.gnome = district
                return

    def _correct_market(self) -> None:
        """The round-2 correction (decision 14)."""
        top = max(self.cur)
        for q in range(self.n):
            self.gold[q] += top
        for g in range(N_GEMS):
            if self.cur[g] == top:
                owned = sum(self.gems[q][g] for q in range(self.n))
                drop = owned // self.data.correction_gems_per_step
                self.cur[g] = self.clamp(self.cur[g] - drop)
                self.tgt[g] = self.clamp(self.tgt[g] - drop)

    # ----------------------------------------------------------------- scoring
    def scores(self) -> list[int]:
        return [self.vp(q) for q in range(self.n)]

    def tiebreak_gold(self, seat: int) -> int:
        """Game End tie-break: gold plus gems sold at current prices (prisms at the top)."""
        return (self.gold[seat] + sum(h * c for h, c in zip(self.gems[seat], self.cur,
                                                            strict=True))
                + self.prisms[seat] * max(self.cur))

    def winners(self) -> list[int]:
        """Most VP; tied players compare gold after selling their gems; then shared."""
        best_vp = max(self.scores())
        tied = [q for q in range(self.n) if self.vp(q) == best_vp]
        best_gold = max(self.tiebreak_gold(q) for q in tied)
        return [q for q in tied if self.tiebreak_gold(q) == best_gold]

    def returns(self) -> list[float]:
        """Zeros before the end; then 1 split among the winners."""
        if self.phase != OVER:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if q in winners else 0.0 for q in range(self.n)]

    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "over"}.get(self.current_player,
                                                      f"seat {self.current}")
        return f"<ZavandorState {self.n} players, round {self.round}, {who}>"

    def _repr_svg_(self) -> str:
        """The board picture, so a position shows itself in Jupyter (public part only)."""
        from valdora_ai.games.zavandor.svg import board_svg  # svg imports this module

        return board_svg(self)
