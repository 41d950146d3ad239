"""Game records: JSON lines that replay a game exactly.

A record is a header line, one line per turn in the turn notation, and a closing
result line (missing while the game is in progress: a saved game to resume)::

    {"format": "valdora-record", "version": 1, "game": "valdora", "seed": 1,
     "players": 3, "seats": ["greedy", "greedy", "random"],
     "data_sha256": "…", "valdora_ai": "0.1.0"}
    {"turn": 1, "round": 1, "seat": 0, "play": "r4: +R@pick +E@cart"}
    …
    {"result": {"scores": [97, 80, 12], "winners": [0], "rounds": 31, "capped": false}}

The seed fixes the setup and so every card revealed later: turns need no reveals.
Replaying rebuilds the game from the header and plays each turn; any mismatch (an
illegal turn, a seat out of order, a different result, a different data file) is a
RecordError naming the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from valdora_ai import __version__
from valdora_ai.errors import RecordError, ValdoraError
from valdora_ai.games import Game, State, check_game, make_game
from valdora_ai.inputs import brief, load_json, read_text
from valdora_ai.positions import UNNAMED_GAME
from valdora_ai.rng import check_seed

FORMAT = "valdora-record"
VERSION = 1


@dataclass(frozen=True)
class RecordHeader:
    game: str
    seed: int
    players: int
    seats: tuple[str, ...]
    data_sha256: str

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "seed": self.seed,
                "players": self.players, "seats": list(self.seats),
                "data_sha256": self.data_sha256, "valdora_ai": __version__}


class RecordWriter:
    """Writes a record line by line to a stream, flushing each, so that a record sent to
    a pipe follows the game (files are written through :mod:`valdora_ai.atomic`)."""

    def __init__(self, stream: IO[str], header: RecordHeader) -> None:
        self.stream = stream
        self._write(header.to_json())

    def turn(self, number: int, round_number: int | None, seat: int, play: str) -> None:
        line: dict[str, Any] = {"turn": number, "round": round_number, "seat": seat,
                                "play": play}
        if round_number is None:
            del line["round"]
        self._write(line)

    def result(self, game: Game, state: State) -> None:
        self._write({"result": result_json(game, state)})

    def _write(self, line: dict[str, Any]) -> None:
        self.stream.write(json.dumps(line) + "\n")
        self.stream.flush()


def result_json(game: Game, state: State) -> dict[str, Any]:
    return {"scores": state.scores(), "winners": game.winners(state),
            "rounds": game.round_count(state), "capped": game.capped(state)}


@dataclass
class Replay:
    """A replayed record: its header, the game, and the state before each turn."""

    header: RecordHeader
    game: Game
    positions: list[State]  # positions[i]: before turn i+1; the last is the end
    plays: list[str]
    result: dict[str, Any] | None

    @property
    def final(self) -> State:
        return self.positions[-1]

    @property
    def finished(self) -> bool:
        """False for a saved game still in progress (no result line, game not over)."""
        return self.final.is_terminal()


def _lines(path: Path) -> Iterator[tuple[int, Any]]:
    text = read_text(path, RecordError, what="record")
    _refuse_a_position(text, path.name)
    return parse_record_text(text, path.name)


def _refuse_a_position(text: str, name: str) -> None:
    """Say so when the file is a position document (one JSON object naming its game,
    as `new-position` or `--export-position` write), not a record (JSON lines)."""
    try:
        document = load_json(text, name, RecordError)
    except RecordError:  # not one JSON document: records are read line by line
        return
    if isinstance(document, dict) and "game" in document and document.get("format") != FORMAT:
        raise RecordError("this is a position, not a game record (records are written by "
                          "`valdora play --record`); read positions with `valdora position "
                          "check`, `suggest` or `render`", where=name)


def _field(line: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(line, dict) or key not in line:
        raise RecordError(f"missing field {key!r}", where=where)
    value = line[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {key!r} must be {kind.__name__}, got {brief(value)}",
                          where=where)
    return value


def read_header(line: Any, where: str) -> RecordHeader:
    if not isinstance(line, dict) or line.get("format") != FORMAT:
        raise RecordError(f"not a valdora record (the first line must have format "
                          f"{FORMAT!r})", where=where)
    if line.get("version") != VERSION:
        raise RecordError(f"unsupported record version {line.get('version')!r}", where=where)
    seats = _field(line, "seats", list, where)
    if not all(isinstance(s, str) for s in seats):
        raise RecordError("seats must be agent spec strings", where=where)
    players = _field(line, "players", int, where)
    if len(seats) != players:
        raise RecordError(f"{len(seats)} seats for {players} players", where=where)
    game = _field(line, "game", str, where) if "game" in line else UNNAMED_GAME
    return RecordHeader(game=game,
                        seed=check_seed(_field(line, "seed", int, where), f"{where}: seed",
                                        RecordError),
                        players=players, seats=tuple(seats),
                        data_sha256=_field(line, "data_sha256", str, where))


def replay(path: str | Path, rules_data: Any = None, *,
           expect_game: str | None = None) -> Replay:
    """Replay a record file, checking every turn and the result (and, given
    `expect_game`, that the record is of that game)."""
    path = Path(path)
    if expect_game is not None:  # an unknown --game is the first thing to say
        check_game(expect_game)
    return replay_lines(_lines(path), str(path), rules_data, expect_game=expect_game)


def parse_record_text(text: str, name: str) -> Iterator[tuple[int, Any]]:
    """The (line number, JSON value) pairs of a record's text; blank lines skipped."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        yield number, load_json(line, f"{name}:{number}", RecordError)


