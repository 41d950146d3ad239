"""Zavandor's turn describer: what a turn does, in plain sentences.

The explanation service (:mod:`valdora_ai.explanations`) and game analysis ask the
game what a turn does; this module answers by playing the turn's steps on a copy of
the position, saying what each decision does as it is taken (gems bought or sold and
at what price, soil samples and what they show the mover, a tile bought and what it
mines, a card bought or kept), then what changed for the mover (gold, gems, points,
target prices) and whether the turn ended the round.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.narrating import narrate_turn
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import DECK_NAMES, GEM_LETTERS
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.notation import describe_step
from valdora_ai.games.zavandor.rules import (
    BUY_COUNT,
    DECK,
    ID,
    MARKER,
    SELL_COUNT,
    TRADE_COUNT,
    ZavandorState,
    mined_by_tiles,
)
from valdora_ai.games.zavandor.tables import card_effect, card_text, gems_text, tile_text
from valdora_ai.games.zavandor.words import gem_count as _gem


def describe_turn(state: Any, turn_steps: list[int]) -> list[str]:
    """Sentences saying what `turn_steps` (one turn of the seat to move) do in `state`."""
    told = narrate_turn(as_reference(state), turn_steps, _step_sentences)
    if told is None:
        return []
    pending = _pending(told.after, told.seat)
    return (told.sentences + ([pending] if pending else [])
            + _changes(told.before, told.after, told.seat))


def _pending(board: ZavandorState, seat: int) -> str | None:
    """The gem action `seat` has started and not finished (a turn cut short, like a
    one-step hint), which the count step would otherwise say."""
    if board.is_terminal() or board.current_player != seat:
        return None
    if board.phase in (MARKER, BUY_COUNT):
        marker = (f" with the -{board.pend_marker} marker"
                  if board.phase == BUY_COUNT and board.pend_marker else "")
        still = "which marker and how many are" if board.phase == MARKER else "how many is"
        return f"Goes to buy {_gems(board, board.pend_gem)}{marker}; {still} still to choose."
    if board.phase == SELL_COUNT:
        return f"Goes to sell {_gems(board, board.pend_gem)}; how many is still to choose."
    if board.phase == TRADE_COUNT:
        return (f"Goes to give {_gems(board, board.pend_gem)} to the trader; how many is "
                "still to choose.")
    return None


def _step_sentences(was: ZavandorState, board: ZavandorState, step: int) -> list[str]:
    """What one step did: the decision, what it showed, the tile it gave."""
    said = (_before_step(was, step), _after_step(was, board, step),
            _taken_tile(was, board, was.current))
    return [sentence for sentence in said if sentence]


def _gems(state: ZavandorState, gem: int) -> str:
    """A gem's name in the plural, without a count ("rubies")."""
    return _gem(state, gem, 2)[2:]


def _before_step(board: ZavandorState, step: int) -> str | None:
    """The sentence for one decision, read before it is applied (None: said after)."""
    data, kind, arg, p = board.data, S.kind(step), S.argument(step), board.current
    if kind == "sample":
        return (f"Takes a soil sample at {data.spaces[arg].label} "
                f"({data.sample_cost} gold).")
    if kind == "count" and board.phase == BUY_COUNT:
        unit = board.unit_price(board.pend_gem, board.pend_marker)
        marker = f", using the -{board.pend_marker} marker" if board.pend_marker else ""
        return (f"Buys {_gem(board, board.pend_gem, arg)} at {unit} gold each "
                f"({arg * unit} gold{marker}).")
    if kind == "count" and board.phase == SELL_COUNT:
        unit = board.cur[board.pend_gem]
        return (f"Sells {_gem(board, board.pend_gem, arg)} at {unit} gold each "
                f"({arg * unit} gold).")
    if kind == "count":  # a trader
        a, b = data.traders[board.trader[p]]
        other = b if board.pend_gem == a else a
        return (f"Gives {_gem(board, board.pend_gem, arg)} to the trader for "
                f"{_gem(board, other, arg)}.")
    if kind == "take_trader":
        a, b = data.traders[arg]
        old = board.trader[p]
        back = (f" (returning the {GEM_LETTERS[data.traders[old][0]]}"
                f"{GEM_LETTERS[data.traders[old][1]]} trader)") if old >= 0 else ""
        return f"Takes the {GEM_LETTERS[a]}{GEM_LETTERS[b]} trader{back}."
    if kind == "take_gold":
        return f"Takes {data.take_gold} gold."
    if kind == "draw":
        return f"Draws 2 {DECK_NAMES[arg]} cards and keeps one as the hand card."
    if kind == "keep":
        drawn = board.drawn[arg]
        shown = (card_text(data, drawn[DECK], drawn[ID]) if drawn[ID] >= 0
                 else "the " + ("top" if arg == 0 else "second") + " card")
        return f"Keeps {shown} in hand."
    if kind == "order":
        return ("Puts the other drawn card lowest under the pile." if arg == 0
                else "Puts the old hand card lowest under the pile.")
    if kind == "buy_tile":
        return (f"Buys the mining-rights tile at {data.spaces[arg].label} for "
                f"{gems_text(data.spaces[arg].cost)}.")
    if kind == "buy_item":
        deck, place = divmod(arg, S.ITEM_SLOTS)
        ident = (board.hand[p][ID] if place == S.HAND_SLOT  # type: ignore[index]
                 else board.display[deck][place])
        where = "the hand card" if place == S.HAND_SLOT else "a face-up card"
        if ident < 0:
            return f"Buys {where} ({DECK_NAMES[deck]})."
        card = data.decks[deck][ident]
        effect = card_effect(card)
        cost = gems_text(board.item_cost(deck, place, ident))
        return (f"Buys {where}, {card.id} ({effect + ', ' if effect else ''}{card.vp} VP), "
                f"for {cost}.")
    if kind == "prisms":
        return (f"Pays {arg} prism{'s' if arg != 1 else ''} for "
                f"{data.gem_names[board.pend_colour]}." if arg else None)
    if kind == "mine_use":
        gem = len(board.mine_used)
        return f"Mines with {arg} of its {data.gem_names[gem]} tiles (the Hoovermatic fee)."
    if kind == "wild":
        return f"A wild symbol mines {_gem(board, arg)}."
    return None


