"""What a player knows, and worlds sampled from it.

Every player knows the same things: everything on the table, including every elixir
ever face up (perfect recall: the sold piles are public). The unknowns are the deck
order and which unseen cards went back to the box at setup. An observation is the
true state with both removed (a *belief state*), tagged with its observer;
:func:`determinize` is the one way back to a full state.

Uniformity: the deck is a uniformly shuffled sample of the unseen cards of size
``deck_count`` and the rest is in the box; players' choices depend only on public
information, so every split and order is equally likely given the observation.
Shuffling the unseen cards and cutting at ``deck_count`` samples exactly that.

On the compiled engine an observation of a compiled state keeps a compiled belief
state (the core forgets the deck and the box in C) and determinization runs in C with
the same draws (AlchemistsCompiledState.belief and determinized), so searches over
belief states and sampled worlds stay compiled.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.alchemists.engines import as_reference, compiled
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.games.observing import BeliefObservation


class Observation(BeliefObservation[AlchemistsState]):
    """A player's view of an Alchemists state: no deck order, no box."""

    __slots__ = ()

    def _check(self, belief: AlchemistsState, observer: int) -> None:
        fast = compiled(belief)
        if (fast.is_world if fast is not None
                else belief.deck is not None or belief.box is not None):
            raise ValdoraError("an observation must not contain the deck order or the box")

    def _position_json(self, belief: AlchemistsState) -> dict[str, Any]:
        from valdora_ai.games.alchemists.position import position_to_json

        return position_to_json(as_reference(belief))

    def _key_state(self, belief: AlchemistsState) -> Any:
        return as_reference(belief)



def observation(state: AlchemistsState, player: int) -> Observation:
    """What `player` knows of `state`: everything but the deck order and the box."""
    fast = compiled(state)
    if fast is not None:
        # A compiled belief state stands in for an AlchemistsState (the same API).
        return Observation(fast.belief(), player)  # type: ignore[arg-type]
    belief = state.copy()
    belief.deck = belief.box = None
    return Observation(belief, player)


def determinize(obs: Observation, rng: Any) -> AlchemistsState:
    """A full state sampled uniformly among those consistent with `obs`."""
    world = obs.belief_state()
    if world.is_chance_node():
        raise ValdoraError("cannot determinize at a chance node: resolve the draw first")
    fast = compiled(world)
    if fast is not None:
        return fast.determinized(rng)  # type: ignore[return-value]  # same draws, in C
    unseen = world.unseen()
    if len(unseen) < world.deck_count:
        raise ValdoraError(f"inconsistent observation: {world.deck_count} cards in the "
                           f"deck for {len(unseen)} unseen")
    rng.shuffle(unseen)
    world.deck = unseen[:world.deck_count]
    world.box = sorted(unseen[world.deck_count:])
    return world
