"""The difficulty levels' rating table: Elo relative to ``random`` with 95% intervals.

A full round robin of the ten levels with ``random``, ``greedy`` and the styles puts
level 10 (3,200 iterations a decision) in most games; this design plays the same
entrants in overlapping 3-player matches through the one tournament runner
(:func:`valdora_ai.run_tournament`, seat-rotated blocks of the 6 seatings, one setup
a block), so every adjacent pair of levels meets head to head and every entrant is
linked to ``random``::

    random greedy level:1 | greedy planner hoarder | level:1 level:2 level:3
    level:3 level:4 level:5 | level:5 level:6 level:7 | level:7 level:8 level:9
    level:8 level:9 level:10

Each match is a database ``levels-GAME-N.sqlite`` in ``--dir`` (a stopped run resumes;
the cheapest matches are played first), its games recorded in ``records-GAME-N/`` for
the blunder share (``benchmarks/level_blunders.py``). Run per game::

    python benchmarks/level_ratings.py --game zavandor --games 48 --jobs 1

``--report`` fits the ratings from whatever is stored, without playing. The ratings
are a Bradley–Terry (Elo) fit to every pair of seats in every game (1 ahead, 1/2
level, 0 behind) with one virtual draw per pair of entrants that met (a BayesElo-style
prior, so an entrant that never lost has a finite rating), ``random`` at 0; the 95%
intervals are the 2.5-97.5 percentiles over resamplings of the complete blocks of
each match. The head-to-head line is each level's mean score against the level below
over the blocks of the match they met in, with a normal 95% interval, and its Elo.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import valdora_ai as va
from valdora_ai.tournament.report import head_to_head as block_head_to_head
from valdora_ai.tournament.seatings import tournament_design
from valdora_ai.tournament.sprt import EloEstimate, pair_score
from valdora_ai.tournament.stats import wilson
from valdora_ai.tournament.storage import GameRow, ResultsDB

MATCHES: tuple[tuple[str, str, str], ...] = (
    ("random", "greedy", "level:1"),
    ("greedy", "planner", "hoarder"),
    ("level:1", "level:2", "level:3"),
    ("level:3", "level:4", "level:5"),
    ("level:5", "level:6", "level:7"),
    ("level:7", "level:8", "level:9"),
    ("level:8", "level:9", "level:10"),
)
ANCHOR = "random"
RESAMPLES = 400


@dataclass(frozen=True)
class Match:
    """One stored match: its entrants and its complete blocks of games."""

    entrants: tuple[str, ...]
    blocks: list[list[GameRow]]


def db_path(folder: Path, game: str, index: int) -> Path:
    return folder / f"levels-{game}-{index}.sqlite"


def play(game: str, games: int, seed: int, folder: Path, jobs: int,
         only: Sequence[int]) -> None:
    """Play (or resume) the matches, cheapest first."""
    for index, entrants in enumerate(MATCHES):
        if only and index not in only:
            continue
        report = va.run_tournament(list(entrants), players=3, games=games, seed=seed,
                                   game=game, db=db_path(folder, game, index), jobs=jobs,
                                   records=folder / f"records-{game}-{index}")
        print(f"match {index} ({' '.join(entrants)}): {report.games} games", flush=True)


def load(game: str, folder: Path) -> list[Match]:
    """The matches stored so far (complete blocks only)."""
    found = []
    for index in range(len(MATCHES)):
        path = db_path(folder, game, index)
        if not path.exists():
            continue
        with ResultsDB.open(path) as results:
            identity, rows = results.identity(), results.rows()
        entrants = tuple(identity["entrants"])
        size = len(tournament_design(len(entrants), int(identity["players"]), []))
        blocks: dict[int, list[GameRow]] = {}
        for row in rows:
            blocks.setdefault(row.block, []).append(row)
        complete = [b for _, b in sorted(blocks.items()) if len(b) == size]
        if complete:
            found.append(Match(entrants, complete))
    return found


def pair_totals(matches: Sequence[Match], names: list[str]
                ) -> dict[tuple[int, int], tuple[float, float]]:
    """(a, b) with a < b (entrants of `names`): (a's total pair score against b, the
    pairs of seats they played)."""
    totals: dict[tuple[int, int], tuple[float, float]] = {}
    for match in matches:
        ids = [names.index(name) for name in match.entrants]
        for row in (row for block in match.blocks for row in block):
            for i in range(len(ids)):
                for j in range(len(ids)):
                    if ids[i] < ids[j]:
                        won, played = totals.get((ids[i], ids[j]), (0.0, 0.0))
                        totals[ids[i], ids[j]] = (won + pair_score(row.seats, row.ranks, i, j),
                                                  played + 1)
    return totals


def bradley_terry(totals: dict[tuple[int, int], tuple[float, float]], count: int,
                  anchor: int) -> list[float]:
    """Elo ratings (anchor at 0) maximising the likelihood of the pair scores, with one
    virtual draw per pair that met (MM iterations on strengths 10^(elo/400))."""
    wins = [0.0] * count
    games: dict[tuple[int, int], float] = {}
    for (a, b), (won, played) in totals.items():
        wins[a] += won + 0.5
        wins[b] += played - won + 0.5
        games[a, b] = games[b, a] = played + 1
    strength = [1.0] * count
    for _ in range(2000):
        new = []
        for i in range(count):
            denominator = sum(n / (strength[i] + strength[j])
                              for (a, j), n in games.items() if a == i)
            new.append(wins[i] / denominator if denominator else strength[i])
        shift = new[anchor]
        new = [s / shift for s in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True)) < 1e-9
        strength = new
        if done:
            break
    return [400.0 * math.log10(s) for s in strength]


def head_to_head(matches: Sequence[Match], higher: str, lower: str) -> EloEstimate | None:
    """`higher`'s score and Elo against `lower` in the first match where both played,
    with 95% intervals; None if they never met."""
    for match in matches:
        if higher in match.entrants and lower in match.entrants:
            rows = [row for block in match.blocks for row in block]
            return block_head_to_head(rows, len(match.blocks[0]),
                                      a=match.entrants.index(higher),
                                      b=match.entrants.index(lower))
    return None


def report(game: str, folder: Path, seed: int) -> int:
    matches = load(game, folder)
    if not matches:
        print(f"{game}: no complete block stored in {folder}")
        return 1
    names = list(dict.fromkeys(name for match in matches for name in match.entrants))
    anchor = names.index(ANCHOR) if ANCHOR in names else 0
    ratings = bradley_terry(pair_totals(matches, names), len(names), anchor)
    rng = random.Random(seed)
    samples: list[list[float]] = []
    for _ in range(RESAMPLES):
        resampled = [Match(m.entrants, [rng.choice(m.blocks) for _ in m.blocks])
                     for m in matches]
        samples.append(bradley_terry(pair_totals(resampled, names), len(names), anchor))
    games = {name: sum(len(b) for m in matches if name in m.entrants for b in m.blocks)
             for name in names}
    print(f"{game}: {sum(len(b) for m in matches for b in m.blocks)} games in "
          f"{len(matches)} matches; Elo relative to {names[anchor]} with 95% intervals")
    print("| entrant | games | Elo | 95% interval | head to head against the level below |")
    print("|---|---|---|---|---|")
    order = sorted(range(len(names)), key=lambda i: ratings[i])
    for i in order:
        values = sorted(sample[i] for sample in samples)
        low, high = values[int(0.025 * RESAMPLES)], values[int(0.975 * RESAMPLES) - 1]
        line = ""
        name = names[i]
        if name.startswith("level:") and name != "level:1":
            below = f"level:{int(name.split(':')[1]) - 1}"
            found = head_to_head(matches, name, below)
            if found:
                line = (f"{found.score:.3f} [{found.score_low:.3f}, {found.score_high:.3f}] "
                        f"over {found.blocks} blocks, Elo {found.elo:+.0f} "
                        f"[{found.low:+.0f}, {found.high:+.0f}]")
        print(f"| {name} | {games[name]} | {ratings[i]:+.0f} | [{low:+.0f}, {high:+.0f}] "
              f"| {line} |")
    print("\nEvery pair that met: the first's pair score against the second (1 ahead, 1/2 "
          "level), its pairs of seats and Wilson 95% interval")
    for (a, b), (won, played) in sorted(pair_totals(matches, names).items(),
                                        key=lambda item: (ratings[item[0][0]], item[0])):
        first, second, score = (a, b, won) if ratings[a] >= ratings[b] else (b, a, played - won)
        interval = wilson(score, int(played))
        print(f"  {names[first]} vs {names[second]}: {score / played:.3f} of {played:.0f} "
              f"[{interval.low:.3f}, {interval.high:.3f}]")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=48, help="games per match")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--dir", type=Path, default=Path("build/levels"))
    parser.add_argument("--match", type=int, action="append", default=[],
                        help="play only this match (repeat; 0-based, as listed)")
    parser.add_argument("--report", action="store_true", help="only report what is stored")
    args = parser.parse_args(argv)
    if args.report and not args.dir.is_dir():
        parser.error(f"--report: {args.dir} is not a directory of level matches")
    if not args.report:
        args.dir.mkdir(parents=True, exist_ok=True)
        play(args.game, args.games, args.seed, args.dir, args.jobs, args.match)
    return report(args.game, args.dir, args.seed)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game or data: one line, exit 1
        sys.exit(f"error: {error}")
