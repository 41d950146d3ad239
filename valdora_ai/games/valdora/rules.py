"""The reference rules engine for Valdora: readable pure Python, and the specification.

Every rule lives here once. The compiled core must agree with this module step for
step (tests/test_valdora_parity.py). Section names in comments and docstrings ("Movement",
"Turning pages", ...) are the rulebook's (English edition).

Books and hidden information
----------------------------
A book is two stacks of double-sided cards. At setup every card lies on the right
stack, front face up, shuffled. The only hidden information in the game is the order
of the cards never moved since setup: they are always the bottom ``hidden_count``
cards of the right stack, front face up, and the front of the topmost of them has been
seen (it was the visible page at some time). Every other card in a book, and every
card that left one, is known face and back. The multiset of hidden cards (``pool``) is
public: the card list minus every known card.

A state is either a *world* (``Book.hidden`` holds the true order: the real game, or a
determinization) or a *belief* state (``Book.hidden is None``). In a belief state,
turning or buying the top hidden card first passes through chance nodes that reveal
its back, then the front of the newly exposed hidden card, with their exact posterior
probabilities; in a world the same faces are simply looked up.
"""

from __future__ import annotations

from dataclasses import dataclass

from valdora_ai.games.refusals import step_code
from valdora_ai.games.valdora import stepcheck  # circular: used at call time only
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.constants import (
    ACTION,
    CHANCE,
    DELIVERY,
    EMPTY,
    LOADING,
    MAX_HELD_COMMISSIONS,
    MOVE,
    NO_ACTION,
    NO_REVEAL,
    NOT_OWNED,
    PURCHASE,
    REVEAL_BACK,
    REVEAL_FRONT,
    TERMINAL,
    UNSEEN,
)
from valdora_ai.games.valdora.data import ANY_GEM, CardSet, ComponentData

Card = tuple[int, int]  # (card type in its set, side face up: 0 front, 1 back)


class Book:
    """One city's book: a left and a right stack of cards, bottom first."""

    __slots__ = ("space", "cards", "left", "right", "hidden", "hidden_count", "top_front",
                 "pool")

    space: int
    cards: CardSet
    left: list[Card]
    right: list[Card]  # known cards lying on top of the hidden ones
    hidden: list[int] | None  # world: hidden types, bottom first; None in a belief
    hidden_count: int
    top_front: int
    pool: list[int]  # hidden cards per type (public)

    def __init__(self, space: int, cards: CardSet) -> None:
        self.space = space
        self.cards = cards
        self.left = []
        self.right = []
        self.hidden = []
        self.hidden_count = 0
        self.top_front = UNSEEN
        self.pool = [0] * len(cards.types)

    def copy(self) -> Book:
        other = Book.__new__(Book)
        other.space = self.space
        other.cards = self.cards
        other.left = self.left.copy()
        other.right = self.right.copy()
        other.hidden = None if self.hidden is None else self.hidden.copy()
        other.hidden_count = self.hidden_count
        other.top_front = self.top_front
        other.pool = self.pool.copy()
        return other

    def face(self, card: Card) -> int:
        return self.cards.types[card[0]][card[1]]

    def visible(self, side: int) -> int | None:
        """The face on top of a stack, or None when the stack is empty."""
        stack = self.left if side == S.LEFT else self.right
        if stack:
            return self.face(stack[-1])
        if side == S.RIGHT and self.hidden_count:
            return self.top_front
        return None

    def size(self) -> int:
        return len(self.left) + len(self.right) + self.hidden_count

    def pin_top_hidden(self, card_type: int) -> None:
        """Make the top hidden card known as `card_type` (it is about to move)."""
        if self.hidden is not None:
            self.hidden.pop()
        self.hidden_count -= 1
        self.pool[card_type] -= 1
        self.right.append((card_type, 0))
        self.top_front = UNSEEN

    def back_candidates(self) -> list[tuple[int, int]]:
        """(back face, weight) for the top hidden card, given its seen front."""
        return [(back, self.pool[t]) for t, (front, back) in enumerate(self.cards.types)
                if front == self.top_front and self.pool[t]]

    def front_candidates(self) -> list[tuple[int, int]]:
        """(front face, weight) for a newly exposed hidden card: the pool's fronts."""
        weights: dict[int, int] = {}
        for t, (front, _) in enumerate(self.cards.types):
            if self.pool[t]:
                weights[front] = weights.get(front, 0) + self.pool[t]
        return sorted(weights.items())


