"""Zavandor's turn notation: one token per step, a turn is tokens separated by spaces.

Gems are written D, R, S, E; spaces by district and number ("IV.2", "Diamantina.1");
cards and tiles by their data ids. Tokens (see docs/games/zavandor.md)::

    sample:IV.2      take a soil sample at that space (before the action)
    buy:R  sell:R    buy / sell rubies; then x1 to x4 (how many), after buy:
                     marker:4 (use the -4 Emeromobile marker) or marker:0 (none) when
                     the buyer holds markers
    draw:artifacts   draw 2 from a pile; then keep:1 (the top card) or keep:2, then
    draw:jewelry     lowest:drawn / lowest:hand when both returned cards share a pile
    tile:IV.2        buy the mining-rights tile at that space
    item:J-4         buy a face-up card; item:hand buys the hand card
    prisms:1         prisms paid for the next cost colour, when there is a choice
    trader:DR        take (or exchange for) the diamond-ruby trader
    give:R           use one's trader, giving rubies; then x1 or x2
    gold             take 4 gold
    use:2  wild:D    mining: tiles of the next gem type used (Hoovermatic limit), and
                     the gem a wild symbol mines
    =T-D3 =A-GN1 =III =seat2   a chance outcome (a tile, a card, a district, a seat)

Example, a whole action: ``sample:IV.2 sample:IV.3 tile:IV.2``.
Parsing matches each token against the descriptions of the legal steps, so what
:func:`describe_step` writes always parses back to the same step; it also reads a
token in any letter case and a trader's gems in either order (:func:`respell`).
"""

from __future__ import annotations

from valdora_ai.games.spelling import parse_named_step
from valdora_ai.games.token_turns import format_tokens, parse_tokens
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import DECK_NAMES, GEM_LETTERS
from valdora_ai.games.zavandor.rules import ZavandorState

_SIMPLE = {"buy_gem": "buy", "sell_gem": "sell", "use_trader": "give", "wild": "wild"}


def describe_step(state: ZavandorState, step: int) -> str:
    """The token for `step` in `state` (the state the step is played in)."""
    kind = S.kind(step)
    if kind == "invalid":
        return f"<step {step}>"
    arg = S.argument(step)
    data = state.data
    if kind == "chance":
        return "=" + _chance_name(state, arg)
    if kind in _SIMPLE:
        return f"{_SIMPLE[kind]}:{GEM_LETTERS[arg] if arg < len(GEM_LETTERS) else arg}"
    if kind in ("sample", "buy_tile"):
        label = data.spaces[arg].label if arg < len(data.spaces) else str(arg)
        return f"{'sample' if kind == 'sample' else 'tile'}:{label}"
    if kind == "draw":
        return f"draw:{DECK_NAMES[arg]}"
    if kind == "buy_item":
        deck, slot = divmod(arg, S.ITEM_SLOTS)
        if slot == S.HAND_SLOT:
            return "item:hand"
        ident = state.display[deck][slot] if slot < len(state.display[deck]) else -1
        return f"item:{data.decks[deck][ident].id}" if ident >= 0 else f"item:{deck}.{slot}"
    if kind == "take_trader":
        if arg >= len(data.traders):
            return f"trader:{arg}"
        a, b = data.traders[arg]
        return f"trader:{GEM_LETTERS[a]}{GEM_LETTERS[b]}"
    if kind == "take_gold":
        return "gold"
    if kind == "count":
        return f"x{arg}"
    if kind == "keep":
        return f"keep:{arg + 1}"
    if kind == "order":
        return "lowest:" + ("drawn" if arg == 0 else "hand")
    return f"{kind.replace('mine_use', 'use')}:{arg}"  # marker, prisms, mine_use


def _chance_name(state: ZavandorState, value: int) -> str:
    if not state.reveals:
        return str(value)
    reveal = state.reveals[0]
    what = reveal[0]
    data = state.data
    if what == "gnome":
        return data.districts[value] if value < len(data.districts) else str(value)
    if what == "start":
        return f"seat{value}"
    if what == "tile":
        return data.tiles[value].id if value < len(data.tiles) else str(value)
    if what == "drawn":
        deck = state.drawn[reveal[1]][0]
    elif what == "display":
        deck = reveal[1]
    else:  # a hand card
        deck = state.hand[reveal[1]][0]  # type: ignore[index]
    cards = data.decks[deck]
    return cards[value].id if value < len(cards) else str(value)


def parse_step(state: ZavandorState, token: str) -> int:
    """The legal step `token` names in `state` (NotationError if none), in any letter
    case and in the other spellings :func:`respell` reads."""
    return parse_named_step(state, token, describe_step, S.kind, respell)


def respell(state: ZavandorState, token: str, legal: list[int]) -> int | None:
    """The legal step another spelling names: a trader's two gems in either order
    (``trader:RD`` is the diamond-ruby trader ``trader:DR``)."""
    prefix, _, gems = token.partition(":")
    if prefix.casefold() != "trader" or len(gems) != 2:
        return None
    return next((step for step in legal if S.kind(step) == "take_trader"
                 and sorted(describe_step(state, step)[len("trader:"):].upper())
                 == sorted(gems.upper())), None)


def parse_turn(state: ZavandorState, text: str) -> list[int]:
    """The steps of a space-separated token sequence, checked on a copy of `state`."""
    return parse_tokens(state, text, parse_step)


def format_turn(state: ZavandorState, steps: list[int]) -> str:
    """The tokens of `steps` played from `state`, separated by spaces."""
    return format_tokens(state, steps, describe_step)
