"""Position JSON for The Valley of Alchemists: versioned, round-trips a state exactly.

In short (names are the data file's; cards are elixir ids; cells and skill spaces are
counted from 1)::

    {"game": "alchemists", "format": "valdora-alchemists-position", "version": 1,
     "players": 3, "options": {"track": "plain", "stall_safeguard": true,
                               "stall_rounds": 60},
     "to_move": 0, "phase": "setup" | "choose" | "brewing" | "making" | "selling",
     "actions_left": 2, "order": -1, "points_left": 2,
     "sale": null | {"line": "D1", "tokens": [null, "colour", null]},
     "refilling": false, "rounds": 0, "turns": 0, "end_triggered": false,
     "capped": false, "over": false,
     "face_up": ["E12", null, ...],
     "deck": {"count": 35, "order": ["E03", ...]},   # order (top card last): worlds only
     "box": ["E01", ...],                             # worlds only
     "seats": [{"skills": {"yellow": 1, ...}, "ingredients": {"yellow": 0, ...},
                "decoctions": {"yellow": 0, ...},
                "transformed": null | {"from": "red", "to": "purple", "count": 2},
                "tokens": {"shape": true, "colour": true, "level": true,
                           "transformation": true},
                "chest": ["E05", null, ...], "sold": ["E29", ...], "markers": [12]}]}

A belief position (an observation) has no deck order and no box. Every error names
the path of the offending field, and the whole document is checked before a state is
returned (nothing half-built escapes).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import DataError, PositionError
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import AlchemistsData, parse_options
from valdora_ai.games.alchemists.invariants import conservation_problems
from valdora_ai.games.alchemists.notation import LINE_NAMES
from valdora_ai.games.alchemists.rules import (
    EMPTY,
    NONE,
    PHASE_NAMES,
    SELLING,
    SETUP,
    AlchemistsState,
    Player,
)

GAME = "alchemists"
FORMAT = "valdora-alchemists-position"
VERSION = 1
TOKEN_NAMES = ("shape", "colour", "level", "transformation")
TOP_FIELDS = ("game", "format", "version", "players", "options", "to_move", "phase",
              "actions_left", "order", "points_left", "sale", "refilling", "rounds", "turns",
              "end_triggered", "capped", "over", "face_up", "deck", "box", "seats")
SEAT_FIELDS = ("skills", "ingredients", "decoctions", "transformed", "tokens", "chest",
               "sold", "markers")
MAX_TURNS = 100_000


# ------------------------------------------------------------------- writing
def position_to_json(state: AlchemistsState) -> dict[str, Any]:
    """The state as a JSON-ready dict (see the module docstring for the format)."""
    data = state.data
    ids = [card.id for card in data.elixirs]

    def card(c: int) -> str | None:
        return None if c == EMPTY else ids[c]

    seats = []
    for p in state.players:
        seats.append({
            "skills": {name: p.skills[t] + 1 for t, name in enumerate(data.ingredients)},
            "ingredients": dict(zip(data.ingredients, p.ingredients, strict=True)),
            "decoctions": dict(zip(data.decoctions, p.decoctions, strict=True)),
            "transformed": None if not p.moved else {
                "from": data.decoctions[p.moved_from], "to": data.decoctions[p.moved_to],
                "count": p.moved},
            "tokens": dict(zip(TOKEN_NAMES, p.tokens, strict=True)),
            "chest": [card(c) for c in p.chest],
            "sold": [ids[c] for c in p.sold],
            "markers": list(p.markers),
        })
    deck: dict[str, Any] = {"count": state.deck_count}
    document: dict[str, Any] = {
        "game": GAME, "format": FORMAT, "version": VERSION, "players": state.n,
        "options": {"track": state.options.track,
                    "stall_safeguard": state.options.stall_safeguard,
                    "stall_rounds": state.options.stall_rounds},
        "to_move": state.current, "phase": PHASE_NAMES[state.phase],
        "actions_left": state.actions_left, "order": state.order,
        "points_left": state.points_left,
        "sale": None if state.phase != SELLING else {
            "line": LINE_NAMES[state.sale_line],
            "tokens": [None if k == NONE else TOKEN_NAMES[k] for k in state.sale_tokens]},
        "refilling": state.refilling, "rounds": state.rounds, "turns": state.turns,
        "end_triggered": state.end_triggered, "capped": state.capped, "over": state.over,
        "face_up": [card(c) for c in state.face_up], "deck": deck, "seats": seats,
    }
    if state.deck is not None:
        deck["order"] = [ids[c] for c in state.deck]
        document["box"] = [ids[c] for c in state.box or []]
    return document


# ------------------------------------------------------------------- reading
class _Reader:
    """Typed field access that raises PositionError naming the field path."""

    def __init__(self, data: AlchemistsData) -> None:
        self.data = data
        self.ids = {card.id: i for i, card in enumerate(data.elixirs)}

    def table(self, value: Any, where: str, required: tuple[str, ...],
              optional: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise PositionError(f"expected an object, got {type(value).__name__}", where=where)
        for key in value:
            if key not in required and key not in optional:
                raise PositionError(f"unknown field {key!r}", where=where)
        for key in required:
            if key not in value:
                raise PositionError(f"missing field {key!r}", where=where)
        return value

    @staticmethod
    def integer(value: Any, where: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PositionError(f"expected an integer, got {value!r}", where=where)
        if not low <= value <= high:
            raise PositionError(f"{value} is out of range {low}..{high}", where=where)
        return value

    @staticmethod
    def flag(value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise PositionError(f"expected true or false, got {value!r}", where=where)
        return value

    @staticmethod
    def entries(value: Any, where: str, high: int) -> list[Any]:
        if not isinstance(value, list) or len(value) > high:
            raise PositionError(f"expected a list of at most {high} entries", where=where)
        return value

    def card(self, value: Any, where: str, empty_ok: bool = False) -> int:
        if value is None and empty_ok:
            return EMPTY
        if not isinstance(value, str) or value not in self.ids:
            raise PositionError(f"unknown elixir {value!r}", where=where)
        return self.ids[value]

    def name(self, value: Any, names: tuple[str, ...], where: str) -> int:
        if value not in names:
            raise PositionError(f"expected one of {', '.join(names)}, got {value!r}",
                                where=where)
        return names.index(value)

    def counts(self, value: Any, names: tuple[str, ...], where: str, high: int) -> list[int]:
        table = self.table(value, where, names)
        return [self.integer(table[name], f"{where}.{name}", 0, high) for name in names]


def position_from_json(document: Any, data: AlchemistsData) -> AlchemistsState:
    """Build a state from position JSON (PositionError naming the field if bad)."""
    if isinstance(document, dict) and document.get("game") != GAME:
        other = document.get("game", document.get("format"))
        raise PositionError(f"a position of {other!r}, not of {GAME!r}", where="game")
    r = _Reader(data)
    doc = r.table(document, "position", tuple(f for f in TOP_FIELDS if f != "box"),
                  optional=("box",))
    if doc["format"] != FORMAT:
        raise PositionError(f"expected {FORMAT!r}", where="format")
    r.integer(doc["version"], "version", VERSION, VERSION)
    n = r.integer(doc["players"], "players", data.players_min, data.players_max)
    try:
        options = parse_options(r.table(doc["options"], "options",
                                        ("track", "stall_safeguard", "stall_rounds")),
                                data.options, "options")
    except DataError as exc:
        raise PositionError(str(exc)) from None
    state = AlchemistsState.__new__(AlchemistsState)
    state.data, state.options, state.n = data, options, n
    state.track = data.tracks[options.track]
    state.current = r.integer(doc["to_move"], "to_move", 0, n - 1)
    state.phase = r.name(doc["phase"], PHASE_NAMES, "phase")
    state.actions_left = r.integer(doc["actions_left"], "actions_left", 0, data.actions_per_turn)
    state.order = r.integer(doc["order"], "order", NONE, len(data.elixirs))
    state.points_left = r.integer(doc["points_left"], "points_left", 0, data.start_points)
    state.refilling = r.flag(doc["refilling"], "refilling")
    state.rounds = r.integer(doc["rounds"], "rounds", 0, MAX_TURNS)
    state.turns = r.integer(doc["turns"], "turns", 0, MAX_TURNS)
    for flag in ("end_triggered", "capped", "over"):
        setattr(state, flag, r.flag(doc[flag], flag))
    state.sale_line, state.sale_tokens = NONE, [NONE] * S.LINE_LENGTH
    if (doc["sale"] is None) != (state.phase != SELLING):
        raise PositionError("a sale is given exactly when the phase is selling", where="sale")
    if doc["sale"] is not None:
        sale = r.table(doc["sale"], "sale", ("line", "tokens"))
        state.sale_line = r.name(sale["line"], LINE_NAMES, "sale.line")
        tokens = r.entries(sale["tokens"], "sale.tokens", S.LINE_LENGTH)
        if len(tokens) != S.LINE_LENGTH:
            raise PositionError(f"expected {S.LINE_LENGTH} entries", where="sale.tokens")
        state.sale_tokens = [NONE if t is None else r.name(t, TOKEN_NAMES[:S.N_TOKENS],
                                                              f"sale.tokens[{i}]")
                             for i, t in enumerate(tokens)]
    face_up = r.entries(doc["face_up"], "face_up", data.face_up)
    if len(face_up) != data.face_up:
        raise PositionError(f"expected {data.face_up} spaces", where="face_up")
    state.face_up = [r.card(c, f"face_up[{i}]", True) for i, c in enumerate(face_up)]
    deck = r.table(doc["deck"], "deck", ("count",), optional=("order",))
    state.deck_count = r.integer(deck["count"], "deck.count", 0, len(data.elixirs))
    if ("order" in deck) != ("box" in doc):
        raise PositionError("a world position has both the deck order and the box",
                            where="deck")
    state.deck = state.box = None
    if "order" in deck:
        state.deck = [r.card(c, f"deck.order[{i}]")
                      for i, c in enumerate(r.entries(deck["order"], "deck.order",
                                                   len(data.elixirs)))]
        state.box = [r.card(c, f"box[{i}]")
                     for i, c in enumerate(r.entries(doc["box"], "box", len(data.elixirs)))]
    seats = r.entries(doc["seats"], "seats", n)
    if len(seats) != n:
        raise PositionError(f"expected {n} seats", where="seats")
    state.players = [_seat(r, seat, f"seats[{i}]", state) for i, seat in enumerate(seats)]
    state.recording = None
    _check_consistency(state)
    return state


def _seat(r: _Reader, value: Any, where: str, state: AlchemistsState) -> Player:
    data = state.data
    seat = r.table(value, where, SEAT_FIELDS)
    p = Player(len(data.ingredients), len(data.decoctions))
    skills = r.counts(seat["skills"], data.ingredients, f"{where}.skills", len(state.track))
    for t, space in enumerate(skills):
        if space < 1:
            raise PositionError("skill spaces are counted from 1", where=f"{where}.skills")
        p.skills[t] = space - 1
    p.ingredients = r.counts(seat["ingredients"], data.ingredients, f"{where}.ingredients",
                             data.ingredient_limit)
    p.decoctions = r.counts(seat["decoctions"], data.decoctions, f"{where}.decoctions",
                            data.decoction_limit)
    tokens = r.table(seat["tokens"], f"{where}.tokens", TOKEN_NAMES)
    p.tokens = [r.flag(tokens[name], f"{where}.tokens.{name}") for name in TOKEN_NAMES]
    if seat["transformed"] is not None:
        w = f"{where}.transformed"
        moved = r.table(seat["transformed"], w, ("from", "to", "count"))
        p.moved_from = r.name(moved["from"], data.decoctions, f"{w}.from")
        p.moved_to = r.name(moved["to"], data.decoctions, f"{w}.to")
        p.moved = r.integer(moved["count"], f"{w}.count", 1, data.decoction_limit)
        if p.moved_from == p.moved_to or p.tokens[S.TRANSFORM_TOKEN]:
            raise PositionError("transformed decoctions need a used token and two colours",
                                where=w)
    chest = r.entries(seat["chest"], f"{where}.chest", S.CELLS)
    if len(chest) != S.CELLS:
        raise PositionError(f"expected {S.CELLS} cells", where=f"{where}.chest")
    p.chest = [r.card(c, f"{where}.chest[{i}]", True) for i, c in enumerate(chest)]
    p.sold = [r.card(c, f"{where}.sold[{i}]") for i, c in
              enumerate(r.entries(seat["sold"], f"{where}.sold", len(data.elixirs)))]
    p.markers = [r.integer(m, f"{where}.markers[{i}]", 1, 4 * 20) for i, m in
                 enumerate(r.entries(seat["markers"], f"{where}.markers", len(data.elixirs)))]
    return p


def _check_consistency(state: AlchemistsState) -> None:
    """Whole-position checks: conservation, then the turn's phase makes sense."""
    for where, message in conservation_problems(state):
        raise PositionError(message, where=where)
    player = state.players[state.current]
    if state.phase == SETUP and (state.rounds or state.turns):
        raise PositionError("setup happens before the first turn", where="phase")
    if state.phase == SELLING and any(player.chest[c] == EMPTY
                                      for c in S.LINES[state.sale_line]):
        raise PositionError("the line being sold is incomplete", where="sale.line")
    if state.refilling and (state.deck is not None or not state.deck_count
                            or EMPTY not in state.face_up):
        raise PositionError("a refill draw is pending only in a belief position with "
                            "cards to draw and an empty space", where="refilling")
    if state.over != (state.end_triggered or state.capped) and state.over:
        raise PositionError("a finished game needs the end triggered or the cap reached",
                            where="over")