def replay_lines(lines: Iterable[tuple[int, Any]], name: str,
                 rules_data: Any = None, *, expect_game: str | None = None) -> Replay:
    """Replay a record given as (line number, JSON value) pairs; `name` labels errors.

    `rules_data` is the record's game's data file, or {game: file} for records of any
    game (a game missing there plays with its shipped data)."""
    if expect_game is not None:
        check_game(expect_game)
    lines = iter(lines)
    label = Path(name).name
    try:
        number, first = next(lines)
    except StopIteration:
        raise RecordError("empty record", where=name) from None
    header = read_header(first, f"{label}:{number}")
    if expect_game is not None and header.game != expect_game:
        raise RecordError(f"field 'game': a record of {header.game!r}, not of "
                          f"{expect_game!r}", where=f"{label}:{number}")
    if isinstance(rules_data, Mapping):
        rules_data = rules_data.get(header.game)
    try:
        game = make_game(header.game, players=header.players, rules_data=rules_data)
    except ValdoraError as exc:
        raise RecordError(str(exc), where=f"{label}:{number}") from None
    loaded = game.data_sha256()
    if header.data_sha256 != loaded:
        raise RecordError("the record was made with another component data file "
                          f"(sha256 {header.data_sha256[:12]}…, loaded {loaded[:12]}…);"
                          " pass that file with --rules-data", where=f"{label}:{number}")
    state = game.new_state(header.seed)
    positions, plays, result = [state.copy()], [], None
    for number, line in lines:
        where = f"{label}:{number}"
        if result is not None:
            raise RecordError("a line follows the result", where=where)
        if isinstance(line, dict) and "result" in line:
            result = _field(line, "result", dict, where)
            continue
        seat = _field(line, "seat", int, where)
        play = _field(line, "play", str, where)
        if state.is_terminal():
            raise RecordError("a turn follows the end of the game", where=where)
        if seat != state.current_player:
            raise RecordError(f"seat {seat} plays, but seat {state.current_player} is to move",
                              where=where)
        try:
            for step in game.parse_turn(state, play):
                state.apply(step)
        except ValdoraError as exc:
            raise RecordError(str(exc), where=where) from None
        positions.append(state.copy())
        plays.append(play)
    if result is not None and not state.is_terminal():
        raise RecordError("the record has a result but its game is not over",
                          where=name)
    if result is not None and result != result_json(game, state):
        raise RecordError(f"the replayed result {result_json(game, state)} differs from the "
                          f"recorded {result}", where=name)
    return Replay(header=header, game=game, positions=positions, plays=plays, result=result)
