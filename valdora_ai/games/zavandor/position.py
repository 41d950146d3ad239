"""Zavandor positions as JSON: a complete, validated snapshot of a state.

Ids are the data file's ("T-D1", "A-GN1", "J-7"); ``"?"`` stands for an id the belief
state's observer does not know; gems are lists in D, R, S, E order. Loading checks
every field (type, range, the game's name) and the whole position's consistency
(every tile and card exactly once, an unknown id only in a belief state), raising one
:class:`~valdora_ai.errors.PositionError` naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from valdora_ai.errors import PositionError
from valdora_ai.games.zavandor.data import (
    CENTER,
    DECK_NAMES,
    MAX_COUNT,
    MAX_LEVEL,
    N_DISTRICTS,
    N_GEMS,
    ZavandorData,
    parse_options,
)
from valdora_ai.games.zavandor.info import unknown_classes
from valdora_ai.games.zavandor.rules import (
    CONT_NONE,
    DECK,
    EMPTY,
    LEVEL,
    MINE_USE,
    OVER,
    UNKNOWN,
    WILD,
    WORLD,
    Slot,
    ZavandorState,
)

PHASES = ("action", "marker", "buy_count", "sell_count", "trade_count", "keep", "order",
          "prisms", "mine_use", "wild", "over")
REVEALS = {"gnome": 0, "start": 0, "tile": 1, "drawn": 1, "display": 3, "hand": 1, "held": 1}
MAX_GOLD = 10**6
# What a world may still have to reveal (the compiled core holds no other pending reveal).
WORLD_REVEALS: tuple[list[str], ...] = ([], ["start"], ["gnome", "start"])


def position_to_json(state: ZavandorState) -> dict[str, Any]:
    """The state as a JSON-ready dict (round-trips exactly through position_from_json),
    sharing no list with the state: editing it never changes the game, nor play it."""
    data = state.data

    def tile_id(t: int) -> str:
        return "?" if t == UNKNOWN else data.tiles[t].id

    def card_id(deck: int, i: int) -> str | None:
        return None if i == EMPTY else "?" if i == UNKNOWN else data.decks[deck][i].id

    def slot(s: Slot | None) -> dict[str, Any] | None:
        if s is None:
            return None
        return {"deck": DECK_NAMES[s[0]], "level": s[1], "card": card_id(s[0], s[2]),
                "known": _seats(s[3], state.n)}

    players = []
    for q in range(state.n):
        players.append({
            "gold": state.gold[q], "gems": list(state.gems[q]), "prisms": state.prisms[q],
            "markers": list(state.markers[q]), "trader": state.trader[q],
            "tiles": [tile_id(t) for t in state.tiles[q]],
            "cards": [card_id(d, i) for d, i in state.owned[q]],
            "samples": state.samples[q], "actions_left": state.actions_left[q],
            "hand": slot(state.hand[q]),
        })
    return {
        "game": "zavandor", "players": state.n, "observer": state.observer,
        "options": {k: getattr(state.opts, k) for k in state.opts.__dataclass_fields__},
        "round": state.round, "start": state.start, "gnome": state.gnome,
        "current": state.current, "phase": PHASES[state.phase],
        "prices": {"current": list(state.cur), "target": list(state.tgt)},
        "seats": players,
        "board": [None if t == EMPTY else {"tile": tile_id(t), "known": _seats(k, state.n)}
                  for t, k in zip(state.board, state.known, strict=True)],
        "piles": [[slot(s) for s in pile] for pile in state.piles],
        "display": [[card_id(d, i) for i in state.display[d]] for d in range(2)],
        "discount": [list(d) for d in state.discount],
        "removed": [slot(s) for s in state.removed],
        "drawn": [slot(s) for s in state.drawn],
        "returning": [slot(s) for s in state.returning],
        "tile_bought": state.tile_bought, "end_triggered": state.end_triggered,
        "capped": state.capped,
        "pending": {"gem": state.pend_gem, "marker": state.pend_marker,
                    "space": state.pend_space, "deck": state.pend_deck,
                    "slot": state.pend_slot, "cost": list(state.pend_cost),
                    "used": list(state.pend_used), "colour": state.pend_colour},
        "mining": {"pos": state.mine_pos, "used": list(state.mine_used),
                   "wilds": state.mine_wilds, "picks": list(state.mine_picks)},
        "reveals": [list(r) for r in state.reveals], "cont": state.cont,
    }


def _seats(mask: int, n: int) -> list[int]:
    return [q for q in range(n) if mask >> q & 1]


class _Reader:
    def __init__(self, data: ZavandorData) -> None:
        self.data = data

    def get(self, parent: Any, key: str, where: str) -> Any:
        if not isinstance(parent, Mapping) or key not in parent:
            raise PositionError("missing", where=where)
        return parent[key]

    def int_(self, value: Any, where: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PositionError(f"must be an integer from {low} to {high}, not {value!r}",
                                where=where)
        return value

    def bool_(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise PositionError(f"must be true or false, not {value!r}", where=where)
        return value

    def list_(self, value: Any, where: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list) or (length is not None and len(value) != length):
            size = f" of {length} entries" if length is not None else ""
            raise PositionError(f"must be a list{size}", where=where)
        return value

    def ints(self, value: Any, where: str, length: int, low: int, high: int) -> list[int]:
        return [self.int_(v, f"{where}[{i}]", low, high)
                for i, v in enumerate(self.list_(value, where, length))]

    def seats(self, value: Any, where: str, n: int) -> int:
        mask = 0
        for i, q in enumerate(self.list_(value, where)):
            mask |= 1 << self.int_(q, f"{where}[{i}]", 0, n - 1)
        return mask

    def tile(self, value: Any, where: str) -> int:
        if value == "?":
            return UNKNOWN
        ids = [t.id for t in self.data.tiles]
        if value not in ids:
            raise PositionError(f"unknown tile {value!r}", where=where)
        return ids.index(value)

    def card(self, deck: int, value: Any, where: str, empty_ok: bool = False) -> int:
        if value is None and empty_ok:
            return EMPTY
        if value == "?":
            return UNKNOWN
        ids = [c.id for c in self.data.decks[deck]]
        if value not in ids:
            raise PositionError(f"unknown {DECK_NAMES[deck]} card {value!r}", where=where)
        return ids.index(value)

    def deck(self, value: Any, where: str) -> int:
        if value not in DECK_NAMES:
            raise PositionError(f"must be one of {', '.join(DECK_NAMES)}, not {value!r}",
                                where=where)
        return DECK_NAMES.index(value)

    def slot(self, value: Any, where: str, n: int) -> Slot:
        deck = self.deck(self.get(value, "deck", f"{where}.deck"), f"{where}.deck")
        level = self.int_(self.get(value, "level", f"{where}.level"), f"{where}.level",
                          1, MAX_LEVEL)
        ident = self.card(deck, self.get(value, "card", f"{where}.card"), f"{where}.card")
        if ident >= 0 and self.data.decks[deck][ident].level != level:
            raise PositionError(f"card {self.data.decks[deck][ident].id} is not level {level}",
                                where=f"{where}.level")
        mask = self.seats(self.get(value, "known", f"{where}.known"), f"{where}.known", n)
        return [deck, level, ident, mask]


def position_from_json(document: Any, data: ZavandorData) -> ZavandorState:
    """Validate a position document and build the state (a PositionError names the field)."""
    r = _Reader(data)
    if not isinstance(document, Mapping):
        raise PositionError("a position must be a JSON object")
    game = document.get("game")
    if game != "zavandor":
        raise PositionError(f"this is a position of {game!r}, not of 'zavandor'", where="game")
    n = r.int_(r.get(document, "players", "players"), "players", data.players_min,
               data.players_max)
    options = r.get(document, "options", "options")
    if not isinstance(options, Mapping):
        raise PositionError("must be an object", where="options")
    try:
        opts = parse_options(options, data.options)
    except Exception as exc:  # DataError: re-raise as a position error
        raise PositionError(str(exc)) from None
    s = ZavandorState.blank(data, opts, n)
    s.observer = s.viewer = r.int_(r.get(document, "observer", "observer"), "observer",
                                   WORLD, n - 1)
    s.round = r.int_(r.get(document, "round", "round"), "round", 1, opts.max_rounds)
    s.start = r.int_(r.get(document, "start", "start"), "start", -1, n - 1)
    s.gnome = r.int_(r.get(document, "gnome", "gnome"), "gnome", -1, N_DISTRICTS - 1)
    s.current = r.int_(r.get(document, "current", "current"), "current", -1, n - 1)
    phase = r.get(document, "phase", "phase")
    if phase not in PHASES:
        raise PositionError(f"unknown phase {phase!r}", where="phase")
    s.phase = PHASES.index(phase)
    prices = r.get(document, "prices", "prices")
    lo, hi = data.price_min, data.price_max
    s.cur = r.ints(r.get(prices, "current", "prices.current"), "prices.current", N_GEMS, lo, hi)
    s.tgt = r.ints(r.get(prices, "target", "prices.target"), "prices.target", N_GEMS, lo, hi)
    seats = r.list_(r.get(document, "seats", "seats"), "seats", n)
    for q, raw in enumerate(seats):
        _read_seat(r, s, q, raw, f"seats[{q}]")
    board = r.list_(r.get(document, "board", "board"), "board", len(data.spaces))
    for space, raw in enumerate(board):
        where = f"board[{space}]"
        if raw is None:
            s.board[space], s.known[space] = EMPTY, 0
            continue
        s.board[space] = r.tile(r.get(raw, "tile", f"{where}.tile"), f"{where}.tile")
        s.known[space] = r.seats(r.get(raw, "known", f"{where}.known"), f"{where}.known", n)
    piles = r.list_(r.get(document, "piles", "piles"), "piles", 2)
    s.piles = [[r.slot(v, f"piles[{d}][{i}]", n)
                for i, v in enumerate(r.list_(pile, f"piles[{d}]"))]
               for d, pile in enumerate(piles)]
    display = r.list_(r.get(document, "display", "display"), "display", 2)
    for d, row in enumerate(display):
        row = r.list_(row, f"display[{d}]", data.display_size)
        s.display[d] = [r.card(d, v, f"display[{d}][{i}]", empty_ok=True)
                        for i, v in enumerate(row)]
    discount = r.list_(r.get(document, "discount", "discount"), "discount", data.display_size)
    s.discount = [r.ints(v, f"discount[{i}]", 2, 0, MAX_COUNT) for i, v in enumerate(discount)]
    for key in ("removed", "drawn", "returning"):
        slots = r.list_(r.get(document, key, key), key)
        setattr(s, key, [r.slot(v, f"{key}[{i}]", n) for i, v in enumerate(slots)])
    for key in ("tile_bought", "end_triggered", "capped"):
        setattr(s, key, r.bool_(r.get(document, key, key), key))
    _read_pending(r, s, r.get(document, "pending", "pending"), len(data.spaces))
    _read_mining(r, s, r.get(document, "mining", "mining"), n)
    reveals = r.list_(r.get(document, "reveals", "reveals"), "reveals")
    s.reveals = []
    for i, raw in enumerate(reveals):
        raw = r.list_(raw, f"reveals[{i}]")
        if (not raw or not isinstance(raw[0], str) or raw[0] not in REVEALS
                or len(raw) != 1 + REVEALS[raw[0]]):
            raise PositionError(f"unknown reveal {raw!r}", where=f"reveals[{i}]")
        s.reveals.append((raw[0], *(r.int_(v, f"reveals[{i}]", 0, 63) for v in raw[1:])))
    s.cont = r.int_(r.get(document, "cont", "cont"), "cont", 0, 3)
    _check_consistency(s)
    return s


def _read_seat(r: _Reader, s: ZavandorState, q: int, raw: Any, where: str) -> None:
    s.gold[q] = r.int_(r.get(raw, "gold", f"{where}.gold"), f"{where}.gold", 0, MAX_GOLD)
    s.gems[q] = r.ints(r.get(raw, "gems", f"{where}.gems"), f"{where}.gems", N_GEMS, 0, 999)
    s.prisms[q] = r.int_(r.get(raw, "prisms", f"{where}.prisms"), f"{where}.prisms", 0, 99)
    markers = r.list_(r.get(raw, "markers", f"{where}.markers"), f"{where}.markers")
    s.markers[q] = sorted(r.int_(m, f"{where}.markers", 1, MAX_COUNT) for m in markers)
    s.trader[q] = r.int_(r.get(raw, "trader", f"{where}.trader"), f"{where}.trader", -1,
                         len(s.data.traders) - 1)
    tiles = r.list_(r.get(raw, "tiles", f"{where}.tiles"), f"{where}.tiles")
    s.tiles[q] = [r.tile(t, f"{where}.tiles[{i}]") for i, t in enumerate(tiles)]
    if UNKNOWN in s.tiles[q]:
        raise PositionError("an owned tile is face up, never '?'", where=f"{where}.tiles")
    cards = r.list_(r.get(raw, "cards", f"{where}.cards"), f"{where}.cards")
    s.owned[q] = []
    for i, ident in enumerate(cards):
        found = [d for d in range(2) if ident in [c.id for c in s.data.decks[d]]]
        if not found:
            raise PositionError(f"unknown card {ident!r}", where=f"{where}.cards[{i}]")
        deck = found[0]
        s.owned[q].append((deck, r.card(deck, ident, f"{where}.cards[{i}]")))
    s.samples[q] = r.int_(r.get(raw, "samples", f"{where}.samples"), f"{where}.samples",
                          0, MAX_GOLD)
    s.actions_left[q] = r.int_(r.get(raw, "actions_left", f"{where}.actions_left"),
                               f"{where}.actions_left", 0, 99)
    hand = r.get(raw, "hand", f"{where}.hand")
    s.hand[q] = None if hand is None else r.slot(hand, f"{where}.hand", s.n)


def _read_pending(r: _Reader, s: ZavandorState, raw: Any, spaces: int) -> None:
    s.pend_gem = r.int_(r.get(raw, "gem", "pending.gem"), "pending.gem", -1, N_GEMS - 1)
    s.pend_marker = r.int_(r.get(raw, "marker", "pending.marker"), "pending.marker", -1,
                           MAX_COUNT)
    s.pend_space = r.int_(r.get(raw, "space", "pending.space"), "pending.space", -1,
                          spaces - 1)
    s.pend_deck = r.int_(r.get(raw, "deck", "pending.deck"), "pending.deck", -1, 1)
    s.pend_slot = r.int_(r.get(raw, "slot", "pending.slot"), "pending.slot", -1, 3)
    s.pend_cost = r.ints(r.get(raw, "cost", "pending.cost"), "pending.cost", N_GEMS, 0,
                         MAX_COUNT)
    s.pend_used = r.ints(r.get(raw, "used", "pending.used"), "pending.used", N_GEMS, 0,
                         MAX_COUNT)
    s.pend_colour = r.int_(r.get(raw, "colour", "pending.colour"), "pending.colour", -1,
                           N_GEMS)


def _read_mining(r: _Reader, s: ZavandorState, raw: Any, n: int) -> None:
    s.mine_pos = r.int_(r.get(raw, "pos", "mining.pos"), "mining.pos", 0, n)
    used = r.list_(r.get(raw, "used", "mining.used"), "mining.used")
    s.mine_used = r.ints(used, "mining.used", min(len(used), N_GEMS), 0, MAX_COUNT)
    s.mine_wilds = r.int_(r.get(raw, "wilds", "mining.wilds"), "mining.wilds", 0, 99)
    s.mine_picks = r.ints(r.get(raw, "picks", "mining.picks"), "mining.picks", N_GEMS, 0, 99)
    if s.phase in (MINE_USE, WILD) and s.mine_pos < n:  # the miner's choices
        s.mine_choices = s.mining_choices(s._miner())


def _check_consistency(s: ZavandorState) -> None:
    """Every tile and card exactly once; unknown ids only in a belief state."""
    tiles = [t for t in s.board if t >= 0] + [t for ts in s.tiles for t in ts]
    unknown_tiles = sum(t == UNKNOWN for t in s.board)
    bought = sum(t == EMPTY for t in s.board)
    if (len(set(tiles)) != len(tiles) or len(tiles) + unknown_tiles != len(s.data.tiles)
            or bought != sum(len(ts) for ts in s.tiles)):
        raise PositionError("every tile must be on the board or owned, exactly once",
                            where="board")
    for deck in range(2):
        known = [i for i in s.display[deck] if i >= 0]
        known += [i for owned in s.owned for d, i in owned if d == deck]
        slots = [sl for sl in s.card_slots() if sl[0] == deck]
        known += [sl[2] for sl in slots if sl[2] >= 0]
        unknown = sum(sl[2] == UNKNOWN for sl in slots) + sum(
            i == UNKNOWN for i in s.display[deck])
        if len(set(known)) != len(known) or len(known) + unknown != len(s.data.decks[deck]):
            raise PositionError(f"every {DECK_NAMES[deck]} card must be in exactly one place",
                                where="piles")
    has_unknown = UNKNOWN in s.board or any(sl[2] == UNKNOWN for sl in s.card_slots())
    if s.observer == WORLD and has_unknown:
        raise PositionError("a world (observer -1) cannot contain unknown ids", where="observer")
    pending = [r[0] for r in s.reveals]
    for key in ("gnome", "start"):  # drawn at setup: unknown exactly until revealed
        if (getattr(s, key) == -1) != (key in pending):
            raise PositionError(f"-1 exactly while the {key} reveal is pending", where=key)
    if s.current == -1 and "start" not in pending and s.phase != OVER:
        raise PositionError("-1 (nobody) only before the start player is revealed or after "
                            "the end", where="current")
    if s.cont != CONT_NONE and not s.reveals:
        raise PositionError("a continuation waits only for pending reveals", where="cont")
    if s.observer == WORLD and (pending not in WORLD_REVEALS
                                or s.cont != CONT_NONE):
        raise PositionError("a world has no pending reveals but the setup's (gnome, start)",
                            where="reveals")
    _check_hidden(s)


def _check_hidden(s: ZavandorState) -> None:
    """Every tile lies on a space of its back, and each class of hidden ids (tiles by
    back, cards by deck and level) has exactly as many places as unseen ids, so that
    every search can sample worlds from the position (info.fill_unknown)."""
    for space, tile in enumerate(s.board):
        if tile >= 0 and s.data.tiles[tile].light != (s.data.spaces[space].district == CENTER):
            raise PositionError(f"tile {s.data.tiles[tile].id} has the other back than its "
                                "space", where=f"board[{space}]")
    pending = {(r[1], r[2]): r[3] for r in s.reveals if r[0] == "display"}
    shown: Counter[tuple[int, int]] = Counter()  # face-up cards awaiting their reveal
    for deck, row in enumerate(s.display):
        for i, ident in enumerate(row):
            if ident == UNKNOWN and (deck, i) not in pending:
                raise PositionError("a display card is unknown only while its reveal is "
                                    "pending", where=f"display[{deck}][{i}]")
            if ident == UNKNOWN:
                shown[deck, pending[deck, i]] += 1
    for what, places, candidates in unknown_classes(s):
        if what == "tiles":
            kind, count = ("light" if s.data.spaces[places[0]].district == CENTER
                           else "dark") + " tiles", len(places)
        else:
            deck, level = places[0][DECK], places[0][LEVEL]
            kind = f"level-{level} {DECK_NAMES[deck]} cards"
            count = len(places) + shown.pop((deck, level), 0)
        _check_class(kind, count, len(candidates), "board" if what == "tiles" else "piles")
    for (deck, level), count in shown.items():
        _check_class(f"level-{level} {DECK_NAMES[deck]} cards", count,
                     len(s.card_pool(deck, level)), "display")


def _check_class(kind: str, hidden: int, unseen: int, where: str) -> None:
    if hidden != unseen:
        raise PositionError(f"{hidden} hidden {kind} but {unseen} unseen ones", where=where)
