"""Position JSON: a versioned, documented format that round-trips a state exactly.

The schema (``valdora_ai/schemas/position.schema.json`` documents it for other
languages) in short::

    {"game": "valdora", "format": "valdora-position", "version": 1, "players": 4,
     "to_move": 0, "phase": "move" | "action",
     "action": "none" | "purchase" | "loading" | "delivery",
     "pages_turned": 0, "loads_done": 0, "rounds": 0, "turns": 0,
     "end_triggered": false, "capped": false, "over": false,
     "bank": 20, "discard": {"ruby": 0, ...}, "roads": {"r1": {"ruby": 1, ...}, ...},
     "craftsmen": {"silver": 9, ...}, "workshops": {"violet": null | seat, ...},
     "bonus_tiles": 13,
     "books": [{"city": "A", "left": [CARD...], "right": [CARD...],
                "hidden": {"count": 18, "top_front": "pick" | null,
                           "pool": {"pick/chisel": 1, ...},
                           "order": ["pick/chisel", ...]}}],   # order: worlds only
     "seats": [{"space": "H", "coins": 1, "provisions": false,
                "items": {"pan": "gold" | null, ...}, "equipment": [CARD...],
                "commissions": [CARD...], "completed": [CARD...],
                "craftsmen": {"white": 1, ...}, "workshops": ["violet"], "bonus_tiles": 0}],
     "reveal": null | {"book": "C", "face": "back" | "front", "step": "tR"}}

A CARD is ``"front/back"`` with the front face up, or ``"front/back^"`` with the back
up. Card faces are item ids (equipment) or commission ids. A belief position (an
observation) has no ``order``; a world position (the real game, a determinization)
has one, bottom card first. Every error names the path of the offending field.
"""

from __future__ import annotations

import json
from typing import Any

from valdora_ai.errors import PositionError
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.data import CardSet, ComponentData
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.invariants import conservation_problems
from valdora_ai.games.valdora.rules import (
    ACTION,
    EMPTY,
    MAX_HELD_COMMISSIONS,
    MOVE,
    NO_ACTION,
    NO_REVEAL,
    NOT_OWNED,
    REVEAL_BACK,
    REVEAL_FRONT,
    UNSEEN,
    Book,
    Card,
    Player,
    ValdoraState,
)
from valdora_ai.inputs import brief, load_json

FORMAT = "valdora-position"
VERSION = 1
PHASES = {"move": MOVE, "action": ACTION}
ACTIONS = ("none", "purchase", "loading", "delivery")
REVEALS = {"back": REVEAL_BACK, "front": REVEAL_FRONT}
GAME = "valdora"
TOP_FIELDS = ("game", "format", "version", "players", "to_move", "phase", "action", "pages_turned",
              "loads_done", "rounds", "turns", "end_triggered", "capped", "over", "bank",
              "discard", "roads", "craftsmen", "workshops", "bonus_tiles", "books", "seats",
              "reveal")
SEAT_FIELDS = ("space", "coins", "provisions", "items", "equipment", "commissions", "completed",
               "craftsmen", "workshops", "bonus_tiles")


