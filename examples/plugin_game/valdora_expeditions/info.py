"""What a seat knows, and the worlds consistent with it.

A seat knows everything on the table (every expedition, the discard pile, the number of
cards in the deck and in each hand) and its own hand. Its observation is the world with
the other hands and the deck turned face down (a belief state). No rule ever lets a
play reveal what else a hand holds, so every arrangement of the unseen cards over the
unknown places is equally likely: one shuffle of them samples a consistent world.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.observing import BeliefObservation
from valdora_expeditions.rules import UNKNOWN, WORLD, ExpeditionsState


class Observation(BeliefObservation[ExpeditionsState]):
    """A seat's view of Expeditions: its belief state."""

    __slots__ = ()

    def _check(self, belief: ExpeditionsState, observer: int) -> None:
        if belief.observer != observer:
            raise ValdoraError("an observation must be a belief state of its observer")

    def _position_json(self, belief: ExpeditionsState) -> dict[str, Any]:
        from valdora_expeditions.position import position_to_json

        return position_to_json(belief)


def observation(state: ExpeditionsState, seat: int) -> Observation:
    """What `seat` knows of `state` (a world, or `seat`'s own belief state)."""
    if state.observer == seat:
        return Observation(state.copy(), seat)
    if state.observer != WORLD:
        raise ValdoraError(f"a belief state of seat {state.observer} cannot be observed "
                           f"by seat {seat}")
    belief = state.copy()
    for other, hand in enumerate(belief.hands):
        if other != seat:
            belief.hands[other] = [UNKNOWN] * len(hand)
    belief.deck = [UNKNOWN] * len(belief.deck)
    belief.observer = belief.viewer = seat
    return Observation(belief, seat)


def determinize(seen: Observation, rng: Any) -> ExpeditionsState:
    """A world drawn uniformly from those consistent with `seen`; its reveals are
    recorded for the observer (see ExpeditionsState.apply)."""
    world = seen.belief_state()
    if world.is_chance_node():
        raise ValdoraError("cannot determinize at a chance node: resolve the draw first")
    unseen = world.unseen()
    rng.shuffle(unseen)
    for seat, hand in enumerate(world.hands):
        if seat != world.observer:
            world.hands[seat] = sorted(unseen.pop() for _ in hand)
    world.deck = unseen
    world.observer = WORLD
    return world


def resample_deck(world: ExpeditionsState, rng: Any) -> ExpeditionsState:
    """A copy of `world` with only the deck reshuffled: every hand is known to its
    holder, and the deck's order to nobody."""
    if world.observer != WORLD or world.is_chance_node():
        raise ValdoraError("only a world (the true state) has a future to resample")
    sample = world.copy()
    rng.shuffle(sample.deck)
    return sample
