"""Build exact Valdora positions for the rulebook tests, conserving every component.

A :class:`Scenario` starts from ``make_game("valdora", players=N).new_state(seed)`` and
edits the state's public fields. Every edit keeps the game's conservation laws
(:mod:`valdora_ai.games.valdora.invariants`):

- coins come from / go to the bank;
- gems come from / go to the *unpinned* road spaces (a road whose gems a test sets
  with :meth:`Scenario.road` is pinned and never used as a reservoir); gems no road
  has room for go to the discard;
- equipment and commission cards are taken out of a book of their kind (preferring
  books the test did not arrange);
- craftsman tiles given to a seat come from the supply; when the test sets a colour's
  supply, the tiles neither there nor given to a seat are spread over the *bystander*
  seats (seats whose tiles the test never set); a bystander reaching a workshop's
  threshold owns it, as it would have in a real game.

:meth:`Scenario.build` checks the conservation laws and round-trips the state through
position JSON (``position_from_json`` validates it), returning the validated state.

Names are the data file's ids: spaces ``"r4"``, gems ``"ruby"`` (or the letter
``"R"``), items ``"pick"``, craftsman colours ``"violet"``, commission faces ``"V"``.
Cards are written as in position JSON: ``"front/back"`` (front up) or
``"front/back^"`` (back up).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games import make_game
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.invariants import conservation_problems
from valdora_ai.games.valdora.notation import describe_step, parse_step
from valdora_ai.games.valdora.rules import EMPTY, NOT_OWNED, UNSEEN, Book, Card, ValdoraState

DATA = default_data()
SPACE = {s.id: i for i, s in enumerate(DATA.spaces)}
GEM = {g.id: i for i, g in enumerate(DATA.gems)} | {g.letter: i for i, g in enumerate(DATA.gems)}
ITEM = {it.id: i for i, it in enumerate(DATA.items)}
COLOUR = {c.id: i for i, c in enumerate(DATA.colours)}
FACE = {f.id: i for i, f in enumerate(DATA.commissions)}


class ScenarioError(AssertionError):
    """The requested position cannot be built while conserving the components."""


def _face_names(book: Book) -> list[str]:
    if book.cards.kind == "equipment":
        return [it.id for it in DATA.items]
    return [f.id for f in DATA.commissions]


class Scenario:
    """A game state being set up for one rulebook situation."""

    def __init__(self, players: int = 4, seed: int = 1, to_move: int = 0) -> None:
        self.game = make_game("valdora", players=players)
        self.state: ValdoraState = as_reference(self.game.new_state(seed))
        self.state.current = to_move
        self.pinned: set[int] = set()  # road spaces whose gems the test fixed
        self.arranged: set[int] = set()  # book spaces whose stacks the test fixed
        self.tile_seats: set[int] = set()  # seats whose craftsman tiles the test fixed
        self.supply_set: set[int] = set()  # colours whose supply the test fixed

    # ------------------------------------------------------------ seats
    def place(self, seat: int, space: str, *, coins: int | None = None,
              provisions: bool | None = None) -> Scenario:
        self.state.players[seat].space = SPACE[space]
        if coins is not None:
            self.coins(seat, coins)
        if provisions is not None:
            self.state.players[seat].provisions = provisions
        return self

    def coins(self, seat: int, n: int) -> Scenario:
        player = self.state.players[seat]
        self.state.bank += player.coins - n
        player.coins = n
        if self.state.bank < 0:
            raise ScenarioError("the bank ran out of coins")
        return self

    def carry(self, seat: int, item: str, gem: str | None = None) -> Scenario:
        """The seat owns `item` (its card taken from a catalog), carrying `gem` or nothing."""
        player = self.state.players[seat]
        i = ITEM[item]
        if player.load[i] == NOT_OWNED:
            player.equipment.append(self._take_card("equipment", i))
            player.load[i] = EMPTY
        if player.load[i] >= 0:
            self._put_gem(player.load[i])
            player.load[i] = EMPTY
        if gem is not None:
            self._take_gem(GEM[gem])
            player.load[i] = GEM[gem]
        return self

    def commission(self, seat: int, face: str, *, completed: bool = False) -> Scenario:
        """Give the seat a commission card showing `face` (incomplete or completed)."""
        player = self.state.players[seat]
        card = self._take_card("commission", FACE[face])
        (player.completed if completed else player.commissions).append(card)
        return self

    def tiles(self, seat: int, **counts: int) -> Scenario:
        """Set the seat's craftsman tiles exactly (by colour; unnamed colours: none)."""
        unknown = sorted(set(counts) - set(COLOUR))
        if unknown:
            raise ScenarioError(f"unknown craftsman colours {unknown}")
        self.tile_seats.add(seat)
        craftsmen = self.state.players[seat].craftsmen
        craftsmen[:] = [counts.get(c.id, 0) for c in DATA.colours]
        self._balance_tiles()
        return self

    def workshop(self, colour: str, seat: int | None) -> Scenario:
        c = COLOUR[colour]
        owner = self.state.workshop_owner[c]
        if owner >= 0:
            self.state.players[owner].workshops.remove(c)
        self.state.workshop_owner[c] = -1 if seat is None else seat
        if seat is not None:
            self.state.players[seat].workshops.append(c)
        return self

    def bonus(self, seat: int, n: int) -> Scenario:
        player = self.state.players[seat]
        self.state.bonus_left += player.bonus - n
        player.bonus = n
        if self.state.bonus_left < 0:
            raise ScenarioError("not enough bonus tiles")
        return self

    # ------------------------------------------------------------ table
    def supply(self, **counts: int) -> Scenario:
        """Set the craftsman tiles left next to the board (by colour)."""
        for colour, n in counts.items():
            self.state.supply[COLOUR[colour]] = n
            self.supply_set.add(COLOUR[colour])
        self._balance_tiles()
        return self

    def road(self, space: str, **counts: int) -> Scenario:
        """Put exactly these gems on a road space (unnamed gems: none); pins it."""
        s = SPACE[space]
        self.pinned.add(s)
        self._set_gems(self.state.road[s], counts)
        return self

    def discard(self, **counts: int) -> Scenario:
        """Put exactly these gems on the discard space (unnamed gems: none)."""
        self._set_gems(self.state.discard, counts)
        return self

    def book(self, city: str, *, left: tuple[str, ...] = (), right: tuple[str, ...] = ()
             ) -> Scenario:
        """Lay these cards (bottom first) on the book's stacks, above its hidden cards."""
        book = self._book(city)
        self.arranged.add(book.space)
        for stack in (book.left, book.right):
            while stack:
                self._hide(book, stack.pop()[0])
        for stack, names in ((book.left, left), (book.right, right)):
            for name in names:
                card = self._parse_card(book, name)
                self._unhide(card[0], book)
                stack.append(card)
        return self

    def empty_book(self, city: str) -> Scenario:
        """Empty a book: its cards go, known and front up, onto the other book's left stack."""
        book = self._book(city)
        self.arranged.add(book.space)
        other = next(b for b in self.state.books
                     if b is not book and b.cards.kind == book.cards.kind)
        while book.hidden:
            t = book.hidden[-1]
            self._unhide(t, book)
            other.left.append((t, 0))
        other.left += book.left + book.right
        book.left.clear()
        book.right.clear()
        return self

    def set(self, **fields: Any) -> Scenario:
        """Set plain state fields (current, turns, rounds, end_triggered, ...)."""
        for name, value in fields.items():
            setattr(self.state, name, value)
        return self

    # ------------------------------------------------------------ result
    def build(self) -> ValdoraState:
        """The validated position: conservation checked, round-tripped through JSON."""
        problems = conservation_problems(self.state)
        if problems:
            raise ScenarioError(f"components not conserved: {problems}")
        doc = self.game.position_to_json(self.state)
        state = self.game.position_from_json(doc)
        assert self.game.position_to_json(state) == doc
        return state

    # ------------------------------------------------------------ internals
    def _set_gems(self, counts_list: list[int], wanted: dict[str, int]) -> None:
        target = [0] * len(DATA.gems)
        for name, n in wanted.items():
            target[GEM[name]] = n
        for g, n in enumerate(target):
            while counts_list[g] > n:
                counts_list[g] -= 1
                self._put_gem(g)
            while counts_list[g] < n:
                self._take_gem(g)
                counts_list[g] += 1

    def _reservoir(self) -> list[int]:
        return [s for s in DATA.road_spaces if s not in self.pinned]

    def _take_gem(self, g: int) -> None:
        for s in reversed(self._reservoir()):
            if self.state.road[s][g]:
                self.state.road[s][g] -= 1
                return
        raise ScenarioError(f"no spare {DATA.gems[g].id} left on the unpinned roads")

    def _put_gem(self, g: int) -> None:
        """Back onto the emptiest unpinned road, or into the discard when every road is
        full (a road never holds more gems than it was dealt)."""
        roads = [s for s in self._reservoir() if sum(self.state.road[s]) < DATA.gems_per_road]
        if not roads:
            self.state.discard[g] += 1
            return
        s = min(roads, key=lambda r: (sum(self.state.road[r]), r))
        self.state.road[s][g] += 1

    def _book(self, city: str) -> Book:
        book = self.state.book_at(SPACE[city])
        if book is None:
            raise ScenarioError(f"{city} holds no book")
        return book

    @staticmethod
    def _parse_card(book: Book, name: str) -> Card:
        names = _face_names(book)
        side = 1 if name.endswith("^") else 0
        front, back = name.rstrip("^").split("/")
        return book.cards.type_of(names.index(front), names.index(back)), side

    def _take_card(self, kind: str, face: int) -> Card:
        """A card showing `face`, taken out of a book's hidden cards."""
        books = sorted((b for b in self.state.books if b.cards.kind == kind),
                       key=lambda b: b.space in self.arranged)
        for book in books:
            for t in reversed(book.hidden or []):
                front, back = book.cards.types[t]
                if face in (front, back):
                    self._unhide(t, book)
                    return t, 0 if front == face else 1
        raise ScenarioError(f"no hidden card with face {face} left in the {kind} books")

    def _unhide(self, t: int, prefer: Book) -> None:
        """Remove one hidden card of type `t` from `prefer`, else another book of its kind."""
        books = [prefer] + [b for b in self.state.books
                            if b is not prefer and b.cards is prefer.cards]
        for book in books:
            if book.hidden and t in book.hidden:
                book.hidden.remove(t)
                book.pool[t] -= 1
                book.hidden_count -= 1
                self._refresh_top(book)
                return
        raise ScenarioError(f"no hidden card of type {t} left")

    def _hide(self, book: Book, t: int) -> None:
        assert book.hidden is not None
        book.hidden.insert(0, t)
        book.pool[t] += 1
        book.hidden_count += 1
        self._refresh_top(book)

    @staticmethod
    def _refresh_top(book: Book) -> None:
        book.top_front = book.cards.types[book.hidden[-1]][0] if book.hidden else UNSEEN

    def _balance_tiles(self) -> None:
        """Tiles of a colour whose supply the test did not set stay in the supply; tiles
        of a colour whose supply it set, and not given to a seat, go to the bystanders."""
        state = self.state
        bystanders = [s for s in range(state.n) if s not in self.tile_seats]
        for c, colour in enumerate(DATA.colours):
            expected = colour.count - (colour.removed_with_3 if state.n == 3 else 0)
            given = sum(state.players[s].craftsmen[c] for s in self.tile_seats)
            for s in bystanders:
                state.players[s].craftsmen[c] = 0
            if c not in self.supply_set:
                state.supply[c] = expected - given
            rest = expected - given - state.supply[c]
            if rest < 0 or (rest and not bystanders):
                raise ScenarioError(f"{colour.id}: {given + state.supply[c]} tiles placed, "
                                    f"the game has {expected}")
            for k in range(rest):
                state.players[bystanders[k % len(bystanders)]].craftsmen[c] += 1
            owner = state.workshop_owner[c]
            if owner in bystanders:
                self.workshop(colour.id, None)
            if state.workshop_owner[c] < 0:
                for s in bystanders:
                    if state.players[s].craftsmen[c] >= colour.workshop_needs:
                        self.workshop(colour.id, s)
                        break