# ------------------------------------------------------------------- writing
def position_to_json(state: ValdoraState) -> dict[str, Any]:
    """The state as a JSON-ready dict (see the module docstring for the format)."""
    state = as_reference(state)
    data = state.data
    gem_ids = [g.id for g in data.gems]
    colour_ids = [c.id for c in data.colours]
    equipment = data.card_set("equipment")
    commissions = data.card_set("commission")

    def gems(counts: list[int]) -> dict[str, int]:
        return dict(zip(gem_ids, counts, strict=True))

    def book_json(book: Book) -> dict[str, Any]:
        hidden: dict[str, Any] = {
            "count": book.hidden_count,
            "top_front": _face_id(data, book.cards, book.top_front)
            if book.top_front != UNSEEN else None,
            "pool": {_type_name(data, book.cards, t): n for t, n in enumerate(book.pool) if n},
        }
        if book.hidden is not None:
            hidden["order"] = [_type_name(data, book.cards, t) for t in book.hidden]
        return {"city": data.spaces[book.space].id,
                "left": [_card_name(data, book.cards, c) for c in book.left],
                "right": [_card_name(data, book.cards, c) for c in book.right],
                "hidden": hidden}

    def seat_json(player: Player) -> dict[str, Any]:
        return {
            "space": data.spaces[player.space].id,
            "coins": player.coins,
            "provisions": player.provisions,
            "items": {data.items[i].id: (None if g == EMPTY else gem_ids[g])
                      for i, g in enumerate(player.load) if g != NOT_OWNED},
            "equipment": [_card_name(data, equipment, c) for c in player.equipment],
            "commissions": [_card_name(data, commissions, c) for c in player.commissions],
            "completed": [_card_name(data, commissions, c) for c in player.completed],
            "craftsmen": {colour_ids[c]: n for c, n in enumerate(player.craftsmen) if n},
            "workshops": [colour_ids[c] for c in player.workshops],
            "bonus_tiles": player.bonus,
        }

    reveal = None
    if state.reveal != NO_REVEAL:
        from valdora_ai.games.valdora.notation import describe_step

        book = state.books[state.reveal_book]
        reveal = {"book": data.spaces[book.space].id,
                  "face": "back" if state.reveal == REVEAL_BACK else "front",
                  "step": None if state.pending_step < 0
                  else describe_step(state, state.pending_step)}
    return {
        "game": GAME,
        "format": FORMAT,
        "version": VERSION,
        "players": state.n,
        "to_move": state.current,
        "phase": "move" if state.phase == MOVE else "action",
        "action": ACTIONS[state.action],
        "pages_turned": state.pages_turned,
        "loads_done": state.loads_done,
        "rounds": state.rounds,
        "turns": state.turns,
        "end_triggered": state.end_triggered,
        "capped": state.capped,
        "over": state.over,
        "bank": state.bank,
        "discard": gems(state.discard),
        "roads": {data.spaces[s].id: gems(state.road[s]) for s in data.road_spaces},
        "craftsmen": dict(zip(colour_ids, state.supply, strict=True)),
        "workshops": {colour_ids[c]: (None if owner < 0 else owner)
                      for c, owner in enumerate(state.workshop_owner)},
        "bonus_tiles": state.bonus_left,
        "books": [book_json(b) for b in state.books],
        "seats": [seat_json(p) for p in state.players],
        "reveal": reveal,
    }


def dumps(state: ValdoraState) -> str:
    return json.dumps(position_to_json(state), indent=1)


def _face_names(data: ComponentData, cards: CardSet) -> list[str]:
    if cards.kind == "equipment":
        return [item.id for item in data.items]
    return [face.id for face in data.commissions]


def _face_id(data: ComponentData, cards: CardSet, face: int) -> str:
    return _face_names(data, cards)[face]


def _type_name(data: ComponentData, cards: CardSet, card_type: int) -> str:
    names = _face_names(data, cards)
    front, back = cards.types[card_type]
    return f"{names[front]}/{names[back]}"


def _card_name(data: ComponentData, cards: CardSet, card: Card) -> str:
    return _type_name(data, cards, card[0]) + ("^" if card[1] else "")


