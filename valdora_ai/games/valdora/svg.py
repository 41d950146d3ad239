"""A Valdora position as an SVG picture (what ``chess.svg`` is for python-chess).

The picture shows what every player knows and nothing more: it is always drawn from
a belief state (the position with the books' hidden order removed), so a world state
and any observer's view of it give the same public picture, and two worlds differing
only in the hidden order give the same SVG. The board's layout is computed from the
component data's roads (:mod:`valdora_ai.graph_layout`), so a corrected data file
draws its own board.

The SVG is one self-contained string (no external fonts, images or scripts). A
frontend can style and click it through stable hooks: every space is a group
``id="space-ID"`` with ``class="space KIND"`` and ``data-space="ID"``; pawns, gems,
books, sections and players carry ``data-seat``, ``data-gem``, ``data-book``,
``data-section`` attributes and classes of the same names. The elements a step acts on
(spaces, book stacks, a seat's items and commissions) carry the ids that
:mod:`~valdora_ai.games.valdora.targets` names, which the browser table clicks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.valdora import info, targets
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.data import ComponentData, Space
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.rules import (
    ACTION,
    CHANCE,
    NOT_OWNED,
    TERMINAL,
    UNSEEN,
    Book,
    Card,
    Player,
    ValdoraState,
)
from valdora_ai.graph_layout import orient, separate, stress_layout
from valdora_ai.svgdoc import CHAR_WIDTH, SvgDoc, text_width

WIDTH = 1200
BOARD = (20.0, 60.0, 760.0, 700.0)  # x, y, width, height of the board area
PANEL_X, PANEL_W = 800.0, 385.0  # books and supply, right of the board
SMALL = 11  # the smallest text: 11 CSS px when drawn at its size (issue 29 item 4)
MARGIN = 55.0  # keeps shapes, captions and pawns inside the board area

COLOURS = {
    "red": "#d32f2f", "blue": "#1e63c4", "violet": "#8e44ad", "green": "#2e9d4f",
    "yellow": "#f2c200", "silver": "#b0b7bf", "white": "#fafafa",
}
SEAT_COLOURS = ("#00acc1", "#e91e8c", "#ff8f00", "#43a047", "#1e88e5")
SECTION_COLOURS = ("#e8d9b5", "#cfe3c4", "#c9dcec", "#ecd0cf", "#ddd0ea", "#d6e6e3")
INK, FAINT = "#222222", "#666666"


def colour(name: str) -> str:
    """The fill for a data colour name (known names get a printed-board shade)."""
    return COLOURS.get(name, name)


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads better on `fill`."""
    if not (fill.startswith("#") and len(fill) == 7):
        return INK
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def board_svg(state: Any, *, observer: int | None = None, size: int | None = None) -> str:
    """The picture of `state` (a world or belief state of either engine, or an
    observation) as SVG text.

    With `observer` (an observation's own seat by default), the picture is drawn from
    that seat's observation and marks the seat; without, from the public part of
    `state`. `size` is the displayed width in pixels (default: the natural 1200).
    """
    if isinstance(state, info.Observation):
        observer = state.observer if observer is None else observer
        state = state.belief_state()
    players = len(state.scores())
    if observer is not None and not 0 <= observer < players:
        raise ValdoraError(f"observer {observer} is not a seat of this {players}-player game "
                           f"(seats 0 to {players - 1})")
    belief = as_reference(info.observation(state, observer or 0).belief_state())
    return _Picture(belief, observer).draw().render(size)


@cache
def _unit_layout(spaces: tuple[Space, ...], edges: tuple[tuple[int, int], ...]
                 ) -> tuple[tuple[float, float], ...]:
    start = next(i for i, s in enumerate(spaces) if s.start)
    return tuple(orient(stress_layout(len(spaces), edges), start))


def board_layout(data: ComponentData) -> list[tuple[float, float]]:
    """Each space's centre on the picture, fitted into the board area with room
    around every shape for its caption and pawns (laid out once per board: the browser
    table draws the picture after every step)."""
    radii = tuple(_room(data, s) for s in data.spaces)
    return list(_fitted_layout(data.spaces, data.edges, radii))


