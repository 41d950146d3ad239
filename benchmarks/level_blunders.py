"""The blunder share per difficulty level: the share of a level's turns a deep search
rates as blunders.

Reads the game records the rating matches saved (``benchmarks/level_ratings.py``,
``--dir``/``records-GAME-N/``) and reviews every turn of every seat with the whole-game
analysis of ``valdora analyze`` (:class:`valdora_ai.game_analysis.GameAnalyzer`): the
deep search (``--agent``, default ISMCTS at 1,000 iterations) finds its best decision
and the played one is compared with it on common sampled worlds; a turn is a blunder
when the lower end of the 95% interval of what it gave away is at least 10 points or
25 percentage points of win chance (docs/analysis.md). Per entrant (the seat's spec
without its seed) it prints the turns reviewed, the blunders and mistakes, the
blunder share with its 95% Wilson interval, and the mean loss. Run::

    python benchmarks/level_blunders.py --game zavandor --games 6

``--games N`` reviews the first N records of each match (the reviews cost a deep
search and 40 paired play-outs a position); ``--jobs`` searches positions in parallel.
Each record's reviews are cached beside it, as ``valdora analyze`` caches them
(``RECORD.analysis-cache.json``, keyed by the position and the reviewing agent): a
stopped run resumes where it stopped, and a finished one prints its table again at
once.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

import valdora_ai as va
from valdora_ai.game_analysis import CACHE_SUFFIX, EvalCache, GameAnalyzer
from valdora_ai.records import replay
from valdora_ai.tournament.stats import wilson

SEED = re.compile(r"[:,]seed=\d+")


def entrant(spec: str) -> str:
    """A seat's spec without the seed the runner gave it: ``level:3,seed=7`` → ``level:3``."""
    return SEED.sub("", spec)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--dir", type=Path, default=Path("build/levels"))
    parser.add_argument("--games", type=int, default=6, help="records reviewed per match")
    parser.add_argument("--agent", default="ismcts:iterations=1000,seed=1")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    turns: dict[str, int] = defaultdict(int)
    flags: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    losses: dict[str, float] = defaultdict(float)
    folders = sorted(args.dir.glob(f"records-{args.game}-*"))
    if not folders:
        sys.exit(f"error: no records-{args.game}-* folder in {args.dir}")
    for folder in folders:
        for path in sorted(folder.glob("*.jsonl"))[:args.games]:
            replayed = replay(path, expect_game=args.game)
            analyzer = GameAnalyzer(replayed, args.agent)
            cache = EvalCache(path.with_name(path.name + CACHE_SUFFIX))
            for _ in analyzer.stream(cache, jobs=args.jobs):
                pass
            for review in analyzer.result().reviews:
                name = entrant(replayed.header.seats[review.seat])
                turns[name] += 1
                losses[name] += review.loss
                if review.flag:
                    flags[name][review.flag] += 1
            print(f"reviewed {path}", file=sys.stderr, flush=True)
    print(f"{args.game}: turns reviewed by {args.agent}")
    print("| entrant | turns | blunders | mistakes | blunder share [95%] | mean loss |")
    print("|---|---|---|---|---|---|")
    for name in sorted(turns, key=_order):
        count, blunders = turns[name], flags[name]["blunder"]
        interval = wilson(blunders, count)
        print(f"| {name} | {count} | {blunders} | {flags[name]['mistake']} | "
              f"{blunders / count:.1%} [{interval.low:.1%}, {interval.high:.1%}] | "
              f"{losses[name] / count:.2f} |")
    return 0


def _order(name: str) -> tuple[int, str]:
    """Levels by number after the other entrants."""
    return (int(name.split(":")[1]), "") if name.startswith("level:") else (0, name)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game, spec or record: one line, exit 1
        sys.exit(f"error: {error}")
