"""The results database (SQLite): the tournament's identity and one row per game.

Every game is inserted in its own transaction, keyed by (block, slot), so a run killed
at any moment leaves only whole games behind and a restart plays exactly the missing
ones. A database is checked before anything is written to it: one made for another
tournament, or a file that is not a tournament database, is refused untouched.

A run holds an exclusive lock (flock) on the file while it plays, so a second run on the
same database (even two runs creating it at once) is refused instead of racing the
first; the kernel drops the lock when the run ends, however it ends. Every SQLite
failure (read-only file, full disk, a tampered or dropped table, a row that does not
decode) is a TournamentError naming the file; the games stored before it are kept.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from valdora_ai.clock import ON_TIME
from valdora_ai.tournament.config import TournamentError

SCHEMA_VERSION = 2  # 2: the decision_times table (and forfeits made up front)

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

# A game an entrant lost by forfeit (an external engine that failed, or a seat that lost
# on time): one row beside its games row, written in the same transaction. Databases
# made before forfeits existed lack the table until a run migrates them.
_FORFEITS = """
CREATE TABLE IF NOT EXISTS forfeits (
    block INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    seat INTEGER NOT NULL,       -- the seat that forfeited
    reason TEXT NOT NULL,        -- timeout, crash, garbage or illegal, and the details
    PRIMARY KEY (block, slot)
)
"""


# Under a time control: the seconds each decision of a seat took. A database made before
# clocks (schema 1) lacks the table: it reads as games without times, and is migrated by
# the first write of times (a run of a tournament with clocks).
_TIMES = """
CREATE TABLE IF NOT EXISTS decision_times (
    block INTEGER NOT NULL,
    slot INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    seconds TEXT NOT NULL,       -- JSON: seconds per decision of this seat, in order
    PRIMARY KEY (block, slot, seat)
)
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
    forfeit: Forfeit | None = None  # the seat that lost by forfeit, and why
    times: tuple[tuple[float, ...], ...] = ()  # seconds per decision per seat (clocks only)


@dataclass(frozen=True)
class Forfeit:
    """A seat that lost its game by forfeit, and the reason (see docs/tournaments.md)."""

    seat: int
    reason: str

    @property
    def on_time(self) -> bool:
        """Whether the seat lost on time (overran its clock) rather than failed."""
        return self.reason.startswith(ON_TIME)


