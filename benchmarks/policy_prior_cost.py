"""What the learned policy prior costs a search (issue 30 item 3), per game.

On the positions of one seeded greedy self-play game (every ``--every``-th decision
with more than one legal step, up to ``--positions``), each searched afresh by
``ismcts:iterations=N`` with and without ``policy=learned``: the search's CPU time per
iteration (``time.process_time``), and per legal step on a sampled world the cost of
the step features (:func:`~valdora_ai.learning.step_features.step_feature_rows`) and of
the priors a node gets (the features, the logits and the softmax).
Run under ``nice`` on a loaded machine; CPU time, not wall time, so the load matters
less, though caches shared with other processes still do::

    nice -n 10 python benchmarks/policy_prior_cost.py --game zavandor
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.games.base import Game
from valdora_ai.learning.policy_model import policy_for
from valdora_ai.learning.step_features import step_feature_rows


def positions(game: Game, seed: int, count: int, every: int) -> list[Any]:
    """Positions of one greedy self-play game of `game`."""
    state = game.new_state(seed)
    rng = make_rng(seed)
    found: list[Any] = []
    decisions = 0
    while not state.is_terminal() and len(found) < count:
        if state.current_player < 0:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.choice_weighted([p for _, p in outcomes])][0])
            continue
        if len(state.legal_steps()) > 1:
            decisions += 1
            if decisions % every == 0:
                found.append(state.copy())
        state.apply(game.greedy_step(state, rng))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="zavandor")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", type=int, default=9100)
    args = parser.parse_args()
    game = va.make_game(args.game, players=3)
    found = positions(game, args.seed, args.positions, args.every)
    base = f"ismcts:iterations={args.iterations},reuse=false,seed=1"
    for spec in (base, base + ",policy=learned"):
        seconds = 0.0
        iterations = 0
        for state in found:
            agent = va.make_agent(spec, game)
            observation = game.observation(state, state.current_player)
            start = time.process_time()
            analysis = agent.analyze(observation)
            seconds += time.process_time() - start
            iterations += analysis.iterations
        print(f"{args.game} {spec}: {seconds / iterations * 1e3:.3f} ms CPU an iteration "
              f"({iterations} iterations, {len(found)} positions)")
    model = policy_for(game)
    worlds = []
    rng = make_rng(2)
    for state in found:
        world = game.determinize(game.observation(state, state.current_player), rng)
        worlds.append((world, world.legal_steps(), game.greedy_step(world, rng)))
    for label, work in (("step features", step_feature_rows), ("learned priors", model.priors)):
        seconds, steps = 0.0, 0
        for world, legal, greedy in worlds:
            start = time.process_time()
            for _ in range(20):
                work(game, world, legal, greedy)
            seconds += time.process_time() - start
            steps += 20 * len(legal)
        print(f"{args.game} {label}: {seconds / steps * 1e6:.1f} us CPU a legal step")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad game or budget: one line, exit 1
        sys.exit(f"error: {error}")
