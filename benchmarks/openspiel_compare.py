"""Iterations per second of the library's ISMCTS and OpenSpiel's Python ISMCTSBot, and
a seat-rotated series between them at equal time.

Both search the same position (the start of a setup-seed-1 game, seat 0 to move) with
equal settings: the same number of iterations, exploration constant c, random
play-outs to the end of the game, a whole-game tree and the win-share reward. The
library searches its own engine (compiled when built); OpenSpiel's bot searches the
game's OpenSpiel form (valdora_ai.interop.openspiel) over the same engine. Needs the
``openspiel`` extra.

    python benchmarks/openspiel_compare.py --iterations 200 --players 3

``--series`` plays the series through the one tournament runner instead: the
library's ``ismcts:time=T``, OpenSpiel's ``openspiel:ismcts,time=T`` and ``greedy`` in
3-player games, every block one setup in all six seatings (so seat order and setup
luck cancel), and prints the standings with 95% intervals as CSV. It is the command

    valdora tournament -a "ismcts:time=T" -a "openspiel:ismcts,time=T" -a greedy -p 3 -n N

    python benchmarks/openspiel_compare.py --series --time 0.5 --games 24 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import valdora_ai as va
from valdora_ai import run_tournament
from valdora_ai.agents import make_agent
from valdora_ai.backend import make_rng
from valdora_ai.games import game_type, make_game
from valdora_ai.interop.openspiel_bots import Ismcts
from valdora_ai.playout import random_playout
from valdora_ai.search.rewards import Evaluator


def rate(choose: object, observation: object, iterations: int, min_seconds: float = 1.0
         ) -> float:
    """Iterations per CPU second of whole decisions, after one untimed decision.

    CPU seconds of this process (both searches run in it, no workers), so other load
    on a shared machine slows neither side's figure much; the untimed decision pays
    what only the first one does (imports, tables, the observation's compiled
    sampler). Decisions are repeated until `min_seconds` of CPU time have passed, so a
    fast search is timed over as long a stretch as a slow one (one decision of a few
    milliseconds is at the mercy of whatever else the machine does then)."""
    choose(observation)  # type: ignore[operator]
    decisions = 0
    started = time.process_time()
    while True:
        choose(observation)  # type: ignore[operator]
        decisions += 1
        spent = time.process_time() - started
        if spent >= min_seconds:
            return decisions * iterations / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="valdora")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--c", type=float, default=2.0)
    parser.add_argument("--min-seconds", type=float, default=1.0,
                        help="CPU seconds of whole decisions each side is timed over")
    parser.add_argument("--series", action="store_true",
                        help="play the seat-rotated series at equal time instead")
    parser.add_argument("--time", type=float, default=0.5, help="series: seconds per decision")
    parser.add_argument("--games", type=int, default=24, help="series: games (whole blocks)")
    parser.add_argument("--jobs", type=int, default=1, help="series: parallel games")
    parser.add_argument("--db", default=None, help="series: results database (resumes)")
    args = parser.parse_args()
    if args.series:
        series(args.game, args.time, args.games, args.jobs, args.db)
        return
    game = make_game(args.game, players=args.players)
    state = game.new_state(seed=1)
    observation = game.observation(state, state.current_player)
    ours = make_agent(f"ismcts:iterations={args.iterations},c={args.c},rollout=random,"
                      "tree=game,reward=win,reuse=false,seed=1", game)
    theirs = Ismcts(game, iterations=args.iterations, uct_c=args.c, seed=1)
    engine = game_type(args.game).engine_status().engine
    print(f"engine: {engine}; {args.game}, {args.players} players, "
          f"{args.iterations} iterations, c={args.c}")
    ours_rate = rate(ours.choose, observation, args.iterations, args.min_seconds)
    theirs_rate = rate(theirs.choose, observation, args.iterations, args.min_seconds)
    playouts, steps = bare_playouts(game, observation, args.min_seconds)
    print(f"valdora_ai ismcts      {ours_rate:10.1f} iterations per CPU second")
    print(f"openspiel ISMCTSBot    {theirs_rate:10.1f} iterations per CPU second")
    print(f"ratio                  {ours_rate / theirs_rate:10.1f}x")
    print(f"bare random play-outs  {playouts:10.1f} per CPU second ({steps:.0f} steps each, "
          f"{1e9 / (playouts * steps):.0f} ns a step; {1 - ours_rate / playouts:.0%} of "
          "an iteration is the search around its play-out)")


def bare_playouts(game: Any, observation: Any, min_seconds: float) -> tuple[float, float]:
    """Play-outs per CPU second without a tree, and their mean length: determinize the
    observation, play random steps to the end (in the core when compiled), evaluate the
    win shares, as each of the search's iterations does around its tree."""
    rng = make_rng(7)
    evaluator = Evaluator(game, "win")
    count = steps = 0
    started = time.process_time()
    while time.process_time() - started < min_seconds:
        world = game.determinize(observation, rng)
        steps += random_playout(world, rng)
        evaluator.evaluate(world)
        count += 1
    return count / (time.process_time() - started), steps / count


def series(game: str, seconds: float, games: int, jobs: int, db: str | None) -> None:
    """The seat-rotated series at equal time (see the module docstring)."""
    entrants = [f"ismcts:time={seconds:g}", f"openspiel:ismcts,time={seconds:g}", "greedy"]
    report = run_tournament(entrants, players=3, games=games, game=game, jobs=jobs, db=db)
    engine = game_type(game).engine_status().engine
    print(f"engine: {engine}; {game}, 3 players, {report.games} games "
          f"({report.blocks} blocks of every seating), {seconds:g} s per decision")
    print(report.to_csv(), end="")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad game, player count or budget: one line, exit 1
        sys.exit(f"error: {error}")
