"""Positions as JSON, and back (a PositionError naming the field for bad input).

A world::

    {"game": "expeditions", "version": 1, "players": 2, "observer": null,
     "drawing": false, "hands": [["B3", "R7", ...], [...]], "deck": ["G4", ...],
     "expeditions": [{"Y": ["Y*", "Y3"], "B": [], ...}, {...}], "discards": ["R2"]}

The deck's top card is last. A belief state names its `observer` and writes "?" for
each card of another seat's hand and of the deck; `drawing` is true while its
observer awaits the card it draws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from valdora_ai.errors import PositionError
from valdora_ai.inputs import brief
from valdora_expeditions import GAME_TYPE
from valdora_expeditions.rules import (
    CARD_KINDS,
    CARDS,
    COLOURS,
    DECK,
    HAND,
    UNKNOWN,
    WORLD,
    ExpeditionsState,
    card_name,
    colour,
)

VERSION = 1
FIELDS = ("game", "version", "players", "observer", "drawing", "hands", "deck",
          "expeditions", "discards")
HIDDEN = "?"


def position_to_json(state: ExpeditionsState) -> dict[str, Any]:
    def names(cards: list[int]) -> list[str]:
        return [HIDDEN if kind == UNKNOWN else card_name(kind) for kind in cards]

    return {
        "game": GAME_TYPE.name, "version": VERSION, "players": state.n,
        "observer": None if state.observer == WORLD else state.observer,
        "drawing": state.drawing, "hands": [names(hand) for hand in state.hands],
        "deck": names(state.deck),
        "expeditions": [dict(zip(COLOURS, map(names, seat), strict=True))
                        for seat in state.expeditions],
        "discards": names(state.discards),
    }


def position_from_json(document: Any) -> ExpeditionsState:
    doc = _table(document, "position", FIELDS)
    if doc["game"] != GAME_TYPE.name:
        raise PositionError(f"a position of {brief(doc['game'])}, not of "
                            f"{GAME_TYPE.name!r}", where="game")
    _integer(doc["version"], "version", VERSION, VERSION)
    n = _integer(doc["players"], "players", GAME_TYPE.min_players, GAME_TYPE.max_players)
    observer = WORLD if doc["observer"] is None else _integer(
        doc["observer"], "observer", 0, n - 1)
    drawing = doc["drawing"]
    if not isinstance(drawing, bool) or (drawing and observer == WORLD):
        raise PositionError("expected false, or true in a belief state awaiting its "
                            f"observer's draw, got {brief(drawing)}", where="drawing")
    hands = [sorted(_cards(hand, f"hands[{seat}]", hidden=observer not in (WORLD, seat)))
             for seat, hand in enumerate(_list(doc["hands"], "hands", n))]
    deck = _cards(doc["deck"], "deck", hidden=observer != WORLD)
    expeditions = [_expedition(seat, f"expeditions[{index}]")
                   for index, seat in enumerate(_list(doc["expeditions"], "expeditions", n))]
    state = ExpeditionsState(n, hands, deck, expeditions,
                             _cards(doc["discards"], "discards", hidden=False),
                             observer, drawing)
    _check_counts(state)
    return state


def _check_counts(state: ExpeditionsState) -> None:
    """Every card once, hands of six (five while the observer draws), a deck no longer
    than the deal leaves."""
    if not 0 <= len(state.deck) <= CARDS - HAND * state.n:
        raise PositionError(f"{len(state.deck)} cards, more than the "
                            f"{CARDS - HAND * state.n} the deal leaves", where="deck")
    if state.drawing and not state.deck:
        raise PositionError("no card left to draw", where="drawing")
    for seat, hand in enumerate(state.hands):
        size = HAND - (state.drawing and seat == state.observer)
        if len(hand) != size:
            raise PositionError(f"{len(hand)} cards, expected {size}", where=f"hands[{seat}]")
    places = [*state.hands, state.deck, state.discards,
              *(cards for seat in state.expeditions for cards in seat)]
    known = Counter(kind for cards in places for kind in cards if kind != UNKNOWN)
    for kind, count in known.items():
        if count > DECK.count(kind):
            raise PositionError(f"{count} copies of {card_name(kind)} (the deck has "
                                f"{DECK.count(kind)})", where="position")
    hidden = sum(cards.count(UNKNOWN) for cards in places)
    if sum(known.values()) + hidden != CARDS:
        raise PositionError(f"{sum(known.values()) + hidden} cards, the game has {CARDS}",
                            where="position")


def _expedition(value: Any, where: str) -> list[list[int]]:
    table = _table(value, where, tuple(COLOURS))
    lines = []
    for index, letter in enumerate(COLOURS):
        cards = _cards(table[letter], f"{where}.{letter}", hidden=False)
        if any(colour(kind) != index for kind in cards) or cards != sorted(cards):
            raise PositionError("expected cards of its colour, stakes first, then rising "
                                "numbers", where=f"{where}.{letter}")
        lines.append(cards)
    return lines


def _cards(value: Any, where: str, hidden: bool) -> list[int]:
    """A list of card names, or of "?" when the place is hidden from the observer."""
    cards = _list(value, where, None)
    for index, name in enumerate(cards):
        if hidden and name != HIDDEN:
            raise PositionError(f"expected {HIDDEN!r} (hidden from the observer), got "
                                f"{brief(name)}", where=f"{where}[{index}]")
        if not hidden and name not in CARD_KINDS:
            raise PositionError(f"expected a card such as 'R7' or 'Y*', got {brief(name)}",
                                where=f"{where}[{index}]")
    return [UNKNOWN if hidden else CARD_KINDS[name] for name in cards]


def _table(value: Any, where: str, fields: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PositionError(f"expected an object, got {brief(value)}", where=where)
    for key in fields:
        if key not in value:
            raise PositionError(f"missing field {key!r}", where=where)
    for key in value:
        if key not in fields:
            raise PositionError(f"unknown field {brief(key)}", where=where)
    return value


def _list(value: Any, where: str, length: int | None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        what = "a list" if length is None else f"a list of {length} entries"
        raise PositionError(f"expected {what}, got {brief(value)}", where=where)
    return value


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"expected an integer from {low} to {high}, got {brief(value)}",
                            where=where)
    return value
