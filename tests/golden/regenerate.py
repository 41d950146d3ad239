"""Check or rewrite the golden records (tests/golden/<game>/*.jsonl).

    python tests/golden/regenerate.py          # report; exit 1 if any record would change
    python tests/golden/regenerate.py --write  # rewrite the records that changed

Every case in golden.CASES is played on the pure reference engine (the specification)
and on the compiled engine. If the two disagree, nothing is written: that is a bug in
the compiled core, never a reason to regenerate. Otherwise each record is compared with
the checked-in file and the first differing line is printed.

Rewrite only when the change is intended -- a rule fix, a change to the component data
file, or a change to an agent the records use (greedy, random) -- and say which in the
commit message. A record that changes for any other reason is a regression to fix.
To add a record, add a Case to golden.CASES and run with --write.
"""

from __future__ import annotations

import argparse
import sys

from golden import CASES, ENGINES, engine, first_difference, play, read, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the changed records")
    args = parser.parse_args(argv)
    failed = False
    for case in CASES:
        played = {}
        for name in ENGINES:
            with engine(name):
                played[name] = play(case)
        disagreement = first_difference(played["pure"], played["compiled"])
        if disagreement is not None:
            print(f"{case.name}: the engines disagree ({disagreement}); not written")
            failed = True
            continue
        old = read(case.path) if case.path.is_file() else []
        change = first_difference(old, played["pure"])
        if change is None:
            print(f"{case.name}: unchanged")
        elif args.write:
            write(case.path, played["pure"])
            print(f"{case.name}: rewritten ({change})")
        else:
            print(f"{case.name}: would change ({change})")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
