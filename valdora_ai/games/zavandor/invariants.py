"""Conservation laws of a Zavandor state, checked by the property tests.

Every tile and card is in exactly one place; markers and prisms never exceed what
their artifacts brought; gold and gems never go negative; prices stay on the track;
discount gems never exceed the bold number. :func:`problems` lists what is wrong
(empty when the state is sound), so a failing test names the broken law.
"""

from __future__ import annotations

from collections import Counter

from valdora_ai.games.zavandor.data import ARTIFACT
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import DECK, EMPTY, ID, MASK, UNKNOWN, WORLD, ZavandorState


def problems(state: ZavandorState) -> list[str]:
    """Every broken conservation law of `state` (either engine's), as one line each."""
    s = as_reference(state)
    found: list[str] = []
    data = s.data
    tiles = [t for t in s.board if t >= 0] + [t for owned in s.tiles for t in owned]
    unknown = s.board.count(UNKNOWN)
    if sorted(tiles) != sorted(set(tiles)) or len(tiles) + unknown != len(data.tiles):
        found.append("tiles: not every tile exactly once on the board or owned")
    if s.board.count(EMPTY) != sum(len(owned) for owned in s.tiles):
        found.append("tiles: empty spaces differ from tiles owned")
    for deck in range(2):
        ids = [i for i in s.display[deck] if i >= 0]
        ids += [i for owned in s.owned for d, i in owned if d == deck]
        slots = [slot for slot in s.card_slots() if slot[DECK] == deck]
        ids += [slot[ID] for slot in slots if slot[ID] >= 0]
        hidden = sum(slot[ID] == UNKNOWN for slot in slots) + s.display[deck].count(UNKNOWN)
        if len(ids) != len(set(ids)) or len(ids) + hidden != len(data.decks[deck]):
            found.append(f"cards: deck {deck} does not hold every card exactly once")
    if len(s.removed) != data.removed_level_1[s.n] * 2:
        found.append("cards: the removed setup cards changed")
    if s.observer == WORLD and (unknown or any(slot[ID] == UNKNOWN for slot in s.card_slots())):
        found.append("world: an unknown id")
    for q in range(s.n):
        owned = [s.card(d, i) for d, i in s.owned[q]]
        brought = Counter(m for c in owned for m in c.markers)
        if Counter(s.markers[q]) - brought:
            found.append(f"seat {q}: markers not brought by its Emeromobiles")
        if s.prisms[q] > sum(c.value for c in owned if c.kind == "convertor"):
            found.append(f"seat {q}: more prisms than its Convertors brought")
        if s.gold[q] < 0 or min(s.gems[q]) < 0 or s.prisms[q] < 0:
            found.append(f"seat {q}: negative gold, gems or prisms")
        if s.actions_left[q] < 0:
            found.append(f"seat {q}: negative actions")
        hand = s.hand[q]
        if hand is not None and not hand[MASK] >> q & 1:
            found.append(f"seat {q}: does not know its own hand card")
    held = [t for t in s.trader if t >= 0]
    if len(held) != len(set(held)):
        found.append("traders: one card held twice")
    if not all(data.price_min <= p <= data.price_max for p in s.cur + s.tgt):
        found.append("prices: off the 1 to 15 track")
    for slot, ident in enumerate(s.display[ARTIFACT]):
        upright, sideways = s.discount[slot]
        if ident >= 0:
            card = s.card(ARTIFACT, ident)
            if upright + sideways > card.cost[card.bold]:
                found.append(f"discount: artifact {card.id} carries too many gems")
        elif upright or sideways:
            found.append("discount: gems on an empty place")
    return found
