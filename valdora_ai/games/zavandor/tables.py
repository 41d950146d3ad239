"""Zavandor's table as a person sees it, rendered with Rich: market, districts, cards,
players.

Everything is drawn from an observation's belief state, where every id its observer
does not know is ``UNKNOWN``: others' soil samples show as face-down tiles marked with
who sampled them, others' hand cards by their back (pile and level) only, and the
piles by their size and top level. The interactive view shows these through the
game's `position_view` and `progress_view` hooks.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from valdora_ai.games.zavandor.data import (
    ARTIFACT,
    CENTER,
    DECK_NAMES,
    GEM_LETTERS,
    N_DISTRICTS,
    Card,
    ZavandorData,
)
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import DECK, EMPTY, ID, LEVEL, UNKNOWN, Slot, ZavandorState
from valdora_ai.richtext import SEAT_STYLES, literal

LEVELS = ("", "I", "II", "III")
PHASE_WORDS = (  # what the seat to move is doing, by rules phase (ACTION ... OVER)
    "to act", "choosing an Emeromobile marker", "choosing how many gems to buy",
    "choosing how many gems to sell", "choosing how many gems to trade",
    "choosing which drawn card to keep", "choosing the order of returned cards",
    "choosing prisms to pay", "choosing tiles to mine with", "choosing a wild gem",
    "(the game is over)")


def gems_text(counts: list[int] | tuple[int, ...]) -> str:
    """Gem counts as "1D3R" (cost style), "-" when there are none."""
    return "".join(f"{n}{GEM_LETTERS[g]}" for g, n in enumerate(counts) if n) or "-"


def tile_text(data: ZavandorData, tile: int) -> str:
    """A face-up tile as "D 2vp" (its gem, "+W" per wild symbol, its points)."""
    t = data.tiles[tile]
    return f"{GEM_LETTERS[t.gem]}{'+W' * t.wild} {t.vp}vp"


def card_effect(card: Card) -> str:
    """What an artifact does for its owner, in a few words ("" for jewelry)."""
    if card.kind == "gnomunculus":
        return "+1 action a round"
    if card.kind == "alchemister":
        return f"+{card.value} gold a round"
    if card.kind == "convertor":
        return f"{card.value} prisms"
    if card.kind == "emeromobile":
        return "markers " + " ".join(f"-{m}" for m in card.markers)
    if card.kind == "hoovermatic":
        return "fee from others' mining"
    return ""


def card_text(data: ZavandorData, deck: int, ident: int) -> str:
    """A known card as "J-4 1R2S2E 3vp"."""
    card = data.decks[deck][ident]
    return f"{card.id} {gems_text(card.cost)} {card.vp}vp"


def back_text(slot: Slot) -> str:
    """A card seen from behind: its pile and level."""
    return f"{DECK_NAMES[slot[DECK]]} {LEVELS[slot[LEVEL]]}"


def seat_label(seat: int, seats: tuple[str, ...], observer: int | None = None) -> Text:
    name = seats[seat] if seat < len(seats) else ""
    you = " (you)" if seat == observer else ""
    return Text(f"{seat} {name}{you}".rstrip(), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def status_line(state: ZavandorState) -> str:
    data = state.data
    marker = data.districts[state.gnome] if state.gnome >= 0 else "not placed"
    start = f"seat {state.start}" if state.start >= 0 else "not drawn"
    end = ("; the end is triggered: this is the last round" if state.end_triggered
           else f"; the game ends in the round someone reaches {state.target_vp()} VP")
    return f"round {state.round}, start player {start}, district marker in {marker}{end}"


def market_table(state: ZavandorState) -> Table:
    """Each gem's current price (paid and received now) and target price (next round)."""
    data = state.data
    table = Table(title="Market (gem supply unlimited)", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("gem")
    table.add_column("price", justify="right")
    table.add_column("target", justify="right")
    table.add_column("held by all", justify="right")
    for g, name in enumerate(data.gem_names):
        held = sum(state.gems[q][g] for q in range(state.n))
        table.add_row(f"{GEM_LETTERS[g]} {name}", str(state.cur[g]), str(state.tgt[g]),
                      str(held))
    return table


def _space_cell(state: ZavandorState, space: int, observer: int) -> Text:
    """A space: its cost, then its tile as the observer knows it (bought, face up if
    sampled or public, else face down with the seats that sampled it)."""
    data = state.data
    text = Text(data.spaces[space].label.rsplit(".", 1)[-1], style="bold")
    text.append(f" {gems_text(data.spaces[space].cost)}", style="dim")
    tile = state.board[space]
    if tile == EMPTY:
        return text.append("\nbought", style="dim")
    text.append("\n" + (tile_text(data, tile) if tile >= 0 else "?"))
    seen = [q for q in range(state.n) if state.known[space] >> q & 1]
    if seen:
        who = ",".join("you" if q == observer else str(q) for q in seen)
        text.append(f" seen:{who}", style="dim")
    return text


def districts_table(state: ZavandorState, observer: int) -> Table:
    """The six districts, each space's cost and tile; the marker's district first-marked."""
    data = state.data
    table = Table(title="Districts (space cost; tile: gem, wild symbols, VP; ? face down)",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, show_lines=False)
    table.add_column("district", no_wrap=True)
    width = max(sum(sp.district == d for sp in data.spaces) for d in range(N_DISTRICTS + 1))
    for i in range(width):
        table.add_column(f"space .{i + 1}")
    for district in (*range(N_DISTRICTS), CENTER):
        spaces = [s for s, sp in enumerate(data.spaces) if sp.district == district]
        name = Text(literal(data.district_name(district)))
        if district == state.gnome:
            name.append(" ◀ marker", style="bold")
        elif district == CENTER:
            name.append(" (always)", style="dim")
        cells = [_space_cell(state, s, observer) for s in spaces]
        table.add_row(name, *cells, *[""] * (width - len(cells)))
    return table


def cards_table(state: ZavandorState) -> Table:
    """The face-up artifacts and jewelry (cost, VP, effect) and each pile's size."""
    data = state.data
    table = Table(title="Cards for sale", title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False)
    for column in ("card", "cost", "VP", "effect"):
        table.add_column(column, justify="right" if column == "VP" else "left")
    for deck in range(2):
        pile = state.piles[deck]
        top = f", top level {LEVELS[pile[-1][LEVEL]]}" if pile else ""
        table.add_row(Text(f"{DECK_NAMES[deck]}: pile of {len(pile)}{top}", style="dim"),
                      "", "", "")
        for slot, ident in enumerate(state.display[deck]):
            if ident == EMPTY:
                continue
            if ident == UNKNOWN:
                table.add_row("?", "", "", "")
                continue
            card = data.decks[deck][ident]
            cost = list(card.cost)
            effect = card_effect(card)
            if deck == ARTIFACT and state.opts.expert_discount:
                upright, sideways = state.discount[slot]
                if upright or sideways:
                    cost = state.item_cost(deck, slot, ident)
                    effect += f" (discount {upright}{GEM_LETTERS[card.bold]}" + (
                        ", 1 sideways)" if sideways else ")")
            table.add_row(literal(card.id), gems_text(cost), str(card.vp), effect)
    return table


def traders_line(state: ZavandorState) -> str:
    data = state.data
    free = [f"{GEM_LETTERS[a]}{GEM_LETTERS[b]}" for t, (a, b) in enumerate(data.traders)
            if t not in state.trader]
    return "traders free: " + (" ".join(free) or "none")


def extras(state: ZavandorState, seat: int, trader: bool = True) -> list[str]:
    """A player's prisms, Emeromobile markers and (unless not `trader`: the picture
    draws it apart, as a click target) trader, as short phrases."""
    parts = []
    if state.prisms[seat]:
        parts.append(f"{state.prisms[seat]} prisms")
    if state.markers[seat]:
        parts.append("markers " + " ".join(f"-{m}" for m in state.markers[seat]))
    if trader and state.trader[seat] >= 0:
        parts.append("trader " + trader_letters(state, state.trader[seat]))
    return parts


def trader_letters(state: ZavandorState, trader: int) -> str:
    """A trader card by its two gems' letters ("DR")."""
    a, b = state.data.traders[trader]
    return f"{GEM_LETTERS[a]}{GEM_LETTERS[b]}"


def _hand_text(state: ZavandorState, seat: int) -> str:
    hand = state.hand[seat]
    if hand is None:
        return "-"
    if hand[ID] >= 0:
        return card_text(state.data, hand[DECK], hand[ID])
    return back_text(hand)


def players_table(state: ZavandorState, seats: tuple[str, ...], observer: int,
                  only: int | None = None) -> Table:
    """Each player's gold, gems, prisms, markers, trader, tiles, cards, hand, VP."""
    data = state.data
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    for column in ("seat", "gold", "gems", "extras", "tiles", "cards", "hand", "VP", "acts"):
        table.add_column(column, justify="right" if column in ("gold", "VP", "acts")
                         else "left", no_wrap=column in ("gold", "gems", "VP", "acts"))
    for seat in range(state.n):
        if only is not None and seat != only:
            continue
        tiles = " ".join(tile_text(data, t).replace(" ", ":") for t in state.tiles[seat])
        cards = ", ".join(data.decks[d][i].id for d, i in state.owned[seat])
        table.add_row(seat_label(seat, seats, observer), str(state.gold[seat]),
                      " ".join(f"{GEM_LETTERS[g]}{n}" for g, n in enumerate(state.gems[seat])),
                      ", ".join(extras(state, seat)) or "-", tiles or "-", literal(cards or "-"),
                      literal(_hand_text(state, seat)), str(state.vp(seat)),
                      str(state.actions_left[seat]))
    return table


def drawn_line(state: ZavandorState) -> Text | None:
    """The cards a player is choosing between (drawn) or returning, as the observer
    knows them; None when there are none."""
    data = state.data
    parts = []
    for label, slots in (("drawn (keep:1 is the top card)", state.drawn),
                         ("to return (under the pile)", state.returning)):
        if slots:
            shown = [card_text(data, s[DECK], s[ID]) if s[ID] >= 0 else back_text(s)
                     for s in slots]
            parts.append(f"{label}: " + " | ".join(f"{i + 1}) {c}" for i, c in
                                                     enumerate(shown)))
    return Text(literal("; ".join(parts))) if parts else None


def position_view(observation: Any, seats: tuple[str, ...], width: int) -> list[Any]:
    """The whole table before a person's turn: market, districts, cards, players."""
    state = as_reference(observation.belief_state())
    me = observation.observer
    shown: list[Any] = [Text(status_line(state)), market_table(state),
                        districts_table(state, me), cards_table(state),
                        Text(traders_line(state)), players_table(state, seats, me)]
    drawn = drawn_line(state)
    return shown if drawn is None else [*shown, drawn]


def progress_view(observation: Any, seats: tuple[str, ...]) -> list[Any]:
    """What changed for the person during their turn: their holdings and any cards
    they are choosing between."""
    state = as_reference(observation.belief_state())
    me = observation.observer
    shown: list[Any] = [players_table(state, seats, me, only=me)]
    drawn = drawn_line(state)
    return shown if drawn is None else [*shown, drawn]
