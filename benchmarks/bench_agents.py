"""Search speed: iterations per second of each search agent on fixed positions.

The positions are the starts of 3-, 4- and 5-player games (setup seed 1), seat 0 to
move; each agent searches for a fixed time with its default settings (expectimax
counts evaluated leaves as iterations). ``bench_agents`` is the function other tools
(``valdora bench``) call; run this file for a table:

    python benchmarks/bench_agents.py --seconds 2
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

import valdora_ai as va
from valdora_ai.agents import make_agent
from valdora_ai.analysis import Budget
from valdora_ai.games import game_type, make_game

AGENTS = ("ismcts", "pimc", "expectimax")


@dataclass(frozen=True)
class AgentSpeed:
    agent: str
    players: int
    iterations: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, object]:
        return {"agent": self.agent, "players": self.players, "iterations": self.iterations,
                "seconds": round(self.seconds, 3), "iterationsPerSecond": round(self.per_second)}


def bench_agents(agents: tuple[str, ...] = AGENTS, players: tuple[int, ...] = (3, 4, 5),
                 seconds: float = 1.0, seed: int = 1) -> list[AgentSpeed]:
    """Iterations/s of each agent spec at the start of a game of each size."""
    found = []
    for n in players:
        game = make_game("valdora", players=n)
        state = game.new_state(seed)
        observation = game.observation(state, state.current_player)
        for spec in agents:
            agent = make_agent(spec, game, seed=seed)
            analysis = agent.analyze(observation, Budget(seconds=seconds))
            found.append(AgentSpeed(spec, n, analysis.iterations, analysis.seconds))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("agents", nargs="*", default=list(AGENTS))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = bench_agents(tuple(args.agents), tuple(args.players), args.seconds)
    if args.json:
        print(json.dumps([r.to_json() for r in results]))
        return
    print(f"engine: {game_type('valdora').engine_status().engine}")
    for r in results:
        print(f"{r.agent:30s} {r.players} players  {r.per_second:8.0f} it/s "
              f"({r.iterations} in {r.seconds:.2f} s)")


if __name__ == "__main__":
    try:
        main()
    except va.ValdoraError as error:  # a bad spec or player count: one line, exit 1
        sys.exit(f"error: {error}")
