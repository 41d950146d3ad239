"""How often ``valdora analyze`` flags wrongly, misses a blunder, or changes its mind.

The three measures of issue 28's item 4, per game, at the analysis defaults
(``DEFAULT_AGENT`` and ``DEFAULT_WORLDS`` of :mod:`valdora_ai.game_analysis`, with
their adaptive budget) against a **reference** analysis with ``--scale`` times the
budget (16 by default): the agent's maximum iterations multiplied and searched in
full (no early stop), and the comparison's worlds multiplied, a fixed number:

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
  with different seeds pick the same best decision; target 90% or more. Also given
  over the positions where that gap is as large as a flag (``stabilityFlaggableGap``:
  the runner-up would be flagged at least an inaccuracy at the reference's point
  estimate), the gaps a player is told about.

Beside them, the **recommendation**: on the same every-``--every``-th turns, how much
worse the default's best decision is than the reference's (points, on the reference's
worlds; 0 where they are the same decision), averaged with its 95% interval, and how
often it falls a flag or more below. The three targets say nothing of the advice's own
quality, and a rule that steadies the recommendation by simplifying it (a play-out cut
short, a line completed by the greedy policy) pays here.

Games are played by ``--lineup`` (comma-separated specs, one per seat) with the seats
rotated from game to game; every turn of them is analysed until ``--turns`` turns,
and every ``--every``-th turn is also used for a planted blunder and for stability.
Each figure comes with its Wilson 95% interval. Iteration budgets make the figures
independent of the machine's load.

The measurement is long, so it is **resumable**: each turn's outcome is appended to
``--out-dir``/flag_errors.GAME.jsonl (first line: the settings, which must match) as
soon as it is known, and a re-run skips the turns already there and prints the figures
over every turn done (``--report`` only prints them). Per game, in the background::

    nohup python benchmarks/flag_errors.py --game alchemists --out-dir runs > runs/a.log &

A smoke run (seconds): ``--turns 6 --scale 2 --every 3``. ``--jobs N`` measures N
positions at once in worker processes (each position's seeds are its own, so the
results file is the same as one process's, line for line).

``--restability`` measures stability again after a change to the default analysis,
on the same positions, at a small part of the cost: the clear-gap positions and their
gaps are read from the measurement already in ``--out-dir`` and only the two default
analyses are run (into flag_errors.GAME.stability.TAG.jsonl, TAG naming the analysis
measured, resumable likewise); with ``--agent`` a candidate default is measured so
before it is made one, and where the measurement kept the reference's best decision
(``referenceBest``, kept since 2026-11-29) the candidate's pick is valued against it
too: the recommendation figure, over the clear-gap positions. ``--disagreements`` then
looks at the positions where the two analyses disagreed: their two picks compared with
each other and the reference's best with each, on the reference's worlds (into
flag_errors.GAME.disagreements.TAG.jsonl), to tell disagreements between decisions
worth the same from advice that changes with the seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from joblib import Parallel, delayed
from results_log import ResultsLog

import valdora_ai as va
from valdora_ai.analysis import mean_interval
from valdora_ai.game_analysis import DEFAULT_AGENT, DEFAULT_WORLDS, FLAGGED, THRESHOLDS
from valdora_ai.game_analysis.evaluate import WORLDS_GROWTH, evaluate_state
from valdora_ai.game_analysis.paired import Comparison, compare, played_decision, same_decision
from valdora_ai.game_analysis.review import settled, verdict
from valdora_ai.rng import derive_seed
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
    """`spec` with its iterations multiplied by `scale` (300, the default, if unset), and
    the searches of a step-by-step line (``stepwise``) too, searched in full: no adaptive
    early stop (``settle``), the reference's fixed budget."""
    name, _, params = spec.partition(":")
    parts = [p for p in params.split(",") if p]
    iterations = next((int(p.split("=")[1]) for p in parts if p.startswith("iterations=")),
                      300)
    kept = [f"stepwise={int(p.split('=')[1]) * scale}" if p.startswith("stepwise=") else p
            for p in parts if not p.startswith(("iterations=", "settle="))]
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


Lines = tuple[list[int], list[list[int]]]


def best_steps(game: Any, state: Any, spec: str) -> Lines:
    """The search's best decision (steps) and the other candidates' decisions."""
    analysis = va.make_agent(spec, game).analyze(game.observation(state,
                                                                  state.current_player))
    belief = game.observation(state, state.current_player).belief_state()
    lines = [list(candidate_line(game, belief, c).steps) for c in analysis.candidates]
    return lines[0], lines[1:]


