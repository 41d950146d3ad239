"""Playouts: play on with a policy to a cut-off, then evaluate.

The cut-off is counted in **turns of the searching player** (a turn ends when the
player to move changes), because a Valdora turn is several steps by one player and a
cut-off in the middle of a turn would evaluate a half-done action: ``depth=0`` stops
once the searching player's current (or, when someone else is to move, next) turn
is over; ``depth=1`` also plays the other players' replies and the searching
player's following turn (a full round), and so on; ``depth=-1`` plays on to the end
of the game, so the reward is exact for the play-out policy. A cut-off of whole rounds
lets a small search tell moves apart that a cut-off at the end of the searcher's own
turn cannot (docs/strength.md, "Play-out cut-off counted in turns").
Policies: ``random`` (uniform legal step, cheap), ``greedy`` (the game's greedy
policy, much slower a step but much better play; docs/performance.md) and ``quick``
(the game's cheaper variant of its greedy policy, :class:`~valdora_ai.games.base.
QuickPlayouts`: Valdora's greedy with less look-ahead, the Valley of Alchemists' former
greedy policy; Zavandor has none and refuses it with :func:`check_policy`'s error).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, cast

from valdora_ai.backend import fast_playouts
from valdora_ai.errors import ValdoraError
from valdora_ai.games.base import CHANCE, Game, QuickPlayouts
from valdora_ai.search.rewards import Evaluator, Outcome

POLICIES = ("greedy", "quick", "random")
CLOCK_EVERY = 32  # steps between two looks at the deadline in a pure-Python play-out


def game_policies(game: Game) -> tuple[str, ...]:
    """The play-out policies `game` has: all of POLICIES, or all but ``quick``."""
    if isinstance(game, QuickPlayouts):
        return POLICIES
    return tuple(p for p in POLICIES if p != "quick")


def check_policy(game: Game, policy: str) -> None:
    """A ValdoraError naming the game and its policies when it has no `policy`."""
    known = game_policies(game)
    if policy not in known:
        raise ValdoraError(f"rollout={policy}: {game.name} has no {policy!r} play-out policy "
                           f"(its policies: {', '.join(known)})")


def rollout(game: Game, state: Any, policy: str, depth: int, rng: Any,
            evaluator: Evaluator, searcher: int, deadline: float | None = None,
            now: Callable[[], float] = time.perf_counter) -> Outcome:
    """Play `state` (modified in place) to the cut-off or the end; its outcome.

    `searcher` is the player whose turns count for the cut-off; a negative `depth`
    plays to the end. A compiled state plays the whole play-out in C;
    :func:`reference_rollout` is the loop it must match. `deadline` (a
    reading of the clock `now`) ends a pure-Python play-out early, valued where it
    stands.
    """
    fast = fast_playouts(state)
    if fast is not None:
        fast.rollout(rng, policy, searcher, depth)
    else:
        reference_rollout(game, state, policy, depth, rng, searcher, deadline, now)
    return evaluator.evaluate(state)


def reference_rollout(game: Game, state: Any, policy: str, depth: int, rng: Any,
                      searcher: int, deadline: float | None = None,
                      now: Callable[[], float] = time.perf_counter) -> None:
    """The play-out of :func:`rollout` as a Python loop over the State protocol."""
    check_policy(game, policy)
    decide: Callable[[Any, Any], int] | None = None
    if policy != "random":
        decide = cast(QuickPlayouts, game).quick_step if policy == "quick" else game.greedy_step
    previous = state.current_player
    turns_done = 0
    steps = 0
    while not state.is_terminal():
        steps += 1
        if (deadline is not None and steps % CLOCK_EVERY == 0
                and now() >= deadline):
            break
        current = state.current_player
        if current == CHANCE:  # only games with chance inside worlds get here
            outcomes = state.chance_outcomes()
            pick = rng.choice_weighted([p for _, p in outcomes])
            state.apply(outcomes[pick][0])
            continue
        if current != previous:
            if previous == searcher:
                turns_done += 1
                if 0 <= depth < turns_done:
                    break
            previous = current
        if decide is not None:
            step = decide(state, rng)
        else:
            legal = state.legal_steps()
            step = legal[rng.randbelow(len(legal))]
        state.apply(step)
