"""Valdora's component data: load the declarative TOML file and validate it.

Everything printed on the board, the cards and the tiles lives in one data file
(``data/valdora.toml``). This module turns it into small immutable tables indexed by
integers, which both engines use, and derives what the file does not spell out: the
board's sections and the spaces reachable from each space. Validation is strict: the
first problem found raises :class:`~valdora_ai.errors.DataError` naming the entry.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from valdora_ai.errors import DataError
from valdora_ai.games.valdora.constants import (
    ANY_GEM,
    K_CITY,
    K_HARBOUR,
    K_MINE,
    K_PATRON,
    K_ROAD,
    MAX_BOOK_CARDS,
    MAX_BOOKS,
    MAX_COIN_CAP,
    MAX_COINS,
    MAX_COLOURS,
    MAX_COMMISSION_CARDS,
    MAX_FACES,
    MAX_GEMS,
    MAX_ITEMS,
    MAX_NUMBER,
    MAX_PIECES,
    MAX_PLAYERS,
    MAX_ROADS,
    MAX_SPACES,
    MAX_TYPES,
    SET_COMMISSION,
    SET_EQUIPMENT,
)
from valdora_ai.inputs import brief, decode_utf8, read_bytes

# The data file's kind names and the codes both engines use for them.
SPACE_KIND_CODES = {"city": K_CITY, "road": K_ROAD, "harbour": K_HARBOUR, "mine": K_MINE,
                    "patron": K_PATRON}
CARD_KIND_CODES = {"equipment": SET_EQUIPMENT, "commission": SET_COMMISSION}
SPACE_KINDS = tuple(SPACE_KIND_CODES)
CARD_KINDS = tuple(CARD_KIND_CODES)


@dataclass(frozen=True)
class Gem:
    id: str
    letter: str
    colour: str
    count: int


@dataclass(frozen=True)
class Colour:
    """A craftsman colour: its tiles, its workshop, its place on the board (clockwise)."""

    id: str
    count: int
    removed_with_3: int
    workshop_needs: int
    workshop_vp: int


@dataclass(frozen=True)
class Item:
    id: str
    loads: int  # gem index, or ANY_GEM
    load_cost: int
    start: bool


@dataclass(frozen=True)
class CommissionFace:
    id: str
    patron: int  # colour index
    coins: int  # coins asked (0 when gems are asked)
    gems: tuple[int, ...]  # gem indices asked, all different
    vp: int


@dataclass(frozen=True)
class CardSet:
    """One book's cards. Faces index items (equipment) or commission faces.

    ``types`` lists the distinct (front, back) pairs; ``copies[t]`` how many cards of
    type t one book holds. A card is identified by its type: copies are identical.
    """

    name: str
    kind: str
    types: tuple[tuple[int, int], ...]
    copies: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.copies)

    def type_of(self, front: int, back: int) -> int:
        return self.types.index((front, back))


@dataclass(frozen=True)
class Space:
    id: str
    kind: str
    ships: int
    book: str | None  # card set name
    patron: int  # colour index, -1 if not a patron house
    start: bool


@dataclass(frozen=True)
class ComponentData:
    """All component data, validated, with the derived movement tables."""

    name: str
    source: str
    sha256: str
    players_min: int
    players_max: int
    coins_total: int
    coin_cap: int
    start_coins_first: int
    bonus_count: int
    bonus_vp: int
    vp_per_colour: int
    vp_per_gem: int
    gems_per_road: int
    max_rounds: int
    equipment_gem: int  # the gem that pays for equipment (gold)
    gems: tuple[Gem, ...]
    colours: tuple[Colour, ...]
    items: tuple[Item, ...]
    commissions: tuple[CommissionFace, ...]
    card_sets: Mapping[str, CardSet]
    spaces: tuple[Space, ...]
    edges: tuple[tuple[int, int], ...]
    provenance: Mapping[str, str]
    # Derived: spaces a pawn may end on without provisions / only by spending them.
    reach_plain: tuple[frozenset[int], ...]
    reach_provisioned: tuple[frozenset[int], ...]

    @property
    def start_space(self) -> int:
        return next(i for i, s in enumerate(self.spaces) if s.start)

    @property
    def book_spaces(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.spaces) if s.book is not None)

    @property
    def road_spaces(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.spaces) if s.kind == "road")

    def card_set(self, kind: str) -> CardSet:
        """The card set the books of `kind` ("equipment" or "commission") hold."""
        return self._sets_by_kind[kind]

    @cached_property
    def _sets_by_kind(self) -> dict[str, CardSet]:
        return {self.card_sets[s.book].kind: self.card_sets[s.book]
                for s in self.spaces if s.book is not None}

    def space_index(self, space_id: str) -> int:
        for i, s in enumerate(self.spaces):
            if s.id == space_id:
                return i
        raise KeyError(space_id)

    def sections(self) -> list[list[int]]:
        """The groups of non-city spaces joined by roads (cities bound them)."""
        return _sections(self.spaces, self.edges)


def default_data_path() -> Path:
    return Path(str(resources.files("valdora_ai.games.valdora") / "data" / "valdora.toml"))


@cache
def default_data() -> ComponentData:
    """The shipped component data (loaded and validated once per process)."""
    return load_data(default_data_path())


def load_data(path: str | Path | None = None) -> ComponentData:
    """Load and validate a component data file (the shipped one when `path` is None)."""
    path = Path(path) if path is not None else default_data_path()
    where = path.name
    raw = read_bytes(path, DataError, what="data file")
    text = decode_utf8(raw, where, DataError)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", where=where) from None
    except ValueError:  # int() refusing a number longer than Python's digit limit
        raise DataError("not valid TOML: a number with too many digits", where=where) from None
    except RecursionError:
        raise DataError("not valid TOML: nested too deeply", where=where) from None
    return parse_data(table, source=str(path), sha256=hashlib.sha256(raw).hexdigest())


class _Reader:
    """Typed access to the raw TOML tables, naming the entry in every error."""

    source: str  # the file's name, the start of every error's location

    def __init__(self, source: str) -> None:
        self.source = Path(source).name

    def fail(self, where: str, message: str) -> DataError:
        return DataError(message, where=f"{self.source}: {where}")

    def table(self, parent: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
        value = parent.get(key)
        if not isinstance(value, dict):
            raise self.fail(f"{where}{key}", "missing table")
        return value

    def array(self, parent: Mapping[str, Any], key: str, where: str) -> list[Any]:
        value = parent.get(key)
        if not isinstance(value, list) or not value:
            raise self.fail(f"{where}{key}", "missing or empty array")
        return value

    def integer(self, parent: Mapping[str, Any], key: str, where: str, *, minimum: int = 0,
            maximum: int = MAX_NUMBER, default: int | None = None) -> int:
        value = parent.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"{where}.{key}", f"expected an integer, got {brief(value)}")
        if value < minimum:
            raise self.fail(f"{where}.{key}", f"must be at least {minimum}, got {value}")
        if value > maximum:
            raise self.fail(f"{where}.{key}", f"must be at most {maximum}, got {value}")
        return value

    def at_most(self, count: int, limit: int, where: str, what: str) -> None:
        if count > limit:
            raise self.fail(where, f"at most {limit} {what} are supported, found {count}")

    def text(self, parent: Mapping[str, Any], key: str, where: str,
            default: str | None = None) -> str:
        value = parent.get(key, default)
        if not isinstance(value, str) or not value:
            raise self.fail(f"{where}.{key}", f"expected a non-empty string, got {brief(value)}")
        return value

    def unique(self, ids: list[str], where: str) -> None:
        seen: set[str] = set()
        for i, ident in enumerate(ids):
            if ident in seen:
                raise self.fail(f"{where}[{i}]", f"duplicate id {ident!r}")
            seen.add(ident)

    def lookup(self, ids: list[str], ident: Any, where: str, what: str) -> int:
        if ident not in ids:
            raise self.fail(where, f"unknown {what} {brief(ident)} (known: {', '.join(ids)})")
        return ids.index(ident)


def parse_data(table: Mapping[str, Any], *, source: str = "<data>",
               sha256: str = "") -> ComponentData:
    """Validate a parsed TOML table and build the component tables."""
    r = _Reader(source)
    if table.get("format") != 1:
        raise r.fail("format", f"unsupported format {brief(table.get('format'))} (expected 1)")
    players = r.table(table, "players", "")
    players_min = r.integer(players, "min", "players", minimum=2)
    players_max = r.integer(players, "max", "players", minimum=players_min, maximum=MAX_PLAYERS)
    coins = r.table(table, "coins", "")
    bonus = r.table(table, "bonus_tiles", "")
    scoring = r.table(table, "scoring", "")
    rules = r.table(table, "rules", "")

    gems = _parse_gems(r, table)
    gem_ids = [g.id for g in gems]
    colours = _parse_colours(r, table)
    colour_ids = [c.id for c in colours]
    items = _parse_items(r, table, gem_ids)
    commissions = _parse_commissions(r, table, colour_ids, gem_ids)
    card_sets = _parse_card_sets(r, table, items, commissions)
    spaces = _parse_spaces(r, table, colour_ids, card_sets)
    edges = _parse_edges(r, table, [s.id for s in spaces])

    gems_per_road = r.integer(rules, "gems_per_road", "rules", minimum=0)
    roads = sum(1 for s in spaces if s.kind == "road")
    total_gems = sum(g.count for g in gems)
    if roads * gems_per_road != total_gems:
        raise r.fail("gem", f"gem counts add up to {total_gems}, but {roads} road spaces × "
                            f"{gems_per_road} gems per road need {roads * gems_per_road}")
    coins_total = r.integer(coins, "total", "coins", minimum=1, maximum=MAX_COINS)
    coin_cap = r.integer(coins, "cap", "coins", minimum=1, maximum=MAX_COIN_CAP)
    start_first = r.integer(coins, "start_first", "coins", minimum=0)
    most_start = start_first + players_max - 1
    if most_start > coin_cap:
        raise r.fail("coins.start_first", f"the last seat would start with {most_start} "
                                          f"coins, above the cap of {coin_cap}")
    dealt = sum(start_first + i for i in range(players_max))
    if dealt > coins_total:
        raise r.fail("coins.total", f"{players_max} players need {dealt} start coins, "
                                    f"but there are only {coins_total}")
    for c, colour in enumerate(colours):
        if not any(s.patron == c for s in spaces):
            raise r.fail(f"craftsman[{c}]", f"colour {colour.id!r} has no patron house")
    reach_plain, reach_prov = _movement_tables(spaces, edges)
    provenance = table.get("provenance", {})
    if not isinstance(provenance, dict):
        raise r.fail("provenance", "expected a table")
    return ComponentData(
        name=r.text(table, "name", "name"),
        source=source,
        sha256=sha256,
        players_min=players_min,
        players_max=players_max,
        coins_total=coins_total,
        coin_cap=coin_cap,
        start_coins_first=start_first,
        bonus_count=r.integer(bonus, "count", "bonus_tiles"),
        bonus_vp=r.integer(bonus, "vp", "bonus_tiles"),
        vp_per_colour=r.integer(scoring, "vp_per_craftsman_colour", "scoring"),
        vp_per_gem=r.integer(scoring, "vp_per_carried_gem", "scoring"),
        gems_per_road=gems_per_road,
        max_rounds=r.integer(rules, "max_rounds", "rules", minimum=1),
        equipment_gem=r.lookup([g.id for g in gems], rules.get("equipment_paid_with"),
                               "rules.equipment_paid_with", "gem"),
        gems=gems,
        colours=colours,
        items=items,
        commissions=commissions,
        card_sets=card_sets,
        spaces=spaces,
        edges=edges,
        provenance={str(k): str(v) for k, v in provenance.items()},
        reach_plain=reach_plain,
        reach_provisioned=reach_prov,
    )


def _parse_gems(r: _Reader, table: Mapping[str, Any]) -> tuple[Gem, ...]:
    rows = r.array(table, "gem", "")
    r.at_most(len(rows), MAX_GEMS, "gem", "gem colours")
    gems = tuple(
        Gem(id=r.text(row, "id", f"gem[{i}]"), letter=r.text(row, "letter", f"gem[{i}]"),
            colour=r.text(row, "colour", f"gem[{i}]"),
            count=r.integer(row, "count", f"gem[{i}]", minimum=1, maximum=MAX_PIECES))
        for i, row in enumerate(rows)
    )
    r.unique([g.id for g in gems], "gem")
    r.unique([g.letter for g in gems], "gem")
    return gems


def _parse_colours(r: _Reader, table: Mapping[str, Any]) -> tuple[Colour, ...]:
    colours = []
    rows = r.array(table, "craftsman", "")
    r.at_most(len(rows), MAX_COLOURS, "craftsman", "craftsman colours")
    for i, row in enumerate(rows):
        where = f"craftsman[{i}]"
        count = r.integer(row, "count", where, minimum=1, maximum=MAX_PIECES)
        removed = r.integer(row, "removed_with_3", where, default=0)
        if removed > count:
            raise r.fail(f"{where}.removed_with_3", f"removes {removed} of {count} tiles")
        colours.append(Colour(id=r.text(row, "colour", where), count=count,
                              removed_with_3=removed,
                              workshop_needs=r.integer(row, "workshop_needs", where, minimum=1,
                                                   maximum=MAX_PIECES),
                              workshop_vp=r.integer(row, "workshop_vp", where)))
    r.unique([c.id for c in colours], "craftsman")
    return tuple(colours)


def _parse_items(r: _Reader, table: Mapping[str, Any], gem_ids: list[str]) -> tuple[Item, ...]:
    rows = r.array(table, "item", "")
    r.at_most(len(rows), MAX_ITEMS, "item", "equipment items")
    items = []
    for i, row in enumerate(rows):
        where = f"item[{i}]"
        loads = r.text(row, "loads", where)
        start = row.get("start", False)
        if not isinstance(start, bool):
            raise r.fail(f"{where}.start", f"expected true or false, got {brief(start)}")
        items.append(Item(
            id=r.text(row, "id", where),
            loads=ANY_GEM if loads == "any" else r.lookup(gem_ids, loads, f"{where}.loads", "gem"),
            load_cost=r.integer(row, "load_cost", where, maximum=MAX_COIN_CAP), start=start))
    r.unique([it.id for it in items], "item")
    if sum(it.start for it in items) != 1:
        raise r.fail("item", "exactly one item must be the start card (start = true)")
    return tuple(items)


def _parse_commissions(r: _Reader, table: Mapping[str, Any], colour_ids: list[str],
                       gem_ids: list[str]) -> tuple[CommissionFace, ...]:
    faces = []
    rows = r.array(table, "commission", "")
    r.at_most(len(rows), MAX_FACES, "commission", "commission faces")
    for i, row in enumerate(rows):
        where = f"commission[{i}]"
        coins = r.integer(row, "coins", where, default=0)
        gem_names = row.get("gems", [])
        if not isinstance(gem_names, list):
            raise r.fail(f"{where}.gems", "expected a list of gem ids")
        gems = tuple(r.lookup(gem_ids, g, f"{where}.gems[{j}]", "gem")
                     for j, g in enumerate(gem_names))
        if (coins > 0) == bool(gems):
            raise r.fail(where, "a commission asks for coins or for gems, exactly one of them")
        if len(set(gems)) != len(gems):
            raise r.fail(f"{where}.gems", "the gems asked for must all be different")
        if coins > 1:
            raise r.fail(f"{where}.coins", "a commission asks for at most 1 coin")
        faces.append(CommissionFace(
            id=r.text(row, "id", where),
            patron=r.lookup(colour_ids, row.get("patron"), f"{where}.patron", "craftsman colour"),
            coins=coins, gems=gems, vp=r.integer(row, "vp", where)))
    r.unique([f.id for f in faces], "commission")
    return tuple(faces)


def _parse_card_sets(r: _Reader, table: Mapping[str, Any], items: tuple[Item, ...],
                     commissions: tuple[CommissionFace, ...]) -> dict[str, CardSet]:
    sets_table = r.table(table, "card_sets", "")
    result: dict[str, CardSet] = {}
    for name, body in sets_table.items():
        where = f"card_sets.{name}"
        if not isinstance(body, dict):
            raise r.fail(where, "expected a table")
        kind = r.text(body, "kind", where)
        if kind not in CARD_KINDS:
            raise r.fail(f"{where}.kind",
                         f"unknown kind {brief(kind)} (known: {', '.join(CARD_KINDS)})")
        face_ids = ([it.id for it in items if not it.start] if kind == "equipment"
                    else [f.id for f in commissions])
        all_ids = [it.id for it in items] if kind == "equipment" else face_ids
        counts: dict[tuple[int, int], int] = {}
        for j, card in enumerate(r.array(body, "cards", where)):
            cw = f"{where}.cards[{j}]"
            faces = card.get("faces") if isinstance(card, dict) else None
            if not isinstance(faces, list) or len(faces) != 2:
                raise r.fail(f"{cw}.faces", "expected [front, back]")
            front, back = (
                all_ids.index(face_ids[r.lookup(face_ids, f, f"{cw}.faces[{k}]", f"{kind} face")])
                for k, f in enumerate(faces))
            copies = r.integer(card, "copies", cw, minimum=1, maximum=MAX_BOOK_CARDS, default=1)
            counts[front, back] = counts.get((front, back), 0) + copies
        types = tuple(counts)
        r.at_most(len(types), MAX_TYPES, f"{where}.cards", "distinct cards per set")
        r.at_most(sum(counts.values()), MAX_BOOK_CARDS, f"{where}.cards", "cards per book")
        result[name] = CardSet(name=name, kind=kind, types=types,
                               copies=tuple(counts[t] for t in types))
    return result


def _parse_spaces(r: _Reader, table: Mapping[str, Any], colour_ids: list[str],
                  card_sets: Mapping[str, CardSet]) -> tuple[Space, ...]:
    rows = r.array(table, "space", "")
    r.at_most(len(rows), MAX_SPACES, "space", "spaces")
    spaces = []
    for i, row in enumerate(rows):
        where = f"space[{i}]"
        kind = r.text(row, "kind", where)
        if kind not in SPACE_KINDS:
            raise r.fail(f"{where}.kind",
                         f"unknown kind {brief(kind)} (known: {', '.join(SPACE_KINDS)})")
        book = row.get("book")
        if book is not None and (kind != "city" or not isinstance(book, str)
                                 or book not in card_sets):
            raise r.fail(f"{where}.book",
                         f"{brief(book)} is not a card set, or the space is no city")
        patron = -1
        if kind == "patron":
            patron = r.lookup(colour_ids, row.get("patron"), f"{where}.patron", "craftsman colour")
        ships = r.integer(row, "ships", where, default=0, maximum=MAX_PIECES)
        if kind == "harbour" and ships < 1:
            raise r.fail(f"{where}.ships", "a harbour needs at least one ship")
        spaces.append(Space(id=r.text(row, "id", where), kind=kind, ships=ships, book=book,
                            patron=patron, start=bool(row.get("start", False))))
    r.unique([s.id for s in spaces], "space")
    for kind in CARD_KINDS:
        used = {s.book for s in spaces if s.book and card_sets[s.book].kind == kind}
        if len(used) != 1:
            raise r.fail("space", f"the {kind} books must all hold one card set "
                                  f"(found {len(used)})")
    if sum(s.start for s in spaces) != 1 or not next(s for s in spaces if s.start).kind == "city":
        raise r.fail("space", "exactly one city must be the start space (start = true)")
    books = [s.book for s in spaces if s.book is not None]
    r.at_most(len(books), MAX_BOOKS, "space", "books")
    r.at_most(sum(s.kind == "road" for s in spaces), MAX_ROADS, "space", "road spaces")
    r.at_most(sum(card_sets[b].size for b in books if card_sets[b].kind == "commission"),
              MAX_COMMISSION_CARDS, "space", "commission cards in all books")
    return tuple(spaces)


def _parse_edges(r: _Reader, table: Mapping[str, Any],
                 space_ids: list[str]) -> tuple[tuple[int, int], ...]:
    board = r.table(table, "board", "")
    edges: list[tuple[int, int]] = []
    for i, edge in enumerate(r.array(board, "edges", "board.")):
        where = f"board.edges[{i}]"
        if not isinstance(edge, list) or len(edge) != 2:
            raise r.fail(where, f"expected [space, space], got {brief(edge)}")
        a, b = (r.lookup(space_ids, s, where, "space") for s in edge)
        if a == b or (a, b) in edges or (b, a) in edges:
            raise r.fail(where, f"self-loop or duplicate road {brief(edge)}")
        edges.append((a, b))
    seen, todo = {0}, [0]
    while todo:
        here = todo.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in seen:
                    seen.add(y)
                    todo.append(y)
    if len(seen) != len(space_ids):
        missing = sorted(space_ids[i] for i in set(range(len(space_ids))) - seen)
        raise r.fail("board.edges", f"spaces not connected to the board: {', '.join(missing)}")
    return tuple(edges)


def _neighbours(n: int, edges: tuple[tuple[int, int], ...]) -> list[list[int]]:
    result: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        result[a].append(b)
        result[b].append(a)
    return result


def _sections(spaces: tuple[Space, ...], edges: tuple[tuple[int, int], ...]) -> list[list[int]]:
    adj = _neighbours(len(spaces), edges)
    section_of: dict[int, int] = {}
    sections: list[list[int]] = []
    for s, space in enumerate(spaces):
        if space.kind == "city" or s in section_of:
            continue
        members, todo = [], [s]
        section_of[s] = len(sections)
        while todo:
            here = todo.pop()
            members.append(here)
            for nb in adj[here]:
                if spaces[nb].kind != "city" and nb not in section_of:
                    section_of[nb] = len(sections)
                    todo.append(nb)
        sections.append(sorted(members))
    return sections


def _movement_tables(spaces: tuple[Space, ...], edges: tuple[tuple[int, int], ...]
                     ) -> tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]:
    """Destinations of a move from each space, without and with spending provisions.

    A move may not pass through a city; provisions allow passing through exactly one.
    So without provisions a pawn reaches every space of the sections it touches and the
    cities bounding them; with provisions, also everything reachable from one such city.
    The start space itself is never a destination.
    """
    adj = _neighbours(len(spaces), edges)

    def plain(start: int) -> set[int]:
        reached, todo = set(), [start]
        visited = {start}
        while todo:
            here = todo.pop()
            for nb in adj[here]:
                if nb in visited:
                    continue
                visited.add(nb)
                reached.add(nb)
                if spaces[nb].kind != "city":
                    todo.append(nb)
        reached.discard(start)
        return reached

    plain_sets = [plain(s) for s in range(len(spaces))]
    prov_sets = []
    for s in range(len(spaces)):
        further: set[int] = set()
        for city in plain_sets[s]:
            if spaces[city].kind == "city":
                further |= plain_sets[city]
        prov_sets.append(frozenset(further - plain_sets[s] - {s}))
    return tuple(frozenset(p) for p in plain_sets), tuple(prov_sets)