@dataclass
class Searches:
    """The searches of one position, each spec searched once: a measurement asks for
    some more than once (the reference; the analysis with seed 1, which is also the
    default analysis itself), and a search depends only on its spec and the position."""

    game: Any
    state: Any
    found: dict[str, Lines] = field(default_factory=dict)

    def __call__(self, spec: str) -> Lines:
        if spec not in self.found:
            self.found[spec] = best_steps(self.game, self.state, spec)
        return self.found[spec]


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


@dataclass(frozen=True)
class Settings:
    """What fixes a measurement of one game (the first line of its results file)."""

    game: str
    players: int
    lineup: tuple[str, ...]
    scale: int
    every: int
    seed: int
    agent: str = DEFAULT_AGENT
    worlds: int = DEFAULT_WORLDS

    @property
    def reference(self) -> str:
        return scaled(self.agent, self.scale)

    @property
    def reference_worlds(self) -> int:
        return self.worlds * self.scale

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "lineup": list(self.lineup),
                "scale": self.scale, "every": self.every, "seed": self.seed,
                "agent": self.agent, "worlds": self.worlds}


def measure_turn(settings: Settings, game: Any, index: int, state: Any, play: str
                 ) -> dict[str, Any]:
    """One turn's outcomes: its default flag and, if flagged, the reference's class;
    on every `every`-th turn, a planted blunder's detection and the stability of the
    best decision where the reference sees a clear gap (None where not measured)."""
    seed = settings.seed
    outcome: dict[str, Any] = {"index": index, "flag": None, "referenceClass": None,
                               "falseFlag": None, "planted": None, "clearGap": None,
                               "stable": None}
    if state.is_terminal() or len(state.legal_steps()) < 2:
        return outcome | {"skipped": True}
    mine = evaluate_state(game, state, settings.agent, False, played=play,
                          worlds=settings.worlds, seed=seed + index)
    flag = outcome["flag"] = verdict(mine.comparison)
    search = Searches(game, state)
    worlds = settings.reference_worlds
    if flag is not None:
        best, _ = search(settings.reference)
        played = played_decision(game, state, play)
        judged = None if same_decision(game, state, played, best) else compare(
            game, state, best, played, worlds, seed + 10**6 + index)
        outcome["referenceClass"] = point_class(judged)
        outcome["falseFlag"] = severity(point_class(judged)) < severity(flag)
    if index % settings.every:
        return outcome
    best, others = search(settings.reference)
    mine_best, _ = search(settings.agent)
    outcome["referenceBest"] = best  # so --restability can value a candidate's pick
    outcome |= shortfall(settings, game, index, state, best, mine_best)
    rng = va.make_rng(derive_seed(seed, index))
    plant = _planted_blunder(game, state, best, others, worlds, rng, seed + 2 * 10**6 + index)
    if plant is not None:
        outcome["planted"] = not same_decision(game, state, plant, mine_best) and verdict(compare(
            game, state, mine_best, plant, settings.worlds, seed + index, "greedy",
            settings.worlds * WORLDS_GROWTH, settled)) is not None
    if others:
        gap = compare(game, state, best, others[0], worlds, seed + 3 * 10**6 + index)
        outcome["clearGap"] = gap.significant
        outcome["gapClass"] = point_class(gap)  # how large: a flag's class, or None
        if gap.significant:
            # Stable: two analyses with seeds 1 and 2 recommend the same decision (the
            # same steps, or steps reaching the same position).
            outcome["stable"] = same_decision(game, state, *seed_picks(settings, search))
    return outcome


def seed_picks(settings: Settings, search: Searches) -> tuple[list[int], list[int]]:
    """The best decisions of two analyses of the position, with seeds 1 and 2."""
    return (search(reseeded(settings.agent, 1))[0], search(reseeded(settings.agent, 2))[0])


def shortfall(settings: Settings, game: Any, index: int, state: Any, best: list[int],
              mine: list[int]) -> dict[str, Any]:
    """How far the analysis's best decision `mine` falls below the reference's `best`:
    points on the reference's worlds (0 for the same decision) and the flag class."""
    if same_decision(game, state, best, mine):
        return {"bestLoss": 0.0, "bestLossClass": None}
    comparison = compare(game, state, best, mine, settings.reference_worlds,
                         settings.seed + 5 * 10**6 + index)
    return {"bestLoss": comparison.loss, "bestLossClass": point_class(comparison)}