# ------------------------------------------------------------------- reading
class _Reader:
    """Reads fields of the document, raising PositionError with the field's path."""

    data: ComponentData

    def __init__(self, data: ComponentData) -> None:
        self.data = data

    @staticmethod
    def fail(path: str, message: str) -> PositionError:
        return PositionError(message, where=path or "position")

    def obj(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_kind(value)}")
        return value

    def known_keys(self, doc: dict[str, Any], allowed: tuple[str, ...], path: str) -> None:
        for key in doc:
            if key not in allowed:
                where = f"{path}.{key}" if path else key
                raise self.fail(where, f"unknown field (known: {', '.join(allowed)})")

    def get(self, doc: dict[str, Any], key: str, path: str) -> Any:
        if key not in doc:
            raise self.fail(f"{path}.{key}" if path else key, "missing field")
        return doc[key]

    def integer(self, doc: dict[str, Any], key: str, path: str, lo: int = 0,
            hi: int | None = None) -> int:
        where = f"{path}.{key}" if path else key
        value = self.get(doc, key, path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected an integer, got {_kind(value)}")
        if value < lo or (hi is not None and value > hi):
            top = "∞" if hi is None else hi
            raise self.fail(where, f"{value} is out of range [{lo}, {top}]")
        return value

    def flag(self, doc: dict[str, Any], key: str, path: str) -> bool:
        value = self.get(doc, key, path)
        if not isinstance(value, bool):
            raise self.fail(f"{path}.{key}" if path else key, f"expected true or false, got "
                                                               f"{_kind(value)}")
        return value

    def choice(self, value: Any, options: list[str], path: str, what: str) -> int:
        if not isinstance(value, str) or value not in options:
            raise self.fail(path, f"unknown {what} {brief(value)} (known: {', '.join(options)})")
        return options.index(value)

    def items(self, value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected an array, got {_kind(value)}")
        return value

    def counts(self, value: Any, names: list[str], path: str, *, complete: bool) -> list[int]:
        doc = self.obj(value, path)
        for key in doc:
            self.choice(key, names, f"{path}.{key}", "name")
        if complete:
            return [self.integer(doc, name, path) for name in names]
        return [self.integer(doc, name, path) if name in doc else 0 for name in names]

    def card_type(self, value: Any, cards: CardSet, path: str) -> int:
        names = _face_names(self.data, cards)
        if isinstance(value, str) and "/" in value:
            front, back = value.split("/", 1)
            if front in names and back in names and (
                    pair := (names.index(front), names.index(back))) in cards.types:
                return cards.types.index(pair)
        raise self.fail(path, f"{brief(value)} is not a {cards.kind} card (front/back)")

    def card(self, value: Any, cards: CardSet, path: str) -> Card:
        if isinstance(value, str) and value.endswith("^"):
            return self.card_type(value[:-1], cards, path), 1
        return self.card_type(value, cards, path), 0


def _kind(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), type(value).__name__)


def loads(text: str, data: ComponentData, where: str | None = None) -> ValdoraState:
    """Parse position JSON text (PositionError, naming `where`, on bad JSON or a bad
    position)."""
    return position_from_json(load_json(text, where, PositionError), data)


def position_from_json(document: Any, data: ComponentData) -> ValdoraState:
    """Build and check a state from a position document."""
    r = _Reader(data)
    doc = r.obj(document, "")
    if doc.get("game", GAME) != GAME:  # documents written before positions named their game
        raise r.fail("game", f"a position of {brief(doc.get('game'))}, not of {GAME!r}")
    r.known_keys(doc, TOP_FIELDS, "")
    if doc.get("format") != FORMAT:
        raise r.fail("format", f"expected {FORMAT!r}, got {brief(doc.get('format'))}")
    if doc.get("version") != VERSION:
        raise r.fail("version",
                     f"unsupported version {brief(doc.get('version'))} (expected {VERSION})")
    n = r.integer(doc, "players", "", data.players_min, data.players_max)
    space_ids = [s.id for s in data.spaces]
    gem_ids = [g.id for g in data.gems]
    colour_ids = [c.id for c in data.colours]
    item_ids = [it.id for it in data.items]

    state = ValdoraState.__new__(ValdoraState)
    state.data = data
    state.n = n
    state.current = r.integer(doc, "to_move", "", 0, n - 1)
    state.phase = PHASES[_pick(r, doc, "phase", list(PHASES))]
    state.action = ACTIONS.index(_pick(r, doc, "action", list(ACTIONS)))
    state.pages_turned = r.integer(doc, "pages_turned", "")
    state.loads_done = r.integer(doc, "loads_done", "")
    state.rounds = r.integer(doc, "rounds", "")
    state.turns = r.integer(doc, "turns", "")
    state.end_triggered = r.flag(doc, "end_triggered", "")
    state.capped = r.flag(doc, "capped", "")
    state.over = r.flag(doc, "over", "")
    state.bank = r.integer(doc, "bank", "", 0, data.coins_total)
    state.discard = r.counts(r.get(doc, "discard", ""), gem_ids, "discard", complete=True)
    roads = r.obj(r.get(doc, "roads", ""), "roads")
    state.road = [[0] * len(gem_ids) for _ in data.spaces]
    road_ids = [data.spaces[s].id for s in data.road_spaces]
    for key in roads:
        r.choice(key, road_ids, f"roads.{key}", "road space")
    for s in data.road_spaces:
        sid = data.spaces[s].id
        state.road[s] = r.counts(r.get(roads, sid, "roads"), gem_ids, f"roads.{sid}",
                                 complete=True)
    state.supply = r.counts(r.get(doc, "craftsmen", ""), colour_ids, "craftsmen", complete=True)
    workshops = r.obj(r.get(doc, "workshops", ""), "workshops")
    state.workshop_owner = []
    for colour in colour_ids:
        owner = r.get(workshops, colour, "workshops")
        if owner is None:
            state.workshop_owner.append(-1)
        else:
            state.workshop_owner.append(r.integer(workshops, colour, "workshops", 0, n - 1))
    state.bonus_left = r.integer(doc, "bonus_tiles", "", 0, data.bonus_count)

    books_doc = r.items(r.get(doc, "books", ""), "books")
    if len(books_doc) != len(data.book_spaces):
        raise r.fail("books", f"expected {len(data.book_spaces)} books, got {len(books_doc)}")
    state.books = [_read_book(r, b, data, space, f"books[{i}]")
                   for i, (b, space) in enumerate(zip(books_doc, data.book_spaces, strict=True))]

    seats = r.items(r.get(doc, "seats", ""), "seats")
    if len(seats) != n:
        raise r.fail("seats", f"expected {n} seats, got {len(seats)}")
    equipment = data.card_set("equipment")
    commissions = data.card_set("commission")
    state.players = []
    for i, seat_doc in enumerate(seats):
        path = f"seats[{i}]"
        seat = r.obj(seat_doc, path)
        r.known_keys(seat, SEAT_FIELDS, path)
        player = Player(0, 0, len(item_ids), len(colour_ids),
                        next(j for j, it in enumerate(data.items) if it.start))
        player.space = r.choice(r.get(seat, "space", path), space_ids, f"{path}.space", "space")
        player.coins = r.integer(seat, "coins", path, 0, data.coin_cap)
        player.provisions = r.flag(seat, "provisions", path)
        items = r.obj(r.get(seat, "items", path), f"{path}.items")
        player.load = [NOT_OWNED] * len(item_ids)
        for key, gem in items.items():
            item = r.choice(key, item_ids, f"{path}.items.{key}", "item")
            player.load[item] = EMPTY if gem is None else r.choice(
                gem, gem_ids, f"{path}.items.{key}", "gem")
            accepts = data.items[item].loads
            if gem is not None and accepts not in (-1, player.load[item]):
                raise r.fail(f"{path}.items.{key}", f"a {key} cannot carry {gem}")
        if any(player.load[j] == NOT_OWNED for j, it in enumerate(data.items) if it.start):
            raise r.fail(f"{path}.items", "the start item is missing")
        player.equipment = [r.card(c, equipment, f"{path}.equipment[{j}]")
                            for j, c in enumerate(r.items(r.get(seat, "equipment", path),
                                                         f"{path}.equipment"))]
        bought = sorted(equipment.types[t][side] for t, side in player.equipment)
        owned = sorted(j for j, g in enumerate(player.load)
                       if g != NOT_OWNED and not data.items[j].start)
        if bought != owned:
            raise r.fail(f"{path}.equipment", "the equipment cards do not match the items")
        player.commissions = [r.card(c, commissions, f"{path}.commissions[{j}]")
                              for j, c in enumerate(r.items(r.get(seat, "commissions", path),
                                                           f"{path}.commissions"))]
        if len(player.commissions) > MAX_HELD_COMMISSIONS:
            raise r.fail(f"{path}.commissions", f"more than {MAX_HELD_COMMISSIONS} "
                                                "incomplete commissions")
        player.completed = [r.card(c, commissions, f"{path}.completed[{j}]")
                            for j, c in enumerate(r.items(r.get(seat, "completed", path),
                                                         f"{path}.completed"))]
        player.craftsmen = r.counts(r.get(seat, "craftsmen", path), colour_ids,
                                    f"{path}.craftsmen", complete=False)
        player.workshops = [r.choice(c, colour_ids, f"{path}.workshops[{j}]", "colour")
                            for j, c in enumerate(r.items(r.get(seat, "workshops", path),
                                                         f"{path}.workshops"))]
        player.bonus = r.integer(seat, "bonus_tiles", path, 0, data.bonus_count)
        state.players.append(player)

    state.reveal, state.reveal_book, state.pending_step = NO_REVEAL, -1, -1
    reveal = doc.get("reveal")
    if reveal is not None:
        _read_reveal(r, state, reveal)
    _check_totals(r, state)
    _check_progress(r, state)
    return state


def _pick(r: _Reader, doc: dict[str, Any], key: str, options: list[str]) -> str:
    return options[r.choice(r.get(doc, key, ""), options, key, key)]


def _read_book(r: _Reader, value: Any, data: ComponentData, space: int, path: str) -> Book:
    doc = r.obj(value, path)
    r.known_keys(doc, ("city", "left", "right", "hidden"), path)
    city = data.spaces[space].id
    if doc.get("city") != city:
        raise r.fail(f"{path}.city", f"expected {city!r}, got {brief(doc.get('city'))}")
    book = Book(space, data.card_sets[data.spaces[space].book])  # type: ignore[index]
    for side in ("left", "right"):
        cards = [r.card(c, book.cards, f"{path}.{side}[{j}]")
                 for j, c in enumerate(r.items(r.get(doc, side, path), f"{path}.{side}"))]
        setattr(book, side, cards)
    hidden = r.obj(r.get(doc, "hidden", path), f"{path}.hidden")
    hpath = f"{path}.hidden"
    r.known_keys(hidden, ("count", "top_front", "pool", "order"), hpath)
    book.hidden_count = r.integer(hidden, "count", hpath, 0, book.cards.size)
    pool = r.obj(r.get(hidden, "pool", hpath), f"{hpath}.pool")
    book.pool = [0] * len(book.cards.types)
    for name in pool:
        t = r.card_type(name, book.cards, f"{hpath}.pool.{name}")
        book.pool[t] = r.integer(pool, name, f"{hpath}.pool", 1, book.cards.size)
    if sum(book.pool) != book.hidden_count:
        raise r.fail(f"{hpath}.pool", f"holds {sum(book.pool)} cards, but count is "
                                      f"{book.hidden_count}")
    top = r.get(hidden, "top_front", hpath)
    names = _face_names(data, book.cards)
    book.top_front = UNSEEN if top is None else r.choice(top, names, f"{hpath}.top_front",
                                                         "face")
    if book.hidden_count and book.top_front != UNSEEN and not any(
            n and book.cards.types[t][0] == book.top_front for t, n in enumerate(book.pool)):
        raise r.fail(f"{hpath}.top_front", f"no card in the pool has the front {brief(top)}")
    if "order" in hidden:
        order = [r.card_type(c, book.cards, f"{hpath}.order[{j}]")
                 for j, c in enumerate(r.items(hidden["order"], f"{hpath}.order"))]
        if sorted(order) != sorted(t for t, n in enumerate(book.pool) for _ in range(n)):
            raise r.fail(f"{hpath}.order", "is not an order of the pool's cards")
        if order and book.top_front != UNSEEN and book.cards.types[order[-1]][0] != book.top_front:
            raise r.fail(f"{hpath}.order", "its top card does not show top_front")
        book.hidden = order
    else:
        book.hidden = None
    return book


def _read_reveal(r: _Reader, state: ValdoraState, value: Any) -> None:
    doc = r.obj(value, "reveal")
    r.known_keys(doc, ("book", "face", "step"), "reveal")
    cities = [state.data.spaces[b.space].id for b in state.books]
    state.reveal_book = r.choice(r.get(doc, "book", "reveal"), cities, "reveal.book", "book")
    state.reveal = REVEALS[_pick_from(r, doc, "face", list(REVEALS), "reveal")]
    if state.books[state.reveal_book].hidden is not None:
        raise r.fail("reveal", "a world position has no pending reveal")
    if state.reveal == REVEAL_BACK:
        token = r.get(doc, "step", "reveal")
        step = {"tR": S.turn(S.RIGHT)}.get(token)
        if step is None and isinstance(token, str) and token.startswith("bR"):
            item = token[3:] if token.startswith("bR@") else None
            ids = [it.id for it in state.data.items]
            source = S.NO_SOURCE if item is None else r.choice(item, ids, "reveal.step", "item")
            step = S.buy(S.RIGHT, source)
        if step is None:
            raise r.fail("reveal.step", f"expected 'tR' or 'bR[@item]', got {brief(token)}")
        state.pending_step = step


def _pick_from(r: _Reader, doc: dict[str, Any], key: str, options: list[str], path: str) -> str:
    return options[r.choice(r.get(doc, key, path), options, f"{path}.{key}", key)]


def _check_totals(r: _Reader, state: ValdoraState) -> None:
    problems = conservation_problems(state)
    if problems:
        raise r.fail(*problems[0])


def _check_progress(r: _Reader, state: ValdoraState) -> None:
    """The game's progress fields agree: turns with rounds, the round cap, and the end
    (a game ends only after a complete round, by the end trigger or the cap)."""
    cap = state.data.max_rounds
    expected_turns = state.rounds * state.n + state.current
    if state.turns != expected_turns:
        raise r.fail("turns", f"{state.turns} turns, but {state.rounds} complete rounds and "
                              f"seat {state.current} to move make {expected_turns}")
    if state.rounds > cap or (state.rounds == cap and not state.over):
        raise r.fail("rounds", f"{state.rounds} complete rounds, but a game still running "
                               f"after {cap} rounds stops (the round cap)")
    if state.capped and (not state.over or state.rounds < cap):
        raise r.fail("capped", f"only a game over after {cap} rounds (the round cap) is "
                               "capped")
    if state.over and not (state.end_triggered or state.capped):
        raise r.fail("over", "the game is over, but its end was not triggered and it did not "
                             "reach the round cap")
    if state.over and (state.current != 0 or state.phase != MOVE
                       or state.action != NO_ACTION or state.reveal != NO_REVEAL):
        raise r.fail("over", "a game is over only after a complete round, before anyone moves")
