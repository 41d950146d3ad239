"""The Gnomes of Zavandor's component data and rule options, loaded and validated.

Everything printed on the tiles, cards and board lives in one JSON file
(``data/zavandor.json``); which values the rulebook states and which were
reconstructed is recorded in its ``provenance`` table. This module turns the file into
small immutable tables indexed by integers. Validation is strict and bounded (so no
count can grow without limit later): the first problem found raises
:class:`~valdora_ai.errors.DataError` naming the entry and the field.

The rule options (the design doc's switches and the expert discount) are a separate
mapping, validated by :func:`parse_options`; the file's ``options`` table holds their
defaults.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from valdora_ai.errors import DataError
from valdora_ai.inputs import brief, read_json

GEM_LETTERS = "DRSE"  # diamond, ruby, sapphire, emerald: gem indices 0 to 3
N_GEMS = 4
ARTIFACT, JEWEL = 0, 1  # the two decks
DECK_NAMES = ("artifacts", "jewelry")
ARTIFACT_KINDS = ("gnomunculus", "alchemister", "convertor", "emeromobile", "hoovermatic")
MAX_SPACES = 32  # step codes reserve 32 board spaces
MAX_COUNT = 15  # the most gems of one colour in any cost, the largest marker value
MAX_LEVEL = 3
N_DISTRICTS = 5
CENTER = N_DISTRICTS  # the district index of Diamantina
_COST = re.compile(r"(\d{1,2})([A-Z])")  # a count (1 to MAX_COUNT) and a gem letter


@dataclass(frozen=True)
class Tile:
    """A mining-rights tile: the gem it mines, its wild symbols, its VP."""

    id: str
    gem: int
    wild: int
    vp: int
    light: bool  # light-backed tiles lie in Diamantina


@dataclass(frozen=True)
class Space:
    """A tile space on the main board: its district (CENTER for Diamantina) and cost."""

    label: str
    district: int
    cost: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    """An artifact or jewelry card. ``kind`` is "jewel" or an artifact kind."""

    id: str
    deck: int
    level: int
    cost: tuple[int, ...]
    vp: int
    kind: str = "jewel"
    value: int = 0  # Alchemister gold, Convertor prisms
    markers: tuple[int, ...] = ()  # Emeromobile discount markers
    bold: int = -1  # the bold-gold gem of an artifact (expert discount)


@dataclass(frozen=True)
class Options:
    """Rule options: the design doc's switches and the optional expert discount."""

    expert_discount: bool = False
    prism_raises_price: bool = True
    emero_floor: int = 1
    hoover_per_gem: bool = True
    max_rounds: int = 40  # safety cap for broken agents, never reached in real games


@dataclass(frozen=True)
class ZavandorData:
    """All component data and rule constants, validated."""

    source: str
    sha256: str
    players_min: int
    players_max: int
    start_gold: int
    actions_per_round: int
    gem_trade_max: int
    trader_max: int
    take_gold: int
    sample_cost: int
    price_min: int
    price_max: int
    start_prices: tuple[int, ...]
    vp_target: Mapping[int, int]
    removed_level_1: Mapping[int, int]
    hoover_rate: Mapping[int, tuple[int, int]]
    display_size: int
    correction_round: int
    correction_gems_per_step: int
    gem_names: tuple[str, ...]
    districts: tuple[str, ...]
    center: str
    tiles: tuple[Tile, ...]
    spaces: tuple[Space, ...]
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    traders: tuple[tuple[int, int], ...]
    options: Options
    provenance: Mapping[str, str]

    def district_name(self, district: int) -> str:
        return self.center if district == CENTER else self.districts[district]


def default_data_path() -> Path:
    return Path(str(resources.files("valdora_ai.games.zavandor") / "data" / "zavandor.json"))


@cache
def default_data() -> ZavandorData:
    """The shipped component data (loaded and validated once per process)."""
    return load_data(default_data_path())


def load_data(path: str | Path | None = None) -> ZavandorData:
    """Load and validate a data file (the shipped one when `path` is None)."""
    path = Path(path) if path is not None else default_data_path()
    document, raw = read_json(path, DataError, what="data file")
    return parse_data(document, source=str(path), sha256=hashlib.sha256(raw).hexdigest())


