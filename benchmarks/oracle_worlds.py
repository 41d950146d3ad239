"""How varied the oracle's play-outs are: greedy play-outs from the true world, from
futures sampled from it, and from worlds sampled from the mover's observation.

`oracle-ismcts:future=known` searches copies of the true world, the default
`oracle-ismcts` (future=sampled) the true present with a future drawn afresh each
iteration, the honest `ismcts` a fresh sampled world per iteration. Where the greedy
policy draws only at chance nodes and a world has none, every play-out of the true
world from one position ends the same way, so the clairvoyant oracle's iterations
through the same moves repeat one result. This counts, over positions reached by
greedy self-play, the distinct final scores of N play-outs from each kind of world:

    python benchmarks/oracle_worlds.py --game alchemists
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.games import make_game


def outcome(world: Any, game: Any, seed: int) -> tuple[int, ...]:
    """The final scores of a greedy play-out of `world` (played on a copy)."""
    world, rng = world.copy(), make_rng(seed)
    while not world.is_terminal():
        world.play(game.greedy_step(world, rng))
    return tuple(world.scores())


def distinct_outcomes(game: Any, positions: int, playouts: int, steps: int) -> dict[str, float]:
    """Mean distinct outcomes of `playouts` greedy play-outs per position, from the true
    world (each play-out with its own generator), from futures sampled from it and from
    worlds sampled from the mover's observation."""
    totals = {"true world": 0, "sampled futures": 0, "sampled worlds": 0}
    for seed in range(positions):
        state = game.new_state(seed)
        rng = make_rng(seed)
        for _ in range(steps):
            state.play(game.greedy_step(state, rng))
        while state.is_chance_node():
            state.play(game.greedy_step(state, rng))
        seen = game.observation(state, state.current_player)
        future = game.future_sampler(state)
        totals["true world"] += len({outcome(state, game, 1000 + r) for r in range(playouts)})
        totals["sampled futures"] += len({outcome(future(make_rng(r)), game, 7)
                                          for r in range(playouts)})
        totals["sampled worlds"] += len({outcome(game.determinize(seen, make_rng(r)), game, 7)
                                         for r in range(playouts)})
    return {kind: total / positions for kind, total in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="alchemists")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=20, help="positions (one per seed)")
    parser.add_argument("--playouts", type=int, default=5, help="play-outs per position")
    parser.add_argument("--steps", type=int, default=30, help="greedy steps before a position")
    args = parser.parse_args()
    game = make_game(args.game, players=args.players)
    means = distinct_outcomes(game, args.positions, args.playouts, args.steps)
    shown = ", ".join(f"{kind} {mean:.2f}" for kind, mean in means.items())
    print(f"{args.game}, {args.players} players: distinct outcomes of {args.playouts} "
          f"greedy play-outs, mean over {args.positions} positions: {shown}")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad game or player count: one line, exit 1
        sys.exit(f"error: {error}")
