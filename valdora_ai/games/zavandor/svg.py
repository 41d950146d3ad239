"""A Zavandor position as an SVG picture: market, districts, cards, players.

The picture is always drawn from a belief state: the public part of the position
(no observer) or what one seat knows (`observer`). A face-down tile shows its back and
dots for the seats that sampled it; another player's hand card shows its pile and
level; the piles show their size and top level. So two worlds differing only in
hidden tiles, cards or pile order give the same SVG.

The SVG is one self-contained string (no external fonts, images or scripts). Groups
carry classes and ``data-space``, ``data-card``, ``data-seat`` attributes so that a
frontend can style and click them.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.zavandor import info, targets
from valdora_ai.games.zavandor.data import ARTIFACT, CENTER, DECK_NAMES, GEM_LETTERS, Card
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import (
    CHANCE,
    DECK,
    EMPTY,
    ID,
    LEVEL,
    MASK,
    TERMINAL,
    UNKNOWN,
    Slot,
    ZavandorState,
)
from valdora_ai.games.zavandor.tables import (
    LEVELS,
    PHASE_WORDS,
    card_effect,
    gems_text,
    trader_letters,
)
from valdora_ai.games.zavandor.tables import extras as table_extras
from valdora_ai.svgdoc import SvgDoc, text_width

WIDTH = 1200
GEM_FILLS = ("#cfdbe8", "#d32f2f", "#1e63c4", "#2e9d4f")  # diamond, ruby, sapphire, emerald
GEM_INK = ("#222222", "#ffffff", "#ffffff", "#ffffff")
SEAT_COLOURS = ("#00acc1", "#e91e8c", "#ff8f00", "#43a047")
INK, FAINT, PAPER = "#222222", "#666666", "#fbf8f1"
DARK_BACK, LIGHT_BACK = "#6d5a45", "#c9b48a"
TILE = 84.0  # a tile space's side
DISTRICT_W, DISTRICT_H = 380.0, 130.0
CARD_W, CARD_H = 380.0, 66.0


def board_svg(state: Any, *, observer: int | None = None, size: int | None = None) -> str:
    """The picture of `state` (a world, a belief state or an observation) as SVG text.

    With `observer` (an observation's own seat by default) it shows what that seat
    knows and marks the seat; without, only what is public.
    """
    if isinstance(state, info.Observation):
        observer = state.observer if observer is None else observer
        state = state.belief_state()
    reference = as_reference(state)
    seen = info.observation(reference, observer) if observer is not None else None
    belief = seen.belief_state() if seen is not None else _public(reference)
    return _Picture(belief, observer).draw(size)


def _public(state: ZavandorState) -> ZavandorState:
    """What every player knows: a belief state with every id some seat does not know
    hidden."""
    belief = info.observation(state, max(state.observer, 0)).belief_state()
    everyone = belief.all_seats
    for space, tile in enumerate(belief.board):
        if tile >= 0 and belief.known[space] & everyone != everyone:
            belief.board[space] = UNKNOWN
    for slot in belief.card_slots():
        if slot[MASK] & everyone != everyone:
            slot[ID] = UNKNOWN
    return belief


class _Picture:
    def __init__(self, state: ZavandorState, observer: int | None) -> None:
        self.s = state
        self.observer = observer
        self.doc = SvgDoc(WIDTH, 0.0, css_class="zavandor-board",
                          title=f"The Gnomes of Zavandor, round {state.round}")

    def draw(self, size: int | None) -> str:
        doc = self.doc
        doc.element("rect", x=0, y=0, width=WIDTH, height="100%", fill=PAPER)
        doc.text(20, 34, self._headline(), font_size=18, font_weight="bold", fill=INK,
                 class_="headline")
        self._market(20, 60)
        bottom = self._districts(20, 262)
        right = self._cards(800, 60)
        doc.height = self._players(20, max(bottom, right) + 20) + 10
        return doc.render(size)

    def _headline(self) -> str:
        s = self.s
        player = s.current_player
        if player == TERMINAL:
            who = "game over"
        elif player == CHANCE:
            who = "a reveal is pending"
        else:
            who = f"seat {player} {PHASE_WORDS[s.phase]}"
        view = f" · seen by seat {self.observer}" if self.observer is not None else ""
        end = " · last round" if s.end_triggered else f" · {s.target_vp()} VP ends the game"
        return f"The Gnomes of Zavandor · round {s.round} · {who}{end}{view}"

    # -------------------------------------------------------------- market
    def _market(self, x: float, y: float) -> None:
        """Each gem's price scale 1-15: the current price filled, the target ringed."""
        doc, s, data = self.doc, self.s, self.s.data
        doc.text(x, y + 14, "Market: current price (filled) and target (ring)", font_size=14,
                 font_weight="bold", fill=INK)
        step = 44.0
        for g, name in enumerate(data.gem_names):
            row = y + 30 + g * 38
            doc.open(id=targets.market_id(g), class_="gem-price", data_gem=GEM_LETTERS[g])
            doc.title_of_group(f"{name}: price {s.cur[g]}, target {s.tgt[g]}")
            doc.text(x, row + 18, name, font_size=13, fill=INK)
            for price in range(data.price_min, data.price_max + 1):
                cx = x + 100 + (price - 1) * step
                current = price == s.cur[g]
                doc.element("circle", cx=cx, cy=row + 13, r=13,
                            fill=GEM_FILLS[g] if current else "#ffffff",
                            stroke=INK if price == s.tgt[g] else "#bbbbbb",
                            stroke_width=3.5 if price == s.tgt[g] else 1)
                doc.text(cx, row + 17.5, str(price), font_size=11, text_anchor="middle",
                         fill=GEM_INK[g] if current else FAINT)
            doc.close()

    # -------------------------------------------------------------- districts
    def _districts(self, x: float, y: float) -> float:
        """The five districts and Diamantina, two to a row; returns the bottom."""
        doc, s, data = self.doc, self.s, self.s.data
        doc.text(x, y - 8, "Districts: cost above, tile (or its back) below, dots: soil samples",
                 font_size=14, font_weight="bold", fill=INK)
        order = [*range(len(data.districts)), CENTER]
        for index, district in enumerate(order):
            bx = x + (index % 2) * (DISTRICT_W + 10)
            by = y + (index // 2) * (DISTRICT_H + 10)
            marker = district == s.gnome
            doc.open(class_="district", data_district=data.district_name(district))
            doc.element("rect", x=bx, y=by, width=DISTRICT_W, height=DISTRICT_H, rx=8,
                        fill="#f3ead2" if district == CENTER else "#e4ecd9",
                        stroke="#b8860b" if marker else "#9a9a9a",
                        stroke_width=4 if marker else 1)
            label = data.district_name(district) + ("  ◆ district marker" if marker else "")
            doc.text(bx + 10, by + 18, label, font_size=13, font_weight="bold", fill=INK)
            spaces = [sp for sp, space in enumerate(data.spaces) if space.district == district]
            for k, space in enumerate(spaces):
                self._space(bx + 8 + k * (TILE + 8), by + 28, space)
            doc.close()
        rows = (len(order) + 1) // 2
        return y + rows * (DISTRICT_H + 10)

    def _space(self, x: float, y: float, space: int) -> None:
        doc, s, data = self.doc, self.s, self.s.data
        label = data.spaces[space].label
        tile = s.board[space]
        doc.open(id=targets.space_id(label), class_="space", data_space=label)
        cost = gems_text(data.spaces[space].cost)
        doc.text(x + TILE / 2, y + 11, f"{label.split('.')[-1]}: {cost}", font_size=11,
                 text_anchor="middle", fill=INK)
        top = y + 16
        if tile == EMPTY:
            doc.element("rect", x=x, y=top, width=TILE, height=TILE - 30, rx=5, fill="none",
                        stroke="#aaaaaa", stroke_dasharray="4 3")
            doc.text(x + TILE / 2, top + 31, "bought", font_size=11, text_anchor="middle",
                     fill=FAINT)
        elif tile >= 0:
            t = data.tiles[tile]
            doc.title_of_group(f"{label}: {t.id}, {data.gem_names[t.gem]}"
                               f"{' + wild' * t.wild}, {t.vp} VP")
            doc.element("rect", x=x, y=top, width=TILE, height=TILE - 30, rx=5,
                        fill=GEM_FILLS[t.gem], stroke=INK)
            doc.text(x + TILE / 2, top + 22, GEM_LETTERS[t.gem] + " +W" * t.wild,
                     font_size=15, font_weight="bold", text_anchor="middle",
                     fill=GEM_INK[t.gem])
            doc.text(x + TILE / 2, top + 42, f"{t.vp} VP", font_size=12, text_anchor="middle",
                     fill=GEM_INK[t.gem])
        else:
            light = data.spaces[space].district == CENTER
            doc.title_of_group(f"{label}: face down")
            doc.element("rect", x=x, y=top, width=TILE, height=TILE - 30, rx=5,
                        fill=LIGHT_BACK if light else DARK_BACK, stroke=INK)
            doc.text(x + TILE / 2, top + 32, "?", font_size=18, text_anchor="middle",
                     fill="#ffffff")
        for q in range(s.n):
            if s.known[space] >> q & 1 and tile != EMPTY:
                doc.element("circle", cx=x + 9 + q * 14, cy=top + TILE - 20, r=5.5,
                            fill=SEAT_COLOURS[q], stroke=INK, stroke_width=0.8,
                            class_="sample", data_seat=q)
        doc.close()

    # -------------------------------------------------------------- cards
    def _cards(self, x: float, y: float) -> float:
        """Face-up artifacts and jewelry with the piles; returns the bottom."""
        doc, s = self.doc, self.s
        for deck in range(2):
            pile = s.piles[deck]
            top = f", top level {LEVELS[pile[-1][LEVEL]]}" if pile else ""
            doc.text(x, y + 14, f"{DECK_NAMES[deck].capitalize()}: pile of {len(pile)}{top}",
                     font_size=14, font_weight="bold", fill=INK, id=targets.pile_id(deck),
                     class_="pile")
            y += 24
            for slot, ident in enumerate(s.display[deck]):
                if ident != EMPTY:
                    self._card(x, y, deck, ident, targets.card_id(deck, slot),
                               self._discount(deck, slot, ident))
                    y += CARD_H + 6
            y += 8
        if s.drawn:
            doc.text(x, y + 14, "Drawn: keep one", font_size=14, font_weight="bold", fill=INK)
            y += 24
            for index, drawn in enumerate(s.drawn):
                self._card(x, y, drawn[DECK], drawn[ID], targets.drawn_id(index))
                y += CARD_H + 6
            y += 8
        return self._traders(x, y)

    def _traders(self, x: float, y: float) -> float:
        """The free trader cards, each its own element (a click takes it); the bottom."""
        s, doc = self.s, self.doc
        label = "Traders free: "
        doc.text(x, y + 14, label, font_size=13, fill=INK)
        cx = x + text_width(label, 13)
        free = [t for t in range(len(s.data.traders)) if t not in s.trader]
        for t in free:
            name = trader_letters(s, t)
            doc.text(cx, y + 14, name, font_size=13, font_weight="bold", fill=INK,
                     id=targets.trader_id(s.data.traders[t]), class_="trader")
            cx += text_width(name, 13) + 10
        if not free:
            doc.text(cx, y + 14, "none", font_size=13, fill=INK)
        return y + 24

    def _discount(self, deck: int, slot: int, ident: int) -> str:
        if deck != ARTIFACT or not self.s.opts.expert_discount:
            return ""
        upright, sideways = self.s.discount[slot]
        bold = GEM_LETTERS[self.s.card(deck, ident).bold]
        return f" · discount {upright}{bold}" + (" +1 sideways" if sideways else "") if (
            upright or sideways) else ""

    def _card(self, x: float, y: float, deck: int, ident: int, element: str,
              note: str = "") -> None:
        """A card face (or its back when `ident` is unknown) in a group of id `element`."""
        doc = self.doc
        if ident < 0:
            doc.open(id=element, class_="card back")
            doc.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=6, fill=DARK_BACK)
            doc.text(x + CARD_W / 2, y + 38, "?", font_size=16, text_anchor="middle",
                     fill="#ffffff")
            doc.close()
            return
        card: Card = self.s.card(deck, ident)
        doc.open(id=element, class_="card", data_card=card.id)
        doc.element("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=6,
                    fill="#efe3f5" if deck == ARTIFACT else "#fdf1d8", stroke="#8a7a9a")
        doc.text(x + 10, y + 20, f"{card.id} · level {LEVELS[card.level]}", font_size=13,
                 font_weight="bold", fill=INK)
        doc.text(x + CARD_W - 10, y + 20, f"{card.vp} VP", font_size=13, font_weight="bold",
                 text_anchor="end", fill=INK)
        self._gem_row(x + 10, y + 27, card.cost)
        effect = card_effect(card) + note
        if effect:
            doc.text(x + 10, y + 60, _fit(effect, CARD_W - 20, 11), font_size=11, fill=FAINT)
        doc.close()

    def _gem_row(self, x: float, y: float, counts: list[int] | tuple[int, ...]) -> float:
        """Gem counts as coloured chips with numbers; returns the x after them."""
        doc = self.doc
        for g, count in enumerate(counts):
            if not count:
                continue
            doc.element("rect", x=x, y=y, width=28, height=18, rx=4, fill=GEM_FILLS[g],
                        stroke="#777777", stroke_width=0.8)
            doc.text(x + 14, y + 13.5, f"{count}{GEM_LETTERS[g]}", font_size=11,
                     text_anchor="middle", fill=GEM_INK[g])
            x += 32
        return x

    # -------------------------------------------------------------- players
    def _players(self, x: float, y: float) -> float:
        """One band per player: gold, gems, extras, tiles, cards, hand, VP."""
        doc, s, data = self.doc, self.s, self.s.data
        doc.text(x, y + 14, "Players", font_size=14, font_weight="bold", fill=INK)
        y += 24
        for q in range(s.n):
            mover = s.current_player == q
            doc.open(class_=f"player seat-{q}", data_seat=q)
            doc.element("rect", x=x, y=y, width=WIDTH - 40, height=74, rx=6,
                        fill="#ffffff", stroke=SEAT_COLOURS[q],
                        stroke_width=4 if mover else 1.5)
            you = " (you)" if q == self.observer else ""
            doc.text(x + 12, y + 22, f"seat {q}{you}", font_size=15, font_weight="bold",
                     fill=SEAT_COLOURS[q])
            doc.text(x + 12, y + 44, f"{s.vp(q)} VP", font_size=15, font_weight="bold",
                     fill=INK)
            doc.text(x + 12, y + 64, f"{s.gold[q]} gold", font_size=12, fill=INK,
                     id=targets.seat_id(q, "gold"))
            gx = self._gem_row(x + 150, y + 8, s.gems[q]) if any(s.gems[q]) else x + 150
            extras = " · ".join(table_extras(s, q, trader=False))
            if extras or gx == x + 150:
                doc.text(gx + 4, y + 21, extras or "no gems", font_size=12, fill=FAINT)
            tiles = "  ".join(f"{GEM_LETTERS[data.tiles[t].gem]}{'+W' * data.tiles[t].wild}"
                              f":{data.tiles[t].vp}" for t in s.tiles[q])
            doc.text(x + 150, y + 45, "tiles: " + (tiles or "none"), font_size=12, fill=INK,
                     id=targets.seat_id(q, "tiles"))
            cards = ", ".join(s.card(d, i).id for d, i in s.owned[q])
            doc.text(x + 150, y + 64, _fit("cards: " + (cards or "none"), WIDTH - 470, 12),
                     font_size=12, fill=INK)
            doc.text(x + WIDTH - 52, y + 64, _fit("hand: " + self._hand(s.hand[q]), 300, 12),
                     font_size=12, text_anchor="end", fill=INK, id=targets.seat_id(q, "hand"))
            if s.trader[q] >= 0:
                doc.text(x + WIDTH - 52, y + 44, "trader " + trader_letters(s, s.trader[q]),
                         font_size=12, text_anchor="end", fill=INK,
                         id=targets.seat_id(q, "trader"))
            left = s.actions_left[q]
            doc.text(x + WIDTH - 52, y + 22, f"{left} action{'s' * (left != 1)} left",
                     font_size=11, text_anchor="end", fill=FAINT)
            doc.close()
            y += 82
        return y

    def _hand(self, slot: Slot | None) -> str:
        if slot is None:
            return "none"
        if slot[ID] >= 0:
            return self.s.card(slot[DECK], slot[ID]).id
        return f"{DECK_NAMES[slot[DECK]]} {LEVELS[slot[LEVEL]]} (face down)"


def _fit(text: str, width: float, size: float) -> str:
    """`text` cut with an ellipsis to fit `width` at font size `size`."""
    while text_width(text, size) > width and len(text) > 4:
        text = text[:-4] + "…"
    return text