class ResultsDB:
    """An open tournament database; use as a context manager or call close()."""

    def __init__(self, connection: sqlite3.Connection, path: Path,
                 lock: int | None = None) -> None:
        self.connection = connection
        self.path = path
        self._lock = lock  # the locked descriptor of a run, None when only reading

    @classmethod
    def open(cls, path: str | Path, identity: dict[str, Any] | None = None) -> ResultsDB:
        """Open a database; with `identity`, lock it for a run and create it or check it
        belongs to that tournament.

        Without `identity` (re-printing a report) the file must exist; it is only read.
        """
        path = Path(path)
        if identity is None:
            if not path.exists():
                raise TournamentError(f"{path}: no such tournament database")
            _check_regular(path)
            with _storage_errors(path):
                if _read_identity(path) is None:
                    raise TournamentError(f"{path}: not a tournament database")
                return cls(sqlite3.connect(path, isolation_level=None), path)
        created = not path.exists()
        lock = _lock(path)
        connection = None
        try:
            with _storage_errors(path, "open"):
                stored = _read_identity(path)
                if stored is not None and stored != identity:
                    raise TournamentError(
                        f"{path}: the database belongs to another tournament "
                        f"({_difference(stored, identity)}); use another --db")
                connection = sqlite3.connect(path, isolation_level=None)
                if stored is None:
                    _create(connection, identity)
        except BaseException:
            if connection is not None:
                connection.close()
            with suppress(OSError):
                if created and path.stat().st_size == 0:
                    path.unlink()
            os.close(lock)
            raise
        return cls(connection, path, lock)

    def identity(self) -> dict[str, Any]:
        with _storage_errors(self.path):
            row = self.connection.execute(
                "SELECT value FROM meta WHERE key='identity'").fetchone()
            return _identity(row, self.path)

    def set_meta(self, key: str, value: Any) -> None:
        with _storage_errors(self.path, "write to"), _transaction(self.connection):
            self.connection.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                    (key, json.dumps(value)))

    def meta(self, key: str) -> Any:
        with _storage_errors(self.path):
            row = self.connection.execute("SELECT value FROM meta WHERE key=?",
                                          (key,)).fetchone()
            return None if row is None else _json(row[0], f"meta {key!r}")

    def sprt(self) -> list[float] | None:
        """The SPRT a run stopped by (elo0, elo1, alpha, beta), if it had one."""
        stored: list[float] | None = self.meta("sprt")
        if stored is not None and not (_is_list(stored, (int, float), 4)
                                       and 0 < stored[2] < 1 and 0 < stored[3] < 1):
            raise TournamentError(f"{self.path}: not a tournament database (meta 'sprt' is "
                                  "not four numbers: elo0, elo1, alpha, beta)")
        return stored

    def done(self) -> set[tuple[int, int]]:
        """(block, slot) of every stored game."""
        with _storage_errors(self.path):
            return set(self.connection.execute("SELECT block, slot FROM games"))

    def add(self, row: GameRow) -> bool:
        """Store one game in its own transaction; False if it was already there."""
        with _storage_errors(self.path, "write to"), _transaction(self.connection):
            cursor = self.connection.execute(
                "INSERT OR IGNORE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.block, row.slot, row.seed, json.dumps(row.seats), json.dumps(row.specs),
                 json.dumps(row.scores), json.dumps(row.ranks), json.dumps(row.shares),
                 row.turns, int(row.capped), row.duration, row.engine))
            if row.forfeit is not None and cursor.rowcount == 1:
                self.connection.execute(_FORFEITS)
                self.connection.execute("INSERT INTO forfeits VALUES (?,?,?,?)",
                                        (row.block, row.slot, row.forfeit.seat,
                                         row.forfeit.reason))
            if row.times and cursor.rowcount == 1:
                _migrate(self.connection)
                self.connection.executemany(
                    "INSERT INTO decision_times VALUES (?,?,?,?)",
                    [(row.block, row.slot, seat, json.dumps(list(seconds)))
                     for seat, seconds in enumerate(row.times)])
        return cursor.rowcount == 1

    def rows(self) -> list[GameRow]:
        """Every stored game, in (block, slot) order, each checked against the identity."""
        identity = self.identity()
        with _storage_errors(self.path):
            forfeits = self._forfeits(identity["players"])
            times = self._times(identity["players"])
            return [replace(_game_row(values, identity, forfeits),
                            times=times.get((values[0], values[1]), ()))
                    for values in self.connection.execute(
                        "SELECT * FROM games ORDER BY block, slot")]

    def _has_table(self, name: str) -> bool:
        return self.connection.execute("SELECT 1 FROM sqlite_master WHERE type='table' "
                                       "AND name=?", (name,)).fetchone() is not None

    def _times(self, players: int) -> dict[tuple[int, int], tuple[tuple[float, ...], ...]]:
        """Every game's decision times by (block, slot), a tuple per seat; none in a
        database made before clocks (schema 1, read without a run's migration)."""
        if not self._has_table("decision_times"):
            return {}
        seats: dict[tuple[int, int], dict[int, tuple[float, ...]]] = {}
        for block, slot, seat, text in self.connection.execute(
                "SELECT * FROM decision_times"):
            seconds = _json(text, f"decision times (block {block!r}, slot {slot!r})")
            if not (type(seat) is int and 0 <= seat < players
                    and _is_list(seconds, (int, float))):
                raise _Tampered(f"decision times (block {block!r}, slot {slot!r}) have a "
                                "field of the wrong type")
            seats.setdefault((block, slot), {})[seat] = tuple(float(x) for x in seconds)
        return {key: tuple(found.get(s, ()) for s in range(players))
                for key, found in seats.items()}

    def _forfeits(self, players: int) -> dict[tuple[int, int], Forfeit]:
        """Every stored forfeit by (block, slot); none in a database without the table."""
        if not self._has_table("forfeits"):
            return {}
        found = {}
        for block, slot, seat, reason in self.connection.execute("SELECT * FROM forfeits"):
            if not (type(seat) is int and 0 <= seat < players and isinstance(reason, str)):
                raise _Tampered(f"forfeit (block {block!r}, slot {slot!r}) has a field of "
                                "the wrong type")
            found[block, slot] = Forfeit(seat, reason)
        return found

    def close(self) -> None:
        self.connection.close()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Tampered(Exception):
    """A stored value that does not decode; _storage_errors names the file."""


@contextmanager
def _storage_errors(path: Path, doing: str = "read") -> Iterator[None]:
    """SQLite failures and undecodable values as one-line TournamentErrors naming `path`;
    `doing` (open, read, write to) says what failed."""
    try:
        yield
    except _Tampered as exc:
        raise TournamentError(f"{path}: not a tournament database ({exc})") from None
    except sqlite3.OperationalError as exc:
        if str(exc).startswith("no such "):  # a dropped table or column
            raise TournamentError(f"{path}: not a tournament database ({exc})") from None
        kept = "; the games stored before are kept" if doing == "write to" else ""
        raise TournamentError(f"{path}: cannot {doing} the database ({exc}){kept}") from None
    except sqlite3.Error as exc:
        raise TournamentError(f"{path}: not a tournament database ({exc})") from None


