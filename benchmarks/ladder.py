"""A strength ladder: each agent spec against the next, Elo differences with 95% intervals.

Default rungs are ``ismcts`` at 0.05, 0.1, 0.2, 0.4 and 0.8 seconds of CPU a decision
(``clock=cpu``: the searching process's CPU time, so a rung gets its budget on a loaded,
shared machine and steps can run side by side; issue 30 item 4), 3 players, 48 games a
step; ``--spec`` repeated gives any other ladder, e.g. root parallelism::

    python benchmarks/ladder.py --spec "ismcts:time=1" --spec "ismcts:time=1,jobs=2" \
        --players 3 --games 24 --jobs 1

Each adjacent pair (lower rung A, higher rung B) is one tournament through the one
runner (:func:`valdora_ai.run_tournament`), stored in ``--dir`` so that an interrupted
ladder resumes where it stopped. The lineup gives the higher rung ``players // 2``
seats and the lower rung the rest, played in every rotation (seat-rotated blocks, one
setup per block). A game gives B's score against A over every pair of a B seat and an A
seat (1 ahead, 1/2 level, 0 behind); a block's result is the mean over its games and
blocks are independent, so the interval is the normal one over block results (with the
variance the tournament's SPRT uses, :func:`valdora_ai.tournament.report.head_to_head`),
carried through the Elo curve ``elo = 400 log10(x / (1 - x))``. The ladder's Elo is the
running sum of the differences, from the lowest rung (0); a complete ladder also prints
the top rung's total over the lowest with a 95% half-width (:func:`ladder_total`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import valdora_ai as va
from valdora_ai.tournament import Progress
from valdora_ai.tournament.report import build_report, head_to_head
from valdora_ai.tournament.seatings import tournament_design
from valdora_ai.tournament.sprt import MAX_ELO, EloEstimate
from valdora_ai.tournament.storage import ResultsDB

DEFAULT_CPU_TIMES = (0.05, 0.1, 0.2, 0.4, 0.8)


@dataclass(frozen=True)
class Step:
    """One rung against the one below it: B's Elo over A with its 95% interval."""

    players: int
    lower: str
    higher: str
    blocks: int
    games: int
    score: float  # B's mean pair score against A
    elo: float
    elo_low: float
    elo_high: float
    higher_win_share: float
    lower_win_share: float


def lineup(lower: str, higher: str, players: int) -> list[str]:
    """The higher rung in `players // 2` seats, the lower in the rest."""
    high = players // 2
    return [higher] * high + [lower] * (players - high)


def measure_step(lower: str, higher: str, players: int, games: int, seed: int, game: str,
                 db: Path, jobs: int) -> Step:
    """Play (or resume) one rung's tournament and summarise it, printing a line as each
    block completes (a step at the top rungs takes an hour or more)."""
    seats = lineup(lower, higher, players)
    block_size = len(tournament_design(2, players, [[lower, higher].index(s) for s in seats]))

    def progress(state: Progress) -> None:
        if state.done % block_size == 0:
            print(f"  {players}p {higher} vs {lower}: {state.done} of {state.total} games",
                  flush=True)

    va.run_tournament(lineup=seats, players=players, games=games, seed=seed, game=game,
                      db=db, jobs=jobs, on_progress=progress)
    return stored_step(lower, higher, players, db)


def stored_step(lower: str, higher: str, players: int, db: Path) -> Step:
    """The summary of one rung's games stored in `db` so far, without playing."""
    with ResultsDB.open(db) as results:
        identity = results.identity()
        rows = results.rows()
    report = build_report(identity, rows)
    entrants = list(identity["entrants"])
    seats = [entrants.index(spec) for spec in identity["lineup"]]
    block_size = len(tournament_design(len(entrants), players, seats))
    estimate = head_to_head(rows, block_size, a=entrants.index(higher),
                            b=entrants.index(lower))
    shares = {line.label: line.win_share for line in report.standings}
    if estimate is None:  # under two blocks: no measurement yet
        estimate = EloEstimate(blocks=report.blocks, score=0.5, score_low=0.0, score_high=1.0,
                               elo=0.0, low=-MAX_ELO, high=MAX_ELO)
    return Step(players=players, lower=lower, higher=higher, blocks=estimate.blocks,
                games=report.games, score=estimate.score, elo=estimate.elo,
                elo_low=estimate.low, elo_high=estimate.high,
                higher_win_share=shares[higher], lower_win_share=shares[lower])


