"""A random policy through the PettingZoo and Gymnasium environments (trains nothing).

    python examples/random_policy.py [game] [players] [seed]

Plays one game through the AEC environment, every seat choosing uniformly among the
steps its action mask allows, then one episode of seat 0 against two greedy agents
through the Gymnasium environment, and prints how each ended.
"""

from __future__ import annotations

import sys

import numpy as np

from valdora_ai.interop.gymnasium import SeatEnv
from valdora_ai.interop.pettingzoo import env


def run_aec(game: str, players: int, seed: int) -> dict[str, float]:
    """One game through the AEC environment; each agent's total reward."""
    aec = env(game, players=players, seed=seed)
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {agent: 0.0 for agent in aec.possible_agents}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        action = (None if terminated or truncated
                  else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        aec.step(action)
    return totals


def run_gym(game: str, players: int, seed: int) -> tuple[int, float]:
    """One episode of seat 0 against greedy agents; (steps taken, final reward)."""
    seat_env = SeatEnv(game, players=players, seat=0, opponents=["greedy"] * (players - 1))
    _, info = seat_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, reward, over = 0, 0.0, False
    while not over:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, over, _, info = seat_env.step(action)
        steps += 1
    return steps, float(reward)


def main(argv: list[str]) -> None:
    game = argv[0] if argv else "valdora"
    players = int(argv[1]) if len(argv) > 1 else 3
    seed = int(argv[2]) if len(argv) > 2 else 1
    totals = run_aec(game, players, seed)
    print("pettingzoo:", ", ".join(f"{a} {r:g}" for a, r in totals.items()))
    steps, reward = run_gym(game, players, seed)
    print(f"gymnasium: seat 0 took {steps} steps, reward {reward:g}")


if __name__ == "__main__":
    main(sys.argv[1:])
