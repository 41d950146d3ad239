"""Self-play of The Valley of Alchemists by one policy (greedy by default, or a named
style or play-out policy), for comparison with the design doc's reference figures (turns
per player, scores, EP per sold line, seat win shares) and the pace of the policy
(elixirs per make action, players who use the Decoction transformation).

    python benchmarks/alchemists_selfplay.py --games 500
    python benchmarks/alchemists_selfplay.py --games 200 --policy planner
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field

import valdora_ai as va
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.rules import CHOOSE, AlchemistsState
from valdora_ai.games.alchemists.styles import STYLES
from valdora_ai.rng import Rng


@dataclass
class Tally:
    """What the games of one player count gave."""

    turns: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winner_scores: list[int] = field(default_factory=list)
    line_ep: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    made: list[int] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    stalls: int = 0
    make_actions: int = 0
    make_steps: int = 0
    transformers: int = 0  # players who used the Decoction transformation


def _sale_ep(state: AlchemistsState, before: list[tuple[int, int]]) -> list[int]:
    """EP of each line sold since `before` (sold count and marker count per seat)."""
    found = []
    for p, (sold, markers) in zip(state.players, before, strict=True):
        if len(p.sold) > sold:
            cards = p.sold[sold:]
            bonus = sum(p.markers[markers:])
            found.append(sum(state.data.elixirs[c].ep for c in cards) + bonus)
    return found


def play_games(players: int, games: int, first_seed: int = 0, policy: str = "greedy"
               ) -> Tally:
    tally = Tally(seat_wins=[0.0] * players)
    game = AlchemistsGame(players=players)
    for seed in range(first_seed, first_seed + games):
        # either engine's state: the compiled one reads like the reference it mirrors
        state: AlchemistsState = game.new_state(seed)
        rng = Rng(seed)
        seats = [game.make_policy(policy) for _ in range(players)] if policy in \
            game.policy_names() else None
        transformed = set()
        while not state.is_terminal():
            before = [(len(p.sold), len(p.markers)) for p in state.players]
            if seats is not None and not state.is_chance_node():
                step = seats[state.current].step(state, rng)
            elif policy == "quick":
                step = game.quick_step(state, rng)
            else:
                step = game.greedy_step(state, rng)
            if S.kind(step) == "make":
                tally.make_steps += 1
                tally.make_actions += state.phase == CHOOSE
            elif S.kind(step) == "transform":
                transformed.add(state.current)
            state.apply(step)
            tally.line_ep += _sale_ep(state, before)
        tally.transformers += len(transformed)
        tally.stalls += state.capped
        tally.turns.append(state.turns / players)
        scores = state.scores()
        tally.scores += scores
        tally.winner_scores.append(max(scores))
        tally.lines += [len(p.sold) // 3 for p in state.players]
        tally.made += [p.made() for p in state.players]
        for seat, share in enumerate(state.returns()):
            tally.seat_wins[seat] += share
    return tally


def _quantiles(values: list[float] | list[int]) -> str:
    q = statistics.quantiles(values, n=20)
    return f"p10 {q[1]:.0f}, median {statistics.median(values):.0f}, p90 {q[17]:.0f}"


def report(players: int, tally: Tally, games: int, policy: str = "greedy") -> str:
    shares = " / ".join(f"{100 * w / games:.1f}" for w in tally.seat_wins)
    return "\n".join([
        f"{players} players, {games} games ({policy} self-play; stalls: {tally.stalls})",
        f"  turns per player: mean {statistics.mean(tally.turns):.1f} "
        f"(sd {statistics.pstdev(tally.turns):.1f}; {_quantiles(tally.turns)})",
        f"  final score: mean {statistics.mean(tally.scores):.1f} "
        f"(sd {statistics.pstdev(tally.scores):.1f}); winner's mean "
        f"{statistics.mean(tally.winner_scores):.1f}",
        f"  EP per sold line: {_quantiles(tally.line_ep)}; mean "
        f"{statistics.mean(tally.line_ep):.1f}",
        f"  lines sold per player: mean {statistics.mean(tally.lines):.2f}; elixirs made "
        f"per player: mean {statistics.mean(tally.made):.1f}",
        f"  elixirs per make action: {tally.make_steps / max(1, tally.make_actions):.2f}; "
        f"players who transformed decoctions: "
        f"{100 * tally.transformers / (games * players):.1f}%",
        f"  win share by seat (%): {shares}",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--policy", default="greedy", choices=("greedy", "quick", *STYLES),
                        help="greedy or quick (the former greedy; the compiled core's "
                             "unless VALDORA_PURE_PYTHON=1) or a style (planner, hoarder)")
    args = parser.parse_args()
    if args.games < 2:  # the figures are spreads and quantiles over games
        sys.exit(f"error: --games must be at least 2, got {args.games}")
    for players in args.players:
        tally = play_games(players, args.games, args.seed, args.policy)
        print(report(players, tally, args.games, args.policy))


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad player count: one line, exit 1
        sys.exit(f"error: {error}")
