"""The long differential run: many seeded games on both engines in lockstep.

    python benchmarks/parity_long.py                      # 100,000 games, round cap 10
    python benchmarks/parity_long.py --max-rounds 0       # full-length games (slow)
    python benchmarks/parity_long.py --games 2000 --start 500000 --greedy-every 50
    python benchmarks/parity_long.py --game alchemists    # 100,000 Alchemists games
    python benchmarks/parity_long.py --game zavandor      # Zavandor, round cap 10

Each game is checked as in tests/test_valdora_parity.py (tests/parity/valdora.py):
legal steps, chance outcomes and probabilities at every step, positions as JSON every
`--position-every` steps and at the end, determinizations, final scores. Players cycle
3, 4, 5; odd seeds are played on belief states (chance nodes); every
`--greedy-every`-th game has greedy seats. The round cap (`--max-rounds`, 0 = the data
file's) only shortens random games, which run far longer than real ones; the rules
are the same. Prints progress and exits 1 at the first difference.

``--game alchemists`` checks The Valley of Alchemists instead
(tests/parity/alchemists.py: every field of the state at every step): players
cycle 2, 3, 4, the skill tracks alternate, seeds 2 and 3 modulo 4 are belief states,
and the random games' round cap is the stall safeguard's (`--max-rounds`, 0 = rules
mode for the greedy games only, since random play rarely ends a game).

``--game zavandor`` checks the Zavandor core the same way
(tests/parity/zavandor.py): players cycle 2, 3, 4, the rule options cycle
through the switches (the round cap is the ``max_rounds`` option), odd seeds give the
worlds a viewer whose recorded reveals are compared, and every fifth seed (4 modulo 5)
also plays every seat's belief states on both engines (``belief_lockstep``: the
compiled belief states, their reveals and continuations); their steps are counted too.

The lockstep harnesses are test code (tests/parity/, see docs/development.md); this
script puts tests/ on the import path to use them, so it runs from a source checkout.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path

from valdora_ai.games.alchemists.data import Options
from valdora_ai.games.alchemists.data import default_data as alchemists_data
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.zavandor.data import default_data as zavandor_data

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from parity import ParityError  # noqa: E402  (tests/ is on the path only now)
from parity import alchemists as alchemists_parity  # noqa: E402
from parity import valdora as valdora_parity  # noqa: E402
from parity import zavandor as zavandor_parity  # noqa: E402


def valdora_game(max_rounds: int, position_every: int) -> Callable[[int, bool], int]:
    """One Valdora lockstep game per (seed, greedy)."""
    full = default_data()
    short = full if max_rounds <= 0 else dataclasses.replace(full, max_rounds=max_rounds)

    def play(seed: int, greedy: bool) -> int:
        return valdora_parity.lockstep(full if greedy else short, 3 + seed % 3, seed,
                                       belief=seed % 2 == 1, greedy=greedy,
                                       position_every=position_every)
    return play


def alchemists_game(max_rounds: int, position_every: int) -> Callable[[int, bool], int]:
    """One Alchemists lockstep game per (seed, greedy)."""
    data = alchemists_data()

    def play(seed: int, greedy: bool) -> int:
        track = ("plain", "flat-step")[seed // 3 % 2]
        if greedy:
            options = Options(track=track, stall_safeguard=max_rounds > 0,
                              stall_rounds=data.options.stall_rounds)
        else:
            options = Options(track=track, stall_safeguard=True,
                              stall_rounds=max_rounds if max_rounds > 0 else 60)
        return alchemists_parity.lockstep(data, options, 2 + seed % 3, seed,
                                          belief=seed % 4 >= 2, greedy=greedy,
                                          state_every=position_every)
    return play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=("valdora", "zavandor", "alchemists"),
                        default="valdora")
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=1_000_000, help="first seed")
    parser.add_argument("--max-rounds", type=int, default=10,
                        help="round cap of the random games (0: the data file's)")
    parser.add_argument("--position-every", type=int, default=10)
    parser.add_argument("--greedy-every", type=int, default=100)
    parser.add_argument("--progress-every", type=int, default=1000)
    args = parser.parse_args(argv)
    play = {"alchemists": alchemists_game, "zavandor": zavandor_game,
            "valdora": valdora_game}[args.game](args.max_rounds, args.position_every)
    started = time.perf_counter()
    steps = greedy = 0
    for i in range(args.games):
        seed = args.start + i
        is_greedy = args.greedy_every > 0 and i % args.greedy_every == 0
        try:
            steps += play(seed, is_greedy)
        except ParityError as exc:
            print(f"DIFFERENCE after {i} games: {exc}", flush=True)
            return 1
        greedy += is_greedy
        if (i + 1) % args.progress_every == 0 or i + 1 == args.games:
            elapsed = time.perf_counter() - started
            print(f"{i + 1}/{args.games} games ({greedy} greedy), {steps} steps, "
                  f"{elapsed:.0f} s, no difference", flush=True)
    return 0


def zavandor_game(max_rounds: int, position_every: int) -> Callable[[int, bool], int]:
    """One Zavandor lockstep game per (seed, greedy): the rule options cycle."""
    data = zavandor_data()
    base = data.options
    switches = (base, dataclasses.replace(base, expert_discount=True),
                dataclasses.replace(base, prism_raises_price=False, hoover_per_gem=False,
                                    emero_floor=0),
                dataclasses.replace(base, expert_discount=True, emero_floor=3))

    def play(seed: int, greedy: bool) -> int:
        options = switches[seed // 3 % len(switches)]
        if max_rounds > 0 and not greedy:
            options = dataclasses.replace(options, max_rounds=max_rounds)
        steps = zavandor_parity.lockstep(data, options, 2 + seed % 3, seed, greedy=greedy,
                                         state_every=position_every)
        if seed % 5 == 4:
            steps += zavandor_parity.belief_lockstep(data, options, 2 + seed % 3, seed,
                                                     greedy=greedy)
        return steps
    return play


if __name__ == "__main__":
    sys.exit(main())