@cache
def _fitted_layout(spaces: tuple[Space, ...], edges: tuple[tuple[int, int], ...],
                   radii: tuple[float, ...]) -> tuple[tuple[float, float], ...]:
    points = _unit_layout(spaces, edges)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, w, h = BOARD
    span_x, span_y = max(max(xs) - min(xs), 1e-9), max(max(ys) - min(ys), 1e-9)
    scale = min((w - 2 * MARGIN) / span_x, (h - 2 * MARGIN) / span_y)
    cx, cy = x0 + w / 2, y0 + h / 2
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    fitted = [(cx + (x - mx) * scale, cy + (y - my) * scale) for x, y in points]
    inner = (x0 + MARGIN - 34.0, y0 + MARGIN - 34.0, w - 2 * MARGIN + 68.0,
             h - 2 * MARGIN + 68.0)
    return tuple((round(x, 1), round(y, 1))
                 for x, y in separate(fitted, list(radii), inner))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _room(data: ComponentData, space: Space) -> float:
    """How far a space's neighbours must stay from its centre: its shape, or the
    caption under it when that is wider, or the pawns above it."""
    if space.kind == "city":
        return 80.0 if space.start else 58.0  # every pawn starts on the start space
    caption = _caption(data, space)
    return max(34.0, text_width(caption, SMALL) / 2 + 8)


def _caption(data: ComponentData, space: Space) -> str:
    """The words under (or, for a city, inside) a space: what it is beyond its id."""
    ships = _count(space.ships, "ship") if space.ships else ""
    if space.kind == "city":
        kind = data.card_sets[space.book].kind if space.book else ""
        return " · ".join(p for p in ("start" if space.start else "",
                                      f"{kind} book" if kind else "", ships) if p)
    if space.kind == "harbour":
        return f"harbour · {ships}"
    if space.kind == "mine":
        return "silver mine"
    if space.kind == "patron":
        return f"{data.colours[space.patron].id} patron"
    return ""


class _Flow:
    """Left-to-right placement of variable-width items, wrapping at `right`."""

    def __init__(self, left: float, right: float, y: float, line: float) -> None:
        self.left, self.right, self.line = left, right, line
        self.x, self.y = left, y

    def place(self, width: float, gap: float = 8.0) -> tuple[float, float]:
        if self.x > self.left and self.x + width > self.right:
            self.newline()
        at = (self.x, self.y)
        self.x += width + gap
        return at

    def newline(self) -> None:
        self.x = self.left
        self.y += self.line


