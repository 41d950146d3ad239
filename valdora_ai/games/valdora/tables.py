"""Valdora's table as a person sees it, rendered with Rich: board, books, players, supply.

Everything here is drawn from an observation's belief state, which holds no hidden
card order: a person is shown what every player knows and nothing more. The
interactive view (valdora_ai.cli.board_view) shows these through the game's
`position_view` and `progress_view` hooks.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from valdora_ai.games.base import Observation
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import NOT_OWNED, UNSEEN, Book, Card, ValdoraState
from valdora_ai.richtext import SEAT_STYLES, flow, literal


def _belief(observation: Observation) -> ValdoraState:
    return as_reference(observation.belief_state())  # the view reads the tables


def _gems(data: ComponentData, counts: list[int]) -> str:
    return " ".join(f"{g.letter}{n}" for g, n in zip(data.gems, counts, strict=True) if n)


def _pawns(state: ValdoraState, space: int) -> Text:
    text = Text()
    for seat, player in enumerate(state.players):
        if player.space == space:
            text.append(f" ●{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    return text


def _space(state: ValdoraState, space: int) -> Text:
    """A space's id, what lies there (gems on a road, ships) and the pawns on it."""
    data = state.data
    s = data.spaces[space]
    text = Text(s.id, style="bold" if s.kind == "city" else "")
    if s.kind == "road":
        text.append(f" [{_gems(data, state.road[space]) or 'empty'}]", style="dim")
    elif s.ships:
        text.append(f" ({s.ships} ship{'s' if s.ships > 1 else ''})", style="dim")
    elif s.kind == "patron":
        text.append(f" ({data.colours[s.patron].id})", style="dim")
    return text + _pawns(state, space)


def board_table(state: ValdoraState) -> Table:
    """The board by section (cities bound the sections), then the cities and the discard."""
    data = state.data
    table = Table(title="Board", title_justify="left", show_header=False, box=None,
                  padding=(0, 1))
    table.add_column(style="dim")
    table.add_column()
    for number, section in enumerate(data.sections(), start=1):
        table.add_row(f"section {number}", Text("  ").join(_space(state, s) for s in section))
    cities = [i for i, s in enumerate(data.spaces) if s.kind == "city"]
    table.add_row("cities", Text("  ").join(_space(state, s) for s in cities))
    table.add_row("discard", literal(_gems(data, state.discard) or "empty"))
    return table


def _face_names(data: ComponentData, book: Book) -> list[str]:
    if book.cards.kind == "equipment":
        return [item.id for item in data.items]
    return [face.id for face in data.commissions]


def _card(names: list[str], book: Book, card: Card) -> str:
    """A card as `up/back`: the face showing, then the other one."""
    return f"{names[book.face(card)]}/{names[book.face((card[0], 1 - card[1]))]}"


def book_table(state: ValdoraState, only: int | None = None) -> Table:
    """Each book's two stacks, top first: every known card as face up/back, the top
    unmoved card of the right stack as `face/?` once its front was seen, and how many
    cards nobody has seen yet."""
    table = Table(title="Books (cards as face up/back, top first)", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    for column in ("city", "left stack", "right stack", "never seen"):
        table.add_column(column)
    for book in state.books:
        if only is not None and book.space != only:
            continue
        names = _face_names(state.data, book)
        right = [_card(names, book, card) for card in reversed(book.right)]
        unseen = book.hidden_count
        if book.hidden_count and book.top_front != UNSEEN:
            right.append(f"{names[book.top_front]}/?")
            unseen -= 1
        table.add_row(literal(f"{state.data.spaces[book.space].id} ({book.cards.kind})"),
                      _stack([_card(names, book, card) for card in reversed(book.left)]),
                      _stack(right), f"{unseen} card{'s' if unseen != 1 else ''}")
    return table


def _stack(cards: list[str]) -> Text:
    if not cards:
        return Text("-", style="dim")
    text = Text(cards[0], style="bold")
    if len(cards) > 1:
        text.append("  " + " ".join(cards[1:]), style="dim")
    return text


def commission_legend(data: ComponentData) -> list[str]:
    """What each commission face asks for and is worth."""
    return [_commission(data, i) for i in range(len(data.commissions))]


def _asks(data: ComponentData, face_index: int) -> str:
    face = data.commissions[face_index]
    return f"{face.coins} coin" if face.coins else "+".join(data.gems[g].letter
                                                            for g in face.gems)


def _commission(data: ComponentData, face_index: int) -> str:
    face = data.commissions[face_index]
    return (f"{face.id} ({data.colours[face.patron].id}: {_asks(data, face_index)}, "
            f"{face.vp} VP)")


def _held(data: ComponentData, face_index: int) -> str:
    return f"{data.commissions[face_index].id}({_asks(data, face_index)})"


def players_table(state: ValdoraState, seats: tuple[str, ...], only: int | None = None
                  ) -> Table:
    """Each player's pawn, coins, provisions, equipment with its gems, commissions,
    craftsmen, workshops, bonus tiles and points so far."""
    data = state.data
    cards = data.card_set("commission")
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    for column in ("seat", "at", "coins", "prov", "equipment\\[gem]", "commissions",
                   "done", "craftsmen", "workshops", "bonus", "points"):
        table.add_column(column, no_wrap=column == "seat",
                         justify="right" if column in ("coins", "done", "bonus", "points")
                         else "left")
    points = state.scores()
    for seat, player in enumerate(state.players):
        if only is not None and seat != only:
            continue
        items = [f"{it.id}[{data.gems[load].letter if load >= 0 else ''}]"
                 for it, load in zip(data.items, player.load, strict=True)
                 if load != NOT_OWNED]
        held = [_held(data, cards.types[t][side]) for t, side in player.commissions]
        craftsmen = [f"{c.id} {n}" for c, n in zip(data.colours, player.craftsmen, strict=True)
                     if n]
        who = f"{seat} {seats[seat]}" if seat < len(seats) else str(seat)
        cells = (data.spaces[player.space].id, str(player.coins),
                 "yes" if player.provisions else "", " ".join(items), " ".join(held) or "-",
                 str(len(player.completed)), ", ".join(craftsmen) or "-",
                 ", ".join(data.colours[c].id for c in player.workshops) or "-",
                 str(player.bonus), str(points[seat]))
        table.add_row(Text(who, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
                      *(Text(cell) for cell in cells))
    return table


def supply_line(state: ValdoraState) -> str:
    data = state.data
    craftsmen = ", ".join(f"{c.id} {n}" for c, n in zip(data.colours, state.supply, strict=True))
    end = "  (the end is triggered: this is the last round)" if state.end_triggered else ""
    return (f"craftsmen left: {craftsmen}; bonus tiles left: {state.bonus_left}; "
            f"bank: {state.bank} coins{end}")


def position_view(observation: Observation, seats: tuple[str, ...], width: int) -> list[Any]:
    """The whole table before a person's turn: board, books, legend, players, supply."""
    state = _belief(observation)
    return [board_table(state), book_table(state),
            Text(flow("commissions: ", commission_legend(state.data), width), style="dim"),
            players_table(state, seats), Text(supply_line(state))]


def progress_view(observation: Observation, seats: tuple[str, ...]) -> list[Any]:
    """What changed for the person during their turn: their book and their holdings."""
    state = _belief(observation)
    seat = observation.observer
    shown: list[Any] = []
    if state.book_at(state.players[seat].space) is not None:
        shown.append(book_table(state, only=state.players[seat].space))
    return [*shown, players_table(state, seats, only=seat)]
