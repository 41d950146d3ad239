"""Conservation laws of Valdora: every component is always somewhere.

Used when loading a position (a violation is a bad position) and by the property
tests after every step of thousands of games.
"""

from __future__ import annotations

from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import ValdoraState


def conservation_problems(state: ValdoraState) -> list[tuple[str, str]]:
    """(field path, message) for each broken conservation law; empty when all hold."""
    state = as_reference(state)
    data = state.data
    problems = []
    for g, gem in enumerate(data.gems):
        total = (state.discard[g] + sum(road[g] for road in state.road)
                 + sum(p.load.count(g) for p in state.players))
        if total != gem.count:
            problems.append(("discard", f"{gem.id}: {total} on the roads, the discard and "
                                        f"the items together; the game has {gem.count}"))
    coins = state.bank + sum(p.coins for p in state.players)
    if coins != data.coins_total:
        problems.append(("bank", f"{coins} coins on the table, the game has {data.coins_total}"))
    for c, colour in enumerate(data.colours):
        expected = colour.count - (colour.removed_with_3 if state.n == 3 else 0)
        total = state.supply[c] + sum(p.craftsmen[c] for p in state.players)
        if total != expected:
            problems.append((f"craftsmen.{colour.id}",
                             f"{total} tiles in play, expected {expected}"))
        owner = state.workshop_owner[c]
        holders = [s for s, p in enumerate(state.players) if c in p.workshops]
        if holders != ([] if owner < 0 else [owner]):
            problems.append((f"workshops.{colour.id}",
                             "the owner does not match the seats' workshops"))
    bonus = state.bonus_left + sum(p.bonus for p in state.players)
    if bonus != data.bonus_count:
        problems.append(("bonus_tiles", f"{bonus} bonus tiles in play, expected "
                                        f"{data.bonus_count}"))
    for kind in ("equipment", "commission"):
        books = [b for b in state.books if b.cards.kind == kind]
        held = sum(len(p.equipment) if kind == "equipment"
                   else len(p.commissions) + len(p.completed) for p in state.players)
        total = sum(b.size() for b in books) + held
        expected = sum(b.cards.size for b in books)
        if total != expected:
            problems.append(("books", f"{total} {kind} cards in play, the game has {expected}"))
    for i, book in enumerate(state.books):
        if sum(book.pool) != book.hidden_count or (
                book.hidden is not None and len(book.hidden) != book.hidden_count):
            problems.append((f"books[{i}].hidden", "the hidden cards do not match the pool"))
    return problems
