"""Pieces every game's `valdora data show` tables share: literal rows, the provenance."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table

from valdora_ai.richtext import literal


def add_row(table: Table, *cells: object) -> None:
    """A row of cells read from a data file (which a user may have written), shown
    literally, never as Rich markup."""
    table.add_row(*(literal(cell) for cell in cells))


def provenance_table(provenance: Mapping[str, str]) -> Table:
    """Which parts of the data file the rulebook states and which were reconstructed."""
    table = Table(title="Provenance")
    table.add_column("part")
    table.add_column("source")
    for part, source in provenance.items():
        add_row(table, part, source)
    return table
