"""The Valley of Alchemists' table as a person sees it, rendered with Rich.

Everything is drawn from an observation's belief state, which holds neither the deck
order nor the cards returned to the box at setup: a person sees the face-up elixirs,
every player's skill tracks, ingredients, decoctions, special tokens, chest, experience
markers and sold elixirs, the deck's size and the score so far. The interactive view
(cli.board_view) shows these through the game's `position_view` and `progress_view`.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.table import Table
from rich.text import Text

from valdora_ai.games.alchemists import labels
from valdora_ai.games.alchemists.data import AlchemistsData
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.notation import letter
from valdora_ai.games.alchemists.rules import EMPTY, SETUP, AlchemistsState, Player
from valdora_ai.games.base import Observation
from valdora_ai.richtext import SEAT_STYLES, flow, literal

TOKEN_LETTERS = "SCLX"  # shape, colour, level, transformation


def _belief(observation: Observation) -> AlchemistsState:
    return as_reference(observation.belief_state())


def _who(seat: int, seats: tuple[str, ...]) -> Text:
    name = f"{seat} {seats[seat]}" if seat < len(seats) else str(seat)
    return Text(name, style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def card_code(data: AlchemistsData, index: int) -> str:
    """An elixir's id with its colours (letters, * for multi), shape (two letters) and
    level: "E12 YR co 2"."""
    card = data.elixirs[index]
    hues = "*" if card.multi else labels.letters(
        data.decoctions, tuple(card.colours >> c & 1 for c in range(len(data.decoctions))))
    return f"{card.id} {hues} {data.shapes[card.shape][:2]} {card.level}"


def face_up_table(state: AlchemistsState) -> Table:
    """The face-up elixirs by space, with everything printed on each card."""
    data = state.data
    table = Table(title="Face-up elixirs", title_justify="left", box=box.SIMPLE_HEAD,
                  pad_edge=False, collapse_padding=True)
    for column in ("#", "elixir", "colours", "shape", "level", "cost", "skill", "EP"):
        table.add_column(column, justify="right" if column in ("#", "level", "EP") else "left")
    for slot, index in enumerate(state.face_up):
        if index == EMPTY:
            table.add_row(str(slot + 1), Text("empty", style="dim"))
            continue
        card = data.elixirs[index]
        table.add_row(str(slot + 1), literal(card.id), literal(labels.colours(data, card)),
                      literal(data.shapes[card.shape]), str(card.level),
                      literal(labels.cost(data, card)), literal(labels.bonus(data, card)),
                      str(card.ep))
    return table


def _decoctions(data: AlchemistsData, player: Player) -> str:
    text = " ".join(str(n) for n in player.decoctions)
    if player.moved:
        text += (f" +{player.moved}{letter(data.decoctions[player.moved_from])}>"
                 f"{letter(data.decoctions[player.moved_to])}")
    return text


def players_table(state: AlchemistsState, seats: tuple[str, ...], only: int | None = None
                  ) -> Table:
    """Each player's skill values, ingredients, decoctions, unused tokens, experience
    markers, sold elixirs and points so far."""
    data = state.data
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    ingredient_head = " ".join(letter(n) for n in data.ingredients)
    decoction_head = " ".join(letter(n) for n in data.decoctions)
    for column in ("seat", f"skills\n{ingredient_head}", f"ingred.\n{ingredient_head}",
                   f"decoctions\n{decoction_head}", "tokens", "markers", "sold (EP)", "points"):
        table.add_column(column, justify="right" if column == "points" else "left",
                         no_wrap=column not in ("seat", "markers"))
    points = state.scores()
    for seat, player in enumerate(state.players):
        if only is not None and seat != only:
            continue
        skills = " ".join(str(state.skill_value(player, t)) for t in range(len(player.skills)))
        tokens = "".join(k if unused else "-"
                         for k, unused in zip(TOKEN_LETTERS, player.tokens, strict=True))
        sold_ep = sum(data.elixirs[c].ep for c in player.sold)
        sold = f"{len(player.sold)} ({sold_ep})" if player.sold else "-"
        table.add_row(_who(seat, seats), skills, " ".join(map(str, player.ingredients)),
                      _decoctions(data, player), tokens,
                      " ".join(map(str, player.markers)) or "-", sold, str(points[seat]))
    return table


def chest_table(state: AlchemistsState, seat: int, seats: tuple[str, ...]) -> Table:
    """One player's chest, 3 shelves of 3 (empty cells show their number), and the
    bonus each complete line would score if sold now."""
    data, player = state.data, state.players[seat]
    title = _who(seat, seats)
    title.append(" chest", style="")
    table = Table(title=title, title_justify="left", show_header=False, box=box.SQUARE,
                  padding=(0, 0))
    for _ in range(3):
        table.add_column(min_width=11, no_wrap=True)
    for row in range(3):
        cells = []
        for cell in range(row * 3, row * 3 + 3):
            index = player.chest[cell]
            cells.append(Text(f"  ({cell + 1})", style="dim") if index == EMPTY
                         else Text(card_code(data, index)))
        table.add_row(*cells)
    lines = labels.complete_lines(data, player)
    table.caption = ("complete: " + " ".join(f"{name} +{bonus}" for _, name, bonus in lines)
                     if lines else "no complete line")
    table.caption_justify = "left"
    return table


def chests(state: AlchemistsState, seats: tuple[str, ...], only: int | None = None
           ) -> Columns:
    shown = [chest_table(state, seat, seats) for seat in range(state.n)
             if only is None or seat == only]
    return Columns(shown, padding=(0, 2))


def status_line(state: AlchemistsState) -> str:
    """The deck's size (never its order), the actions left and the game's end."""
    parts = [f"deck: {labels.plural(state.deck_count, 'card')} face down"]
    if state.over:
        parts.append("the game is over" + (" (stall safeguard)" if state.capped else ""))
    elif state.phase == SETUP:
        parts.append(f"setup: {labels.plural(state.points_left, 'skill point')} to place")
    else:
        parts.append(labels.actions_left(state) + " this turn")
    if state.end_triggered and not state.over:
        parts.append("the deck is empty: this is the last round")
    return " · ".join(parts)


def legend(data: AlchemistsData, width: int) -> str:
    """The brewing recipes, the line names and the token letters."""
    recipes = [f"{letter(name)}={labels.letters(data.ingredients, data.recipes[c])}"
               for c, name in enumerate(data.decoctions)]
    text = flow("brewing: ", recipes, width)
    lines = ("lines: R1-R3 shelves, C1-C3 columns, D1 cells 1-5-9, D2 cells 3-5-7; "
             "tokens: S shape, C colour, L level, X transformation (- used)")
    shapes = [f"{name[:2]} {name}" for name in data.shapes]
    return (text + "\n" + flow("shapes: ", shapes, width) + "\n"
            + flow("", lines.split("; "), width))


def position_view(observation: Observation, seats: tuple[str, ...], width: int) -> list[Any]:
    """The whole table before a person's turn: face-up elixirs, players, chests, deck."""
    state = _belief(observation)
    return [face_up_table(state), players_table(state, seats), chests(state, seats),
            Text(status_line(state)), Text(legend(state.data, width), style="dim")]


def progress_view(observation: Observation, seats: tuple[str, ...]) -> list[Any]:
    """What changed for the person during their turn: the face-up elixirs, their
    holdings and their chest."""
    state = _belief(observation)
    seat = observation.observer
    return [face_up_table(state), players_table(state, seats, only=seat),
            chests(state, seats, only=seat)]