def _check_regular(path: Path) -> None:
    if not path.is_file():
        raise TournamentError(f"{path}: not a tournament database (not a regular file)")


def _lock(path: Path) -> int:
    """The database file opened (created if missing) and locked for this run."""
    if path.exists():
        _check_regular(path)
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
    except OSError as exc:
        raise TournamentError(f"{path}: cannot open the database for writing "
                              f"({exc.strerror}); `valdora tournament report` only reads it"
                              ) from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        raise TournamentError(f"{path}: another tournament run is using this database; "
                              "wait for it to end or use another --db") from None
    return descriptor


def _create(connection: sqlite3.Connection, identity: dict[str, Any]) -> None:
    with _transaction(connection):
        for statement in filter(str.strip, _SCHEMA.split(";")):
            connection.execute(statement)
        connection.execute(_TIMES)
        connection.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        connection.execute("INSERT INTO meta VALUES ('identity', ?)",
                           (json.dumps(identity, sort_keys=True),))


def _migrate(connection: sqlite3.Connection) -> None:
    """Bring a schema 1 database up to :data:`SCHEMA_VERSION` (inside the transaction
    that first writes decision times): the table is created, older games stay as they
    were, without times. A database that never stores times needs no migration."""
    connection.execute(_TIMES)
    connection.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)",
                       (str(SCHEMA_VERSION),))


@contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error (unless SQLite already did,
    as it does on a full disk)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if connection.in_transaction:
            with suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _read_identity(path: Path) -> dict[str, Any] | None:
    """The identity stored in an existing file (read-only), None for an empty file."""
    if path.stat().st_size == 0:
        return None
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT value FROM meta WHERE key='identity'").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError:
        raise TournamentError(f"{path}: not a tournament database") from None
    return _identity(row, path)


def _identity(row: tuple[Any, ...] | None, path: Path) -> dict[str, Any]:
    if row is None:
        raise TournamentError(f"{path}: not a tournament database")
    identity = _json(row[0], "meta 'identity'")
    if not (isinstance(identity, dict) and _is_list(identity.get("entrants"), str)
            and type(identity.get("players")) is int and identity["players"] > 0):
        raise TournamentError(f"{path}: not a tournament database (meta 'identity' lacks "
                              "its entrants or players)")
    return identity


def _json(text: Any, where: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise _Tampered(f"{where} is not valid JSON") from None


def _is_list(value: Any, kind: type | tuple[type, ...], length: int | None = None) -> bool:
    return (isinstance(value, list) and (length is None or len(value) == length)
            and all(isinstance(v, kind) and not isinstance(v, bool) for v in value))


def _game_row(values: tuple[Any, ...], identity: dict[str, Any],
              forfeits: dict[tuple[int, int], Forfeit]) -> GameRow:
    """A stored row as a GameRow, every field checked: reports index by its values."""
    if len(values) != 12:
        raise _Tampered(f"the games table has {len(values)} columns, not 12")
    block, slot, seed, seats, specs, scores, ranks, shares, turns, capped, duration, engine \
        = values
    where = f"game (block {block!r}, slot {slot!r})"
    players, entrants = identity["players"], len(identity["entrants"])
    decoded = {name: _json(text, f"{where} {name}") for name, text in
               (("seats", seats), ("specs", specs), ("scores", scores), ("ranks", ranks),
                ("shares", shares))}
    valid = (all(type(v) is int for v in (block, slot, seed, turns, capped))
             and isinstance(duration, (int, float)) and isinstance(engine, str)
             and _is_list(decoded["seats"], int, players)
             and all(0 <= e < entrants for e in decoded["seats"])
             and _is_list(decoded["specs"], str, players)
             and _is_list(decoded["scores"], int, players)
             and _is_list(decoded["ranks"], int, players)
             and _is_list(decoded["shares"], (int, float), players))
    if not valid:
        raise _Tampered(f"{where} has a field of the wrong type or length")
    return GameRow(block=block, slot=slot, seed=seed, seats=tuple(decoded["seats"]),
                   specs=tuple(decoded["specs"]), scores=tuple(decoded["scores"]),
                   ranks=tuple(decoded["ranks"]), shares=tuple(decoded["shares"]),
                   turns=turns, capped=bool(capped), duration=float(duration), engine=engine,
                   forfeit=forfeits.get((block, slot)))


def _difference(stored: dict[str, Any], wanted: dict[str, Any]) -> str:
    keys = [k for k in sorted(stored.keys() | wanted.keys()) if stored.get(k) != wanted.get(k)]
    return "; ".join(f"{k}: database {stored.get(k)!r}, asked {wanted.get(k)!r}" for k in keys)