def ladder_total(steps: list[Step]) -> tuple[float, float]:
    """The Elo of the highest rung over the lowest (the steps' sum) and the half-width
    of its 95% interval: the steps are independent tournaments, so their half-widths
    (each the mean of its interval's two sides, as the Elo curve bends them) add in
    quadrature."""
    total = sum(s.elo for s in steps)
    half = math.sqrt(sum(((s.elo_high - s.elo_low) / 2) ** 2 for s in steps))
    return total, half


def db_name(game: str, players: int, lower: str, higher: str) -> str:
    """One database per game, player count and pair of rungs."""
    safe = "".join(c if c.isalnum() or c in "=.-" else "_" for c in f"{lower}__{higher}")
    return f"ladder-{game}-{players}p-{safe}.sqlite"


def write_plot(steps: list[Step], path: Path) -> None:
    """Cumulative Elo per rung and player count, the intervals of each step as bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(8, 4.5))
    for players in sorted({s.players for s in steps}):
        mine = [s for s in steps if s.players == players]
        labels = [mine[0].lower] + [s.higher for s in mine]
        total = [0.0]
        for s in mine:
            total.append(total[-1] + s.elo)
        low = [0.0] + [t - s.elo + s.elo_low for t, s in zip(total[1:], mine, strict=True)]
        high = [0.0] + [t - s.elo + s.elo_high for t, s in zip(total[1:], mine, strict=True)]
        axis.errorbar(range(len(labels)), total,
                      yerr=[[t - lo for t, lo in zip(total, low, strict=True)],
                            [hi - t for t, hi in zip(total, high, strict=True)]],
                      fmt="o-", capsize=4, label=f"{players} players")
        axis.set_xticks(range(len(labels)), labels, rotation=20, fontsize=8)
    axis.set_ylabel("Elo over the lowest rung (each step's 95% interval)")
    axis.axhline(0, color="grey", linestyle=":")
    axis.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", action="append", default=[],
                        help="a rung (repeat, lowest first); default ismcts:time=T,clock=cpu for "
                             + ", ".join(map(str, DEFAULT_CPU_TIMES)))
    parser.add_argument("--players", type=int, action="append", default=[])
    parser.add_argument("--games", type=int, default=48, help="games per step")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--dir", type=Path, default=Path("build/ladder"))
    parser.add_argument("--json", type=Path, help="write the steps as JSON")
    parser.add_argument("--plot", type=Path, help="write the ladder as PNG")
    parser.add_argument("--report", action="store_true",
                        help="only summarise the steps stored in --dir so far (play nothing)")
    args = parser.parse_args(argv)
    specs = args.spec or [f"ismcts:time={t},clock=cpu" for t in DEFAULT_CPU_TIMES]
    if len(specs) < 2:
        parser.error("a ladder needs at least two --spec rungs")
    if args.report and not args.dir.is_dir():
        parser.error(f"--report: {args.dir} is not a ladder's directory")
    args.dir.mkdir(parents=True, exist_ok=True)
    steps = []
    for players in args.players or [3]:
        for lower, higher in zip(specs, specs[1:], strict=False):
            started = time.perf_counter()
            db = args.dir / db_name(args.game, players, lower, higher)
            if args.report:
                if not db.exists():
                    print(f"{players}p {higher} vs {lower}: not begun", flush=True)
                    continue
                step = stored_step(lower, higher, players, db)
            else:
                step = measure_step(lower, higher, players, args.games, args.seed, args.game,
                                    db, args.jobs)
            steps.append(step)
            print(f"{players}p {higher} vs {lower}: {step.games} games, {step.blocks} blocks, "
                  f"score {step.score:.3f}, Elo {step.elo:+.0f} "
                  f"[{step.elo_low:+.0f}, {step.elo_high:+.0f}], win shares "
                  f"{step.higher_win_share:.3f} / {step.lower_win_share:.3f}"
                  + ("" if args.report else f" ({time.perf_counter() - started:.0f} s)"),
                  flush=True)
    for players in args.players or [3]:
        mine = [s for s in steps if s.players == players]
        if len(mine) > 1 and len(mine) == len(specs) - 1:
            total, half = ladder_total(mine)
            print(f"{players}p {mine[-1].higher} over {mine[0].lower}: Elo {total:+.0f} "
                  f"± {half:.0f} (95%, the steps summed)", flush=True)
    if args.json:
        args.json.write_text(json.dumps([asdict(s) for s in steps], indent=2) + "\n")
    if args.plot:
        write_plot(steps, args.plot)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game, spec or data: one line, exit 1
        sys.exit(f"error: {error}")