class _Picture:
    """Draws one belief state; each method draws one part of the table."""

    def __init__(self, state: ValdoraState, observer: int | None) -> None:
        self.state = state
        self.data = state.data
        self.observer = observer
        self.points = board_layout(self.data)
        self.doc = SvgDoc(WIDTH, 0.0, css_class="valdora-board",
                          title=f"Valdora position: {self._headline()}")

    # ------------------------------------------------------------- composition
    def draw(self) -> SvgDoc:
        doc = self.doc
        doc.element("rect", x=0, y=0, width=WIDTH, height="100%", fill="#fbf8f1")
        doc.text(20, 34, self._headline(), font_size=18, font_weight="bold", fill=INK,
                 class_="headline")
        self._sections()
        self._roads()
        for space in range(len(self.data.spaces)):
            self._space(space)
        bottom = max(BOARD[1] + BOARD[3], self._panel())
        doc.height = self._players(bottom + 20) + 10
        return doc

    def _headline(self) -> str:
        state, who = self.state, self.state.current_player
        if who == TERMINAL:
            winners = state.winners()
            won = (f"seat {winners[0]} wins" if len(winners) == 1 else
                   "seats " + " and ".join(map(str, winners)) + " share the win")
            turn = "game over" + (" (safety cap)" if state.capped else "") + f": {won}"
        elif who == CHANCE:
            turn = "a page reveal is pending"
        else:
            turn = f"seat {who} to {'act' if state.phase == ACTION else 'move'}"
        seen = "" if self.observer is None else f" · seen by seat {self.observer}"
        end = " · last round" if state.end_triggered and not state.over else ""
        return (f"{state.n} players · round {state.rounds + 1} · turn {state.turns + 1}"
                f" · {turn}{end}{seen}")

    # ------------------------------------------------------------------- board
    def _sections(self) -> None:
        spaces = self.data.spaces
        for number, members in enumerate(self.data.sections(), start=1):
            fill = SECTION_COLOURS[(number - 1) % len(SECTION_COLOURS)]
            self.doc.open(class_="section", data_section=number)
            inside = set(members)
            for a, b in self.data.edges:
                if a in inside or b in inside:
                    (x1, y1), (x2, y2) = self.points[a], self.points[b]
                    self.doc.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=fill,
                                     stroke_width=46, stroke_linecap="round")
            for s in members:
                if spaces[s].kind != "city":
                    x, y = self.points[s]
                    self.doc.element("circle", cx=x, cy=y, r=30, fill=fill)
            self.doc.close()

    def _roads(self) -> None:
        self.doc.open(class_="roads")
        ids = self.data.spaces
        for a, b in self.data.edges:
            (x1, y1), (x2, y2) = self.points[a], self.points[b]
            self.doc.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#8d6e63",
                             stroke_width=3, class_="road-link",
                             data_from=ids[a].id, data_to=ids[b].id)
        self.doc.close()

    def _space(self, index: int) -> None:
        space = self.data.spaces[index]
        x, y = self.points[index]
        doc = self.doc
        doc.open(id=targets.space_id(space.id), class_=f"space {space.kind}", data_space=space.id)
        doc.title_of_group(self._space_tooltip(space))
        draw: dict[str, Callable[[Space, float, float], float]] = {
            "city": self._city, "road": self._road, "patron": self._patron,
            "mine": self._mine, "harbour": self._harbour}
        top = draw[space.kind](space, x, y)
        doc.close()
        self._pawns(index, x, top)

    def _space_tooltip(self, space: Space) -> str:
        if space.kind == "road":
            counts = self.state.road[self.data.spaces.index(space)]
            gems = ", ".join(f"{n} {g.id}" for g, n in zip(self.data.gems, counts, strict=True)
                             if n)
            return f"{space.id}: road, {gems or 'no gems'}"
        return f"{space.id}: {_caption(self.data, space) or space.kind}"

    def _label(self, x: float, y: float, text: str, fill: str, size: float = 13,
               bold: bool = True, halo: bool = False) -> None:
        """Centred text; a `halo` keeps a caption legible where it crosses a road."""
        self.doc.text(x, y, text, text_anchor="middle", font_size=size, fill=fill,
                      font_weight="bold" if bold else None,
                      stroke="#fbf8f1" if halo else None, stroke_width=3 if halo else None,
                      stroke_opacity=0.85 if halo else None,
                      paint_order="stroke" if halo else None)

    def _city(self, space: Space, x: float, y: float) -> float:
        caption = _caption(self.data, space)
        w = max(74.0, text_width(caption, SMALL) + 12)
        self.doc.element("rect", x=x - w / 2, y=y - 22, width=w, height=44, rx=8,
                         fill="#6d4c41", stroke="#3e2723", stroke_width=2)
        self._label(x, y + (0 if caption else 5), space.id, "#ffffff", 16)
        if caption:
            self._label(x, y + 14, caption, "#f3e5d8", SMALL, bold=False)
        return y - 22

    def _road(self, space: Space, x: float, y: float) -> float:
        index = self.data.spaces.index(space)
        gems = [g for g, n in enumerate(self.state.road[index]) for _ in range(n)]
        rows = max(1, -(-len(gems) // 3))
        h = 10 + 14 * rows
        self.doc.element("rect", x=x - 26, y=y - h / 2, width=52, height=h, rx=7,
                         fill="#f4ead6", stroke="#8d6e63", stroke_width=2)
        for k, g in enumerate(gems):
            gem = self.data.gems[g]
            self.doc.element("circle", cx=x - 14 + 14 * (k % 3), cy=y - h / 2 + 12 + 14 * (k // 3),
                             r=5.5, fill=colour(gem.colour), stroke="#333333",
                             stroke_width=0.8, class_=f"gem gem-{gem.id}", data_gem=gem.id)
        self._label(x, y + h / 2 + 12, space.id, FAINT, 11, bold=False, halo=True)
        return y - h / 2

    def _patron(self, space: Space, x: float, y: float) -> float:
        fill = colour(self.data.colours[space.patron].id)
        self.doc.element("circle", cx=x, cy=y, r=21, fill=fill, stroke="#333333", stroke_width=2)
        self._label(x, y + 5, space.id, ink_on(fill), 13)
        self._label(x, y + 33, _caption(self.data, space), FAINT, SMALL, bold=False,
                    halo=True)
        return y - 21

    def _mine(self, space: Space, x: float, y: float) -> float:
        corners = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in
                           ((-12, -20), (12, -20), (23, 0), (12, 20), (-12, 20), (-23, 0)))
        self.doc.element("polygon", points=corners, fill="#9e9e9e", stroke="#424242",
                         stroke_width=2)
        self._label(x, y + 5, space.id, INK, 13)
        self._label(x, y + 33, _caption(self.data, space), FAINT, SMALL, bold=False,
                    halo=True)
        return y - 20

    def _harbour(self, space: Space, x: float, y: float) -> float:
        self.doc.element("rect", x=x - 25, y=y - 18, width=50, height=36, rx=16,
                         fill="#81d4fa", stroke="#0277bd", stroke_width=2)
        self._label(x, y + 5, space.id, INK, 13)
        self._label(x, y + 31, _caption(self.data, space), FAINT, SMALL, bold=False,
                    halo=True)
        return y - 18

    def _pawns(self, space: int, x: float, top: float) -> None:
        seats = [seat for seat, p in enumerate(self.state.players) if p.space == space]
        for k, seat in enumerate(seats):  # rows of three, stacked upwards
            row = seats[k - k % 3:k - k % 3 + 3]
            px = x + (row.index(seat) - (len(row) - 1) / 2) * 24
            self._pawn(seat, px, top - 12 - 22 * (k // 3), space_id=self.data.spaces[space].id)

    def _pawn(self, seat: int, x: float, y: float, space_id: str | None = None) -> None:
        """A pawn on a space, or (without `space_id`) the seat's badge by its holdings."""
        fill = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        role = "pawn" if space_id is not None else "badge"
        self.doc.open(class_=f"{role} seat-{seat}", data_seat=seat, data_space=space_id)
        self.doc.element("circle", cx=x, cy=y, r=11, fill=fill, stroke="#111111", stroke_width=1.5)
        self._label(x, y + 4.5, str(seat), ink_on(fill), 13)
        self.doc.close()

    # ------------------------------------------------------------ right panel
    def _panel(self) -> float:
        """Books, supply and legends right of the board; returns the bottom edge."""
        y = 78.0
        self._heading(PANEL_X, y, "Books (top card of each stack; card = face/back)")
        y += 12
        for book in self.state.books:
            y = self._book(book, y)
        return self._supply(y + 6)

    def _heading(self, x: float, y: float, text: str) -> None:
        self.doc.text(x, y, text, font_size=14, font_weight="bold", fill=INK)

    def _face_names(self, book: Book) -> list[str]:
        if book.cards.kind == "equipment":
            return [item.id for item in self.data.items]
        return [face.id for face in self.data.commissions]

    def _book(self, book: Book, y: float) -> float:
        names = self._face_names(book)
        city = self.data.spaces[book.space].id
        doc = self.doc

        def card(c: Card) -> str:
            return f"{names[book.face(c)]}/{names[book.face((c[0], 1 - c[1]))]}"

        left = [card(c) for c in reversed(book.left)]
        right = [card(c) for c in reversed(book.right)]
        unseen = book.hidden_count
        if book.hidden_count and book.top_front != UNSEEN:
            right.append(f"{names[book.top_front]}/?")
            unseen -= 1
        doc.open(class_="book", data_book=city)
        doc.text(PANEL_X, y + 16, f"{city} · {book.cards.kind} book · {book.size()} cards",
                 font_size=12, font_weight="bold", fill=INK)
        for side, stack, count, x in ((S.LEFT, left, len(book.left), PANEL_X),
                                      (S.RIGHT, right, len(book.right) + book.hidden_count,
                                       PANEL_X + PANEL_W / 2)):
            label = "left" if side == S.LEFT else "right"
            doc.open(id=targets.stack_id(city, label), class_=f"stack {label}", data_side=label)
            doc.element("rect", x=x, y=y + 22, width=PANEL_W / 2 - 8, height=34, rx=5,
                        fill="#ffffff", stroke="#8d6e63", stroke_width=1.2)
            doc.text(x + 6, y + 34, f"{label} stack · {_count(count, 'card')}",
                     font_size=SMALL, fill=FAINT)
            doc.text(x + 6, y + 50, stack[0] if stack else "empty", font_size=13,
                     font_weight="bold" if stack else None, fill=INK if stack else FAINT,
                     class_="top-card")
            doc.close()
        below = []
        if len(left) > 1:
            below.append("left below: " + " ".join(left[1:]))
        if len(right) > 1:
            below.append("right below: " + " ".join(right[1:]))
        below.append(f"{_count(unseen, 'card')} never seen")
        line = y + 70
        for text in below:
            doc.text(PANEL_X, line, self._fit(text, PANEL_W, SMALL), font_size=SMALL,
                     fill=FAINT)
            line += 13
        doc.close()
        return line + 2

    @staticmethod
    def _fit(text: str, width: float, size: float) -> str:
        """`text`, cut with an ellipsis where it would run past `width`."""
        keep = int(width / (size * CHAR_WIDTH))
        return text if len(text) <= keep else text[:keep - 1] + "…"

    def _supply(self, y: float) -> float:
        data, state, doc = self.data, self.state, self.doc
        self._heading(PANEL_X, y + 14, "Supply")
        flow = _Flow(PANEL_X, PANEL_X + PANEL_W, y + 36, 22)
        doc.text(*flow.place(text_width("craftsmen left:", 11)), "craftsmen left:",
                 font_size=11, fill=INK)
        for c, left in zip(data.colours, state.supply, strict=True):
            self._swatch(flow, c.id, str(left), "supply")
        flow.newline()
        doc.text(*flow.place(text_width("workshops:", 11)), "workshops:", font_size=11, fill=INK)
        for c, owner in zip(data.colours, state.workshop_owner, strict=True):
            if owner >= 0:
                self._swatch(flow, c.id, f"seat {owner}", "workshop")
        if all(owner < 0 for owner in state.workshop_owner):
            doc.text(*flow.place(text_width("none open", 11)), "none open", font_size=11, fill=INK)
        flow.newline()
        text = f"bonus tiles left: {state.bonus_left} · bank: {_count(state.bank, 'coin')}"
        doc.text(*flow.place(PANEL_W), text, font_size=11, fill=INK)
        flow.newline()
        doc.text(*flow.place(text_width("discard:", 11)), "discard:", font_size=11, fill=INK)
        for g, n in enumerate(state.discard):
            self._gem_count(flow, g, str(n), "discard")
        flow.newline()
        flow.y += 8
        doc.text(*flow.place(PANEL_W), "Commissions (patron: asks, points)", font_size=12,
                 font_weight="bold", fill=INK)
        for k, face in enumerate(data.commissions):
            asks = (f"{face.coins} coin" if face.coins
                    else "+".join(data.gems[g].letter for g in face.gems))
            x = PANEL_X + (k % 2) * PANEL_W / 2
            doc.text(x, flow.y + 18 + (k // 2) * 15,
                     f"{face.id}  {data.colours[face.patron].id}: {asks}, {face.vp} VP",
                     font_size=SMALL, fill=INK, class_="commission-face", data_face=face.id)
        flow.y += 18 + ((len(data.commissions) + 1) // 2) * 15
        flow.x = PANEL_X
        doc.text(*flow.place(text_width("gems:", 11)), "gems:", font_size=11, fill=INK)
        for g, gem in enumerate(data.gems):
            self._gem_count(flow, g, f"{gem.id} {gem.letter}", "legend")
        return flow.y + 8

    def _swatch(self, flow: _Flow, colour_id: str, text: str, role: str) -> None:
        x, y = flow.place(16 + text_width(text, 11), gap=10)
        self.doc.element("rect", x=x, y=y - 10, width=12, height=12, rx=2,
                         fill=colour(colour_id), stroke="#555555", stroke_width=1,
                         class_=f"craftsman {role}", data_colour=colour_id)
        self.doc.text(x + 15, y, text, font_size=11, fill=INK)

    def _gem_count(self, flow: _Flow, gem: int, text: str, role: str) -> None:
        g = self.data.gems[gem]
        x, y = flow.place(16 + text_width(text, 11), gap=10)
        self.doc.element("circle", cx=x + 6, cy=y - 4, r=5.5, fill=colour(g.colour),
                         stroke="#333333", stroke_width=0.8, class_=f"gem {role}", data_gem=g.id)
        self.doc.text(x + 15, y, text, font_size=11, fill=INK)

    # ----------------------------------------------------------------- players
    def _players(self, y: float) -> float:
        """One block per seat under the board and the panel; returns the bottom edge."""
        points = self.state.scores()
        for seat, player in enumerate(self.state.players):
            y = self._player(seat, player, points[seat], y) + 8
        return y

    def _player(self, seat: int, player: Player, points: int, y: float) -> float:
        data, doc = self.data, self.doc
        cards = data.card_set("commission")
        parts = self.doc.parts
        doc.open(class_=f"player seat-{seat}", data_seat=seat)
        frame = len(parts)  # the frame goes in here once the height is known
        flow = _Flow(48, WIDTH - 30, y + 24, 24)
        self._pawn(seat, 32, y + 20)
        who = f"Seat {seat}"
        if seat == self.observer:
            who += " (you)"
        if self.state.over and seat in self.state.winners():
            who += " · winner"
        if seat == self.state.current_player:
            who += " · to " + ("act" if self.state.phase == ACTION else "move")
        doc.text(*flow.place(text_width(who, 14), gap=16), who, font_size=14,
                 font_weight="bold", fill=INK)
        for text in (f"at {data.spaces[player.space].id}", _count(player.coins, "coin"),
                     "provisions" if player.provisions else "no provisions",
                     f"bonus tiles {player.bonus}", f"{points} points"):
            doc.text(*flow.place(text_width(text, 12), gap=16), text, font_size=12, fill=INK,
                     class_="holding")
        flow.newline()
        self._caption_in(flow, "equipment:")
        for item, load in zip(data.items, player.load, strict=True):
            if load != NOT_OWNED:
                self._item_chip(flow, seat, item.id, load)
        self._caption_in(flow, "commissions:", gap=24)
        held = [cards.types[t][side] for t, side in player.commissions]
        for index, face in enumerate(held):
            self._commission_chip(flow, face, targets.commission_id(seat, index))
        if not held:
            self._caption_in(flow, "none")
        flow.newline()
        done = [data.commissions[cards.types[t][side]].id for t, side in player.completed]
        self._caption_in(flow, f"completed: {' '.join(done) or 'none'}")
        self._caption_in(flow, "craftsmen:", gap=24)
        for c, n in zip(data.colours, player.craftsmen, strict=True):
            if n:
                self._swatch(flow, c.id, str(n), "hired")
        if not any(player.craftsmen):
            self._caption_in(flow, "none")
        self._caption_in(flow, "workshops:", gap=24)
        for colour in player.workshops:
            self._swatch(flow, data.colours[colour].id, data.colours[colour].id, "workshop")
        if not player.workshops:
            self._caption_in(flow, "none")
        bottom = flow.y + 12
        fill = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        parts.insert(frame, f'<rect x="16" y="{y:.1f}" width="{WIDTH - 32}" '
                            f'height="{bottom - y:.1f}" rx="8" fill="#ffffff" stroke="{fill}" '
                            f'stroke-width="{4 if seat == self.observer else 2}"/>')
        doc.close()
        return bottom

    def _caption_in(self, flow: _Flow, text: str, gap: float = 8.0) -> None:
        if flow.x > flow.left:
            flow.x += gap - 8.0
        self.doc.text(*flow.place(text_width(text, 11)), text, font_size=11, fill=FAINT)

    def _item_chip(self, flow: _Flow, seat: int, item_id: str, load: int) -> None:
        w = text_width(item_id, 11) + 26
        x, y = flow.place(w)
        self.doc.open(id=targets.item_id(seat, item_id), class_="item", data_item=item_id)
        self.doc.element("rect", x=x, y=y - 13, width=w, height=18, rx=9, fill="#f4ead6",
                         stroke="#8d6e63", stroke_width=1)
        self.doc.text(x + 19, y, item_id, font_size=11, fill=INK)
        cx = x + 10
        if load >= 0:
            gem = self.data.gems[load]
            self.doc.element("circle", cx=cx, cy=y - 4, r=5.5, fill=colour(gem.colour),
                             stroke="#333333", stroke_width=0.8, class_=f"gem gem-{gem.id}",
                             data_gem=gem.id)
        else:
            self.doc.element("circle", cx=cx, cy=y - 4, r=5, fill="none", stroke="#999999",
                             stroke_width=1, stroke_dasharray="2 2", class_="empty-slot")
        self.doc.close()

    def _commission_chip(self, flow: _Flow, face_index: int, ident: str) -> None:
        data = self.data
        face = data.commissions[face_index]
        asks = (f"{face.coins} coin" if face.coins
                else "+".join(data.gems[g].letter for g in face.gems))
        text = f"{face.id}: {asks} · {face.vp} VP"
        w = text_width(text, 11) + 24
        x, y = flow.place(w)
        fill = colour(data.colours[face.patron].id)
        self.doc.open(id=ident, class_="commission", data_face=face.id)
        self.doc.element("rect", x=x, y=y - 13, width=w, height=18, rx=4, fill="#ffffff",
                         stroke="#8d6e63", stroke_width=1)
        self.doc.element("rect", x=x + 4, y=y - 10, width=12, height=12, rx=2, fill=fill,
                         stroke="#555555", stroke_width=1)
        self.doc.text(x + 20, y, text, font_size=11, fill=INK)
        self.doc.close()