class Player:
    """What one player has in front of them; all of it is public."""

    __slots__ = ("space", "coins", "provisions", "load", "equipment", "commissions",
                 "completed", "craftsmen", "workshops", "bonus")

    space: int
    coins: int
    provisions: bool
    load: list[int]  # per item: NOT_OWNED, EMPTY or a gem
    equipment: list[Card]  # bought equipment cards
    commissions: list[Card]  # incomplete, in purchase order
    completed: list[Card]
    craftsmen: list[int]
    workshops: list[int]  # colours, in the order they were opened
    bonus: int

    def __init__(self, space: int, coins: int, n_items: int, n_colours: int, start_item: int
                 ) -> None:
        self.space = space
        self.coins = coins
        self.provisions = False
        self.load = [NOT_OWNED] * n_items
        self.load[start_item] = EMPTY
        self.equipment = []
        self.commissions = []
        self.completed = []
        self.craftsmen = [0] * n_colours
        self.workshops = []
        self.bonus = 0

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.space = self.space
        other.coins = self.coins
        other.provisions = self.provisions
        other.load = self.load.copy()
        other.equipment = self.equipment.copy()
        other.commissions = self.commissions.copy()
        other.completed = self.completed.copy()
        other.craftsmen = self.craftsmen.copy()
        other.workshops = self.workshops.copy()
        other.bonus = self.bonus
        return other


@dataclass(frozen=True)
class ScoreLine:
    """One player's final score, broken down as in the rulebook's Scoring section."""

    commissions: int
    craftsmen: int
    workshops: int
    bonus: int
    gems: int
    coins: int  # not points: the first tie-breaker

    @property
    def total(self) -> int:
        return self.commissions + self.craftsmen + self.workshops + self.bonus + self.gems


