"""How much of an ISMCTS iteration is the play-out, and how much the search around it.

For each game, from the position a seeded setup reaches after a few turns (the player
to move searching), it measures in CPU seconds of this process:

* the bare play-out rate: determinize the mover's observation, play the default
  play-out policy to the default cut-off, evaluate; no tree;
* ISMCTS at its defaults (fixed iterations): iterations per CPU second, and where the
  time goes, by timing the determinization and the play-out inside the search
  (everything else is the tree: selection, expansion, backup, candidates).

    python benchmarks/search_overhead.py --iterations 2000 --players 3
    python benchmarks/search_overhead.py --game zavandor --profile   # cProfile's top rows

CPU time, not wall time, so a loaded machine slows both sides alike; the figures
still move with cache pressure from other jobs, so compare runs made together.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import valdora_ai as va
import valdora_ai.agents.ismcts as ismcts_module
import valdora_ai.search.uct as uct
from valdora_ai.agents import make_agent
from valdora_ai.backend import make_rng
from valdora_ai.games import game_names, make_game
from valdora_ai.search.rewards import Evaluator
from valdora_ai.search.rollout import rollout
from valdora_ai.selfplay import play_turn

WARM_UP_TURNS = 6  # greedy turns played before the measured position


def position(game_name: str, players: int, seed: int) -> tuple[Any, Any]:
    """The game and a position a few greedy turns into a seeded game."""
    game = make_game(game_name, players=players)
    state, rng = game.new_state(seed), make_rng(seed)
    for _ in range(WARM_UP_TURNS):
        play_turn(game, state, lambda _seat: game.greedy_step(state, rng))
    return game, state


class Stopwatch:
    """CPU seconds spent inside the functions it wraps, by label."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def wrap(self, label: str, function: Callable[..., Any]) -> Callable[..., Any]:
        self.seconds.setdefault(label, 0.0)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[label] += time.process_time() - started
        return timed


@contextmanager
def timing_inside_the_search(watch: Stopwatch) -> Iterator[None]:
    """Time the play-outs and the determinizations of every ISMCTS iteration."""
    original_rollout = uct.rollout
    original_world = ismcts_module.IsmctsAgent.world_for_iteration
    uct.rollout = watch.wrap("play-out", original_rollout)
    ismcts_module.IsmctsAgent.world_for_iteration = watch.wrap(  # type: ignore[method-assign]
        "determinize", original_world)
    try:
        yield
    finally:
        uct.rollout = original_rollout
        ismcts_module.IsmctsAgent.world_for_iteration = original_world  # type: ignore[method-assign]


def bare_playouts(game: Any, state: Any, agent: Any, count: int) -> float:
    """Play-outs per CPU second: determinize, play out with the agent's policy, evaluate."""
    observation = game.observation(state, state.current_player)
    settings = agent.settings
    rng = make_rng(1)
    evaluator: Evaluator = settings.evaluator
    started = time.process_time()
    for _ in range(count):
        world = game.determinize(observation, rng)
        rollout(game, world, settings.policy, settings.depth, rng, evaluator,
                state.current_player)
    return count / (time.process_time() - started)


def measure(game_name: str, players: int, iterations: int, seed: int,
            profile: bool) -> dict[str, Any]:
    game, state = position(game_name, players, seed)
    agent = make_agent(f"ismcts:iterations={iterations},seed=1,reuse=false", game)
    observation = game.observation(state, state.current_player)
    bare = bare_playouts(game, state, agent, iterations)
    watch = Stopwatch()
    profiler = cProfile.Profile() if profile else None
    with timing_inside_the_search(watch):
        started = time.process_time()
        if profiler is not None:
            profiler.enable()
        agent.choose(observation)
        if profiler is not None:
            profiler.disable()
        total = time.process_time() - started
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    playout, worlds = watch.seconds["play-out"], watch.seconds["determinize"]
    return {"game": game_name, "players": players, "iterations": iterations,
            "bare_playouts_per_s": bare, "iterations_per_s": iterations / total,
            "playout_share": playout / total, "determinize_share": worlds / total,
            "tree_share": (total - playout - worlds) / total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), action="append",
                        help="a game (repeatable; default every game)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print cProfile's top rows")
    args = parser.parse_args()
    print("game,players,iterations,bare play-outs/s,ismcts iterations/s,ratio,"
          "play-out share,determinize share,outside the play-out")
    for name in args.game or game_names():
        row = measure(name, args.players, args.iterations, args.seed, args.profile)
        print(f"{row['game']},{row['players']},{row['iterations']},"
              f"{row['bare_playouts_per_s']:.0f},{row['iterations_per_s']:.0f},"
              f"{row['iterations_per_s'] / row['bare_playouts_per_s']:.2f},"
              f"{row['playout_share']:.3f},{row['determinize_share']:.3f},"
              f"{1 - row['playout_share']:.3f}", flush=True)


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad player count or budget: one line, exit 1
        sys.exit(f"error: {error}")
