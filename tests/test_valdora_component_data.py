"""The shipped data file prints on every card what the design document says.

The tables below are copied from the project's component design document
(valdora-components.md, "Equipment catalog" and "Commission book"); tests never read
the design folder itself. Each card is pinned by both faces, front and back, with
what each face asks for or loads, so a swapped face anywhere fails.
"""

from __future__ import annotations

from collections import Counter

import pytest

from valdora_ai.games.valdora.data import ANY_GEM, ComponentData, default_data

# Commission face letter -> (patron colour, what it asks, VP). White faces are listed
# per card below, as the document does.
REQUESTS = {
    "S": ("silver", "1 coin", 2),
    "G": ("yellow", "gold", 3),
    "R": ("red", "ruby", 5),
    "B": ("blue", "sapphire", 5),
    "V": ("violet", "amethyst", 4),
    "E": ("green", "emerald", 4),
}
WHITE_VP = 8

# "Cards (front / back)": 5 × S/G; S/R, S/B, S/V, S/E, S/W; G/R, G/B, G/V, G/E, G/W;
# 2 × R/B; R/V, R/E, R/W; B/V, B/E, B/W; 2 × V/E; V/W; E/W.
COMMISSION_CARDS = (
    ["S/G"] * 5 + ["S/R", "S/B", "S/V", "S/E", "S/W", "G/R", "G/B", "G/V", "G/E", "G/W"]
    + ["R/B"] * 2 + ["R/V", "R/E", "R/W", "B/V", "B/E", "B/W"] + ["V/E"] * 2 + ["V/W", "E/W"]
)
# "The six white faces ask for, in card order above (S/W, G/W, R/W, B/W, V/W, E/W)".
WHITE_BACKS = {
    "S/W": ("ruby", "sapphire", "amethyst"),
    "G/W": ("ruby", "sapphire", "emerald"),
    "R/W": ("amethyst", "emerald", "gold"),
    "B/W": ("ruby", "emerald", "gold"),
    "V/W": ("sapphire", "amethyst", "gold"),
    "E/W": ("ruby", "amethyst", "emerald"),
}

# Items: what one load puts on the card and its cost in coins.
ITEMS = {
    "pick": ("ruby", 0), "chisel": ("sapphire", 0), "hammer": ("amethyst", 0),
    "shovel": ("emerald", 0), "horse": ("any", 3), "cart": ("any", 2),
}
START_ITEM = ("pan", "gold", 0)
# "the 15 pairs of two different items ... and three more: pick/horse, chisel/cart,
# hammer/shovel".
EQUIPMENT_CARDS = [
    "pick/chisel", "pick/hammer", "pick/shovel", "pick/horse", "pick/cart",
    "chisel/hammer", "chisel/shovel", "chisel/horse", "chisel/cart", "hammer/shovel",
    "hammer/horse", "hammer/cart", "shovel/horse", "shovel/cart", "horse/cart",
    "pick/horse", "chisel/cart", "hammer/shovel",
]


def _commission_face(data: ComponentData, index: int) -> tuple[str, str, int]:
    face = data.commissions[index]
    asked = ("1 coin" if face.coins == 1 else
             "+".join(sorted(data.gems[g].id for g in face.gems)))
    return data.colours[face.patron].id, asked, face.vp


def _expected_commission_faces(card: str) -> tuple[tuple[str, str, int], ...]:
    front, back = card.split("/")
    faces = [REQUESTS[front]]
    faces.append(("white", "+".join(sorted(WHITE_BACKS[card])), WHITE_VP) if back == "W"
                 else REQUESTS[back])
    return tuple(faces)


def _item_face(data: ComponentData, index: int) -> tuple[str, str, int]:
    item = data.items[index]
    loads = "any" if item.loads == ANY_GEM else data.gems[item.loads].id
    return item.id, loads, item.load_cost


def _cards(data: ComponentData, kind: str, describe) -> Counter:
    cards = data.card_set(kind)
    return Counter({(describe(data, front), describe(data, back)): copies
                    for (front, back), copies in zip(cards.types, cards.copies, strict=True)})


def test_the_copied_tables_match_the_documents_stated_counts() -> None:
    """A typo in the tables above would make the next tests pin the wrong thing."""
    faces = Counter(letter for card in COMMISSION_CARDS for letter in card.split("/"))
    assert len(COMMISSION_CARDS) == 27
    assert faces == {"S": 10, "G": 10, "R": 7, "B": 7, "V": 7, "E": 7, "W": 6}
    assert len({frozenset(gems) for gems in WHITE_BACKS.values()}) == 6
    assert all(len(set(gems)) == 3 for gems in WHITE_BACKS.values())
    items = Counter(name for card in EQUIPMENT_CARDS for name in card.split("/"))
    assert len(EQUIPMENT_CARDS) == 18 and set(items.values()) == {6}


def test_every_commission_card_has_the_documented_faces() -> None:
    data = default_data()
    expected = Counter(_expected_commission_faces(card) for card in COMMISSION_CARDS)
    assert _cards(data, "commission", _commission_face) == expected


@pytest.mark.parametrize(("card", "gems"), sorted(WHITE_BACKS.items()), ids=sorted(WHITE_BACKS))
def test_each_white_back_asks_for_the_documented_gems(card: str, gems: tuple[str, ...]) -> None:
    """Named one by one, so a swap reports which card's back is wrong."""
    data = default_data()
    front = REQUESTS[card.split("/")[0]]
    backs = [back for (fr, back) in _cards(data, "commission", _commission_face)
             if fr == front and back[0] == "white"]
    assert backs == [("white", "+".join(sorted(gems)), WHITE_VP)]


def test_every_equipment_card_has_the_documented_faces() -> None:
    data = default_data()

    def describe(card: str) -> tuple[tuple[str, str, int], ...]:
        return tuple((name, *ITEMS[name]) for name in card.split("/"))

    expected = Counter(describe(card) for card in EQUIPMENT_CARDS)
    assert _cards(data, "equipment", _item_face) == expected
    start = [_item_face(data, i) for i, item in enumerate(data.items) if item.start]
    assert start == [START_ITEM]
