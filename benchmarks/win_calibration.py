"""Are the analysis's win chances calibrated? Issue 28 item 5, per game.

Self-play by the analysing agent at its default budget (``DEFAULT_AGENT`` of
:mod:`valdora_ai.game_analysis`, each seat seeded from the game's seed, the tree not
kept between decisions, as ``valdora analyze`` searches every position afresh): at the
first searched decision of every turn, the win chance the search gives each seat is
kept, and once the game is over, each seat's result (1 for a win, split on a tie).
A **position** is one such prediction for the seat to move (what ``winBefore`` shows).

Reported, over every position: the **expected calibration error** with 10 equal-width
buckets, ECE = sum over buckets of (positions in it / positions) x |mean predicted -
mean result| (target 0.05 or less over 1,000 positions or more) with a 95% interval
(bootstrap over whole games, seeded by ``--seed``), the same over every seat's
prediction, and a reliability plot (SVG, no matplotlib; a dot per bucket, its
size growing with the bucket's positions).

``--fit FILE`` fits a calibration map (:mod:`valdora_ai.game_analysis.calibration`;
``--map isotonic``: pool-adjacent-violators on every seat's prediction, or ``--map
power``: every seat's share raised to the power of least cross-entropy) on the games
of even number and reports the ECE of the raw and of the mapped chances (mapped as
the analysis maps them: every seat's, rescaled to add up to 1) on the games of odd
number (held out), then writes the map fitted on every game, with the seed and the
games it came from, so it is reproducible.

Long, so **resumable**: each game's predictions are appended to ``--out-dir``/
win_calibration.GAME.jsonl (first line: the settings) as soon as it ends; a re-run
plays only the games missing. In the background, one game at a time::

    nohup python benchmarks/win_calibration.py --game zavandor --out-dir runs \\
        --svg docs/images/calibration-zavandor.svg > runs/cal.log &

A smoke run: ``--positions 20 --agent ismcts:iterations=30``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from results_log import ResultsLog

import valdora_ai as va
from valdora_ai.game_analysis import DEFAULT_AGENT
from valdora_ai.game_analysis.calibration import CalibrationMap, fit, fit_power
from valdora_ai.rng import derive_seed
from valdora_ai.svgdoc import SvgDoc

BUCKETS = 10
RESAMPLES = 1000


def self_play_spec(spec: str) -> str:
    """The analysing agent's spec for a self-play seat: its own seed (the seat's, from
    the game's) and no tree kept between decisions."""
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith(("seed=", "reuse="))]
    return f"{name}:" + ",".join([*kept, "reuse=false"])


def play(game_name: str, players: int, spec: str, seed: int) -> dict[str, Any]:
    """One self-play game: each turn's first searched win chances, and the results."""
    game = va.make_game(game_name, players=players)
    agents = [va.make_agent(self_play_spec(spec), game, seed=derive_seed(seed, i))
              for i in range(players)]
    turn = {"number": 0}
    predictions: list[list[Any]] = []
    for seat, agent in enumerate(agents):
        _record_first_analysis(agent, seat, turn, predictions)
    result = va.play_game(game, agents, seed=seed,
                          on_turn=lambda *_: turn.__setitem__("number", turn["number"] + 1))
    winners = result.winners
    results = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    return {"seed": seed, "predictions": predictions, "results": results}


def _record_first_analysis(agent: Any, seat: int, turn: dict[str, int],
                           predictions: list[list[Any]]) -> None:
    """Wrap `agent.analyze` to keep the first searched win chances of every turn."""
    analyze = agent.analyze

    def recording(observation: Any, *args: Any, **kwargs: Any) -> Any:
        analysis = analyze(observation, *args, **kwargs)
        wins = analysis.best.win_probabilities
        if wins and (not predictions or predictions[-1][0] != turn["number"]):
            predictions.append([turn["number"], seat, list(wins)])
        return analysis

    agent.analyze = recording


