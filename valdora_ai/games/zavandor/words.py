"""Zavandor's steps in words: what a player choosing a step reads in a menu or on a button.

The words are the rulebook's actions ("Buy up to 4 cards of a single gemstone type",
"take a soil sample", "Buy a mining rights tile", "Draw 2 cards ... and keep one",
"Take (or exchange) a trader card", "Use a trader card", "Take 4 gold"); names and
prices come from the component data and the state the step is played in, so a count
step says what it costs ("Buy 2 rubies for 8 gold").
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.wording import listed
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import CENTER, DECK_NAMES
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.notation import describe_step
from valdora_ai.games.zavandor.rules import BUY_COUNT, DECK, ID, SELL_COUNT, ZavandorState

DECK_WORDS = ("artifact", "jewelry")  # a card of DECK_NAMES' piles, in the singular


def gem_count(state: ZavandorState, gem: int, count: int = 1) -> str:
    """A number of gems in words: "1 ruby", "2 rubies", "3 diamonds"."""
    name = state.data.gem_names[gem]
    if count != 1:
        name = name[:-1] + "ies" if name.endswith("y") else name + "s"
    return f"{count} {name}"


def gems_words(state: ZavandorState, counts: list[int] | tuple[int, ...]) -> str:
    """Gem counts in words: "1 ruby and 2 sapphires" ("nothing" when there are none)."""
    parts = [gem_count(state, gem, n) for gem, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    return listed(parts)


def space_words(state: ZavandorState, space: int) -> str:
    """A tile space: "district IV, space 2" or "Diamantina, space 1"."""
    spot = state.data.spaces[space]
    name, _, number = spot.label.rpartition(".")
    return f"{name}, space {number}" if spot.district == CENTER else (
        f"district {name}, space {number}")


def step_words(state: Any, step: int) -> str:
    """`step` in `state` in plain words ("Buy 2 rubies for 8 gold")."""
    board: ZavandorState = as_reference(state)
    data, kind, arg = board.data, S.kind(step), S.argument(step)
    if kind == "chance":
        return _chance_words(board, step)
    if kind == "sample":
        return f"Take a soil sample on {space_words(board, arg)} ({data.sample_cost} gold)"
    if kind == "buy_gem":
        return f"Buy {_plural(board, arg)} ({board.cur[arg]} gold each, up to 4)"
    if kind == "sell_gem":
        return f"Sell {_plural(board, arg)} ({board.cur[arg]} gold each, up to 4)"
    if kind == "marker":
        return (f"Use the -{arg} Emeromobile marker" if arg
                else "Use no Emeromobile marker")
    if kind == "count":
        return _count_words(board, arg)
    if kind == "use_trader":
        return f"Use your trader card, trading in {_plural(board, arg)}"
    if kind == "take_trader":
        a, b = data.traders[arg]
        verb = "Exchange your trader card for" if board.trader[board.current] >= 0 else "Take"
        return f"{verb} the {data.gem_names[a]}-{data.gem_names[b]} trader card"
    if kind == "take_gold":
        return f"Take {data.take_gold} gold"
    if kind == "draw":
        return f"Draw 2 cards from the {DECK_NAMES[arg]} pile and keep one"
    if kind == "keep":
        drawn = board.drawn[arg]
        card = (f" ({data.decks[drawn[DECK]][drawn[ID]].id})" if drawn[ID] >= 0 else "")
        return f"Keep the {'top' if arg == 0 else 'second'} drawn card{card}"
    if kind == "order":
        return ("Put the other drawn card lowest under the pile" if arg == 0
                else "Put the old hand card lowest under the pile")
    if kind == "buy_tile":
        return (f"Buy the mining rights tile on {space_words(board, arg)} for "
                f"{gems_words(board, data.spaces[arg].cost)}")
    if kind == "buy_item":
        return _item_words(board, arg)
    if kind == "prisms":
        paid = f"{arg} prism{'s' * (arg != 1)}" if arg else "no prisms"
        return f"Pay {paid} toward the {data.gem_names[board.pend_colour]} cost"
    if kind == "mine_use":
        gem = len(board.mine_used)
        return f"Mine with {arg} of your {data.gem_names[gem]} tiles"
    if kind == "wild":
        return f"The wild symbol mines {gem_count(board, arg)}"
    return describe_step(board, step)


def _plural(board: ZavandorState, gem: int) -> str:
    return gem_count(board, gem, 2)[2:]


def _count_words(board: ZavandorState, n: int) -> str:
    """How many gems a started buy, sale or trade takes, and for what."""
    gem = board.pend_gem
    if board.phase == BUY_COUNT:
        unit = board.unit_price(gem, board.pend_marker)
        return f"Buy {gem_count(board, gem, n)} for {n * unit} gold"
    if board.phase == SELL_COUNT:
        return f"Sell {gem_count(board, gem, n)} for {n * board.cur[gem]} gold"
    a, b = board.data.traders[board.trader[board.current]]
    other = b if gem == a else a
    return f"Trade in {gem_count(board, gem, n)} for {gem_count(board, other, n)}"


def _item_words(board: ZavandorState, arg: int) -> str:
    """Buying a face-up item or the hand card: its name, points and gem cost."""
    deck, place = divmod(arg, S.ITEM_SLOTS)
    hand = place == S.HAND_SLOT
    ident = (board.hand[board.current][ID] if hand  # type: ignore[index]
             else board.display[deck][place])
    where = "your hand card" if hand else f"the face-up {DECK_WORDS[deck]}"
    if ident < 0:
        return f"Buy {where}"
    card = board.data.decks[deck][ident]
    cost = gems_words(board, board.item_cost(deck, place, ident))
    return f"Buy {where} {card.id} ({card.vp} VP) for {cost}"


def _chance_words(board: ZavandorState, step: int) -> str:
    """A chance outcome: what the reveal shows, named by what is revealed."""
    name = describe_step(board, step)[1:]
    what = board.reveals[0][0] if board.reveals else ""
    if what == "gnome":
        return f"The wandering gnome goes to district {name}"
    if what == "start":
        return f"Seat {name.removeprefix('seat')} starts"
    if what == "tile":
        return f"The mining rights tile is revealed: {name}"
    return f"The next card is revealed: {name}"
