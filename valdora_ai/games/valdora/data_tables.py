"""Valdora's component data as readable Rich tables (`valdora data show`)."""

from __future__ import annotations

from rich.table import Table

from valdora_ai.games.data_view import add_row, provenance_table
from valdora_ai.games.valdora.data import ANY_GEM, ComponentData
from valdora_ai.richtext import literal


def data_tables(data: ComponentData) -> list[Table]:
    """The component data as a handful of readable tables (every cell from the data
    file, which a user may have written, is shown literally)."""
    gems = Table(title="Gems (in the bag)")
    for column in ("gem", "letter", "colour", "count"):
        gems.add_column(column)
    for gem in data.gems:
        add_row(gems, gem.id, gem.letter, gem.colour, gem.count)

    colours = Table(title="Craftsmen (clockwise) and workshops")
    for column in ("colour", "tiles", "removed with 3", "workshop needs", "workshop VP"):
        colours.add_column(column)
    for c in data.colours:
        add_row(colours, c.id, c.count, c.removed_with_3, c.workshop_needs, c.workshop_vp)

    items = Table(title="Equipment items")
    for column in ("item", "loads", "coins per load", "start card"):
        items.add_column(column)
    for it in data.items:
        loads = "any" if it.loads == ANY_GEM else data.gems[it.loads].id
        add_row(items, it.id, loads, it.load_cost, "yes" if it.start else "")

    faces = Table(title="Commission faces")
    for column in ("face", "patron", "asks for", "VP"):
        faces.add_column(column)
    for f in data.commissions:
        asks = f"{f.coins} coin" if f.coins else " + ".join(data.gems[g].id for g in f.gems)
        add_row(faces, f.id, data.colours[f.patron].id, asks, f.vp)

    tables = [gems, colours, items, faces]
    for cards in data.card_sets.values():
        names = ([it.id for it in data.items] if cards.kind == "equipment"
                 else [f.id for f in data.commissions])
        table = Table(title=literal(f"Card set {cards.name!r} ({cards.kind}, {cards.size} cards)"))
        table.add_column("front / back")
        table.add_column("copies", justify="right")
        for (front, back), copies in zip(cards.types, cards.copies, strict=True):
            add_row(table, f"{names[front]} / {names[back]}", copies)
        tables.append(table)

    board = Table(title="Board: spaces by section (cities bound the sections)")
    board.add_column("section")
    board.add_column("spaces")
    board.add_column("bounding cities")
    for i, section in enumerate(data.sections()):
        cities = sorted({data.spaces[c].id for s in section for c in data.reach_plain[s]
                         if data.spaces[c].kind == "city"})
        add_row(board, i + 1, ", ".join(_space_label(data, s) for s in section),
                 ", ".join(cities))
    city_spaces = [s for s in data.spaces if s.kind == "city"]
    add_row(board, "cities", ", ".join(
        s.id + (f" (book: {s.book})" if s.book else "") + (f" ({s.ships} ship)" if s.ships
                                                          else "") for s in city_spaces), "")
    tables.append(board)

    tables.append(provenance_table(data.provenance))
    return tables



def _space_label(data: ComponentData, space: int) -> str:
    s = data.spaces[space]
    if s.kind == "patron":
        return f"{s.id} (patron {data.colours[s.patron].id})"
    if s.kind == "harbour":
        return f"{s.id} (harbour, {s.ships} ship{'s' if s.ships > 1 else ''})"
    return f"{s.id} ({s.kind})"