class ValdoraState:
    """A Valdora position, with the step interface search and people use.

    `apply` is fast and skips the legality check (it refuses only numbers that would
    break the state, see `stepcheck`); `play` checks.
    """

    __slots__ = ("data", "n", "players", "current", "phase", "action", "pages_turned",
                 "loads_done", "reveal", "reveal_book", "pending_step", "bank", "discard",
                 "road", "supply", "workshop_owner", "bonus_left", "books", "rounds",
                 "turns", "end_triggered", "capped", "over")

    data: ComponentData
    n: int
    players: list[Player]
    current: int
    phase: int
    action: int
    pages_turned: int
    loads_done: int
    reveal: int
    reveal_book: int
    pending_step: int
    bank: int
    discard: list[int]
    road: list[list[int]]  # per space: gems per colour
    supply: list[int]
    workshop_owner: list[int]
    bonus_left: int
    books: list[Book]
    rounds: int
    turns: int
    end_triggered: bool
    capped: bool
    over: bool

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, data: ComponentData, n_players: int, rng: object) -> ValdoraState:
        """Set up a game (rulebook: Game components and setup) with a seeded `rng`."""
        self = cls.__new__(cls)
        self.data = data
        self.n = n_players
        start_item = next(i for i, it in enumerate(data.items) if it.start)
        self.players = [
            Player(data.start_space, data.start_coins_first + seat, len(data.items),
                   len(data.colours), start_item)
            for seat in range(n_players)
        ]
        self.bank = data.coins_total - sum(p.coins for p in self.players)
        self.discard = [0] * len(data.gems)
        bag = [g for g, gem in enumerate(data.gems) for _ in range(gem.count)]
        rng.shuffle(bag)  # type: ignore[attr-defined]
        self.road = [[0] * len(data.gems) for _ in data.spaces]
        for r, space in enumerate(data.road_spaces):
            for gem in bag[r * data.gems_per_road:(r + 1) * data.gems_per_road]:
                self.road[space][gem] += 1
        self.books = []
        for space in data.book_spaces:
            book = Book(space, data.card_sets[data.spaces[space].book])  # type: ignore[index]
            order = [t for t, copies in enumerate(book.cards.copies) for _ in range(copies)]
            rng.shuffle(order)  # type: ignore[attr-defined]
            book.hidden = order
            book.hidden_count = len(order)
            book.pool = list(book.cards.copies)
            book.top_front = book.cards.types[order[-1]][0] if order else UNSEEN
            self.books.append(book)
        self.supply = [c.count - (c.removed_with_3 if n_players == 3 else 0)
                       for c in data.colours]
        self.workshop_owner = [-1] * len(data.colours)
        self.bonus_left = data.bonus_count
        self.current = 0
        self._start_turn()
        self.reveal = NO_REVEAL
        self.reveal_book = -1
        self.pending_step = -1
        self.rounds = 0
        self.turns = 0
        self.end_triggered = False
        self.capped = False
        self.over = False
        return self

    def _start_turn(self) -> None:
        self.phase = MOVE
        self.action = NO_ACTION
        self.pages_turned = 0
        self.loads_done = 0

    def copy(self) -> ValdoraState:
        other = ValdoraState.__new__(ValdoraState)
        for name in ("data", "n", "current", "phase", "action", "pages_turned", "loads_done",
                     "reveal", "reveal_book", "pending_step", "bank", "bonus_left", "rounds",
                     "turns", "end_triggered", "capped", "over"):
            setattr(other, name, getattr(self, name))
        other.players = [p.copy() for p in self.players]
        other.discard = self.discard.copy()
        other.road = [r.copy() for r in self.road]
        other.supply = self.supply.copy()
        other.workshop_owner = self.workshop_owner.copy()
        other.books = [b.copy() for b in self.books]
        return other

    # ----------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        """The seat to decide, CHANCE at a reveal in a belief state, TERMINAL at the end."""
        if self.over:
            return TERMINAL
        if self.reveal != NO_REVEAL:
            return CHANCE
        return self.current

    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        return not self.over and self.reveal != NO_REVEAL

    @property
    def is_world(self) -> bool:
        """True when the hidden card order is fixed (real game or determinization)."""
        return all(b.hidden is not None for b in self.books)

    def book_at(self, space: int) -> Book | None:
        for book in self.books:
            if book.space == space:
                return book
        return None

    def legal_steps(self) -> list[int]:
        """The legal steps (decisions, or chance outcomes at a chance node), ascending."""
        if self.over:
            return []
        if self.reveal != NO_REVEAL:
            return [S.chance(face) for face, _ in self._reveal_weights()]
        if self.phase == MOVE:
            return self._legal_moves()
        steps = [S.END]
        space = self.data.spaces[self.players[self.current].space]
        if self.action in (NO_ACTION, PURCHASE) and space.book is not None:
            steps += self._legal_purchases()
        if self.action in (NO_ACTION, LOADING) and (space.kind in ("road", "harbour")
                                                    or space.ships):
            steps += self._legal_loads()
        if self.action in (NO_ACTION, DELIVERY) and space.kind == "patron":
            steps += self._legal_deliveries()
        if self.action == NO_ACTION:
            player = self.players[self.current]
            if space.kind == "city" and not player.provisions:
                steps.append(S.PROVISIONS)
            if space.kind == "mine" and player.coins < self.data.coin_cap and self.bank:
                steps.append(S.SILVER)
        return sorted(steps)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(chance step, exact probability) pairs at a chance node."""
        weights = self._reveal_weights()
        total = sum(w for _, w in weights)
        return [(S.chance(face), w / total) for face, w in weights]

    def _reveal_weights(self) -> list[tuple[int, int]]:
        book = self.books[self.reveal_book]
        if self.reveal == REVEAL_BACK:
            return book.back_candidates()
        return book.front_candidates()

    def _legal_moves(self) -> list[int]:
        """Movement: destinations without passing a city, or through one with provisions."""
        player = self.players[self.current]
        here = player.space
        reach = set(self.data.reach_plain[here])
        if player.provisions:
            reach |= self.data.reach_provisioned[here]
        moves = [S.move(dest) for dest in sorted(reach) if self._can_pay_encounter(dest)]
        # A pawn that cannot end anywhere (possible only on unusual boards) passes.
        return moves or [S.END]

    def _others_at(self, space: int) -> list[int]:
        return [seat for seat, p in enumerate(self.players)
                if seat != self.current and p.space == space]

    def _can_pay_encounter(self, dest: int) -> bool:
        """Encounters: 1 coin to each pawn met, except on silver mines."""
        if self.data.spaces[dest].kind == "mine":
            return True
        return self.players[self.current].coins >= len(self._others_at(dest))

    def _legal_purchases(self) -> list[int]:
        player = self.players[self.current]
        book = self.book_at(player.space)
        assert book is not None
        steps = []
        turn_affordable = self.pages_turned == 0 or player.coins >= 1
        for side in (S.LEFT, S.RIGHT):
            face = book.visible(side)
            if face is None:
                continue
            if turn_affordable:
                steps.append(S.turn(side))
            if book.cards.kind == "equipment":
                if player.load[face] == NOT_OWNED:
                    steps += [S.buy(side, source) for source in self._gold_sources(player)]
            elif len(player.commissions) < MAX_HELD_COMMISSIONS and player.coins >= 1:
                steps.append(S.buy(side))
        if book.cards.kind == "commission" and len(player.commissions) == MAX_HELD_COMMISSIONS:
            steps += [S.return_commission(i, side) for i in range(MAX_HELD_COMMISSIONS)
                      for side in (S.LEFT, S.RIGHT)]
        return steps

    def _gold_sources(self, player: Player) -> list[int]:
        gold = self.data.equipment_gem
        return [item for item, gem in enumerate(player.load) if gem == gold]

    def _load_source(self) -> list[int]:
        """Gem counts a loading action takes from: the road here, or the discard."""
        space = self.players[self.current].space
        if self.data.spaces[space].kind == "road":
            return self.road[space]
        return self.discard

    def _legal_loads(self) -> list[int]:
        """Loading: each gem onto a matching item, empty or (horse/cart) reloaded."""
        player = self.players[self.current]
        space = self.data.spaces[player.space]
        if space.kind != "road" and self.loads_done >= space.ships:
            return []
        available = self._load_source()
        steps = []
        for gem, count in enumerate(available):
            if not count:
                continue
            for item, carried in enumerate(player.load):
                spec = self.data.items[item]
                if carried == NOT_OWNED or spec.loads not in (gem, ANY_GEM):
                    continue
                reload = spec.loads == ANY_GEM and carried not in (EMPTY, gem)
                if (carried == EMPTY or reload) and player.coins >= spec.load_cost:
                    steps.append(S.load(gem, item))
        return steps

    def _legal_deliveries(self) -> list[int]:
        """Complete commissions: each matching commission with each way to pay."""
        player = self.players[self.current]
        patron = self.data.spaces[player.space].patron
        steps = []
        for index, card in enumerate(player.commissions):
            face = self.data.commissions[self._commission_face(card)]
            if face.patron != patron:
                continue
            if face.coins:
                if player.coins >= face.coins:
                    steps.append(S.complete(index, 0))
                continue
            for mask in self._payment_masks(player, face.gems):
                steps.append(S.complete(index, mask))
        return steps

    @staticmethod
    def _payment_masks(player: Player, gems: tuple[int, ...]) -> list[int]:
        """Every set of items (as a bit mask) whose carried gems are exactly `gems`."""
        masks = [0]
        for gem in gems:
            carriers = [item for item, carried in enumerate(player.load) if carried == gem]
            masks = [mask | (1 << item) for mask in masks for item in carriers]
        return sorted(masks)

    def _commission_face(self, card: Card) -> int:
        return self.data.card_set("commission").types[card[0]][card[1]]

    # ----------------------------------------------------------------- applying
    def play(self, step: int) -> None:
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        step = step_code(step)
        legal = self.legal_steps()
        if step not in legal:
            raise stepcheck.play_error(self, step, legal, stepcheck.step_problem(self, step))
        self.apply(step)

    def apply(self, step: int) -> None:
        """Apply a step without checking its legality: `play` is the checked version.

        Numbers that would break the state's structure are still refused
        (IllegalMoveError, see `stepcheck`).
        """
        if type(step) is not int:
            step = step_code(step)
        problem = stepcheck.step_problem(self, step)
        if problem:
            raise stepcheck.step_error(self, step, problem)
        if self.reveal != NO_REVEAL:
            self._apply_reveal(step - S.CHANCE_BASE)
            return
        kind = S.kind(step)
        if kind == "move":
            self._apply_move(step - S.MOVE_BASE)
        elif step == S.END:
            self._end_turn()
        elif step == S.PROVISIONS:
            self.players[self.current].provisions = True
            self._end_turn()
        elif step == S.SILVER:
            self._apply_silver()
        elif kind in ("turn", "buy"):
            self._apply_page_step(step)
        elif kind == "return":
            index, side = divmod(step - S.RETURN_BASE, S.RETURN_STRIDE)
            self._apply_return(index, side)
        elif kind == "load":
            gem, item = divmod(step - S.LOAD_BASE, S.LOAD_STRIDE)
            self._apply_load(gem, item)
        elif kind == "complete":
            index, mask = divmod(step - S.COMPLETE_BASE, S.COMPLETE_STRIDE)
            self._apply_delivery(index, mask)

    def _apply_move(self, dest: int) -> None:
        player = self.players[self.current]
        if dest not in self.data.reach_plain[player.space]:
            player.provisions = False  # passed through a city
        if self.data.spaces[dest].kind != "mine":
            for seat in self._others_at(dest):
                player.coins -= 1
                self._pay_coin_to(seat)
        player.space = dest
        self.phase = ACTION

    def _pay_coin_to(self, seat: int) -> None:
        """A coin to a player, or to the bank if they already hold the cap (Encounters)."""
        other = self.players[seat]
        if other.coins < self.data.coin_cap:
            other.coins += 1
        else:
            self.bank += 1

    def _apply_silver(self) -> None:
        """Replenish silver: refill to the cap, as far as the bank allows."""
        player = self.players[self.current]
        taken = min(self.data.coin_cap - player.coins, self.bank)
        player.coins += taken
        self.bank -= taken
        self._end_turn()

    def _apply_page_step(self, step: int) -> None:
        """Turning pages and buying (Purchase equipment or commissions)."""
        player = self.players[self.current]
        book = self.book_at(player.space)
        assert book is not None
        is_turn = step < S.BUY_BASE
        side = step - S.TURN_BASE if is_turn else (step - S.BUY_BASE) // S.BUY_STRIDE
        stack = book.left if side == S.LEFT else book.right
        if not stack:  # the top hidden card moves: its back must be known first
            if book.hidden is None:
                self.reveal, self.reveal_book, self.pending_step = (
                    REVEAL_BACK, self.books.index(book), step)
                return
            book.pin_top_hidden(book.hidden[-1])
        self.action = PURCHASE
        card = stack.pop()
        if is_turn:
            if self.pages_turned:
                player.coins -= 1
                self.bank += 1
            self.pages_turned += 1
            other = book.right if side == S.LEFT else book.left
            other.append((card[0], 1 - card[1]))
        else:
            face = book.face(card)
            if book.cards.kind == "equipment":
                source = (step - S.BUY_BASE) % S.BUY_STRIDE
                self.discard[player.load[source]] += 1
                player.load[source] = EMPTY
                player.load[face] = EMPTY
                player.equipment.append(card)
            else:
                player.coins -= 1
                self.bank += 1
                player.commissions.append(card)
        self._expose(book)

    def _expose(self, book: Book) -> None:
        """Show the front of a hidden card that has just become the right stack's top."""
        if book.right or not book.hidden_count or book.top_front != UNSEEN:
            return
        if book.hidden is None:
            self.reveal, self.reveal_book = REVEAL_FRONT, self.books.index(book)
        else:
            book.top_front = book.cards.types[book.hidden[-1]][0]

    def _apply_reveal(self, face: int) -> None:
        book = self.books[self.reveal_book]
        if self.reveal == REVEAL_FRONT:
            book.top_front = face
            self.reveal = NO_REVEAL
            return
        book.pin_top_hidden(book.cards.type_of(book.top_front, face))
        self.reveal = NO_REVEAL
        step, self.pending_step = self.pending_step, -1
        self._apply_page_step(step)

    def _apply_return(self, index: int, side: int) -> None:
        """Return a commission to the book here (only when holding the maximum of 3)."""
        player = self.players[self.current]
        book = self.book_at(player.space)
        assert book is not None
        card = player.commissions.pop(index)
        (book.left if side == S.LEFT else book.right).append(card)
        self.action = PURCHASE

    def _apply_load(self, gem: int, item: int) -> None:
        """Load gemstones; a horse or cart already carrying a gem unloads it first."""
        player = self.players[self.current]
        carried = player.load[item]
        if carried != EMPTY:
            self.discard[carried] += 1
        self._load_source()[gem] -= 1
        player.load[item] = gem
        cost = self.data.items[item].load_cost
        player.coins -= cost
        self.bank += cost
        self.loads_done += 1
        self.action = LOADING

    def _apply_delivery(self, index: int, mask: int) -> None:
        """Complete a commission, hire a craftsman, open a workshop, take a bonus tile."""
        player = self.players[self.current]
        card = player.commissions.pop(index)
        face = self.data.commissions[self._commission_face(card)]
        if face.coins:
            player.coins -= face.coins
            self.bank += face.coins
        for item in range(len(player.load)):
            if mask >> item & 1:
                self.discard[player.load[item]] += 1
                player.load[item] = EMPTY
        player.completed.append(card)
        had_workshop = self.workshop_owner[face.patron] == self.current
        colour = self.hire_colour(face.patron)
        if colour >= 0:
            self.supply[colour] -= 1
            player.craftsmen[colour] += 1
            needs = self.data.colours[colour].workshop_needs
            if self.workshop_owner[colour] < 0 and player.craftsmen[colour] >= needs:
                self.workshop_owner[colour] = self.current
                player.workshops.append(colour)
            if sum(1 for left in self.supply if left) <= 1:
                self.end_triggered = True
        if had_workshop and self.bonus_left:
            self.bonus_left -= 1
            player.bonus += 1
        self.action = DELIVERY

    def hire_colour(self, patron: int) -> int:
        """The craftsman colour a delivery to `patron` hires: the patron's colour, else the
        next clockwise with tiles left; -1 when no tiles are left."""
        n = len(self.supply)
        for offset in range(n):
            colour = (patron + offset) % n
            if self.supply[colour]:
                return colour
        return -1

    def _end_turn(self) -> None:
        """Pass to the left-hand neighbour; after the last seat a round is complete."""
        self.turns += 1
        if self.current == self.n - 1:
            self.rounds += 1
            if self.end_triggered:
                self.over = True
            elif self.rounds >= self.data.max_rounds:
                self.over = self.capped = True
        self.current = (self.current + 1) % self.n
        self._start_turn()

    # ----------------------------------------------------------------- scoring
    def score_lines(self) -> list[ScoreLine]:
        """Scoring: commissions, craftsman colours, workshops, bonus tiles, carried gems."""
        data = self.data
        cards = data.card_set("commission")
        lines = []
        for player in self.players:
            lines.append(ScoreLine(
                commissions=sum(data.commissions[cards.types[t][side]].vp
                                for t, side in player.completed),
                craftsmen=data.vp_per_colour * sum(1 for c in player.craftsmen if c),
                workshops=sum(data.colours[c].workshop_vp for c in player.workshops),
                bonus=data.bonus_vp * player.bonus,
                gems=data.vp_per_gem * sum(1 for g in player.load if g >= 0),
                coins=player.coins,
            ))
        return lines

    def scores(self) -> list[int]:
        return [line.total for line in self.score_lines()]

    def winners(self) -> list[int]:
        """Most points; ties broken by most coins; a remaining tie is shared."""
        lines = self.score_lines()
        best = max((line.total, line.coins) for line in lines)
        return [seat for seat, line in enumerate(lines) if (line.total, line.coins) == best]

    def returns(self) -> list[float]:
        """Win shares once the game is over (1 split among the winners), zeros before."""
        if not self.over:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]

    # ----------------------------------------------------------------- helpers
    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "over"}.get(self.current_player,
                                                      f"seat {self.current}")
        return f"<ValdoraState {self.n} players, round {self.rounds + 1}, {who}>"

    def _repr_svg_(self) -> str:
        """The board picture, so a position shows itself in Jupyter (public part only)."""
        from valdora_ai.games.valdora.svg import board_svg  # svg imports this module

        return board_svg(self)
