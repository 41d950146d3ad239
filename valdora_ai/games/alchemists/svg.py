"""A Valley of Alchemists position as an SVG picture (``valdora render``, ``_repr_svg_``).

The picture shows what every player knows and nothing more: it is drawn from a belief
state (the position without the deck order and without the cards returned to the box),
so a world and any observer's view of it give the same picture. It shows the face-up
elixirs in their two rows, then one panel per player: skill tracks, ingredients,
decoctions (and a transformation), special tokens, experience markers, sold elixirs,
points, and the 3x3 chest with the bonus of each complete line.

The SVG is one self-contained string. Hooks for a frontend: face-up cards are groups
``class="elixir face-up"`` with ``data-slot`` and ``data-card``; chest cards carry
``data-seat`` and ``data-cell``; player panels ``class="player seat-N"``.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.errors import ValdoraError
from valdora_ai.games.alchemists import info, labels
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists import targets as T
from valdora_ai.games.alchemists.data import AlchemistsData
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.position import TOKEN_NAMES
from valdora_ai.games.alchemists.rules import (
    CHANCE,
    EMPTY,
    SETUP,
    TERMINAL,
    AlchemistsState,
    Player,
)
from valdora_ai.games.valdora.svg import SEAT_COLOURS, ink_on
from valdora_ai.svgdoc import SvgDoc, text_width

WIDTH = 1040
CARD_W, CARD_H, CARD_GAP = 188.0, 92.0, 12.0
PANEL_W = 500.0
CELL_W, CELL_H = 72.0, 50.0
INK, FAINT, PAPER = "#222222", "#666666", "#f7f4ec"
HUES = {"yellow": "#f2c200", "red": "#d32f2f", "blue": "#1e63c4", "orange": "#ef7d1a",
        "green": "#2e9d4f", "purple": "#8e44ad", "water": "#4fc3f7"}
MULTI = ("#f2c200", "#d32f2f", "#1e63c4", "#2e9d4f")


def hue(name: str) -> str:
    """The fill for a data colour name (unknown names are passed on as CSS colours)."""
    return HUES.get(name, name)


def board_svg(state: Any, *, observer: int | None = None, size: int | None = None) -> str:
    """The picture of `state` (a world or belief state, or an observation) as SVG text;
    `observer` marks that seat's panel, `size` is the displayed width in pixels."""
    if isinstance(state, info.Observation):
        observer = state.observer if observer is None else observer
        state = state.belief_state()
    reference = as_reference(state)
    if observer is not None and not 0 <= observer < reference.n:
        raise ValdoraError(f"observer {observer} is not a seat of this {reference.n}-player "
                           f"game (seats 0 to {reference.n - 1})")
    belief = info.observation(reference, observer or 0).belief_state()
    return _Picture(belief, observer).draw().render(size)


