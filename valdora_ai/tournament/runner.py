"""Running a tournament: the missing games of the design, played in parallel, stored.

The runner is the only writer of the database. It lists every (block, slot) the
tournament needs, skips those already stored (so a restarted run resumes), hands
the rest to the backend (:mod:`valdora_ai.tournament.cluster`) and stores each game
as it comes back, in its own transaction.
With an SPRT the blocks are played one after another (the games of a block in
parallel) and the test is checked after each, so where it stops never depends on
the number of jobs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from valdora_ai.atomic import write_text_atomic
from valdora_ai.tournament.cluster import CONNECT_TIMEOUT, game_runner
from valdora_ai.tournament.config import TournamentError, TournamentSpec
from valdora_ai.tournament.games import GameTask, Played
from valdora_ai.tournament.report import Report, build_report, sprt_llr
from valdora_ai.tournament.sprt import SPRT
from valdora_ai.tournament.storage import GameRow, ResultsDB
from valdora_ai.workers import check_jobs

WAVE_GAMES = 10_000
"""Games made into tasks and queued at a time, so that a long run starts at once and
holds its queue in little memory (a worker idles at most a game at each wave's end)."""


@dataclass(frozen=True)
class Progress:
    """What a run reports after each stored game."""

    done: int  # games stored, including those of earlier runs
    total: int  # games the tournament asks for
    rows: Sequence[GameRow]  # every stored game so far
    llr: float | None = None  # with an SPRT: the ratio after the last complete block


ProgressCallback = Callable[[Progress], None]


def tasks(spec: TournamentSpec, blocks: Iterable[int], done: set[tuple[int, int]],
          record: bool) -> list[GameTask]:
    """The games of these blocks not stored yet, in (block, slot) order."""
    return [GameTask(game=spec.game, players=spec.players, rules_data=spec.rules_data,
                     block=block, slot=slot, seed=spec.block_seed(block), seats=seating,
                     specs=tuple(spec.entrants[e] for e in seating), record=record,
                     time_controls=tuple(spec.time_controls[e] for e in seating)
                     if spec.time_controls else (), flag_margin=spec.flag_margin)
            for block in blocks for slot, seating in enumerate(spec.design)
            if (block, slot) not in done]


def run(spec: TournamentSpec, db_path: str | Path | None = None, *, jobs: int = -1,
        backend: str = "local", address: str | None = None,
        connect_timeout: float = CONNECT_TIMEOUT, records: str | Path | None = None,
        sprt: SPRT | None = None,
        on_progress: ProgressCallback | None = None) -> Report:
    """Play (or resume) the tournament and return its report."""
    db_path = Path(db_path) if db_path is not None else spec.default_db()
    identity = spec.identity()
    record_dir = Path(records) if records is not None else None
    check_jobs(jobs, TournamentError)
    if sprt is not None and len(spec.entrants) != 2:
        raise TournamentError(f"--sprt compares two entrants, got {len(spec.entrants)}")
    if record_dir is not None:
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise TournamentError(f"--records {record_dir}: not a directory (a file of "
                                  "that name exists)") from None
    with (game_runner(backend, address, connect_timeout, jobs) as play_all,
          ResultsDB.open(db_path, identity) as db):
        if sprt is not None:
            db.set_meta("sprt", [sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta])
        rows = db.rows()
        total = spec.blocks * spec.block_size

        def play(wave: list[GameTask]) -> None:
            for played in play_all(wave):
                _store(db, played, record_dir)
                rows.append(played.row)
                if on_progress is not None:
                    on_progress(Progress(done=len(rows), total=total, rows=rows))

        if sprt is None:
            done, per_wave = db.done(), max(1, WAVE_GAMES // spec.block_size)
            for first in range(0, spec.blocks, per_wave):
                play(tasks(spec, range(first, min(first + per_wave, spec.blocks)), done,
                           record_dir is not None))
        else:
            llr = sprt_llr(sprt, rows, spec.block_size)
            for block in range(spec.blocks):
                if sprt.decision(llr) is not None:
                    break
                play(tasks(spec, [block], db.done(), record_dir is not None))
                llr = sprt_llr(sprt, rows, spec.block_size)
                if on_progress is not None:
                    on_progress(Progress(done=len(rows), total=total, rows=rows, llr=llr))
        return build_report(identity, db.rows(), sprt)


def _store(db: ResultsDB, played: Played, record_dir: Path | None) -> None:
    """Write the record first (atomically), then the row: a stored game has its record."""
    if record_dir is not None and played.record is not None:
        row = played.row
        write_text_atomic(record_dir / f"game-b{row.block:04d}-s{row.slot:03d}.jsonl",
                          played.record)
    db.add(played.row)
