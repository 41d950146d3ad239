"""The Valley of Alchemists' component data and rule options, loaded and validated.

Everything printed on the boards and the elixir cards lives in one JSON file
(``data/alchemists.json``); its ``provenance`` table says which values the rulebook
states and which were reconstructed (most of the card table). This module turns the
file into small immutable tables indexed by integers. Validation is strict and bounded
(so no count can overflow a step code or a compiled array later): the first problem
found raises :class:`~valdora_ai.errors.DataError` naming the entry and the field.

The rule options (the design doc's switches) are a separate mapping validated by
:func:`parse_options`; the file's ``options`` table holds their defaults.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from valdora_ai.errors import DataError
from valdora_ai.inputs import brief, read_json

FORMAT = "valdora-alchemists-data"
MAX_INGREDIENTS = 4  # step codes reserve 4 ingredient types (6 collect pairs)
MAX_DECOCTIONS = 6  # and 6 decoction colours
MAX_LIMIT = 6  # the most ingredients or decoctions of one kind a limit may allow
MAX_CARDS = 128  # chance step codes reserve 128 elixir cards
MAX_LEVEL = 4  # Change of Level names a level from 1 to MAX_LEVEL
MAX_SHAPES = 8
MAX_FACE_UP = 10  # two rows of five
MAX_TRACK = 10  # spaces on a skill track
MAX_EP = 30
MAX_BONUS = 20
MAX_STALL_ROUNDS = 500
TRACKS = ("plain", "flat-step")


@dataclass(frozen=True)
class Elixir:
    """One elixir card. ``colours`` is a bit mask of decoction colours; wild: multi."""

    id: str
    colours: int
    multi: bool
    shape: int
    level: int
    cost: tuple[int, ...]  # decoctions per colour
    bonus: tuple[int, ...]  # skill steps per ingredient track
    ep: int


@dataclass(frozen=True)
class Options:
    """The design doc's switches: the skill track variant and the stall safeguard.

    Rules mode is ``stall_safeguard=False``: the game then ends only when the deck does.
    """

    track: str = "plain"
    stall_safeguard: bool = True
    stall_rounds: int = 60


@dataclass(frozen=True)
class AlchemistsData:
    """All component data and rule constants, validated."""

    source: str
    sha256: str
    players_min: int
    players_max: int
    ingredients: tuple[str, ...]
    decoctions: tuple[str, ...]
    tracks: Mapping[str, tuple[int, ...]]
    start_points: int
    recipes: tuple[tuple[int, ...], ...]  # per decoction colour: ingredients per type
    ingredient_limit: int
    decoction_limit: int
    actions_per_turn: int
    shapes: tuple[str, ...]
    shape_bonus: int
    colour_bonus: int
    level_bonus: int
    experience_markers: Mapping[int, int]
    deck_size: Mapping[int, int]
    face_up: int
    elixirs: tuple[Elixir, ...]
    options: Options
    provenance: Mapping[str, str]

    def card_index(self, ident: str) -> int:
        """The index of the elixir with id `ident` (DataError when unknown)."""
        for index, card in enumerate(self.elixirs):
            if card.id == ident:
                return index
        raise DataError(f"unknown elixir {ident!r}")


# ------------------------------------------------------------------- checks
def _need(document: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in document:
        raise DataError(f"missing field {key!r}", where=where or "data")
    return document[key]


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"expected an integer, got {value!r}", where=where)
    if not low <= value <= high:
        raise DataError(f"{value} is out of range {low}..{high}", where=where)
    return value


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DataError(f"expected a table, got {type(value).__name__}", where=where)
    return value


def _names(value: Any, where: str, low: int, high: int) -> tuple[str, ...]:
    """A list of distinct names whose first letters (the notation) are distinct too."""
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise DataError(f"expected a list of {low} to {high} names", where=where)
    for i, name in enumerate(value):
        if not isinstance(name, str) or not name:
            raise DataError(f"expected a name, got {name!r}", where=f"{where}[{i}]")
    if len({n[0].upper() for n in value}) != len(value):
        raise DataError("names must start with different letters (the notation)",
                        where=where)
    return tuple(value)


def _pick(name: Any, names: tuple[str, ...], where: str) -> int:
    if name not in names:
        raise DataError(f"unknown name {name!r} (known: {', '.join(names)})", where=where)
    return names.index(name)


def _counts(value: Any, names: tuple[str, ...], where: str, high: int) -> tuple[int, ...]:
    """A list of names, as a count per name."""
    if not isinstance(value, list) or len(value) > high:
        raise DataError(f"expected a list of at most {high} names", where=where)
    counts = [0] * len(names)
    for i, name in enumerate(value):
        counts[_pick(name, names, f"{where}[{i}]")] += 1
    return tuple(counts)


def _player_table(value: Any, where: str, low: int, high: int, players: range
                  ) -> dict[int, int]:
    table = _mapping(value, where)
    result = {}
    for n in players:
        result[n] = _int(_need(table, str(n), where), f"{where}.{n}", low, high)
    return result


# ------------------------------------------------------------------- parsing
def _elixir(entry: Any, where: str, decoctions: tuple[str, ...], ingredients: tuple[str, ...],
            shapes: tuple[str, ...], limit: int) -> Elixir:
    entry = _mapping(entry, where)
    ident = _need(entry, "id", where)
    if not isinstance(ident, str) or not ident or " " in ident:
        raise DataError(f"expected an id without spaces, got {ident!r}", where=f"{where}.id")
    colours = _need(entry, "colours", where)
    multi = colours == "multi"
    mask = 0
    if not multi:
        if not isinstance(colours, list) or not 1 <= len(colours) <= 2:
            raise DataError("expected 1 or 2 colours or \"multi\"", where=f"{where}.colours")
        for i, name in enumerate(colours):
            mask |= 1 << _pick(name, decoctions, f"{where}.colours[{i}]")
        if bin(mask).count("1") != len(colours):
            raise DataError("a colour is named twice", where=f"{where}.colours")
    shape = _pick(_need(entry, "shape", where), shapes, f"{where}.shape")
    level = _int(_need(entry, "level", where), f"{where}.level", 1, MAX_LEVEL)
    cost = _counts(_need(entry, "cost", where), decoctions, f"{where}.cost", MAX_LEVEL)
    if sum(cost) != level:
        raise DataError(f"level {level} but the cost has {sum(cost)} decoctions (the level is "
                        "the number of decoctions)", where=f"{where}.cost")
    if max(cost) > limit:
        raise DataError(f"the cost needs more than {limit} decoctions of one colour",
                        where=f"{where}.cost")
    bonus = _counts(_need(entry, "skill_bonus", where), ingredients, f"{where}.skill_bonus",
                    MAX_TRACK)
    ep = _int(_need(entry, "ep", where), f"{where}.ep", 0, MAX_EP)
    return Elixir(ident, mask, multi, shape, level, cost, bonus, ep)


def parse_data(document: Any, source: str = "<data>") -> AlchemistsData:
    """Validate a decoded data document and build the tables (DataError if bad)."""
    doc = _mapping(document, "data")
    if _need(doc, "format", "") != FORMAT:
        raise DataError(f"expected {FORMAT!r}", where="format")
    _int(_need(doc, "version", ""), "version", 1, 1)
    players = _mapping(_need(doc, "players", ""), "players")
    pmin = _int(_need(players, "min", "players"), "players.min", 2, 4)
    pmax = _int(_need(players, "max", "players"), "players.max", pmin, 4)
    ingredients = _names(_need(doc, "ingredients", ""), "ingredients", 2, MAX_INGREDIENTS)
    decoctions = _names(_need(doc, "decoctions", ""), "decoctions", 1, MAX_DECOCTIONS)
    tracks_doc = _mapping(_need(doc, "skill_tracks", ""), "skill_tracks")
    tracks = {}
    for name in TRACKS:
        values = _need(tracks_doc, name, "skill_tracks")
        where = f"skill_tracks.{name}"
        if not isinstance(values, list) or not 2 <= len(values) <= MAX_TRACK:
            raise DataError(f"expected a list of 2 to {MAX_TRACK} values", where=where)
        track = tuple(_int(v, f"{where}[{i}]", 1, MAX_LIMIT) for i, v in enumerate(values))
        if any(b < a for a, b in zip(track, track[1:], strict=False)):
            raise DataError("values must not decrease along the track", where=where)
        tracks[name] = track
    start_points = _int(_need(doc, "start_skill_points", ""), "start_skill_points", 0, 4)
    limits = _mapping(_need(doc, "limits", ""), "limits")
    ing_limit = _int(_need(limits, "ingredients_per_type", "limits"),
                     "limits.ingredients_per_type", 1, MAX_LIMIT)
    dec_limit = _int(_need(limits, "decoctions_per_colour", "limits"),
                     "limits.decoctions_per_colour", 1, MAX_LIMIT)
    brewing = _mapping(_need(doc, "brewing", ""), "brewing")
    recipes = []
    for colour in decoctions:
        where = f"brewing.{colour}"
        recipe = _counts(_need(brewing, colour, "brewing"), ingredients, where, MAX_LIMIT)
        if not sum(recipe) or max(recipe) > ing_limit:
            raise DataError(f"a recipe needs 1 to {ing_limit} of each ingredient", where=where)
        recipes.append(recipe)
    for key in brewing:
        _pick(key, decoctions, f"brewing.{key}")
    actions = _int(_need(doc, "actions_per_turn", ""), "actions_per_turn", 1, 4)
    shapes = _names(_need(doc, "shapes", ""), "shapes", 1, MAX_SHAPES)
    bonus = _mapping(_need(doc, "line_bonus", ""), "line_bonus")
    shape_bonus, colour_bonus, level_bonus = (
        _int(_need(bonus, key, "line_bonus"), f"line_bonus.{key}", 0, MAX_BONUS)
        for key in ("shape", "colour", "level"))
    markers_doc = _mapping(_need(doc, "experience_markers", ""), "experience_markers")
    markers = {}
    for key, count in markers_doc.items():
        # ASCII digits only (int() refuses '²' and strings of over 4,300 digits).
        if not (key.isascii() and key.isdigit() and len(key) <= 6):
            raise DataError(f"expected a marker value (a whole number), got {brief(key)}",
                            where=f"experience_markers.{brief(key, 20)}")
        value = _int(int(key), f"experience_markers.{key}", 1, 4 * MAX_BONUS)
        markers[value] = _int(count, f"experience_markers.{key}", 0, 100)
    face_up = _int(_need(doc, "face_up", ""), "face_up", 1, MAX_FACE_UP)
    cards_doc = _need(doc, "elixirs", "")
    if not isinstance(cards_doc, list) or not 1 <= len(cards_doc) <= MAX_CARDS:
        raise DataError(f"expected a list of 1 to {MAX_CARDS} elixirs", where="elixirs")
    elixirs = tuple(_elixir(e, f"elixirs[{i}]", decoctions, ingredients, shapes, dec_limit)
                    for i, e in enumerate(cards_doc))
    seen: set[str] = set()
    for i, card in enumerate(elixirs):
        if card.id in seen:
            raise DataError(f"duplicate id {card.id!r}", where=f"elixirs[{i}].id")
        seen.add(card.id)
    deck_size = _player_table(_need(doc, "deck_size", ""), "deck_size", face_up,
                              len(elixirs), range(pmin, pmax + 1))
    provenance = _mapping(doc.get("provenance", {}), "provenance")
    data = AlchemistsData(
        source=source, sha256="", players_min=pmin, players_max=pmax,
        ingredients=ingredients, decoctions=decoctions, tracks=tracks,
        start_points=start_points, recipes=tuple(recipes), ingredient_limit=ing_limit,
        decoction_limit=dec_limit, actions_per_turn=actions, shapes=shapes,
        shape_bonus=shape_bonus, colour_bonus=colour_bonus, level_bonus=level_bonus,
        experience_markers=markers, deck_size=deck_size, face_up=face_up, elixirs=elixirs,
        options=Options(), provenance={str(k): str(v) for k, v in provenance.items()})
    options = parse_options(_mapping(doc.get("options", {}), "options"), Options(), "options")
    return replace(data, options=options)


def parse_options(values: Mapping[str, Any], defaults: Options, where: str = "option"
                  ) -> Options:
    """Validate option overrides over `defaults` (DataError naming a bad option)."""
    known = {f.name for f in fields(Options)}
    checked: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise DataError(f"unknown option {key!r} (known: {', '.join(sorted(known))})",
                            where=where)
        path = f"{where}.{key}"
        if key == "track":
            if value not in TRACKS:
                raise DataError(f"expected one of {', '.join(TRACKS)}, got {value!r}",
                                where=path)
        elif key == "stall_safeguard":
            if not isinstance(value, bool):
                raise DataError(f"expected true or false, got {value!r}", where=path)
        else:
            _int(value, path, 1, MAX_STALL_ROUNDS)
        checked[key] = value
    return replace(defaults, **checked)


def load_data(path: str | Path) -> AlchemistsData:
    """Load and validate a data file (a user's corrected copy, for instance)."""
    source = str(path)
    document, raw = read_json(path, DataError, what="data file")
    try:
        data = parse_data(document, source)
    except DataError as exc:  # the field is named; name the file too
        raise DataError(str(exc), where=source) from None
    return replace(data, sha256=hashlib.sha256(raw).hexdigest())


@cache
def default_data() -> AlchemistsData:
    """The data file shipped with the package (its source is the file's full path)."""
    return load_data(default_data_path())


def default_data_path() -> Path:
    return Path(str(resources.files("valdora_ai.games.alchemists") / "data" / "alchemists.json"))
