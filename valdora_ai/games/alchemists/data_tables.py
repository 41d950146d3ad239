"""The Valley of Alchemists' component data as readable Rich tables (`valdora data show`)."""

from __future__ import annotations

from rich.table import Table

from valdora_ai.games.alchemists import labels
from valdora_ai.games.alchemists.data import AlchemistsData
from valdora_ai.richtext import literal


def data_tables(data: AlchemistsData) -> list[Table]:
    """The component data as a handful of tables (every cell from the data file, which a
    user may have written, is shown literally)."""
    rules = _table("Rules constants", ("constant", "value"))
    for name, value in (
            ("players", f"{data.players_min} to {data.players_max}"),
            ("actions per turn", data.actions_per_turn),
            ("setup skill points", data.start_points),
            ("ingredient limit (per type)", data.ingredient_limit),
            ("decoction limit (per colour)", data.decoction_limit),
            ("face-up elixirs", data.face_up),
            ("deck size by players", ", ".join(f"{n}: {size}"
                                               for n, size in data.deck_size.items())),
            ("line bonus shape / colour / level",
             f"{data.shape_bonus} / {data.colour_bonus} per colour / {data.level_bonus}"),
            ("experience markers (value x count)",
             ", ".join(f"{v}x{n}" for v, n in sorted(data.experience_markers.items()))),
            ("default options", f"track {data.options.track}, stall safeguard "
             f"{'on' if data.options.stall_safeguard else 'off'} after "
             f"{data.options.stall_rounds} rounds")):
        _add_row(rules, name, value)

    tracks = _table("Skill tracks (ingredients per collect, space by space)",
                    ("track", "values"))
    for name, values in data.tracks.items():
        _add_row(tracks, name, " ".join(map(str, values)))

    brewing = _table("Brewing (ingredients per decoction)", ("decoction", "ingredients"))
    for colour, recipe in zip(data.decoctions, data.recipes, strict=True):
        _add_row(brewing, colour, labels.amounts(data.ingredients, recipe))

    cards = _table(f"Elixir cards ({len(data.elixirs)})",
                   ("id", "colours", "shape", "level", "cost", "skill bonus", "EP"))
    for card in data.elixirs:
        _add_row(cards, card.id, labels.colours(data, card), data.shapes[card.shape],
                 card.level, labels.cost(data, card), labels.bonus(data, card) or "-", card.ep)

    provenance = _table("Provenance", ("part", "source"))
    for part, source in data.provenance.items():
        _add_row(provenance, part, source)
    return [rules, tracks, brewing, cards, provenance]


def _table(title: str, columns: tuple[str, ...]) -> Table:
    table = Table(title=title)
    for column in columns:
        table.add_column(column)
    return table


def _add_row(table: Table, *cells: object) -> None:
    table.add_row(*(literal(cell) for cell in cells))
