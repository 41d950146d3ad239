"""Zavandor's component data as readable Rich tables (`valdora data show`)."""

from __future__ import annotations

from rich.table import Table

from valdora_ai.games.data_view import add_row, provenance_table
from valdora_ai.games.zavandor.data import DECK_NAMES, GEM_LETTERS, ZavandorData
from valdora_ai.games.zavandor.tables import LEVELS, card_effect, gems_text, tile_text


def data_tables(data: ZavandorData) -> list[Table]:
    """The component data as a handful of tables (every cell from the data file, which
    a user may have written, is shown literally)."""
    rules = Table(title="Rule constants")
    rules.add_column("rule")
    rules.add_column("value")
    targets = ", ".join(f"{n} players: {vp}" for n, vp in sorted(data.vp_target.items()))
    for name, value in (
            ("players", f"{data.players_min} to {data.players_max}"),
            ("start gold / actions a round", f"{data.start_gold} / {data.actions_per_round}"),
            ("start prices (D R S E)", " ".join(map(str, data.start_prices))),
            ("prices between", f"{data.price_min} and {data.price_max}"),
            ("VP to end the game", targets),
            ("take gold / soil sample", f"+{data.take_gold} / {data.sample_cost} gold"),
            ("gems bought or sold at once / given to a trader",
             f"{data.gem_trade_max} / {data.trader_max}"),
            ("face-up cards per deck", data.display_size),
            ("market correction", f"round {data.correction_round}, 1 step per "
                                  f"{data.correction_gems_per_step} gems held")):
        add_row(rules, name, value)

    tiles = Table(title="Mining-rights tiles (light backs lie in Diamantina)")
    for column in ("tile", "mines", "back"):
        tiles.add_column(column)
    for tile_index, tile in enumerate(data.tiles):
        add_row(tiles, tile.id, tile_text(data, tile_index), "light" if tile.light else "dark")

    spaces = Table(title="Board spaces (cost of the tile there)")
    spaces.add_column("district")
    spaces.add_column("spaces")
    for district in range(len(data.districts) + 1):
        row = [f"{sp.label} {gems_text(sp.cost)}" for sp in data.spaces
               if sp.district == district]
        add_row(spaces, data.district_name(district), "  ".join(row))

    tables = [rules, tiles, spaces]
    for deck, cards in enumerate(data.decks):
        table = Table(title=f"{DECK_NAMES[deck].capitalize()} ({len(cards)} cards)")
        for column in ("card", "level", "cost", "VP", "effect"):
            table.add_column(column)
        for card in cards:
            bold = f" (bold {GEM_LETTERS[card.bold]})" if card.bold >= 0 else ""
            add_row(table, card.id, LEVELS[card.level], gems_text(card.cost) + bold, card.vp,
                     card_effect(card))
        tables.append(table)

    tables.append(provenance_table(data.provenance))
    return tables