def pairs(games: list[dict[str, Any]], every_seat: bool) -> list[tuple[float, float]]:
    """(predicted chance, result) for the mover, or for every seat."""
    found = []
    for g in games:
        for _, seat, wins in g["predictions"]:
            for s in range(len(wins)) if every_seat else (seat,):
                found.append((float(wins[s]), float(g["results"][s])))
    return found


def fitted(kind: str, games: list[dict[str, Any]]) -> CalibrationMap:
    """A map of `kind` fitted on every seat's predictions in `games`."""
    if kind == "power":
        return fit_power([(tuple(wins), tuple(g["results"]))
                          for g in games for _, _, wins in g["predictions"]])
    return fit(pairs(games, True))


def mapped_pairs(games: list[dict[str, Any]], mapping: CalibrationMap
                 ) -> list[tuple[float, float]]:
    """(mapped chance, result) for the mover, mapped as the analysis maps: every seat's
    share, rescaled to add up to 1."""
    return [(mapping.apply(tuple(wins))[seat], float(g["results"][seat]))
            for g in games for _, seat, wins in g["predictions"]]


def buckets(points: list[tuple[float, float]]) -> list[tuple[int, float, float]]:
    """Per bucket of predicted chance (10 of equal width): count, mean predicted, mean
    result."""
    sums = [[0, 0.0, 0.0] for _ in range(BUCKETS)]
    for p, y in points:
        b = sums[min(BUCKETS - 1, int(p * BUCKETS))]
        b[0] += 1
        b[1] += p
        b[2] += y
    return [(int(n), p / n, y / n) for n, p, y in sums if n]


def ece(points: list[tuple[float, float]]) -> float:
    """The expected calibration error of `points` (10 equal-width buckets)."""
    total = len(points)
    return sum(n / total * abs(p - y) for n, p, y in buckets(points)) if total else 0.0


def ece_interval(games: list[dict[str, Any]], every_seat: bool, seed: int,
                 resamples: int = RESAMPLES) -> tuple[float, float]:
    """A 95% interval for the ECE: the basic bootstrap over whole games (a game's
    positions share its winner, so the game, not the position, is the unit drawn).
    Basic, not percentile: a resample repeats games, so its ECE runs higher than the
    sample's (noise adds to the error), and the basic interval turns that excess into
    the sample ECE's own upward bias rather than shifting the interval up."""
    if not games:
        return (0.0, 0.0)
    rng = va.make_rng(seed)
    values = sorted(ece(pairs([games[rng.randbelow(len(games))] for _ in games], every_seat))
                    for _ in range(resamples))
    estimate = ece(pairs(games, every_seat))
    low, high = values[int(0.025 * resamples)], values[int(0.975 * resamples) - 1]
    return (max(0.0, 2 * estimate - high), min(1.0, 2 * estimate - low))


def reliability_svg(title: str, series: dict[str, list[tuple[float, float]]]) -> str:
    """The reliability plot: mean result against mean predicted chance per bucket, one
    line per series, the diagonal for perfect calibration, each bucket's count."""
    size, margin = 420, 52
    low, high = margin, size - 20

    def x(p: float) -> float:
        return low + (high - low) * p

    def y(p: float) -> float:
        return size - margin - (size - margin - 30) * p

    svg = SvgDoc(size, size, css_class="reliability", title=title)
    svg.text(low, 18, title, font_size=13)
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.element("line", x1=x(0), x2=x(1), y1=y(tick), y2=y(tick), stroke="#e0e0e0")
        svg.text(low - 6, y(tick) + 4, f"{tick:.0%}", font_size=11, text_anchor="end")
        svg.text(x(tick), y(0) + 16, f"{tick:.0%}", font_size=11, text_anchor="middle")
    svg.text((low + high) / 2, size - 12, "predicted win chance", font_size=12,
             text_anchor="middle")
    svg.text(14, y(0.5), "observed wins", font_size=12, text_anchor="middle",
             transform=f"rotate(-90 14 {y(0.5):.0f})")
    svg.element("line", x1=x(0), y1=y(0), x2=x(1), y2=y(1), stroke="#999",
                stroke_dasharray="3 3")
    colours = ["#1f77b4", "#d62728", "#2ca02c"]
    for index, (name, points) in enumerate(series.items()):
        colour = colours[index % len(colours)]
        rows = buckets(points)
        svg.element("polyline", fill="none", stroke=colour, stroke_width=1.8,
                    points=" ".join(f"{x(p):.1f},{y(o):.1f}" for _, p, o in rows))
        for n, p, o in rows:  # the larger a dot, the more positions in its bucket
            svg.element("circle", cx=x(p), cy=y(o), r=min(8.0, 2 + n ** 0.5 / 4),
                        fill=colour)
        svg.text(x(0.02), y(0.95) + 16 * index, f"{name}: ECE {ece(points):.3f} "
                 f"({len(points)})", font_size=11, fill=colour)
    return svg.render()


