"""Self-play tournaments: seat-rotated blocks, stored games, ratings with confidence.

::

    import valdora_ai as va

    report = va.run_tournament(["greedy", "random"], players=3, games=12, seed=1,
                               db="t.sqlite", jobs=1)
    best = report.standings[0]
    print(best.label, best.win_share, best.win_ci, best.rating)

Modules, one job each: ``config`` (what a tournament is), ``seatings`` (block
designs), ``games`` (one game as a task), ``storage`` (SQLite), ``stats``,
``ratings`` (Plackett–Luce), ``sprt``, ``cluster`` (joblib backends), ``runner``,
``report`` (JSON/CSV), ``tables`` (Rich) and ``plot`` (matplotlib).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from valdora_ai.clock import DEFAULT_FLAG_MARGIN, TimeControl
from valdora_ai.games import DEFAULT_GAME
from valdora_ai.tournament.cluster import CONNECT_TIMEOUT
from valdora_ai.tournament.config import TournamentError, TournamentSpec
from valdora_ai.tournament.report import Report, build_report
from valdora_ai.tournament.runner import Progress, ProgressCallback, run
from valdora_ai.tournament.sprt import SPRT
from valdora_ai.tournament.storage import ResultsDB


def run_tournament(entrants: Sequence[str] = (), *, lineup: Sequence[str] = (),
                   players: int | None = None, games: int = 60,
                   seed: int = 1, game: str = DEFAULT_GAME, rules_data: str | Path | None = None,
                   db: str | Path | None = None, jobs: int = -1, backend: str = "local",
                   address: str | None = None, connect_timeout: float = CONNECT_TIMEOUT,
                   records: str | Path | None = None,
                   sprt: tuple[float, float] | None = None,
                   time_controls: Sequence[str] = (),
                   flag_margin: float = DEFAULT_FLAG_MARGIN,
                   on_progress: ProgressCallback | None = None) -> Report:
    """Play (or resume) a tournament between agent specs and return its report.

    Give distinct `entrants`, or a `lineup` (one spec per seat, repeats allowed, played
    in every rotation: a strength series such as one agent against two greedy copies).
    `players` defaults to one per lineup seat, else to the game's default count.
    `games` is rounded up to whole blocks; `db` defaults to a file named after the
    tournament in the current directory; `sprt=(elo0, elo1)` stops two entrants'
    match as soon as the test decides. `time_controls` (``"10+0.1"``: seconds for the
    game plus seconds per decision) puts the seats on clocks: one for every entrant or
    one per entrant; a seat that overruns its clock by more than `flag_margin` seconds
    loses on time.
    """
    spec = TournamentSpec(entrants=tuple(entrants), players=players or 0, games=games, seed=seed,
                          game=game, rules_data=None if rules_data is None else str(rules_data),
                          lineup=tuple(lineup),
                          time_controls=tuple(TimeControl.parse(t) for t in time_controls),
                          flag_margin=flag_margin)
    return run(spec, db, jobs=jobs, backend=backend, address=address,
               connect_timeout=connect_timeout, records=records,
               sprt=None if sprt is None else SPRT(*sprt), on_progress=on_progress)


def load_report(db: str | Path) -> Report:
    """The report of a stored tournament, without playing."""
    with ResultsDB.open(db) as results:
        stored = results.sprt()
        return build_report(results.identity(), results.rows(),
                            None if stored is None else SPRT(*stored))


__all__ = ["SPRT", "Progress", "Report", "TournamentError", "TournamentSpec", "load_report",
           "run_tournament"]
