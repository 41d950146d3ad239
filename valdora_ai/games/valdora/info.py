"""What a player knows, and worlds sampled from it.

In Valdora every player knows the same things: everything on the table, plus every
book face ever shown (perfect recall). The only unknown is the order of the cards
never moved since setup. So an observation is the true state with that order removed
(a *belief state*), tagged with its observer. :func:`determinize` is the one way back
to a full state: it samples a hidden order uniformly among all orders consistent with
the observation.

Uniformity: the hidden cards of a book are the multiset ``pool``; the only constraint
is the seen front of the top one. Every consistent order is equally likely a priori
(the shuffle is uniform and players' choices depend only on public information), so
the top card's type is drawn with weight ``pool[t]`` among types with that front, and
the rest is a uniform shuffle of what remains.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.observing import BeliefObservation
from valdora_ai.games.valdora.engines import as_reference, compiled
from valdora_ai.games.valdora.rules import UNSEEN, Book, ValdoraState


class Observation(BeliefObservation[ValdoraState]):
    """A player's view of a Valdora state: a belief state without the hidden order."""

    __slots__ = ()

    def _check(self, belief: ValdoraState, observer: int) -> None:
        if belief.is_world and any(b.hidden_count for b in belief.books):
            raise ValdoraError("an observation must not contain the hidden card order")

    def _position_json(self, belief: ValdoraState) -> dict[str, Any]:
        from valdora_ai.games.valdora.position import position_to_json

        return position_to_json(belief)

    def _key_state(self, belief: ValdoraState) -> Any:
        return as_reference(belief)



def observation(state: ValdoraState, player: int) -> Observation:
    """What `player` knows of `state`: everything but the hidden card order."""
    fast = compiled(state)
    if fast is not None:
        # The compiled core forgets it in C; its state stands in for a ValdoraState
        # (the same API, see valdora_ai/_valdora_core.pyi), as everywhere in this package.
        return Observation(fast.belief(), player)  # type: ignore[arg-type]
    belief = state.copy()
    for book in belief.books:
        book.hidden = None
    return Observation(belief, player)


def determinize(obs: Observation, rng: Any) -> ValdoraState:
    """A full state sampled uniformly among those consistent with `obs`."""
    world = obs.belief_state()
    if world.is_chance_node():
        raise ValdoraError("cannot determinize at a chance node: resolve the reveal first")
    fast = compiled(world)
    if fast is not None:
        return fast.determinized(rng)  # type: ignore[return-value]  # same draws, in C
    for book in world.books:
        book.hidden = sample_hidden_order(book, rng)
    return world


def sample_hidden_order(book: Book, rng: Any) -> list[int]:
    """A uniformly random hidden order (bottom first) consistent with the book's pool."""
    if not book.hidden_count:
        return []
    rest = [t for t, count in enumerate(book.pool) for _ in range(count)]
    if book.top_front == UNSEEN:
        rng.shuffle(rest)
        return rest
    candidates = [(t, count) for t, count in enumerate(book.pool)
                  if count and book.cards.types[t][0] == book.top_front]
    pick = rng.randbelow(sum(count for _, count in candidates))
    index = 0
    while pick >= candidates[index][1]:
        pick -= candidates[index][1]
        index += 1
    top = candidates[index][0]
    rest.remove(top)
    rng.shuffle(rest)
    return rest + [top]
