"""The board click layer's data: which legal steps each element of the picture plays.

The page marks every element whose id names a legal step's target
(``Game.step_target``) as clickable; a click plays the one step on it, or opens a menu
of the several (amounts, payment choices) in the game's words. Steps without a target
stay buttons. Kept apart from the table so the click layer is one job.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games import Game


def board_targets(game: Game, state: Any) -> dict[str, list[dict[str, Any]]]:
    """Each board target of `state`'s legal steps and the steps on it, in legal order,
    each with its step code, notation token and words; no entry for an untargeted step."""
    targets: dict[str, list[dict[str, Any]]] = {}
    for step in state.legal_steps():
        target = game.step_target(state, step)
        if target:
            targets.setdefault(target, []).append(
                {"step": step, "move": game.describe_step(state, step),
                 "words": game.step_words(state, step)})
    return targets
