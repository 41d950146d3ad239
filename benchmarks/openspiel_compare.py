"""Iterations per second of the library's ISMCTS and OpenSpiel's Python ISMCTSBot.

Both search the same position (the start of a setup-seed-1 game, seat 0 to move) with
equal settings: the same number of iterations, exploration constant c, random
play-outs to the end of the game, a whole-game tree and the win-share reward. The
library searches its own engine (compiled when built); OpenSpiel's bot searches the
game's OpenSpiel form (valdora_ai.interop.openspiel) over the same engine. Needs the
``openspiel`` extra.

    python benchmarks/openspiel_compare.py --iterations 200 --players 3
"""

from __future__ import annotations

import argparse
import time

from valdora_ai.agents import make_agent
from valdora_ai.backend import engine_status
from valdora_ai.games import make_game
from valdora_ai.interop.openspiel_bots import Ismcts


def rate(choose: object, observation: object, iterations: int) -> float:
    """Iterations per second of one decision."""
    started = time.perf_counter()
    choose(observation)  # type: ignore[operator]
    return iterations / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--c", type=float, default=2.0)
    args = parser.parse_args()
    game = make_game(args.game, players=args.players)
    state = game.new_state(seed=1)
    observation = game.observation(state, state.current_player)
    ours = make_agent(f"ismcts:iterations={args.iterations},c={args.c},rollout=random,"
                      "tree=game,reward=win,reuse=false,seed=1", game)
    theirs = Ismcts(game, iterations=args.iterations, uct_c=args.c, seed=1)
    print(f"engine: {engine_status().engine}; {args.game}, {args.players} players, "
          f"{args.iterations} iterations, c={args.c}")
    ours_rate = rate(ours.choose, observation, args.iterations)
    theirs_rate = rate(theirs.choose, observation, args.iterations)
    print(f"valdora_ai ismcts      {ours_rate:10.1f} iterations/s")
    print(f"openspiel ISMCTSBot    {theirs_rate:10.1f} iterations/s")
    print(f"ratio                  {ours_rate / theirs_rate:10.1f}x")


if __name__ == "__main__":
    main()
