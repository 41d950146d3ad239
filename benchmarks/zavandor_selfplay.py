"""Zavandor greedy self-play figures, to compare with the design doc's reference figures.

Plays `--games` seeded games per player count with every seat on the greedy policy
(and, with `--random-seat`, seat 0 random against greedy) through the Game protocol,
and prints game length, scores and seat win shares counted clockwise from the round-1
start player, each with its 95% Wilson interval (issue 30 item 2 asks for every seat
within the fair share ±10 points). The worlds are the compiled core's unless
VALDORA_PURE_PYTHON=1 (the same games: the engines play in lockstep).

    python benchmarks/zavandor_selfplay.py --games 500
    python benchmarks/zavandor_selfplay.py --games 500 --policy quick  # the former greedy
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

import valdora_ai as va
from valdora_ai.rng import Rng
from valdora_ai.tournament.stats import wilson


def run(players: int, games: int, random_seat: bool, policy: str = "greedy") -> str:
    game = va.make_game("zavandor", players=players)
    decide = game.quick_step if policy == "quick" else game.greedy_step
    rounds: list[int] = []
    winner_vp: list[int] = []
    other_vp: list[int] = []
    seats = [0.0] * players
    random_share = 0.0
    capped = 0
    started = time.perf_counter()
    for seed in range(games):
        state, rng = game.new_state(seed), Rng(10_000 + seed)
        first = state.start
        while not state.is_terminal():
            if random_seat and state.current_player == 0:
                legal = state.legal_steps()
                step = legal[rng.randbelow(len(legal))]
            else:
                step = decide(state, rng)
            state.apply(step)
        scores, winners = state.scores(), state.winners()
        rounds.append(state.round)
        winner_vp.append(max(scores))
        other_vp += [v for q, v in enumerate(scores) if q not in winners]
        for q in winners:
            seats[(q - first) % players] += 1 / len(winners)
        random_share += state.returns()[0]
        capped += state.capped
    histogram = dict(sorted(Counter(rounds).items()))
    mode = f"random seat 0 vs {policy}" if random_seat else f"{policy} self-play"
    lines = [
        f"{players} players, {mode}, {games} games ({time.perf_counter() - started:.0f} s)",
        f"  rounds mean {statistics.mean(rounds):.2f} (sd {statistics.pstdev(rounds):.2f}),"
        f" histogram {histogram}, capped {capped}",
        f"  winner VP mean {statistics.mean(winner_vp):.2f}, others' VP mean "
        f"{statistics.mean(other_vp) if other_vp else 0:.2f}",
    ]
    if random_seat:
        lines.append(f"  random seat win share {random_share / games:.3f}")
    else:
        shares = " / ".join(f"{100 * s / games:.1f}" for s in seats)
        lines.append(f"  win share by seat from the round-1 start player, %: {shares}")
        intervals = " / ".join(f"{100 * i.low:.1f}-{100 * i.high:.1f}"
                               for i in (wilson(s, games) for s in seats))
        lines.append(f"  95% intervals, %: {intervals} (fair {100 / players:.1f})")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--random-seat", action="store_true")
    parser.add_argument("--policy", choices=("greedy", "quick"), default="greedy",
                        help="quick: the former greedy (rollout=quick)")
    args = parser.parse_args()
    for players in args.players:
        print(run(players, args.games, args.random_seat, args.policy))


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad player count: one line, exit 1
        sys.exit(f"error: {error}")
