"""How often ``valdora analyze`` flags wrongly, misses a blunder, or changes its mind.

The three measures of issue 28's item 4, per game, at the analysis defaults
(``DEFAULT_AGENT`` and ``DEFAULT_WORLDS`` of :mod:`valdora_ai.game_analysis`) against
a **reference** analysis with ``--scale`` times the budget (the agent's iterations
and the comparison's worlds both multiplied; 16 by default):

* **false flags**: of the turns the default analysis flags, the share the reference
  judges below the flag's class (the reference's class is read at its point estimate,
  the default's at its interval's low end, as ``valdora analyze`` does); target 5% or
  less over at least 300 turns of seat-rotated games;
* **detection**: planted blunders, decisions the reference values as losing at least
  the blunder threshold against its own best (taken from the reference search's
  candidates and from random decisions), put in the place of the turn played: the
  share the default analysis flags (any flag); target 80% or more;
* **stability**: positions where the reference sees a clear gap (its best decision
  significantly better than its runner-up's): the share where two default analyses
  with different seeds pick the same best decision; target 90% or more.

Games are played by ``--lineup`` (comma-separated specs, one per seat) with the seats
rotated from game to game; every turn of them is analysed until ``--turns`` turns.
Each figure comes with its Wilson 95% interval. Iteration budgets make the figures
independent of the machine's load. The full measurement (not run yet)::

    python benchmarks/flag_errors.py --game valdora --turns 300 --scale 16 --json out.json

A smoke run (seconds): ``--turns 6 --scale 2 --planted 2 --stable 2``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import valdora_ai as va
from valdora_ai.game_analysis import DEFAULT_AGENT, DEFAULT_WORLDS, FLAGGED, THRESHOLDS
from valdora_ai.game_analysis.evaluate import evaluate_state
from valdora_ai.game_analysis.paired import Comparison, compare
from valdora_ai.game_analysis.review import verdict
from valdora_ai.suggestions import candidate_line
from valdora_ai.tournament.stats import wilson

RANDOM_DECISIONS = 6  # random decisions tried per position when planting a blunder


@dataclass
class Tally:
    """Successes out of trials, shown with a Wilson 95% interval."""

    hits: int = 0
    trials: int = 0

    def add(self, hit: bool) -> None:
        self.hits += hit
        self.trials += 1

    def to_json(self) -> dict[str, Any]:
        interval = wilson(self.hits, self.trials)
        return {"hits": self.hits, "trials": self.trials,
                "share": self.hits / self.trials if self.trials else None,
                "interval": [interval.low, interval.high]}


def scaled(spec: str, scale: int) -> str:
    """`spec` with its iterations multiplied by `scale` (300, the default, if unset)."""
    name, _, params = spec.partition(":")
    parts = [p for p in params.split(",") if p]
    iterations = next((int(p.split("=")[1]) for p in parts if p.startswith("iterations=")),
                      300)
    kept = [p for p in parts if not p.startswith("iterations=")]
    return f"{name}:" + ",".join([f"iterations={iterations * scale}", *kept])


def reseeded(spec: str, seed: int) -> str:
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith("seed=")]
    return f"{name}:" + ",".join([*kept, f"seed={seed}"])


def point_class(comparison: Comparison | None) -> str | None:
    """The flag class of a comparison read at its point estimates (the reference's)."""
    if comparison is None:
        return None
    for name, points, chance in THRESHOLDS:
        if comparison.loss >= points or comparison.win_loss >= chance:
            return name
    return None


def severity(flag: str | None) -> int:
    """0 for no flag, then inaccuracy, mistake, blunder."""
    return 0 if flag is None else len(FLAGGED) - FLAGGED.index(flag)


def turns_of_games(game_name: str, players: int, lineup: list[str], turns: int,
                   seed: int) -> list[tuple[Any, str]]:
    """(world before the turn, the turn played) for `turns` turns of seat-rotated games."""
    game = va.make_game(game_name, players=players)
    found: list[tuple[Any, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        number = 0
        while len(found) < turns:
            seats = lineup[number % players:] + lineup[:number % players]
            path = Path(folder) / f"{number}.jsonl"
            va.play_game(game, seats, seed=seed + number, record=path)
            replayed = va.replay(path)
            found += list(zip(replayed.positions, replayed.plays, strict=False))
            number += 1
    return found[:turns]


def best_steps(game: Any, state: Any, spec: str) -> tuple[list[int], list[list[int]]]:
    """The search's best decision (steps) and the other candidates' decisions."""
    analysis = va.make_agent(spec, game).analyze(game.observation(state,
                                                                  state.current_player))
    belief = game.observation(state, state.current_player).belief_state()
    lines = [list(candidate_line(game, belief, c).steps) for c in analysis.candidates]
    return lines[0], lines[1:]


def random_decision(game: Any, state: Any, rng: Any) -> list[int]:
    """A random decision of the player to move: random steps until a reveal or the end
    of the player's turn."""
    belief = game.observation(state, state.current_player).belief_state()
    mover, steps = belief.current_player, []
    while not belief.is_terminal() and belief.current_player == mover:
        legal = belief.legal_steps()
        step = legal[rng.randbelow(len(legal))]
        steps.append(step)
        belief.apply(step)
        if belief.is_chance_node():
            break
    return steps


def measure(game_name: str, players: int, lineup: list[str], turns: int, scale: int,
            planted: int, stable: int, seed: int) -> dict[str, Any]:
    """The three figures for one game."""
    game = va.make_game(game_name, players=players)
    spec, reference = DEFAULT_AGENT, scaled(DEFAULT_AGENT, scale)
    worlds, reference_worlds = DEFAULT_WORLDS, DEFAULT_WORLDS * scale
    false_flags, detection, stability = Tally(), Tally(), Tally()
    flags = {name: 0 for name in FLAGGED}
    rng = va.make_rng(seed)
    positions = turns_of_games(game_name, players, lineup, turns, seed)
    for index, (state, play) in enumerate(positions):
        if state.is_terminal() or len(state.legal_steps()) < 2:
            continue
        mine = evaluate_state(game, state, spec, False, played=play, worlds=worlds,
                              seed=seed + index)
        flag = verdict(mine.comparison)
        if flag is not None:
            flags[flag] += 1
            judged = evaluate_state(game, state, reference, False, played=play,
                                    worlds=reference_worlds, seed=seed + 10**6 + index)
            false_flags.add(severity(point_class(judged.comparison)) < severity(flag))
        if detection.trials < planted:
            plant = _planted_blunder(game, state, reference, reference_worlds, rng,
                                     seed + 2 * 10**6 + index)
            if plant is not None:
                best, _ = best_steps(game, state, spec)
                found = (plant != best and verdict(compare(
                    game, state, best, plant, worlds, seed + index)) is not None)
                detection.add(found)
        if stability.trials < stable:
            ref_best, others = best_steps(game, state, reference)
            if others and compare(game, state, ref_best, others[0], reference_worlds,
                                  seed + 3 * 10**6 + index).significant:
                one, _ = best_steps(game, state, reseeded(spec, 1))
                two, _ = best_steps(game, state, reseeded(spec, 2))
                stability.add(one == two)
    return {"game": game_name, "players": players, "lineup": lineup, "turns": len(positions),
            "agent": spec, "worlds": worlds, "reference": reference,
            "referenceWorlds": reference_worlds, "flags": flags,
            "falseFlags": false_flags.to_json(), "detection": detection.to_json(),
            "stability": stability.to_json()}


def _planted_blunder(game: Any, state: Any, reference: str, worlds: int, rng: Any,
                     seed: int) -> list[int] | None:
    """A decision the reference values as a blunder against its own best, if one is
    found among its candidates and a few random decisions."""
    best, others = best_steps(game, state, reference)
    tried = [*others, *(random_decision(game, state, rng) for _ in range(RANDOM_DECISIONS))]
    for steps in tried:
        if steps != best and point_class(compare(game, state, best, steps, worlds,
                                                 seed)) == "blunder":
            return steps
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--lineup", default="ismcts:iterations=100,greedy,greedy",
                        help="one spec per seat, comma-separated; rotated game to game")
    parser.add_argument("--turns", type=int, default=300, help="turns analysed per game")
    parser.add_argument("--scale", type=int, default=16, help="the reference's budget factor")
    parser.add_argument("--planted", type=int, default=100, help="planted blunders per game")
    parser.add_argument("--stable", type=int, default=100,
                        help="clear-gap positions checked for stability per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the figures to this file too")
    args = parser.parse_args(argv)
    lineup = _lineup(args.lineup, args.players)
    results = [measure(name, args.players, lineup, args.turns, args.scale, args.planted,
                       args.stable, args.seed) for name in args.game or va.game_names()]
    for r in results:
        print(f"{r['game']}: {r['turns']} turns, flags {r['flags']}")
        for key in ("falseFlags", "detection", "stability"):
            tally = r[key]
            share = "-" if tally["share"] is None else f"{tally['share']:.0%}"
            low, high = tally["interval"]
            print(f"  {key}: {tally['hits']}/{tally['trials']} = {share} "
                  f"[{low:.0%}, {high:.0%}]")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


def _lineup(text: str, players: int) -> list[str]:
    """Specs split at the commas that start a new agent (a spec's own parameters follow
    its name's colon: ``ismcts:iterations=100,greedy`` is two seats)."""
    seats: list[str] = []
    for part in text.split(","):
        if seats and "=" in part and ":" not in part:
            seats[-1] += "," + part
        else:
            seats.append(part)
    if len(seats) != players:
        raise SystemExit(f"--lineup names {len(seats)} seats for {players} players")
    return seats


if __name__ == "__main__":
    sys.exit(main())