class _Picture:
    """Draws one belief state; each method draws one part of the table."""

    def __init__(self, state: AlchemistsState, observer: int | None) -> None:
        self.state = state
        self.data: AlchemistsData = state.data
        self.observer = observer
        self.doc = SvgDoc(WIDTH, 0.0, css_class="alchemists-board",
                          title=f"Valley of Alchemists position: {self._headline()}")

    def draw(self) -> SvgDoc:
        doc = self.doc
        doc.element("rect", x=0, y=0, width=WIDTH, height="100%", fill=PAPER)
        doc.text(20, 32, self._headline(), font_size=17, font_weight="bold", fill=INK,
                 class_="headline")
        y = self._collect_row(self._face_up(52.0) + 10)
        doc.height = self._players(y + 14) + 12
        return doc

    def _headline(self) -> str:
        state, who = self.state, self.state.current_player
        if who == TERMINAL:
            winners = state.winners()
            won = (f"seat {winners[0]} wins" if len(winners) == 1 else
                   "seats " + " and ".join(map(str, winners)) + " share the win")
            turn = "game over" + (" (stall safeguard)" if state.capped else "") + f": {won}"
        elif who == CHANCE:
            turn = "a refill draw is pending"
        elif state.phase == SETUP:
            turn = f"seat {who} places skill points"
        else:
            turn = f"seat {who} to move ({labels.actions_left(state)})"
        seen = "" if self.observer is None else f" · seen by seat {self.observer}"
        last = " · last round" if state.end_triggered and not state.over else ""
        return (f"{state.n} players · round {state.rounds + 1} · turn {state.turns + 1} · "
                f"{turn}{last}{seen}")

    # ------------------------------------------------------------ face-up rows
    def _face_up(self, y: float) -> float:
        doc = self.doc
        deck = f"deck: {labels.plural(self.state.deck_count, 'card')} face down"
        doc.text(20, y + 14, "Face-up elixirs", font_size=14, font_weight="bold", fill=INK)
        doc.text(WIDTH - 20, y + 14, deck, font_size=13, fill=INK, text_anchor="end",
                 class_="deck")
        per_row = (len(self.state.face_up) + 1) // 2
        top = y + 24
        for slot, card in enumerate(self.state.face_up):
            row, col = divmod(slot, per_row)
            x = 20 + col * (CARD_W + CARD_GAP)
            cy = top + row * (CARD_H + CARD_GAP)
            doc.open(id=T.faceup_id(slot), class_="elixir face-up", data_slot=slot + 1,
                     data_card=None if card == EMPTY else self.data.elixirs[card].id)
            if card == EMPTY:
                doc.element("rect", x=x, y=cy, width=CARD_W, height=CARD_H, rx=8,
                            fill="none", stroke="#aaaaaa", stroke_dasharray="5 4")
                doc.text(x + CARD_W / 2, cy + CARD_H / 2 + 5, f"space {slot + 1}: empty",
                         font_size=12, fill=FAINT, text_anchor="middle")
            else:
                self._card(card, x, cy, slot + 1)
            doc.close()
        rows = -(-len(self.state.face_up) // per_row)
        return top + rows * (CARD_H + CARD_GAP) - CARD_GAP

    def _collect_row(self, y: float) -> float:
        """The collect action's ingredient pairs, each its own element (a click collects
        it); returns the bottom edge."""
        doc, names = self.doc, self.data.ingredients
        doc.text(20, y + 16, "Collect:", font_size=13, font_weight="bold", fill=INK)
        x = 20 + text_width("Collect: ", 13)
        for pair, (a, b) in enumerate(S.PAIRS):
            label = f"{names[a]} + {names[b]}"
            w = text_width(label, 11) + 40
            doc.open(id=T.collect_id(pair), class_="collect", data_pair=f"{names[a]}+{names[b]}")
            doc.element("rect", x=x, y=y, width=w, height=24, rx=12, fill="#ffffff",
                        stroke="#8d6e63", stroke_width=1)
            for k, name in enumerate((names[a], names[b])):
                doc.element("circle", cx=x + 11 + 10 * k, cy=y + 12, r=5.5, fill=hue(name),
                            stroke="#333333", stroke_width=0.8)
            doc.text(x + 34, y + 16, label, font_size=11, fill=INK)
            doc.close()
            x += w + 8
        return y + 24

    def _band(self, card: int, x: float, y: float, w: float, h: float) -> None:
        """The card's colours as a band (split for two colours, four stripes for multi)."""
        spec = self.data.elixirs[card]
        fills = list(MULTI) if spec.multi else [
            hue(name) for c, name in enumerate(self.data.decoctions) if spec.colours >> c & 1]
        part = w / len(fills)
        for k, fill in enumerate(fills):
            self.doc.element("rect", x=x + k * part, y=y, width=part, height=h, fill=fill)

    def _card(self, card: int, x: float, y: float, slot: int) -> None:
        data, doc = self.data, self.doc
        spec = data.elixirs[card]
        doc.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=8, fill="#ffffff",
                    stroke="#8d6e63", stroke_width=1.5)
        self._band(card, x + 1, y + 1, CARD_W - 2, 22)
        fill = MULTI[0] if spec.multi else hue(labels.colours(data, spec).split("/")[0])
        doc.text(x + 8, y + 17, f"{slot}", font_size=12, fill=ink_on(fill))
        doc.text(x + CARD_W / 2, y + 17, spec.id, font_size=14, font_weight="bold",
                 fill=ink_on(fill), text_anchor="middle", stroke=PAPER if spec.multi else None,
                 stroke_width=2.5 if spec.multi else None,
                 paint_order="stroke" if spec.multi else None)
        doc.text(x + CARD_W - 8, y + 17, f"{spec.ep} EP", font_size=12, font_weight="bold",
                 fill=ink_on(fill), text_anchor="end")
        doc.text(x + 8, y + 42, f"{labels.colours(data, spec)} {data.shapes[spec.shape]}, "
                 f"level {spec.level}", font_size=11, fill=INK)
        doc.text(x + 8, y + 62, "cost", font_size=11, fill=FAINT)
        self._dots(spec.cost, data.decoctions, x + 42, y + 58, square=True)
        bonus = labels.bonus(data, spec)
        doc.text(x + 8, y + 82, "skill", font_size=11, fill=FAINT)
        if bonus:
            self._dots(spec.bonus, data.ingredients, x + 42, y + 78, square=False)
        else:
            doc.text(x + 42, y + 82, "none", font_size=11, fill=FAINT)

    def _dots(self, counts: tuple[int, ...], names: tuple[str, ...], x: float, y: float,
              square: bool) -> None:
        """One small marker per unit: squares for decoctions, circles for ingredients."""
        k = 0
        for name, n in zip(names, counts, strict=True):
            for _ in range(n):
                cx = x + k * 16
                if square:
                    self.doc.element("rect", x=cx - 6, y=y - 6, width=12, height=12, rx=2,
                                     fill=hue(name), stroke="#333333", stroke_width=0.8)
                else:
                    self.doc.element("circle", cx=cx, cy=y, r=6, fill=hue(name),
                                     stroke="#333333", stroke_width=0.8)
                k += 1

    # ----------------------------------------------------------------- players
    def _players(self, y: float) -> float:
        """Two panels a row; returns the bottom edge."""
        points = self.state.scores()
        bottom = y
        for seat, player in enumerate(self.state.players):
            col = seat % 2
            if col == 0 and seat:
                y = bottom + 12
            end = self._player(seat, player, points[seat], 20 + col * PANEL_W, y)
            bottom = max(bottom, end)
        return bottom

    def _player(self, seat: int, player: Player, points: int, x: float, y: float) -> float:
        doc, state = self.doc, self.state
        fill = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        doc.open(class_=f"player seat-{seat}", data_seat=seat)
        frame = len(doc.parts)  # the frame goes in here once the height is known
        doc.element("circle", cx=x + 20, cy=y + 20, r=11, fill=fill, stroke="#111111",
                    stroke_width=1.5)
        doc.text(x + 20, y + 24.5, str(seat), font_size=13, font_weight="bold",
                 fill=ink_on(fill), text_anchor="middle")
        who = f"Seat {seat}"
        if seat == self.observer:
            who += " (you)"
        if state.over and seat in state.winners():
            who += " · winner"
        if seat == state.current_player:
            who += " · to move"
        doc.text(x + 38, y + 25, who, font_size=14, font_weight="bold", fill=INK)
        doc.text(x + PANEL_W - 22, y + 25, f"{points} points", font_size=14,
                 font_weight="bold", fill=INK, text_anchor="end", class_="points")
        self._tracks(seat, player, x + 14, y + 48)
        bottom = max(self._holdings(seat, player, x + 14, y + 48 + 24 * len(player.skills) + 6),
                     self._chest(seat, player, x + 250, y + 40))
        height = max(300.0, bottom + 10 - y)
        doc.element("rect", x=x, y=y, width=PANEL_W - 10, height=height, rx=8, fill="#ffffff",
                    stroke=fill, stroke_width=4 if seat == self.observer else 2)
        doc.parts.insert(frame, doc.parts.pop())
        doc.close()
        return y + height

    def _tracks(self, seat: int, player: Player, x: float, y: float) -> None:
        """Each skill track as its spaces, the player's marker filled in."""
        doc, track = self.doc, self.state.track
        for t, name in enumerate(self.data.ingredients):
            row = y + 24 * t
            doc.open(id=T.seat_id(seat, "track", t), class_="skill-track", data_track=name)
            doc.text(x, row + 13, name, font_size=11, fill=INK)
            for k, value in enumerate(track):
                bx = x + 48 + k * 22
                here = k == player.skills[t]
                doc.element("rect", x=bx, y=row, width=19, height=18, rx=3,
                            fill=hue(name) if here else "#f1ede4", stroke="#8d6e63",
                            stroke_width=1, class_="skill-space" + (" marker" if here else ""))
                doc.text(bx + 9.5, row + 13, str(value), font_size=11,
                         fill=ink_on(hue(name)) if here else FAINT, text_anchor="middle",
                         font_weight="bold" if here else None)
            doc.close()

    def _holdings(self, seat: int, player: Player, x: float, y: float) -> float:
        """Ingredients, decoctions (each colour its own element), the transformation,
        the unused tokens (each its own element), markers and sales; the bottom edge."""
        data, doc = self.data, self.doc
        doc.text(x, y + 12, "ingredients", font_size=11, fill=FAINT)
        for t, (name, n) in enumerate(zip(data.ingredients, player.ingredients, strict=True)):
            cx = x + 84 + t * 36
            doc.element("circle", cx=cx, cy=y + 8, r=8, fill=hue(name), stroke="#333333",
                        stroke_width=0.8)
            doc.text(cx + 11, y + 13, str(n), font_size=12, fill=INK)
        doc.text(x, y + 38, "decoctions", font_size=11, fill=FAINT)
        for c, name in enumerate(data.decoctions):
            cx = x + 76 + (c % 3) * 36
            cy = y + 28 + (c // 3) * 20
            doc.open(id=T.seat_id(seat, "decoction", c), class_="decoction", data_colour=name)
            doc.element("rect", x=cx, y=cy, width=13, height=13, rx=2, fill=hue(name),
                        stroke="#333333", stroke_width=0.8)
            doc.text(cx + 17, cy + 11, str(player.held(c)), font_size=12, fill=INK)
            doc.close()
        line = y + 80
        if player.moved:
            doc.text(x, line, f"transformed: {player.moved} {data.decoctions[player.moved_from]}"
                     f" → {data.decoctions[player.moved_to]}", font_size=11, fill=INK)
        line += 18
        tokens = [(k, name) for k, (name, unused)
                  in enumerate(zip(TOKEN_NAMES, player.tokens, strict=True)) if unused]
        line = self._row(x, line, 236.0, "tokens:" if tokens else "tokens: all used",
                         [(T.seat_id(seat, "token", k), name) for k, name in tokens], "token")
        doc.text(x, line, "markers: " + (" ".join(map(str, player.markers)) or "none"),
                 font_size=11, fill=INK, class_="markers")
        line += 18
        ep = sum(data.elixirs[c].ep for c in player.sold)
        doc.text(x, line, f"sold: {labels.plural(len(player.sold), 'elixir')} ({ep} EP)",
                 font_size=11, fill=INK, class_="sold")
        return line + 6

    def _row(self, x: float, y: float, width: float, label: str,
             items: list[tuple[str, str]], role: str) -> float:
        """`label`, then each (id, text) item as its own text element (a click target),
        wrapping within `width`; returns the baseline after the last row."""
        doc = self.doc
        doc.text(x, y, label, font_size=11, fill=INK, class_=f"{role}s")
        at = x + text_width(label, 11) + 6
        for ident, content in items:
            w = text_width(content, 11)
            if at + w > x + width:
                at, y = x + 12, y + 18
            doc.text(at, y, content, font_size=11, font_weight="bold", fill=INK, id=ident,
                     class_=role)
            at += w + 8
        return y + 18

    def _chest(self, seat: int, player: Player, x: float, y: float) -> float:
        """The 3x3 chest (each space its own element) and its complete lines (each its
        own element, a click sells it); returns the bottom edge."""
        data, doc = self.data, self.doc
        doc.text(x, y + 4, "chest", font_size=11, fill=FAINT)
        for cell, card in enumerate(player.chest):
            row, col = divmod(cell, 3)
            cx, cy = x + col * (CELL_W + 4), y + 12 + row * (CELL_H + 4)
            doc.open(id=T.seat_id(seat, "cell", cell), class_="elixir chest", data_seat=seat,
                     data_cell=cell + 1,
                     data_card=None if card == EMPTY else data.elixirs[card].id)
            if card == EMPTY:
                doc.element("rect", x=cx, y=cy, width=CELL_W, height=CELL_H, rx=5,
                            fill="#f1ede4", stroke="#c8bca8", stroke_width=1)
                doc.text(cx + CELL_W / 2, cy + CELL_H / 2 + 5, str(cell + 1), font_size=13,
                         fill="#b0a58f", text_anchor="middle")
            else:
                spec = data.elixirs[card]
                doc.element("rect", x=cx, y=cy, width=CELL_W, height=CELL_H, rx=5,
                            fill="#ffffff", stroke="#8d6e63", stroke_width=1.2)
                self._band(card, cx + 1, cy + 1, CELL_W - 2, 8)
                doc.text(cx + 5, cy + 24, spec.id, font_size=12, font_weight="bold", fill=INK)
                doc.text(cx + CELL_W - 5, cy + 24, f"{spec.ep}", font_size=11, fill=INK,
                         text_anchor="end")
                doc.text(cx + 5, cy + 41, f"{data.shapes[spec.shape]} L{spec.level}",
                         font_size=10, fill=FAINT)
            doc.close()
        lines = [(T.seat_id(seat, "line", k), f"{name} +{bonus}")
                 for k, name, bonus in labels.complete_lines(data, player)]
        return self._row(x, y + 12 + 3 * (CELL_H + 4) + 12, 3 * CELL_W + 8,
                         "complete:" if lines else "no complete line", lines, "line")
