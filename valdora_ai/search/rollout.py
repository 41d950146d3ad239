"""Playouts: finish the current turn and `depth` more with a policy, then evaluate.

Depth is counted in **turns** (a change of the player to move), because a Valdora
turn is several steps by one player and a cut-off in the middle of a turn would
evaluate a half-done action. ``depth=0`` only completes the turn in progress.
Policies: ``random`` (uniform legal step, ~25 us a step on the reference engine)
and ``greedy`` (the game's greedy policy, ~300 us a step, much better play).
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import SpecError
from valdora_ai.games.base import CHANCE, Game
from valdora_ai.search.rewards import Evaluator, Outcome

POLICIES = ("greedy", "random")


def check_policy(name: str) -> str:
    if name not in POLICIES:
        raise SpecError(f"rollout must be one of {', '.join(POLICIES)}, got {name!r}")
    return name


def rollout(game: Game, state: Any, policy: str, depth: int, rng: Any,
            evaluator: Evaluator) -> Outcome:
    """Play `state` (modified in place) to the cut-off or the end; its outcome."""
    greedy = policy == "greedy"
    player = state.current_player
    changes = 0
    while not state.is_terminal():
        current = state.current_player
        if current == CHANCE:  # only games with chance inside worlds get here
            outcomes = state.chance_outcomes()
            pick = rng.choice_weighted([p for _, p in outcomes])
            state.apply(outcomes[pick][0])
            continue
        if current != player:
            changes += 1
            if changes > depth:
                break
            player = current
        if greedy:
            step = game.greedy_step(state, rng)
        else:
            legal = state.legal_steps()
            step = legal[rng.randbelow(len(legal))]
        state.apply(step)
    return evaluator.evaluate(state)
