"""What tournament tests compare: the results table of a report, and the games a
database holds while another process (or thread) is writing it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from valdora_ai.tournament import Report


def table(report: Report) -> tuple[Any, ...]:
    """Everything the results table shows (not the play time)."""
    return (report.identity, report.games, report.blocks, report.standings, report.seats)


def stored(db: Path) -> int:
    """Games in a database another process is writing (0 before it has a table)."""
    try:
        connection = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error:
        return 0
