"""Conservation laws of The Valley of Alchemists: every component is always somewhere.

Used when loading a position (a violation is a bad position) and by the property tests
after every step of thousands of games.
"""

from __future__ import annotations

from collections import Counter

from valdora_ai.games.alchemists.rules import EMPTY, NONE, AlchemistsState


def conservation_problems(state: AlchemistsState) -> list[tuple[str, str]]:
    """(field path, message) for each broken conservation law; empty when all hold."""
    data = state.data
    problems: list[tuple[str, str]] = []
    places: Counter[int] = Counter(c for c in state.face_up if c != EMPTY)
    for p in state.players:
        places.update(c for c in p.chest if c != EMPTY)
        places.update(p.sold)
    known = sum(places.values())
    if state.deck is not None:
        places.update(state.deck)
        places.update(state.box or [])
        if len(state.deck) != state.deck_count:
            problems.append(("deck", f"the order has {len(state.deck)} cards, the count is "
                                     f"{state.deck_count}"))
        if sum(places.values()) != len(data.elixirs):
            problems.append(("box", f"{sum(places.values())} elixir cards in play and in "
                                    f"the box, the game has {len(data.elixirs)}"))
    twice = sorted(c for c, k in places.items() if k > 1)
    if twice:
        problems.append(("face_up", f"elixir {data.elixirs[twice[0]].id} is in two places"))
    dealt = known + state.deck_count
    if dealt != data.deck_size[state.n]:
        problems.append(("deck.count", f"{dealt} cards dealt and in the deck; a "
                                       f"{state.n}-player game uses {data.deck_size[state.n]}"))
    for seat, p in enumerate(state.players):
        where = f"seats[{seat}]"
        for t, held in enumerate(p.ingredients):
            if not 0 <= held <= data.ingredient_limit:
                problems.append((f"{where}.ingredients", f"{held} {data.ingredients[t]}: "
                                                         "outside the limit"))
        for c, held in enumerate(p.decoctions):
            on_board = state.board_decoctions(p, c)
            if held < 0 or not 0 <= on_board <= data.decoction_limit:
                problems.append((f"{where}.decoctions",
                                 f"{data.decoctions[c]}: {held} held and {on_board} on the "
                                 "Ingredient board do not make the player's set"))
        if (p.moved == 0) != (p.moved_from == NONE):
            problems.append((f"{where}.transformed", "the transformation token is inconsistent"))
        for t, space in enumerate(p.skills):
            if not 0 <= space < len(state.track):
                problems.append((f"{where}.skills", f"{data.ingredients[t]} is off the track"))
    return problems