def parse_options(raw: Mapping[str, Any], base: Options | None = None,
                  where: str = "options") -> Options:
    """`base` (the defaults when None) with the entries of `raw`, each validated."""
    base = base or Options()
    known = {f.name: f for f in fields(Options)}
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            raise DataError(f"unknown option {key!r} (known: {', '.join(known)})", where=where)
        if isinstance(getattr(base, key), bool):
            if not isinstance(value, bool):
                raise DataError(f"must be true or false, not {value!r}", where=f"{where}.{key}")
        else:
            limits = {"emero_floor": (0, MAX_COUNT), "max_rounds": (1, 200)}[key]
            _check_int(value, *limits, f"{where}.{key}")
        changes[key] = value
    return replace(base, **changes)


def _check_int(value: Any, low: int, high: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataError(f"must be an integer from {low} to {high}, not {value!r}", where=where)
    return value


class _Reader:
    """Typed access to the raw JSON, naming the entry and field in every error."""

    def __init__(self, source: str) -> None:
        self.source = Path(source).name

    def fail(self, where: str, message: str) -> DataError:
        return DataError(message, where=f"{self.source}: {where}")

    def get(self, parent: Mapping[str, Any], key: str, where: str, kind: type) -> Any:
        if not isinstance(parent, Mapping):
            raise self.fail(where, "must be a table")
        if key not in parent:
            raise self.fail(f"{where}.{key}" if where else key, "missing")
        value = parent[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(f"{where}.{key}" if where else key,
                            f"must be an integer, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(f"{where}.{key}" if where else key,
                            f"must be a {kind.__name__}, not {type(value).__name__}")
        return value

    def int_in(self, parent: Mapping[str, Any], key: str, where: str, low: int, high: int
               ) -> int:
        value = self.get(parent, key, where, int)
        if not low <= value <= high:
            raise self.fail(f"{where}.{key}" if where else key,
                            f"must be from {low} to {high}, not {value}")
        return int(value)

    def gem(self, value: Any, where: str) -> int:
        if not isinstance(value, str) or value not in GEM_LETTERS or len(value) != 1:
            raise self.fail(where, f"must be one of the gem letters {GEM_LETTERS}, not {value!r}")
        return GEM_LETTERS.index(value)

    def cost(self, value: Any, where: str) -> tuple[int, ...]:
        """A cost such as "2D1S": counts 1 to 15 per gem letter, each letter once."""
        if not isinstance(value, str) or not value or _COST.sub("", value):
            raise self.fail(where, f"must be a cost like '2D1S', not {brief(value)}")
        counts = [0] * N_GEMS
        for number, letter in _COST.findall(value):
            gem = self.gem(letter, where)
            if counts[gem]:
                raise self.fail(where, f"names {letter} twice")
            if not 1 <= int(number) <= MAX_COUNT:
                raise self.fail(where, f"{number}{letter}: counts must be from 1 to {MAX_COUNT}")
            counts[gem] = int(number)
        return tuple(counts)

    def per_count(self, parent: Mapping[str, Any], key: str, players: range, low: int,
                  high: int) -> dict[int, int]:
        table = self.get(parent, key, "rules", dict)
        result = {}
        for n in players:
            result[n] = self.int_in(table, str(n), f"rules.{key}", low, high)
        return result


def parse_data(document: Any, source: str = "<memory>", sha256: str = "") -> ZavandorData:
    """Validate a parsed data document and build the tables."""
    r = _Reader(source)
    if not isinstance(document, Mapping):
        raise r.fail("top level", "must be a JSON object")
    if document.get("game") != "zavandor":
        raise r.fail("game", f"must be 'zavandor', not {document.get('game')!r}")
    rules = r.get(document, "rules", "", dict)
    pmin = r.int_in(rules, "players_min", "rules", 2, 4)
    pmax = r.int_in(rules, "players_max", "rules", pmin, 4)
    players = range(pmin, pmax + 1)
    price_min = r.int_in(rules, "price_min", "rules", 1, 50)
    price_max = r.int_in(rules, "price_max", "rules", price_min, 50)
    prices_raw = r.get(rules, "start_prices", "rules", dict)
    start_prices = tuple(r.int_in(prices_raw, letter, "rules.start_prices", price_min, price_max)
                         for letter in GEM_LETTERS)
    rates: dict[int, tuple[int, int]] = {}
    rate_table = r.get(rules, "hoover_rate", "rules", dict)
    for n in players:
        pair = r.get(rate_table, str(n), "rules.hoover_rate", list)
        if (len(pair) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in pair)
                or not 1 <= pair[0] <= 10 or not 1 <= pair[1] <= 10):
            raise r.fail(f"rules.hoover_rate.{n}",
                         "must be [numerator, denominator], integers from 1 to 10")
        rates[n] = (pair[0], pair[1])
    gems = r.get(document, "gems", "", list)
    if [g.get("letter") if isinstance(g, Mapping) else g for g in gems] != list(GEM_LETTERS):
        raise r.fail("gems", f"must list the gems {', '.join(GEM_LETTERS)} in that order")
    districts = r.get(document, "districts", "", list)
    if len(districts) != N_DISTRICTS or not all(isinstance(d, str) and d for d in districts):
        raise r.fail("districts", f"must name the {N_DISTRICTS} mining districts")
    center = r.get(document, "center", "", str)
    tiles = _tiles(r, document)
    spaces = _spaces(r, document, districts, center)
    for light in (False, True):
        n_tiles = sum(t.light == light for t in tiles)
        n_spaces = sum((s.district == CENTER) == light for s in spaces)
        if n_tiles != n_spaces:
            which = "tiles_light" if light else "tiles_dark"
            raise r.fail(which, f"{n_tiles} tiles for {n_spaces} spaces")
    artifacts = _cards(r, document, "artifacts", ARTIFACT)
    jewelry = _cards(r, document, "jewelry", JEWEL)
    display = r.int_in(rules, "display_size", "rules", 1, 3)
    removed = r.per_count(rules, "removed_level_1", players, 0, 4)
    for name, deck in (("artifacts", artifacts), ("jewelry", jewelry)):
        level_1 = sum(c.level == 1 for c in deck)
        if level_1 < removed[pmin] + display:
            raise r.fail(name, f"needs at least {removed[pmin] + display} level-1 cards")
    traders = _traders(r, document)
    opts = parse_options(r.get(document, "options", "", dict), where=f"{r.source}: options")
    provenance = r.get(document, "provenance", "", dict)
    return ZavandorData(
        source=source, sha256=sha256, players_min=pmin, players_max=pmax,
        start_gold=r.int_in(rules, "start_gold", "rules", 0, 1000),
        actions_per_round=r.int_in(rules, "actions_per_round", "rules", 1, 10),
        gem_trade_max=r.int_in(rules, "gem_trade_max", "rules", 1, 15),
        trader_max=r.int_in(rules, "trader_max", "rules", 1, 15),
        take_gold=r.int_in(rules, "take_gold", "rules", 1, 100),
        sample_cost=r.int_in(rules, "sample_cost", "rules", 0, 100),
        price_min=price_min, price_max=price_max, start_prices=start_prices,
        vp_target=r.per_count(rules, "vp_target", players, 1, 200),
        removed_level_1=removed, hoover_rate=rates, display_size=display,
        correction_round=r.int_in(rules, "correction_round", "rules", 2, 50),
        correction_gems_per_step=r.int_in(rules, "correction_gems_per_step", "rules", 1, 100),
        gem_names=tuple(str(g.get("name", g.get("letter"))) for g in gems),
        districts=tuple(districts), center=center, tiles=tiles, spaces=spaces,
        decks=(artifacts, jewelry), traders=traders, options=opts,
        provenance={str(k): str(v) for k, v in provenance.items()},
    )


def _tiles(r: _Reader, document: Mapping[str, Any]) -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for key, light in (("tiles_dark", False), ("tiles_light", True)):
        for i, raw in enumerate(r.get(document, key, "", list)):
            where = f"{key}[{i}]"
            tiles.append(Tile(id=r.get(raw, "id", where, str),
                              gem=r.gem(r.get(raw, "gem", where, str), f"{where}.gem"),
                              wild=r.int_in(raw, "wild", where, 0, 4),
                              vp=r.int_in(raw, "vp", where, 0, 20), light=light))
    _unique(r, [t.id for t in tiles], "tiles")
    return tuple(tiles)


def _spaces(r: _Reader, document: Mapping[str, Any], districts: list[str], center: str
            ) -> tuple[Space, ...]:
    table = r.get(document, "spaces", "", dict)
    spaces: list[Space] = []
    for district, name in enumerate([*districts, center]):
        costs = r.get(table, name, "spaces", list)
        if not 1 <= len(costs) <= 8:
            raise r.fail(f"spaces.{name}", "must list 1 to 8 spaces")
        for i, cost in enumerate(costs):
            spaces.append(Space(label=f"{name}.{i + 1}", district=district,
                                cost=r.cost(cost, f"spaces.{name}[{i}]")))
    if len(spaces) > MAX_SPACES:
        raise r.fail("spaces", f"at most {MAX_SPACES} spaces")
    return tuple(spaces)


def _cards(r: _Reader, document: Mapping[str, Any], key: str, deck: int) -> tuple[Card, ...]:
    cards: list[Card] = []
    raws = r.get(document, key, "", list)
    if not 4 <= len(raws) <= 16:
        raise r.fail(key, "must list 4 to 16 cards")
    for i, raw in enumerate(raws):
        where = f"{key}[{i}]"
        cost = r.cost(r.get(raw, "cost", where, str), f"{where}.cost")
        card = Card(id=r.get(raw, "id", where, str), deck=deck,
                    level=r.int_in(raw, "level", where, 1, MAX_LEVEL if deck == JEWEL else 2),
                    cost=cost, vp=r.int_in(raw, "vp", where, 0, 20))
        if deck == ARTIFACT:
            card = _artifact(r, raw, where, card)
        cards.append(card)
    _unique(r, [c.id for c in cards], key)
    levels = [c.level for c in cards]
    if levels != sorted(levels):
        raise r.fail(key, "cards must be listed by level")
    return tuple(cards)


def _artifact(r: _Reader, raw: Mapping[str, Any], where: str, card: Card) -> Card:
    kind = r.get(raw, "kind", where, str)
    if kind not in ARTIFACT_KINDS:
        raise r.fail(f"{where}.kind", f"must be one of {', '.join(ARTIFACT_KINDS)}, not {kind!r}")
    bold = r.gem(r.get(raw, "bold", where, str), f"{where}.bold")
    if not card.cost[bold]:
        raise r.fail(f"{where}.bold", "the bold gem must be part of the cost")
    value, markers = 0, ()
    if kind == "alchemister":
        value = r.int_in(raw, "value", where, 1, 100)
    elif kind == "convertor":
        value = r.int_in(raw, "value", where, 1, 10)
    elif kind == "emeromobile":
        listed = r.get(raw, "markers", where, list)
        if not 1 <= len(listed) <= 8 or any(
                isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= MAX_COUNT
                for m in listed):
            raise r.fail(f"{where}.markers", f"must list 1 to 8 values from 1 to {MAX_COUNT}")
        markers = tuple(sorted(listed))
    return replace(card, kind=kind, value=value, markers=markers, bold=bold)


def _traders(r: _Reader, document: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    traders = []
    for i, raw in enumerate(r.get(document, "traders", "", list)):
        where = f"traders[{i}]"
        if not isinstance(raw, str) or len(raw) != 2:
            raise r.fail(where, f"must be two gem letters like 'DR', not {raw!r}")
        a, b = r.gem(raw[0], where), r.gem(raw[1], where)
        if a >= b:
            raise r.fail(where, "must name two different gems in D, R, S, E order")
        traders.append((a, b))
    if len(set(traders)) != len(traders) or not 1 <= len(traders) <= 6:
        raise r.fail("traders", "must list 1 to 6 different pairs")
    return tuple(traders)


def _unique(r: _Reader, ids: list[str], where: str) -> None:
    seen = set()
    for ident in ids:
        if ident in seen:
            raise r.fail(where, f"id {ident!r} appears twice")
        seen.add(ident)