def figures(settings: Settings, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
    """The three figures (and the flags' counts) over `outcomes`."""
    false_flags, detection, stability, flaggable = Tally(), Tally(), Tally(), Tally()
    flags = {name: 0 for name in FLAGGED}
    for outcome in outcomes:
        if outcome["flag"] is not None:
            flags[outcome["flag"]] += 1
        if outcome["stable"] is not None and outcome.get("gapClass") is not None:
            flaggable.add(outcome["stable"])
        for tally, key in ((false_flags, "falseFlag"), (detection, "planted"),
                           (stability, "stable")):
            if outcome[key] is not None:
                tally.add(outcome[key])
    return {"game": settings.game, "players": settings.players,
            "lineup": list(settings.lineup), "turns": len(outcomes),
            "reviewed": sum(1 for o in outcomes if not o.get("skipped")),
            "agent": settings.agent, "worlds": settings.worlds,
            "reference": settings.reference, "referenceWorlds": settings.reference_worlds,
            "flags": flags, "falseFlags": false_flags.to_json(),
            "detection": detection.to_json(), "stability": stability.to_json(),
            "stabilityFlaggableGap": flaggable.to_json(),
            "recommendation": _recommendation(
                [o for o in outcomes if o.get("bestLoss") is not None])}


def _recommendation(valued: list[dict[str, Any]]) -> dict[str, Any]:
    """How much worse the default's best decision is than the reference's, by the
    reference (points, on its worlds), over the positions `valued` where both were
    searched: the mean with its 95% interval, and how many fall a flag or more below it.
    A rule that steadies the recommendation by simplifying it shows here."""
    losses = [o["bestLoss"] for o in valued]
    mean = statistics.fmean(losses) if losses else None
    interval = (None if mean is None or len(losses) < 2
                else mean_interval(mean, statistics.stdev(losses), len(losses)))
    return {"positions": len(losses), "meanLoss": mean,
            "interval": None if interval is None else list(interval),
            "aFlagBelow": sum(1 for o in valued if o.get("bestLossClass") is not None)}


def measure(settings: Settings, turns: int, path: Path | None, report_only: bool = False,
            jobs: int = 1) -> dict[str, Any]:
    """The figures for one game over its first `turns` turns, resuming from (and
    appending to) the results file `path`."""
    done = _each_position(settings, path, [] if report_only else list(range(turns)),
                          measure_turn, jobs)
    return figures(settings, [done[i] for i in sorted(done) if i < turns])


def restability(settings: Settings, source: Path, path: Path, jobs: int = 1) -> dict[str, Any]:
    """The figures of the measurement in `source` with its stability measured again by
    the code as it is now, on the same positions (those where the reference saw a clear
    gap, read from `source`): only the two default analyses per position are run, not
    the reference's, which is most of a measurement's cost; `settings.agent` may differ
    from the measured one (a candidate default, tried before it is made one). Each
    position's outcome is appended to `path` as soon as it is known, and a re-run
    resumes from there."""
    if not source.exists():
        raise SystemExit(f"error: {source}: no measurement to measure stability again on")
    first = json.loads(source.read_text().splitlines()[0]).get("settings", {})
    measured = _by_index(ResultsLog(source, replace(
        settings, agent=first.get("agent", settings.agent)).to_json()).read())
    clear = sorted(i for i, outcome in measured.items() if outcome["clearGap"])
    references = {i: outcome["referenceBest"] for i, outcome in measured.items()
                  if outcome.get("referenceBest") is not None}
    done = _each_position(settings, path, clear, partial(_restable, references), jobs)
    # The recommendation figure: this analysis's, where the measurement kept the
    # reference's best (on the clear-gap positions), never the measured analysis's.
    return figures(settings, [outcome | {key: done.get(i, {}).get(key) for key in (
        "stable", "bestLoss", "bestLossClass")} for i, outcome in sorted(measured.items())])


def disagreements(settings: Settings, stability_path: Path, path: Path, jobs: int = 1
                  ) -> dict[str, Any]:
    """What the two picks are worth where the two default analyses disagreed (the
    positions ``--restability`` found unstable, read from `stability_path`): the two
    picks compared with each other, and the reference's best with each, on the
    reference's worlds. A disagreement between decisions the reference cannot tell apart
    costs a player nothing; one between decisions a flag apart is advice that changes
    with the seed. Each position's outcome is appended to `path` and a re-run resumes."""
    if not stability_path.exists():
        raise SystemExit(f"error: {stability_path}: no stability measured again for this "
                         "agent: run --restability first")
    unstable = sorted(i for i, outcome in _by_index(ResultsLog(
        stability_path, settings.to_json()).read()).items() if outcome["stable"] is False)
    done = _each_position(settings, path, unstable, _disagreement, jobs)
    found = [done[i] for i in unstable]
    return {"game": settings.game, "agent": settings.agent, "reference": settings.reference,
            "referenceWorlds": settings.reference_worlds, "disagreements": len(found),
            "apart": sum(1 for d in found if d["apart"]),
            "bothAFlagBelowReference": sum(
                1 for d in found if d["referenceOverOne"] and d["referenceOverTwo"]),
            "positions": found}


Measure = Callable[[Settings, Any, int, Any, str], dict[str, Any]]


def _each_position(settings: Settings, path: Path | None, indices: list[int],
                   measure: Measure, jobs: int = 1) -> dict[int, dict[str, Any]]:
    """Every outcome in the results file `path` by index, after measuring (``measure(
    settings, game, index, state, play)``) each of the sorted `indices` not in it yet,
    `jobs` positions at a time in as many processes, each appended (in order) as soon as
    it and those before it are known."""
    log = ResultsLog(path, settings.to_json())
    done = _by_index(log.read())
    missing = [i for i in indices if i not in done]
    if missing:
        positions = turns_of_games(settings.game, settings.players, list(settings.lineup),
                                   missing[-1] + 1, settings.seed)
        tasks = (delayed(_measure_position)(measure, settings, index, *positions[index])
                 for index in missing)
        for outcome in Parallel(n_jobs=jobs, return_as="generator")(tasks):
            done[outcome["index"]] = outcome
            log.append(outcome)
    return done


def _measure_position(measure: Measure, settings: Settings, index: int, state: Any,
                      play: str) -> dict[str, Any]:
    """`measure` of one position, in whichever process runs it."""
    return measure(settings, va.make_game(settings.game, players=settings.players), index,
                   state, play)


def _restable(references: dict[int, list[int]], settings: Settings, game: Any, index: int,
              state: Any, _play: str) -> dict[str, Any]:
    one, two = seed_picks(settings, Searches(game, state))
    outcome = {"index": index, "stable": same_decision(game, state, one, two)}
    if index in references:
        outcome |= shortfall(settings, game, index, state, references[index], one)
    return outcome


def _disagreement(settings: Settings, game: Any, index: int, state: Any, _play: str
                  ) -> dict[str, Any]:
    """One unstable position: the picks of seeds 1 and 2 and the reference's, the two
    picks' difference (one minus two) and the reference's flag class over each."""
    one, two = seed_picks(settings, Searches(game, state))
    best, _ = best_steps(game, state, settings.reference)
    worlds, seed = settings.reference_worlds, settings.seed + 4 * 10**6 + 3 * index
    between = compare(game, state, one, two, worlds, seed)

    def below_reference(pick: list[int], offset: int) -> str | None:
        return None if same_decision(game, state, best, pick) else point_class(
            compare(game, state, best, pick, worlds, seed + offset))

    belief = game.observation(state, state.current_player).belief_state()
    return {"index": index, "one": game.format_turn(belief, one),
            "two": game.format_turn(belief, two),
            "reference": game.format_turn(belief, best),
            "loss": between.loss, "lossInterval": list(between.loss_interval),
            "apart": _apart(between), "referenceOverOne": below_reference(one, 1),
            "referenceOverTwo": below_reference(two, 2)}


def _apart(comparison: Comparison) -> bool:
    """Whether two decisions differ beyond the noise, either way, by points or by win
    share (an interval that excludes 0)."""
    return any(low > 0 or high < 0 for low, high in (comparison.loss_interval,
                                                      comparison.win_loss_interval))


def _by_index(results: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Measured turns by their index (a turn measured twice: the later result)."""
    return {int(outcome["index"]): outcome for outcome in results}


def _planted_blunder(game: Any, state: Any, best: list[int], others: list[list[int]],
                     worlds: int, rng: Any, seed: int) -> list[int] | None:
    """A decision the reference values as a blunder against its own best (`best`), if
    one is found among its other candidates and a few random decisions."""
    tried = [*others, *(random_decision(game, state, rng) for _ in range(RANDOM_DECISIONS))]
    for steps in tried:
        if not same_decision(game, state, steps, best) and point_class(
                compare(game, state, best, steps, worlds, seed)) == "blunder":
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
    parser.add_argument("--every", type=int, default=3,
                        help="every N-th turn also plants a blunder and checks stability")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", default=DEFAULT_AGENT,
                        help="the analysis measured (default: valdora analyze's); with "
                             "--restability, a candidate measured on the positions of a "
                             "measurement of another")
    parser.add_argument("--out-dir", type=Path,
                        help="keep each turn's outcome in OUT_DIR/flag_errors.GAME.jsonl and "
                             "resume from there")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--report", action="store_true",
                      help="only print the figures of the turns already in --out-dir")
    mode.add_argument("--restability", action="store_true",
                      help="measure stability again on the clear-gap positions of the "
                           "measurement in --out-dir, with the code as it is now (into "
                           "OUT_DIR/flag_errors.GAME.stability.TAG.jsonl, resumable)")
    mode.add_argument("--disagreements", action="store_true",
                      help="where --restability found the two analyses disagreeing, what "
                           "their picks are worth against each other and the reference's "
                           "best (into OUT_DIR/flag_errors.GAME.disagreements.TAG.jsonl, "
                           "resumable)")
    parser.add_argument("--json", type=Path, help="write the figures to this file too")
    parser.add_argument("--jobs", type=int, default=1,
                        help="positions measured at once, each in a process of its own "
                             "(results identical to --jobs 1)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        raise SystemExit(f"--jobs must be at least 1, not {args.jobs}")
    lineup = tuple(_lineup(args.lineup, args.players))
    if (args.restability or args.disagreements) and args.out_dir is None:
        raise SystemExit("--restability and --disagreements need --out-dir")
    results = []
    for name in args.game or va.game_names():
        settings = Settings(name, args.players, lineup, args.scale, args.every, args.seed,
                            args.agent)
        path = None if args.out_dir is None else args.out_dir / f"flag_errors.{name}.jsonl"
        tag = _spec_tag(args.agent)
        if args.disagreements and path is not None:
            results.append(disagreements(settings, path.with_suffix(f".stability.{tag}.jsonl"),
                                         path.with_suffix(f".disagreements.{tag}.jsonl"),
                                         args.jobs))
        elif args.restability and path is not None:
            results.append(restability(settings, path, path.with_suffix(f".stability.{tag}.jsonl"),
                                       args.jobs))
        else:
            results.append(measure(settings, args.turns, path, args.report, args.jobs))
    for r in results:
        if "disagreements" in r:
            _print_disagreements(r)
            continue
        print(f"{r['game']}: {r['turns']} turns ({r['reviewed']} with a choice), "
              f"flags {r['flags']}")
        for key in ("falseFlags", "detection", "stability", "stabilityFlaggableGap"):
            tally = r[key]
            share = "-" if tally["share"] is None else f"{tally['share']:.0%}"
            low, high = tally["interval"]
            print(f"  {key}: {tally['hits']}/{tally['trials']} = {share} "
                  f"[{low:.0%}, {high:.0%}]")
        best = r["recommendation"]
        if best["meanLoss"] is not None:
            spread = ("" if best["interval"] is None
                      else " [{:+.2f}, {:+.2f}]".format(*best["interval"]))
            print(f"  recommendation: {best['meanLoss']:+.2f}{spread} points below the "
                  f"reference's over {best['positions']} positions, a flag or more in "
                  f"{best['aFlagBelow']}")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


def _print_disagreements(result: dict[str, Any]) -> None:
    print(f"{result['game']}: {result['disagreements']} disagreements; the two picks apart "
          f"beyond the noise in {result['apart']}; the reference's best a flag or more above "
          f"both in {result['bothAFlagBelowReference']}")
    for d in result["positions"]:
        low, high = d["lossInterval"]
        print(f"  turn {d['index']}: {d['one']} | {d['two']}: {d['loss']:+.2f} "
              f"[{low:+.2f}, {high:+.2f}]{' apart' if d['apart'] else ''}; reference "
              f"{d['reference']}: over them {d['referenceOverOne'] or '-'}, "
              f"{d['referenceOverTwo'] or '-'}")


def _spec_tag(spec: str) -> str:
    """A short name for an agent spec in a file name."""
    return hashlib.sha256(spec.encode()).hexdigest()[:8]


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
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game, spec or data: one line, exit 1
        sys.exit(f"error: {error}")
