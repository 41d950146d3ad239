"""Building Zavandor positions for the rulebook tests.

A scenario starts from a real ``new_state`` and moves components by *swapping* them
(a tile between two spaces, a card between two places), so every tile and card stays
exactly once in the game; :func:`checked` round-trips the result through position
JSON, which validates it. Gems, gold and prices are plain numbers and are set
directly.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import ARTIFACT, GEM_LETTERS, JEWEL, ZavandorData
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.game import ZavandorGame
from valdora_ai.games.zavandor.rules import ACTION, EMPTY, ZavandorState

A, B, C, D = 0, 1, 2, 3  # seats: Alphonse, Berta, Caroline (and Diane/Emil in 2p)


def new(players: int = 3, seed: int = 0, data: ZavandorData | None = None,
        **options: Any) -> tuple[ZavandorGame, ZavandorState]:
    """A game whose round 1 starts with seat 0, marker on district I: a reference
    state to edit (:func:`checked` hands it back on the selected engine)."""
    game = ZavandorGame(players, rules_data=data, **options)
    state = as_reference(game.new_state(seed))
    state.start = state.current = 0
    state.gnome = 0
    return game, state


def gems(text: str) -> list[int]:
    """"2D1S" -> [2, 0, 1, 0]."""
    counts = [0] * 4
    for i in range(0, len(text), 2):
        counts[GEM_LETTERS.index(text[i + 1])] = int(text[i])
    return counts


def space(state: ZavandorState, label: str) -> int:
    return next(s for s, sp in enumerate(state.data.spaces) if sp.label == label)


def tile(state: ZavandorState, ident: str) -> int:
    return next(t for t, tl in enumerate(state.data.tiles) if tl.id == ident)


def card(state: ZavandorState, ident: str) -> tuple[int, int]:
    for deck in (ARTIFACT, JEWEL):
        for i, c in enumerate(state.data.decks[deck]):
            if c.id == ident:
                return deck, i
    raise KeyError(ident)


def place_tile(state: ZavandorState, ident: str, label: str) -> None:
    """Swap tile `ident` onto the space `label` (both on the board)."""
    t, s = tile(state, ident), space(state, label)
    other = state.board.index(t)
    state.board[other], state.board[s] = state.board[s], t


def give_tile(state: ZavandorState, seat: int, ident: str) -> None:
    """Move a tile from the board to `seat` (its space becomes empty)."""
    t = tile(state, ident)
    s = state.board.index(t)
    state.board[s] = EMPTY
    state.known[s] = 0
    state.tiles[seat].append(t)


def _locate(state: ZavandorState, deck: int, ident: int) -> tuple[str, Any]:
    if ident in state.display[deck]:
        return "display", state.display[deck].index(ident)
    for slot in state.card_slots():
        if slot[0] == deck and slot[2] == ident:
            return "slot", slot
    raise KeyError(ident)


def place_display(state: ZavandorState, ident: str, slot: int) -> None:
    """Swap card `ident` into face-up position `slot` of its deck's display."""
    deck, i = card(state, ident)
    where, ref = _locate(state, deck, i)
    old = state.display[deck][slot]
    if where == "display":
        state.display[deck][ref] = old
    else:
        ref[2] = old
        ref[1] = state.data.decks[deck][old].level
    state.display[deck][slot] = i


def give_card(state: ZavandorState, seat: int, ident: str) -> None:
    """Give `seat` a card as bought (a face-up card is replaced from its pile)."""
    deck, i = card(state, ident)
    where, ref = _locate(state, deck, i)
    if where == "display":
        pile = state.piles[deck]
        state.display[deck][ref] = pile.pop()[2] if pile else EMPTY
    else:
        for group in (*state.piles, state.removed):
            if ref in group:
                group.remove(ref)
    state.owned[seat].append((deck, i))


def set_prices(state: ZavandorState, **prices: int) -> None:
    """Current and target price, e.g. set_prices(state, R=13)."""
    for letter, price in prices.items():
        g = GEM_LETTERS.index(letter)
        state.cur[g] = state.tgt[g] = price


def checked(game: ZavandorGame, state: ZavandorState) -> ZavandorState:
    """The position through JSON: validated, and equal after the round trip."""
    document = game.position_to_json(state)
    again = game.position_from_json(document)
    assert game.position_to_json(again) == document
    return again


def play(game: ZavandorGame, state: ZavandorState, text: str) -> None:
    """Play a turn written in the notation, every step checked."""
    for step in game.parse_turn(state, text):
        state.play(step)


def pass_actions(state: ZavandorState, until_seat: int | None = None) -> None:
    """Everybody takes 4 gold until `until_seat` is to act (or the round is over)."""
    start_round = state.round
    while (state.round == start_round and state.phase == ACTION and not state.is_terminal()
           and state.current != until_seat):
        state.play(S.TAKE_GOLD)
