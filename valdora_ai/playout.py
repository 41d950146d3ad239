"""Playouts: play a state on to the end (or a step limit) with a fixed policy.

Search uses them to evaluate positions. They are game-agnostic: they see only the
:class:`~valdora_ai.games.base.State` protocol, plus the game's ``greedy_step`` hook for
the greedy policy. A compiled state of any game (:func:`valdora_ai.backend.fast_playouts`:
its core runs both policies in C) is handed the work; the Python loops here are the
reference it must match draw for draw (tests/test_valdora_parity.py).

Random policy: a decision is ``legal[rng.randbelow(len(legal))]`` (the random agent's
rule); a chance outcome is drawn by ``rng.choice_weighted`` over the exact
probabilities, so a play-out from a belief state is a sample of the real distribution.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.backend import RngLike, fast_playouts
from valdora_ai.games.base import State

DEFAULT_MAX_STEPS = 1 << 30


def _chance_step(state: State, rng: RngLike) -> int:
    outcomes = state.chance_outcomes()
    return outcomes[rng.choice_weighted([p for _, p in outcomes])][0]


def random_playout(state: State, rng: Any, max_steps: int = DEFAULT_MAX_STEPS) -> int:
    """Play `state` on in place with the random policy; returns the steps played."""
    fast = fast_playouts(state)
    if fast is not None:
        return int(fast.playout(rng, max_steps))
    return reference_random_playout(state, rng, max_steps)


def reference_random_playout(state: State, rng: Any, max_steps: int = DEFAULT_MAX_STEPS
                             ) -> int:
    """The random play-out as a Python loop over the State protocol (any engine)."""
    played = 0
    while not state.is_terminal() and played < max_steps:
        if state.is_chance_node():
            state.apply(_chance_step(state, rng))
        else:
            legal = state.legal_steps()
            state.apply(legal[rng.randbelow(len(legal))])
        played += 1
    return played


def greedy_playout(game: Any, state: State, rng: Any, max_steps: int = DEFAULT_MAX_STEPS,
                   policy: str = "greedy") -> int:
    """Play `state` on in place with the game's greedy policy (or, with `policy`
    ``"quick"``, its quick variant: ``game.quick_step``); returns the steps played.

    Chance outcomes are drawn as in the random play-out. A compiled state (the greedy
    policies in C) is handed the work.
    """
    fast = fast_playouts(state)
    if fast is not None:
        return int(fast.playout(rng, max_steps, policy))
    return reference_greedy_playout(game, state, rng, max_steps, policy)


def reference_greedy_playout(game: Any, state: State, rng: Any,
                             max_steps: int = DEFAULT_MAX_STEPS, policy: str = "greedy") -> int:
    """The greedy play-out as a Python loop over the State protocol and
    ``game.greedy_step`` (``game.quick_step`` for `policy` ``"quick"``)."""
    decide = game.quick_step if policy == "quick" else game.greedy_step
    played = 0
    while not state.is_terminal() and played < max_steps:
        if state.is_chance_node():
            state.apply(_chance_step(state, rng))
        else:
            state.apply(decide(state, rng))
        played += 1
    return played
