"""The results database (SQLite): the tournament's identity and one row per game.

Every game is inserted in its own transaction, keyed by (block, slot), so a run killed
at any moment leaves only whole games behind and a restart plays exactly the missing
ones. A database is checked before anything is written to it: one made for another
tournament, or a file that is not a tournament database, is refused untouched.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from valdora_ai.tournament.config import TournamentError

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    block INTEGER NOT NULL,      -- block number: one setup played with every seating
    slot INTEGER NOT NULL,       -- the seating's index in the block design
    seed INTEGER NOT NULL,       -- the game's setup seed
    seats TEXT NOT NULL,         -- JSON: entrant index per seat
    specs TEXT NOT NULL,         -- JSON: agent spec per seat, as played
    scores TEXT NOT NULL,        -- JSON: final score per seat
    ranks TEXT NOT NULL,         -- JSON: rank per seat (1 = winner, ties share)
    shares TEXT NOT NULL,        -- JSON: win share per seat (1 split among the winners)
    turns INTEGER NOT NULL,
    capped INTEGER NOT NULL,     -- 1 if the game hit the safety cap
    duration REAL NOT NULL,      -- seconds of play
    engine TEXT NOT NULL,        -- library version and engine that played it
    PRIMARY KEY (block, slot)
);
"""


@dataclass(frozen=True)
class GameRow:
    """One finished game, as stored."""

    block: int
    slot: int
    seed: int
    seats: tuple[int, ...]
    specs: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    shares: tuple[float, ...]
    turns: int
    capped: bool
    duration: float
    engine: str


class ResultsDB:
    """An open tournament database; use as a context manager or call close()."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path

    @classmethod
    def open(cls, path: str | Path, identity: dict[str, Any] | None = None) -> ResultsDB:
        """Open a database; with `identity`, create it or check it belongs to that tournament.

        Without `identity` (re-printing a report) the file must exist.
        """
        path = Path(path)
        if identity is None and not path.is_file():
            raise TournamentError(f"{path}: no such tournament database")
        stored = _read_identity(path) if path.exists() else None
        if stored is None and identity is None:
            raise TournamentError(f"{path}: not a tournament database")
        if stored is not None and identity is not None and stored != identity:
            raise TournamentError(f"{path}: the database belongs to another tournament "
                                  f"({_difference(stored, identity)}); use another --db")
        try:
            connection = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise TournamentError(f"{path}: cannot open the database ({exc})") from None
        if stored is None:
            with _transaction(connection):
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    connection.execute(statement)
                connection.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
                connection.execute("INSERT INTO meta VALUES ('identity', ?)",
                                   (json.dumps(identity, sort_keys=True),))
        return cls(connection, path)

    def identity(self) -> dict[str, Any]:
        row = self.connection.execute("SELECT value FROM meta WHERE key='identity'").fetchone()
        return dict(json.loads(row[0]))

    def set_meta(self, key: str, value: Any) -> None:
        with _transaction(self.connection):
            self.connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                    (key, json.dumps(value)))

    def meta(self, key: str) -> Any:
        row = self.connection.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def done(self) -> set[tuple[int, int]]:
        """(block, slot) of every stored game."""
        return set(self.connection.execute("SELECT block, slot FROM games"))

    def add(self, row: GameRow) -> bool:
        """Store one game in its own transaction; False if it was already there."""
        with _transaction(self.connection):
            cursor = self.connection.execute(
                "INSERT OR IGNORE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.block, row.slot, row.seed, json.dumps(row.seats), json.dumps(row.specs),
                 json.dumps(row.scores), json.dumps(row.ranks), json.dumps(row.shares),
                 row.turns, int(row.capped), row.duration, row.engine))
        return cursor.rowcount == 1

    def rows(self) -> list[GameRow]:
        """Every stored game, in (block, slot) order."""
        return [GameRow(block=b, slot=s, seed=seed, seats=tuple(json.loads(seats)),
                        specs=tuple(json.loads(specs)), scores=tuple(json.loads(scores)),
                        ranks=tuple(json.loads(ranks)), shares=tuple(json.loads(shares)),
                        turns=turns, capped=bool(capped), duration=duration, engine=engine)
                for b, s, seed, seats, specs, scores, ranks, shares, turns, capped, duration,
                engine in self.connection.execute("SELECT * FROM games ORDER BY block, slot")]

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _read_identity(path: Path) -> dict[str, Any] | None:
    """The identity stored in an existing file (read-only), None for an empty file."""
    if path.is_file() and path.stat().st_size == 0:
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT value FROM meta WHERE key='identity'").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError:
        raise TournamentError(f"{path}: not a tournament database") from None
    if row is None:
        raise TournamentError(f"{path}: not a tournament database")
    return dict(json.loads(row[0]))


def _difference(stored: dict[str, Any], wanted: dict[str, Any]) -> str:
    keys = [k for k in sorted(stored.keys() | wanted.keys()) if stored.get(k) != wanted.get(k)]
    return "; ".join(f"{k}: database {stored.get(k)!r}, asked {wanted.get(k)!r}" for k in keys)