def _after_step(was: ZavandorState, board: ZavandorState, step: int) -> str | None:
    """What a step showed the mover: a sample's tile, a revealed card or tile."""
    data, kind, arg = board.data, S.kind(step), S.argument(step)
    if kind == "sample" and board.board[arg] >= 0:
        tile = board.board[arg]
        return f"The sample shows {data.tiles[tile].id} ({tile_text(data, tile)})."
    if kind == "chance":
        return f"It turns out to be {describe_step(was, step)[1:]}."
    return None


def _taken_tile(was: ZavandorState, board: ZavandorState, seat: int) -> str | None:
    """The tile a step gave the mover (payment done, face revealed), if any."""
    if len(board.tiles[seat]) == len(was.tiles[seat]):
        return None
    tile = board.tiles[seat][-1]
    return _tile_sentence(board, seat, board.data.tiles[tile].gem, tile)


def _tile_sentence(board: ZavandorState, seat: int, gem: int, tile: int) -> str:
    """The tile taken and what it adds to the owner's mining each round."""
    data = board.data
    counts, _ = board.tile_counts(seat)
    more = mined_by_tiles(counts[gem]) - mined_by_tiles(counts[gem] - 1)
    wild = " and a wild symbol (1 gem of any kind)" if data.tiles[tile].wild else ""
    return (f"The tile is {data.tiles[tile].id}: {data.tiles[tile].vp} VP, and "
            f"{_gem(board, gem, more)}{wild} more in every mining round.")


def _changes(before: ZavandorState, after: ZavandorState, seat: int) -> list[str]:
    """Gold, gems, points and target prices the turn changed; a round that ended."""
    data = after.data
    sentences = []
    if after.gold[seat] != before.gold[seat]:
        sentences.append(f"Gold: {before.gold[seat]} → {after.gold[seat]}.")
    if after.gems[seat] != before.gems[seat] or after.prisms[seat] != before.prisms[seat]:
        sentences.append(f"Gems: {_holding(before, seat)} → {_holding(after, seat)}.")
    if after.vp(seat) != before.vp(seat):
        sentences.append(f"Points: {before.vp(seat)} → {after.vp(seat)} "
                         f"({after.vp(seat) - before.vp(seat):+d}).")
    moved = [f"{GEM_LETTERS[g]} {before.tgt[g]}→{after.tgt[g]}"
             for g in range(len(data.gem_names)) if after.tgt[g] != before.tgt[g]]
    if after.is_terminal():
        sentences.append("The game ends with this round.")
    elif after.round != before.round:
        sentences.append(f"Round {before.round} ends: every player mines, and prices move "
                         "to their targets.")
    elif moved:
        sentences.append("Target prices: " + ", ".join(moved) + ".")
    return sentences


def _holding(state: ZavandorState, seat: int) -> str:
    prisms = f" + {state.prisms[seat]} prisms" if state.prisms[seat] else ""
    return gems_text(state.gems[seat]) + prisms
