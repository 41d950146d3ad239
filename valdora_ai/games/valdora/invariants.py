"""Conservation laws of Valdora: every component is always somewhere.

Used when loading a position (a violation is a bad position) and by the property
tests after every step of thousands of games.

A broken law is reported at the fields that can be wrong, as position-JSON paths: a
place that breaks a bound of its own (a road holding more gems than it was dealt)
is named alone, and comes first; otherwise a surplus names every place holding the
component, and a shortfall the fields the law adds up (``seats[*].coins``).
"""

from __future__ import annotations

from collections.abc import Iterable

from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import ValdoraState

Places = list[tuple[str, int]]  # (field path, count there)


def conservation_problems(state: ValdoraState) -> list[tuple[str, str]]:
    """(field path, message) for each broken conservation law; empty when all hold."""
    state = as_reference(state)
    data, players = state.data, state.players
    problems = []
    for s in data.road_spaces:
        if sum(state.road[s]) > data.gems_per_road:
            problems.append((f"roads.{data.spaces[s].id}",
                             f"{sum(state.road[s])} gems, but a road is dealt "
                             f"{data.gems_per_road} and never gains any"))
    for g, gem in enumerate(data.gems):
        places = [(f"roads.{data.spaces[s].id}", state.road[s][g]) for s in data.road_spaces]
        places.append(("discard", state.discard[g]))
        places += [(f"seats[{i}].items.{data.items[j].id}", 1)
                   for i, p in enumerate(state.players) for j, load in enumerate(p.load)
                   if load == g]
        _law(problems, places, gem.count, "roads.*, discard, seats[*].items",
             "on the roads, the discard and the items together; the game has "
             f"{gem.count}", prefix=f"{gem.id}: ")
    _law(problems, [("bank", state.bank)] + _seat_places("coins", (p.coins for p in players)),
         data.coins_total, "bank, seats[*].coins",
         f"coins on the table, the game has {data.coins_total}")
    for c, colour in enumerate(data.colours):
        expected = colour.count - (colour.removed_with_3 if state.n == 3 else 0)
        places = [(f"craftsmen.{colour.id}", state.supply[c])] + _seat_places(
            f"craftsmen.{colour.id}", (p.craftsmen[c] for p in players))
        _law(problems, places, expected,
             f"craftsmen.{colour.id}, seats[*].craftsmen.{colour.id}",
             f"{colour.id} tiles in play, expected {expected}")
        owner = state.workshop_owner[c]
        holders = [s for s, p in enumerate(state.players) if c in p.workshops]
        if holders != ([] if owner < 0 else [owner]):
            where = ", ".join([f"workshops.{colour.id}"]
                              + [f"seats[{s}].workshops" for s in holders])
            problems.append((where, f"the {colour.id} workshop's owner does not match the "
                                    "seats' workshops"))
    _law(problems, [("bonus_tiles", state.bonus_left)]
         + _seat_places("bonus_tiles", (p.bonus for p in players)),
         data.bonus_count, "bonus_tiles, seats[*].bonus_tiles",
         f"bonus tiles in play, expected {data.bonus_count}")
    for kind, fields in (("equipment", ("equipment",)),
                         ("commission", ("commissions", "completed"))):
        books = [(i, b) for i, b in enumerate(state.books) if b.cards.kind == kind]
        places = [(f"books[{i}]", b.size()) for i, b in books]
        for name in fields:
            places += _seat_places(name, (len(getattr(p, name)) for p in players))
        expected = sum(b.cards.size for _, b in books)
        _law(problems, places, expected,
             ", ".join([f"books[{i}]" for i, _ in books] + [f"seats[*].{n}" for n in fields]),
             f"{kind} cards in play, the game has {expected}")
    for i, book in enumerate(state.books):
        if sum(book.pool) != book.hidden_count or (
                book.hidden is not None and len(book.hidden) != book.hidden_count):
            problems.append((f"books[{i}].hidden", "the hidden cards do not match the pool"))
    return problems


def _seat_places(field: str, counts: Iterable[int]) -> Places:
    return [(f"seats[{i}].{field}", n) for i, n in enumerate(counts)]


def _law(problems: list[tuple[str, str]], places: Places, expected: int, fields: str,
         what: str, prefix: str = "") -> None:
    """Append the problem "`prefix`TOTAL `what`" unless `places` hold `expected` in all
    (see the module doc for the field named)."""
    total = sum(n for _, n in places)
    if total == expected:
        return
    where = ", ".join(path for path, n in places if n) if total > expected else fields
    problems.append((where, f"{prefix}{total} {what}"))
