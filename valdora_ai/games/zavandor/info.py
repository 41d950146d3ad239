"""What a player knows, and worlds sampled from it.

A player knows everything public (prices, every player's gems, gold, tiles, cards,
trader, markers, the face-up cards, pile sizes and the backs of their cards, who
sampled which space and who saw which card) plus what they saw themselves: the faces
of the tiles they sampled, their hand card and the cards they returned to a pile. The
knowledge masks of :mod:`valdora_ai.games.zavandor.rules` record, for every hidden
place, who knows it, so an observation is the true state with every id its observer
does not know replaced by ``UNKNOWN`` (a *belief state*). Since the masks persist as
cards move, this is perfect recall.

:func:`determinize` is the one way back to a full state. The ids an observer cannot
rule out fall into classes: tiles by back (light or dark), cards by deck and level
(the backs are public, so a hand card's or a returned card's level is known, and the
cards drawn from a pile's top have the levels of their positions). Within a class
nothing public tells the unknown places apart (setup shuffles uniformly; which card a
player keeps or which tile a player samples is their choice, not a constraint), so
every assignment of the class's unseen ids to its unknown places is equally likely:
a uniform shuffle per class samples uniformly from the consistent worlds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.observing import BeliefObservation
from valdora_ai.games.zavandor.data import CENTER
from valdora_ai.games.zavandor.rules import DECK, ID, LEVEL, MASK, UNKNOWN, WORLD, ZavandorState


class Observation(BeliefObservation[ZavandorState]):
    """A player's view of a Zavandor state: their belief state (UNKNOWN where hidden)."""

    __slots__ = ("_sampler",)
    _sampler: Any

    def sampler(self, build: Callable[[Observation], Any]) -> Any:
        """`build(self)`, made at the first call and kept (an observation never
        changes): engines.determinize's compiled sampler, so that the belief state is
        converted once however many worlds are drawn from it."""
        try:
            return self._sampler
        except AttributeError:
            self._sampler = build(self)
            return self._sampler

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled without the sampler (a compiled object that cannot be pickled), which
        a worker of root parallelism builds again at its first world."""
        return None, {name: getattr(self, name) for name in BeliefObservation.__slots__
                      if hasattr(self, name)}

    def _check(self, belief: ZavandorState, observer: int) -> None:
        if belief.observer != observer:
            raise ValdoraError("an observation must be a belief state of its observer")

    def _position_json(self, belief: ZavandorState) -> dict[str, Any]:
        from valdora_ai.games.zavandor.engines import as_reference
        from valdora_ai.games.zavandor.position import position_to_json

        return position_to_json(as_reference(belief))

    def _key_state(self, belief: ZavandorState) -> Any:
        from valdora_ai.games.zavandor.engines import as_reference

        return as_reference(belief)



def observation(state: ZavandorState, player: int) -> Observation:
    """What `player` knows of the world `state`."""
    if not 0 <= player < state.n:
        raise ValdoraError(f"no seat {player} in a {state.n}-player game")
    if state.observer == player:
        return Observation(state.copy(), player)
    if state.observer != WORLD:
        raise ValdoraError(f"this is seat {state.observer}'s view, which hides what seat "
                           f"{player} knows: seat {player}'s decisions need seat {player}'s "
                           "own view (or the whole world)")
    belief = state.copy()
    bit = 1 << player
    for space, tile in enumerate(belief.board):
        if tile >= 0 and not belief.known[space] & bit:
            belief.board[space] = UNKNOWN
    for slot in belief.card_slots():
        if not slot[MASK] & bit:
            slot[ID] = UNKNOWN
    belief.observer = belief.viewer = player
    return Observation(belief, player)


def determinize(obs: Observation, rng: Any) -> ZavandorState:
    """A world sampled uniformly among those consistent with `obs` (see the module doc)."""
    world = obs.belief_state()
    check_not_chance(world)
    fill_unknown(world, rng)
    world.observer = WORLD
    return world


def check_not_chance(belief: ZavandorState) -> None:
    """A ValdoraError unless `belief` can be determinized (it is no chance node)."""
    if belief.is_chance_node():
        raise ValdoraError("cannot determinize at a chance node: resolve the reveal first")


def present_of(state: ZavandorState) -> ZavandorState:
    """A copy of the world `state` in which every id no player knows is UNKNOWN: the
    present as all players together know it, for :func:`fill_unknown` to complete.

    Nobody knows a tile face no one has sampled and a card whose knowledge mask is
    empty (never drawn, never held, never returned: the pile cards below what anyone has
    seen and the cards removed at setup). Everything with a set bit stays: soil samples,
    hand cards, returned cards, and all that is public. Given every player's knowledge
    together, the unknown ids of a class are spread uniformly over its unknown places
    (no choice ever depended on them), so the shuffle per class of :func:`fill_unknown`
    samples the consistent futures uniformly. Observer and viewer stay those of
    `state` (a world, seen by the viewer ``world_seen_by`` set).
    """
    if state.observer != WORLD:
        raise ValdoraError("only a world (the true state) has a future to resample")
    if state.is_chance_node():
        raise ValdoraError("cannot resample the future at a chance node: resolve the "
                           "reveal first")
    present = state.copy()
    for space, tile in enumerate(present.board):
        if tile >= 0 and not present.known[space]:
            present.board[space] = UNKNOWN
    for slot in present.card_slots():
        if not slot[MASK]:
            slot[ID] = UNKNOWN
    return present


def unknown_classes(world: ZavandorState) -> list[tuple[str, list[Any], list[int]]]:
    """The UNKNOWN places of `world` by class (tiles by back, dark first; then cards by
    deck and level), each as (what, places, candidates): a tile's place is its space, a
    card's its slot, and the candidates are the ids nothing in `world` rules out. In a
    consistent position each class has as many candidates as places."""
    tile_places: dict[bool, list[int]] = {False: [], True: []}
    for space, tile in enumerate(world.board):
        if tile == UNKNOWN:
            tile_places[world.data.spaces[space].district == CENTER].append(space)
    card_places: dict[tuple[int, int], list[list[int]]] = {}
    for slot in world.card_slots():
        if slot[ID] == UNKNOWN:
            card_places.setdefault((slot[DECK], slot[LEVEL]), []).append(slot)
    classes: list[tuple[str, list[Any], list[int]]] = [
        ("tiles", spaces, world.tile_pool(spaces[0])) for spaces in tile_places.values()
        if spaces]
    return classes + [("cards", slots, world.card_pool(*key))
                      for key, slots in card_places.items()]


def fill_unknown(world: ZavandorState, rng: Any) -> None:
    """Give every UNKNOWN tile and card of `world` an id: a uniform shuffle of the ids
    nothing in `world` rules out, per class (tiles by back, cards by deck and level)."""
    for what, places, candidates in unknown_classes(world):
        ids = _shuffled(candidates, len(places), rng, what)
        for place, ident in zip(places, ids, strict=True):
            if what == "tiles":
                world.board[place] = ident
            else:
                place[ID] = ident


def _shuffled(pool: list[int], places: int, rng: Any, what: str) -> list[int]:
    if len(pool) != places:
        raise ValdoraError(f"inconsistent observation: {places} unknown {what} for "
                           f"{len(pool)} candidates")
    pool = list(pool)
    rng.shuffle(pool)
    return pool
