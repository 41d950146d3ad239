"""How often more search changes the move: the ladder's "why" measured per decision.

A strength ladder needs hundreds of games to see a small Elo step. This asks the
cheaper question behind it: at positions from greedy self-play, does a search with
twice the iterations pick a different step, and how much does the choice differ in
value by the longest search's estimate? If the short searches already pick the long
search's step (or one it values the same), a doubling can gain only little.

For each position (the player to move's observation, decisions with more than one
legal step, sampled over whole games) it runs a fresh ``ismcts`` search (no tree kept
from an earlier decision) at every iteration budget with several seeds, and reports
per budget:

* ``agree``: share of searches choosing the reference step, the step chosen most
  often by the largest budget over its seeds;
* ``same``: share of seed pairs at that budget choosing the same step;
* ``loss``: the win chance the chosen step gives up by the reference searches'
  values: the value of each reference search's own choice minus the chosen step's
  (a step it never tried counts as its worst), averaged.

Iteration budgets make the figures independent of the machine's load::

    python benchmarks/move_stability.py --players 3 --positions 30 --seeds 2 \\
        --budgets 250 500 1000 2000 4000 8000
"""

from __future__ import annotations

import argparse
import collections
import itertools
import statistics
import sys

import valdora_ai as va
from valdora_ai.games.base import State


def sample_positions(game_name: str, players: int, count: int, seed: int) -> list[State]:
    """`count` decision states from greedy self-play, spread over the games' lengths."""
    game = va.make_game(game_name, players=players)
    rng = va.make_rng(seed)
    positions: list[State] = []
    game_seed = seed
    while len(positions) < count:
        game_seed += 1
        state = game.new_state(seed=game_seed)
        agents = [va.make_agent(f"greedy:seed={game_seed + p}", game) for p in range(players)]
        decisions = []
        while not state.is_terminal():
            if len(state.legal_steps()) > 1:
                decisions.append(state.copy())
            player = state.current_player
            state.apply(agents[player].choose(game.observation(state, player)))
        if decisions:
            half = len(decisions) // 2 or 1
            positions.append(decisions[rng.randbelow(half)])
            positions.append(decisions[half + rng.randbelow(len(decisions) - half)]
                             if len(decisions) > 1 else decisions[0])
    return positions[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seeds", type=int, default=2, help="searches per budget")
    parser.add_argument("--budgets", type=int, nargs="+",
                        default=[250, 500, 1000, 2000, 4000, 8000])
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(argv)
    game = va.make_game(args.game, players=args.players)
    budgets = sorted(args.budgets)
    positions = sample_positions(args.game, args.players, args.positions, args.seed)
    agree: dict[int, list[float]] = collections.defaultdict(list)
    same: dict[int, list[float]] = collections.defaultdict(list)
    loss: dict[int, list[float]] = collections.defaultdict(list)
    for index, state in enumerate(positions):
        player = state.current_player
        observation = game.observation(state, player)
        chosen: dict[int, list[int]] = {}
        reference_values: list[tuple[int, dict[int, float]]] = []
        for budget in budgets:
            chosen[budget] = []
            for s in range(args.seeds):
                agent = va.make_agent(f"ismcts:seed={1000 * index + s},reuse=false", game)
                analysis = agent.analyze(observation, va.Budget(iterations=budget))
                chosen[budget].append(analysis.best.step)
                if budget == budgets[-1]:
                    reference_values.append((analysis.best.step,
                                             {c.step: c.values[player]
                                              for c in analysis.candidates}))
        reference = collections.Counter(chosen[budgets[-1]]).most_common(1)[0][0]
        for budget in budgets:
            picks = chosen[budget]
            agree[budget].append(statistics.fmean(p == reference for p in picks))
            pairs = list(itertools.combinations(picks, 2))
            if pairs:
                same[budget].append(statistics.fmean(a == b for a, b in pairs))
            gaps = [values[best] - values.get(p, min(values.values()))
                    for best, values in reference_values for p in picks]
            loss[budget].append(statistics.fmean(gaps))
        print(f"position {index + 1}/{len(positions)}: "
              + " ".join(f"{b}:{chosen[b]}" for b in budgets), file=sys.stderr, flush=True)
    print(f"{args.game}, {args.players} players, {len(positions)} positions, "
          f"{args.seeds} seeds per budget (iterations)")
    print("| iterations | agree with the largest | same step over seeds | win chance given up |")
    print("|---|---|---|---|")
    for budget in budgets:
        print(f"| {budget} | {statistics.fmean(agree[budget]):.0%} | "
              f"{statistics.fmean(same[budget]) if same[budget] else float('nan'):.0%} | "
              f"{statistics.fmean(loss[budget]):.3f} |")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game, spec or data: one line, exit 1
        sys.exit(f"error: {error}")
