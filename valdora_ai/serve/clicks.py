"""The board click layer's data: which legal steps each element of the picture plays,
and which steps no element plays.

The page marks every element whose id names a legal step's target
(``Game.step_target``) as clickable; a click plays the one step on it, or opens a menu
of the several (amounts, payment choices) in the game's words. The steps without a
target (end the turn, stop brewing; every step of a game that marks no targets) are
the turn controls, buttons in words beside the board. Kept apart from the table so
the click layer is one job.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games import Game


def board_clicks(game: Game, state: Any) -> tuple[dict[str, list[dict[str, Any]]],
                                                  list[dict[str, Any]]]:
    """`state`'s legal steps, in legal order, each with its step code, notation token and
    words: by board target (the element's id and the steps a click on it plays), and the
    list of those without a target (the turn controls). Every legal step is in one."""
    targets: dict[str, list[dict[str, Any]]] = {}
    controls: list[dict[str, Any]] = []
    for step in state.legal_steps():
        entry = {"step": step, "move": game.describe_step(state, step),
                 "words": game.step_words(state, step)}
        target = game.step_target(state, step)
        if target:
            targets.setdefault(target, []).append(entry)
        else:
            controls.append(entry)
    return targets, controls