# ---------------------------------------------------------------- driving the engine
def tokens(state: ValdoraState) -> list[str]:
    """The legal steps here, in notation."""
    return [describe_step(state, s) for s in state.legal_steps()]


def play(state: ValdoraState, *written: str) -> None:
    """Play single steps written in notation (checked: each must be legal)."""
    for token in written:
        state.play(parse_step(state, token))


def play_turn(state: ValdoraState, text: str) -> list[int]:
    """Play a whole turn written in notation; returns its steps."""
    game = make_game("valdora", players=state.n)
    steps = game.parse_turn(state, text)  # type: ignore[attr-defined]
    for step in steps:
        state.play(step)
    return steps


def seat_doc(state: ValdoraState, seat: int) -> dict[str, Any]:
    """A seat as position JSON: items, commissions, craftsmen... by name."""
    return make_game("valdora", players=state.n).position_to_json(state)["seats"][seat]


def table_doc(state: ValdoraState) -> dict[str, Any]:
    """The whole position as JSON (discard, roads, craftsmen, workshops...)."""
    return make_game("valdora", players=state.n).position_to_json(state)


def visible(state: ValdoraState, city: str) -> tuple[str | None, str | None]:
    """The faces on top of a book's left and right stacks (None: empty stack)."""
    book = state.book_at(SPACE[city])
    assert book is not None
    names = _face_names(book)
    left, right = book.visible(0), book.visible(1)
    return (None if left is None else names[left], None if right is None else names[right])


def held(state: ValdoraState, seat: int, which: str = "commissions") -> list[str]:
    """The faces (e.g. ``["R", "G"]``) of a seat's incomplete or completed commissions."""
    cards = DATA.card_set("commission")
    names = [f.id for f in DATA.commissions]
    return [names[cards.types[t][side]] for t, side in getattr(state.players[seat], which)]
