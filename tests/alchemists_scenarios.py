"""Building Valley of Alchemists positions for the rulebook and information tests.

Positions start from a real ``new_state`` and are edited by moving components (cards
are taken from where they lie, never created), then validated through position JSON,
so every scenario is a legal position.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games import make_game
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.invariants import conservation_problems
from valdora_ai.games.alchemists.rules import EMPTY, AlchemistsState

INGREDIENTS = ("yellow", "red", "blue", "water")
DECOCTIONS = ("yellow", "red", "blue", "orange", "green", "purple")


def new(players: int = 2, seed: int = 1, setup: str = "", **options: Any
        ) -> tuple[AlchemistsGame, AlchemistsState]:
    """A fresh game; `setup` is the setup points of every seat in notation (e.g. "+W +Y"),
    played for each seat; empty leaves the game in setup."""
    game = make_game("alchemists", players=players, **options)
    state = as_reference(game.new_state(seed))  # edited below: the reference engine
    if setup:
        for _ in range(players):
            play(game, state, setup)
    return game, state  # type: ignore[return-value]


def play(game: AlchemistsGame, state: AlchemistsState, text: str) -> list[int]:
    """Play a turn (or part of one) written in the notation, with checks."""
    steps = game.parse_turn(state, text)
    for step in steps:
        state.play(step)
    return steps


def card(state: AlchemistsState, ident: str) -> int:
    return state.data.card_index(ident)


def _take(state: AlchemistsState, c: int) -> None:
    """Remove card `c` from the deck, the box or the face-up rows, keeping the counts."""
    assert state.deck is not None and state.box is not None
    if c in state.deck:
        state.deck.remove(c)
        state.deck_count -= 1
    elif c in state.box:
        state.box.remove(c)
        state.box.append(state.deck.pop())
        state.box.sort()
        state.deck_count -= 1
    elif c in state.face_up:
        state.face_up[state.face_up.index(c)] = state.deck.pop()
        state.deck_count -= 1
    else:
        raise AssertionError(f"card {c} is not available")


def face_up(state: AlchemistsState, slot: int, ident: str) -> None:
    """Put elixir `ident` in face-up space `slot` (the card there goes into the deck)."""
    c = card(state, ident)
    if state.face_up[slot] == c:
        return
    assert state.deck is not None
    old = state.face_up[slot]
    _take(state, c)
    state.face_up[slot] = c
    state.deck.insert(0, old)
    state.deck_count += 1
    check(state)


def to_chest(state: AlchemistsState, seat: int, ident: str, cell: int) -> None:
    """Put elixir `ident` in a chest cell (1-9) of `seat`."""
    c = card(state, ident)
    _take(state, c)
    assert state.players[seat].chest[cell - 1] == EMPTY
    state.players[seat].chest[cell - 1] = c
    check(state)


def give(state: AlchemistsState, seat: int, *, ingredients: dict[str, int] | None = None,
         decoctions: dict[str, int] | None = None, skills: dict[str, int] | None = None
         ) -> None:
    """Set a seat's ingredients, decoctions and skill spaces (spaces counted from 1)."""
    player = state.players[seat]
    for name, count in (ingredients or {}).items():
        player.ingredients[INGREDIENTS.index(name)] = count
    for name, count in (decoctions or {}).items():
        player.decoctions[DECOCTIONS.index(name)] = count
    for name, space in (skills or {}).items():
        player.skills[INGREDIENTS.index(name)] = space - 1
    check(state)


def set_deck(state: AlchemistsState, idents: list[str]) -> None:
    """Make the deck exactly these cards, the first drawn first (the rest go to the box
    and the box gives cards back so the dealt count stays right)."""
    assert state.deck is not None and state.box is not None
    wanted = [card(state, i) for i in idents]
    pool = state.deck + state.box
    for c in wanted:
        pool.remove(c)
    rest = len(state.deck) - len(wanted)
    state.deck = pool[:rest] + list(reversed(wanted)) if rest >= 0 else list(reversed(wanted))
    state.box = sorted(pool[max(rest, 0):])
    state.deck_count = len(state.deck)
    check(state)


def check(state: AlchemistsState) -> None:
    """The position is consistent and survives a JSON round trip unchanged."""
    assert conservation_problems(state) == []
    game = AlchemistsGame(players=state.n, rules_data=state.data,
                          track=state.options.track,
                          stall_safeguard=state.options.stall_safeguard,
                          stall_rounds=state.options.stall_rounds)
    document = game.position_to_json(state)
    assert game.position_to_json(game.position_from_json(document)) == document