def settings_of(args: argparse.Namespace, game: str) -> dict[str, Any]:
    return {"game": game, "players": args.players, "agent": args.agent, "seed": args.seed}


def collect(args: argparse.Namespace, game: str) -> list[dict[str, Any]]:
    """The self-play games on file for `game`, played on until `--positions` positions."""
    path = None if args.out_dir is None else args.out_dir / f"win_calibration.{game}.jsonl"
    settings = settings_of(args, game)
    log = ResultsLog(path, settings)
    games = log.read()
    while not args.report and len(pairs(games, False)) < args.positions:
        played = play(game, args.players, args.agent, args.seed + len(games))
        games.append(played)
        log.append(played)
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agent", default=DEFAULT_AGENT)
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out-dir", type=Path, help="keep (and resume) the games here")
    parser.add_argument("--report", action="store_true", help="play no more games")
    parser.add_argument("--svg", type=Path, help="the reliability plot (one game)")
    parser.add_argument("--fit", type=Path, help="fit a calibration map and write it here")
    parser.add_argument("--map", choices=("isotonic", "power"), default="isotonic",
                        help="the kind of map --fit fits (default isotonic)")
    parser.add_argument("--json", type=Path, help="write the figures to this file too")
    args = parser.parse_args(argv)
    results = []
    for game in args.game or va.game_names():
        va.make_agent(args.agent, va.make_game(game, players=args.players))  # named as given
        games = collect(args, game)
        mover, every = pairs(games, False), pairs(games, True)
        figure: dict[str, Any] = {"game": game, "agent": args.agent, "games": len(games),
                                  "positions": len(mover), "ece": ece(mover),
                                  "eceInterval": ece_interval(games, False, args.seed),
                                  "eceEverySeat": ece(every), "buckets": buckets(mover)}
        series = {"raw": mover}
        if args.fit is not None:
            held = pairs(games[1::2], False)
            mapped = mapped_pairs(games[1::2], fitted(args.map, games[0::2]))
            figure |= {"map": args.map, "heldOutPositions": len(held),
                       "heldOutEce": ece(held), "heldOutEceMapped": ece(mapped)}
            series["mapped (held out)"] = mapped
            final = fitted(args.map, games)
            if final.power is not None:
                figure["power"] = final.power
            replace(final, game=game, source={**settings_of(args, game), "map": args.map,
                                              "games": len(games),
                                              "predictions": len(every)}).write(args.fit)
        if args.svg is not None:
            args.svg.parent.mkdir(parents=True, exist_ok=True)
            args.svg.write_text(reliability_svg(f"Win chance calibration: {game}", series))
        results.append(figure)
        print(json.dumps({k: v for k, v in figure.items() if k != "buckets"}))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except va.ValdoraError as error:  # a bad game or spec: one line, exit 1
        sys.exit(f"error: {error}")
