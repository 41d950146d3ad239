"""The reference rules engine for The Valley of Alchemists: readable pure Python, and
the specification.

Every rule lives here once. Section names in comments and docstrings ("VII.2 Brewing
the Decoctions", ...) are the rulebook's; where the rulebook is silent the engine
follows the design doc's modelling decisions and docs/games/alchemists.md.

Hidden information
------------------
The only hidden things are the order of the face-down elixir deck and which cards were
returned to the box at setup. Every card ever face up stays known (face-up rows,
chests, sold piles: perfect recall), so the *unseen* cards are public as a set: all
cards minus the known ones, of which ``deck_count`` lie in the deck.

A state is either a *world* (``deck`` and ``box`` hold the true cards: the real game or
a determinization) or a *belief* state (``deck is None``). In a belief state the
refill at the end of a turn passes through chance nodes, one per card drawn: each
unseen card is the next one with probability 1 / (number of unseen cards), exact
because the deck is a uniformly shuffled sample of the unseen cards (the setup removal
is folded into that sample: it is never revealed). In a world the card is popped.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import MAX_LEVEL, AlchemistsData, Elixir, Options
from valdora_ai.games.refusals import legal_code

CHANCE = -1  # `current_player` at a chance node
TERMINAL = -2  # `current_player` once the game is over
EMPTY = -1  # an empty face-up space or chest cell
NONE = -1  # no colour (the transformation token holds nothing)

# Turn phases: setup skill points, choosing an action, and the three compound actions.
SETUP, CHOOSE, BREWING, MAKING, SELLING = 0, 1, 2, 3, 4
PHASE_NAMES = ("setup", "choose", "brewing", "making", "selling")



def _describe(state: Any, step: int) -> str:
    """The notation's token for `step` (the notation module imports this one)."""
    from valdora_ai.games.alchemists.notation import describe_step

    return describe_step(state, step)

class Player:
    """Everything in front of one player; all of it is public."""

    skills: list[int]
    ingredients: list[int]
    decoctions: list[int]
    moved_from: int
    moved_to: int
    moved: int
    tokens: list[bool]
    chest: list[int]
    sold: list[int]
    markers: list[int]

    __slots__ = ("skills", "ingredients", "decoctions", "moved_from", "moved_to", "moved",
                 "tokens", "chest", "sold", "markers")

    def __init__(self, n_ingredients: int, n_decoctions: int) -> None:
        self.skills = [0] * n_ingredients  # space index on each track (0 = first space)
        self.ingredients = [0] * n_ingredients
        self.decoctions = [0] * n_decoctions  # untransformed decoctions held, per colour
        # Decoction transformation: `moved` markers printed `moved_from` lie on the token
        # and count as `moved_to`.
        self.moved_from = NONE
        self.moved_to = NONE
        self.moved = 0
        self.tokens = [True] * 4  # shape, colour, level, transformation still unused
        self.chest = [EMPTY] * S.CELLS
        self.sold: list[int] = []  # sold elixir cards, in order of sale
        self.markers: list[int] = []  # experience markers taken (line bonuses)

    def copy(self) -> Player:
        other = Player.__new__(Player)
        for name in ("moved_from", "moved_to", "moved"):
            setattr(other, name, getattr(self, name))
        for name in ("skills", "ingredients", "decoctions", "tokens", "chest", "sold",
                     "markers"):
            setattr(other, name, getattr(self, name).copy())
        return other

    def held(self, colour: int) -> int:
        """Decoctions counting as `colour`, transformed ones included."""
        return self.decoctions[colour] + (self.moved if colour == self.moved_to else 0)

    def total_decoctions(self) -> int:
        return sum(self.decoctions) + self.moved

    def made(self) -> int:
        """Elixirs made: sold plus in the chest (the first tie-break)."""
        return len(self.sold) + sum(1 for card in self.chest if card != EMPTY)


@dataclass(frozen=True)
class ScoreLine:
    """One player's final score as in IX. End of the Game, with the tie-breaks."""

    sold: int
    markers: int
    chest: int
    decoctions: int
    made: int  # tie-breaks: elixirs made, decoctions held, ingredients held
    held_decoctions: int
    held_ingredients: int

    @property
    def total(self) -> int:
        return self.sold + self.markers + self.chest + self.decoctions

    @property
    def rank_key(self) -> tuple[int, int, int, int]:
        return (self.total, self.made, self.held_decoctions, self.held_ingredients)


def line_bonus(data: AlchemistsData, cards: list[Elixir], tokens: list[int]) -> int:
    """The best bonus of a line (VII.5): 5 same shape, 4 per shared colour, 3 same level.

    ``tokens[i]`` is the special token on the line's i-th elixir (or NONE). A token's
    new value and a multi-colour elixir's colour, shape and level are named at the
    sale, so each attribute takes its best possible naming (they are independent).
    """
    n_shapes, n_colours = len(data.shapes), len(data.decoctions)
    shape_sets, level_sets, colour_sets = [], [], []
    for card, tok in zip(cards, tokens, strict=True):
        wild = card.multi
        shape_sets.append(set(range(n_shapes)) if wild or tok == S.SHAPE_TOKEN
                          else {card.shape})
        level_sets.append(set(range(1, MAX_LEVEL + 1)) if wild or tok == S.LEVEL_TOKEN
                          else {card.level})
        if wild:
            colour_sets.append({1 << c for c in range(n_colours)})
        elif tok == S.COLOUR_TOKEN:
            kept = [1 << c for c in range(n_colours) if card.colours >> c & 1]
            if len(kept) == 1:  # a single colour becomes any other colour
                colour_sets.append({1 << c for c in range(n_colours)})
            else:  # a two-colour elixir keeps one colour and replaces the other
                colour_sets.append({k | 1 << c for k in kept for c in range(n_colours)})
        else:
            colour_sets.append({card.colours})
    bonus = 0
    if set.intersection(*shape_sets):
        bonus += data.shape_bonus
    if set.intersection(*level_sets):
        bonus += data.level_bonus
    shared = max(bin(a & b & c).count("1") for a, b, c in product(*colour_sets))
    return bonus + data.colour_bonus * shared


class AlchemistsState:
    """A Valley of Alchemists position, with the step interface search and people use.

    `apply` and `play` both refuse an illegal step (IllegalMoveError).
    Seat 0 is the First Player.
    """

    __slots__ = ("data", "options", "track", "n", "players", "face_up", "deck", "box",
                 "deck_count", "current", "phase", "actions_left", "order", "points_left",
                 "sale_line", "sale_tokens", "refilling", "rounds", "turns", "end_triggered",
                 "capped", "over", "recording")

    data: AlchemistsData
    options: Options
    track: tuple[int, ...]
    n: int
    players: list[Player]
    face_up: list[int]  # a card per face-up space, or EMPTY
    deck: list[int] | None  # world: the deck, top card last; None in a belief state
    box: list[int] | None  # world: the cards returned to the box at setup
    deck_count: int
    current: int
    phase: int
    actions_left: int
    order: int  # the last brew colour, make space, token or setup track of this action
    points_left: int  # setup skill points left to the seat placing them
    sale_line: int
    sale_tokens: list[int]
    refilling: bool  # a belief state waits for a refill draw (a chance node)
    rounds: int
    turns: int
    end_triggered: bool
    capped: bool
    over: bool
    recording: list[int] | None  # chance steps a world's refill drew (apply_revealing)

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, data: AlchemistsData, options: Options, n_players: int, rng: object
            ) -> AlchemistsState:
        """IV. Setup: shuffle, keep the deck for the player count, deal the face-up rows."""
        self = cls.__new__(cls)
        self.data = data
        self.options = options
        self.track = data.tracks[options.track]
        self.n = n_players
        self.players = [Player(len(data.ingredients), len(data.decoctions))
                        for _ in range(n_players)]
        order = list(range(len(data.elixirs)))
        rng.shuffle(order)  # type: ignore[attr-defined]
        size = data.deck_size[n_players]
        self.deck = order[:size]  # top card last
        self.box = sorted(order[size:])
        self.face_up = [self.deck.pop() for _ in range(data.face_up)]
        self.deck_count = len(self.deck)
        self.current = 0
        self.phase = SETUP if data.start_points else CHOOSE
        self.points_left = data.start_points
        self.actions_left = data.actions_per_turn
        self.order = NONE
        self.sale_line = NONE
        self.sale_tokens = [NONE] * S.LINE_LENGTH
        self.refilling = False
        self.rounds = 0
        self.turns = 0
        self.end_triggered = False
        self.capped = False
        self.over = False
        self.recording = None
        return self

    def copy(self) -> AlchemistsState:
        other = AlchemistsState.__new__(AlchemistsState)
        for name in ("data", "options", "track", "n", "deck_count", "current", "phase",
                     "actions_left", "order", "points_left", "sale_line", "refilling",
                     "rounds", "turns", "end_triggered", "capped", "over"):
            setattr(other, name, getattr(self, name))
        other.players = [p.copy() for p in self.players]
        other.face_up = self.face_up.copy()
        other.deck = None if self.deck is None else self.deck.copy()
        other.box = None if self.box is None else self.box.copy()
        other.sale_tokens = self.sale_tokens.copy()
        other.recording = None
        return other

    # ----------------------------------------------------------------- queries
    @property
    def current_player(self) -> int:
        """The seat to decide, CHANCE at a refill draw in a belief state, TERMINAL at the end."""
        if self.over:
            return TERMINAL
        if self.refilling:
            return CHANCE
        return self.current

    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        return not self.over and self.refilling

    @property
    def is_world(self) -> bool:
        """True when the deck order is fixed (real game or determinization)."""
        return self.deck is not None

    def skill_value(self, player: Player, track: int) -> int:
        """How many ingredients of that type one collect may take (VII.1)."""
        return self.track[player.skills[track]]

    def unseen(self) -> list[int]:
        """The cards never seen: the deck and the box together (public as a set)."""
        known = {c for c in self.face_up if c != EMPTY}
        for p in self.players:
            known.update(c for c in p.chest if c != EMPTY)
            known.update(p.sold)
        return [c for c in range(len(self.data.elixirs)) if c not in known]

    def legal_steps(self) -> list[int]:
        """The legal steps (decisions, or chance outcomes at a chance node), ascending."""
        if self.over:
            return []
        if self.refilling:
            return [S.chance(card) for card in self.unseen()]
        player = self.players[self.current]
        if self.phase == SETUP:
            top = len(self.track) - 1
            return [S.skill(t) for t in range(len(player.skills))
                    if t >= self.order and player.skills[t] < top] or [S.END]
        if self.phase == SELLING:
            return [S.STOP] + self._legal_tokens(player)
        steps = [S.END] if self.phase == CHOOSE else [S.STOP]
        if self.phase == CHOOSE:
            steps += self._legal_collects(player)
        if self.phase in (CHOOSE, BREWING):
            first = self.order if self.phase == BREWING else 0
            steps += [S.brew(c) for c in range(len(player.decoctions))
                      if c >= first and self._can_brew(player, c)]
        if self.phase in (CHOOSE, MAKING):
            steps += self._legal_makes(player)
        if self.phase == CHOOSE:
            steps += self._legal_rearranges(player)
            steps += [S.sell(i) for i, line in enumerate(S.LINES)
                      if all(player.chest[cell] != EMPTY for cell in line)]
        if player.tokens[S.TRANSFORM_TOKEN]:
            steps += self._legal_transforms(player)
        return steps

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(chance step, exact probability) pairs at a chance node: a uniform draw."""
        cards = self.unseen()
        return [(S.chance(card), 1.0 / len(cards)) for card in cards]

    def collect_amounts(self, player: Player, pair: int) -> list[int]:
        """VII.1: up to the skill value of each named type, never above the limit."""
        amounts = [0] * len(player.ingredients)
        for t in S.PAIRS[pair]:
            if t < len(amounts):
                room = self.data.ingredient_limit - player.ingredients[t]
                amounts[t] = min(self.skill_value(player, t), room)
        return amounts

    def _legal_collects(self, player: Player) -> list[int]:
        """One step per distinct result taking the full amounts (taking fewer is legal
        but never better); a pair whose both types are full is not offered."""
        steps, seen = [], set()
        for pair in range(len(S.PAIRS)):
            amounts = tuple(self.collect_amounts(player, pair))
            if sum(amounts) and amounts not in seen:
                seen.add(amounts)
                steps.append(S.collect(pair))
        return steps

    def board_decoctions(self, player: Player, colour: int) -> int:
        """Markers of that printed colour left on the player's Ingredient board."""
        on_token = player.moved if colour == player.moved_from else 0
        return self.data.decoction_limit - player.decoctions[colour] - on_token

    def _can_brew(self, player: Player, colour: int) -> bool:
        """VII.2: the ingredients of the recipe, a free marker, and room under the limit."""
        recipe = self.data.recipes[colour]
        return (all(have >= need for have, need in zip(player.ingredients, recipe, strict=True))
                and player.held(colour) < self.data.decoction_limit
                and self.board_decoctions(player, colour) > 0)

    def can_pay(self, player: Player, card: int) -> bool:
        cost = self.data.elixirs[card].cost
        return all(player.held(c) >= need for c, need in enumerate(cost))

    def _legal_makes(self, player: Player) -> list[int]:
        """VII.3: any affordable face-up elixir into any empty chest cell. Within one make
        action the face-up spaces are taken in increasing order (the order of several
        makes does not change the result)."""
        cells = [cell for cell, card in enumerate(player.chest) if card == EMPTY]
        if not cells:
            return []
        first = self.order + 1 if self.phase == MAKING else 0
        return [S.make(slot, cell) for slot in range(first, len(self.face_up))
                if self.face_up[slot] != EMPTY and self.can_pay(player, self.face_up[slot])
                for cell in cells]

    @staticmethod
    def _legal_rearranges(player: Player) -> list[int]:
        """VII.4: move one elixir to an empty cell, or swap two (listed once)."""
        steps = []
        for source, card in enumerate(player.chest):
            if card == EMPTY:
                continue
            for target, other in enumerate(player.chest):
                if other == EMPTY or target > source:
                    if target != source:
                        steps.append(S.rearrange(source, target))
        return steps

    def _legal_tokens(self, player: Player) -> list[int]:
        """VIII: shape, colour and level tokens on the line being sold, at most one per
        elixir, in token order; not on a multi-colour elixir (no effect there)."""
        steps = []
        line = S.LINES[self.sale_line]
        for kind in range(self.order + 1, S.N_TOKENS):
            if not player.tokens[kind]:
                continue
            for position, cell in enumerate(line):
                card = self.data.elixirs[player.chest[cell]]
                if self.sale_tokens[position] == NONE and not card.multi:
                    steps.append(S.token(kind, position))
        return steps

    def _legal_transforms(self, player: Player) -> list[int]:
        """VIII Decoction transformation: n untransformed decoctions of one colour
        become n of another."""
        return [S.transform(src, dst, count)
                for src, have in enumerate(player.decoctions) if have
                for dst in range(len(player.decoctions)) if dst != src
                for count in range(1, have + 1)]

    # ----------------------------------------------------------------- applying
    def play(self, step: int) -> None:
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        self.apply(step)

    def apply(self, step: int) -> None:
        """Apply a legal step; any other number raises IllegalMoveError, as on the
        compiled core (a step of another kind than the node asks for would corrupt the
        state), so `apply` checks as `play` does."""
        self._apply(legal_code(self, step, _describe, S.kind))

    def _apply(self, step: int) -> None:
        if self.refilling:
            self._draw(step - S.CHANCE_BASE)
            return
        kind = S.kind(step)
        player = self.players[self.current]
        arg = S.argument(step)
        if kind == "skill":
            self._apply_skill_point(player, arg)
        elif kind == "end":
            if self.phase == SETUP:  # every track at the top: the points are lost
                self._next_setup_seat()
            else:
                self._end_turn()
        elif kind == "stop":
            self._close_action(player)
        elif kind == "collect":
            self._start_action()
            for t, amount in enumerate(self.collect_amounts(player, arg)):
                player.ingredients[t] += amount
            self._after_action()
        elif kind == "brew":
            self._apply_brew(player, arg)
        elif kind == "make":
            self._apply_make(player, *divmod(arg, S.CELLS))
        elif kind == "rearrange":
            self._start_action()
            source, target = divmod(arg, S.CELLS)
            chest = player.chest
            chest[source], chest[target] = chest[target], chest[source]
            self._after_action()
        elif kind == "sell":
            self._start_action()
            self.phase, self.sale_line, self.order = SELLING, arg, NONE
        elif kind == "token":
            token_kind, position = divmod(arg, S.LINE_LENGTH)
            self.sale_tokens[position] = token_kind
            self.order = token_kind
        else:  # transform
            self._apply_transform(player, *S.transform_parts(step))

    def _apply_skill_point(self, player: Player, track: int) -> None:
        """IV. Setup: two skill points, from the First Player clockwise."""
        player.skills[track] += 1
        self.order = track
        self.points_left -= 1
        if not self.points_left:
            self._next_setup_seat()

    def _next_setup_seat(self) -> None:
        self.order = NONE
        self.points_left = self.data.start_points
        if self.current == self.n - 1:
            self.current = 0
            self.phase = CHOOSE
        else:
            self.current += 1

    def _start_action(self) -> None:
        self.actions_left -= 1

    def _after_action(self) -> None:
        """An action is complete: back to choosing, or the turn ends after the last one."""
        self.phase = CHOOSE
        self.order = NONE
        if not self.actions_left:
            self._end_turn()

    def _close_action(self, player: Player) -> None:
        if self.phase == SELLING:
            self._score_sale(player)
        self._after_action()

    def _apply_brew(self, player: Player, colour: int) -> None:
        """VII.2: ingredients back to the Ingredient board, a decoction from it."""
        if self.phase == CHOOSE:
            self._start_action()
            self.phase = BREWING
        for t, need in enumerate(self.data.recipes[colour]):
            player.ingredients[t] -= need
        player.decoctions[colour] += 1
        self.order = colour

    def _apply_make(self, player: Player, slot: int, cell: int) -> None:
        """VII.3: pay the cost, place the elixir in the chest, take its skill bonus."""
        if self.phase == CHOOSE:
            self._start_action()
            self.phase = MAKING
        card = self.face_up[slot]
        spec = self.data.elixirs[card]
        for colour, need in enumerate(spec.cost):
            self._spend(player, colour, need)
        top = len(self.track) - 1
        for t, steps in enumerate(spec.bonus):
            player.skills[t] = min(player.skills[t] + steps, top)
        player.chest[cell] = card
        self.face_up[slot] = EMPTY
        self.order = slot

    @staticmethod
    def _spend(player: Player, colour: int, need: int) -> None:
        """Pay `need` decoctions of `colour`, transformed ones first (their printed
        markers go back to the board; see docs/games/alchemists.md)."""
        if colour == player.moved_to and need:
            used = min(need, player.moved)
            player.moved -= used
            need -= used
            if not player.moved:
                player.moved_from = player.moved_to = NONE
        player.decoctions[colour] -= need

    def _apply_transform(self, player: Player, source: int, target: int, count: int) -> None:
        """VIII: the only way past the decoction limit; the token is used once."""
        player.tokens[S.TRANSFORM_TOKEN] = False
        player.decoctions[source] -= count
        player.moved_from, player.moved_to, player.moved = source, target, count
        if self.phase in (BREWING, MAKING):
            self.order = NONE  # new decoctions: the canonical order starts again

    def _score_sale(self, player: Player) -> None:
        """VII.5: the line's bonus as an experience marker; the cards face down beside
        the board (their EP count at the end); used tokens are discarded."""
        line = S.LINES[self.sale_line]
        cards = [player.chest[cell] for cell in line]
        bonus = line_bonus(self.data, [self.data.elixirs[c] for c in cards], self.sale_tokens)
        if bonus:
            player.markers.append(bonus)
        for kind in self.sale_tokens:
            if kind != NONE:
                player.tokens[kind] = False
        for cell in line:
            player.chest[cell] = EMPTY
        player.sold.extend(cards)
        self.sale_line = NONE
        self.sale_tokens = [NONE] * S.LINE_LENGTH

    def _end_turn(self) -> None:
        """Refill the face-up spaces (VII.3), then pass the turn clockwise."""
        self.phase = CHOOSE
        self.order = NONE
        self._refill()

    def _refill(self) -> None:
        """One card per empty space, in space order; a belief state stops at a chance
        node for each draw. Drawing the last card triggers the end (IX)."""
        while self.deck_count and EMPTY in self.face_up:
            if self.deck is None:
                self.refilling = True
                return
            self._place(self.deck.pop())
        self._pass_turn()

    def _draw(self, card: int) -> None:
        self.refilling = False
        self._place(card)
        self._refill()

    def _place(self, card: int) -> None:
        self.face_up[self.face_up.index(EMPTY)] = card
        self.deck_count -= 1
        if self.recording is not None:
            self.recording.append(S.chance(card))
        if not self.deck_count:
            self.end_triggered = True

    def _pass_turn(self) -> None:
        """IX: once triggered, the round is completed so that all had as many turns; the
        stall safeguard (an option, off in rules mode) ends a game that cannot end."""
        self.turns += 1
        if self.current == self.n - 1:
            self.rounds += 1
            if self.end_triggered:
                self.over = True
            elif self.options.stall_safeguard and self.rounds >= self.options.stall_rounds:
                self.over = self.capped = True
        self.current = (self.current + 1) % self.n
        self.actions_left = self.data.actions_per_turn

    # ----------------------------------------------------------------- scoring
    def score_lines(self) -> list[ScoreLine]:
        """IX: sold EP, experience markers, chest EP, 1 per pair of decoctions."""
        cards = self.data.elixirs
        return [ScoreLine(
            sold=sum(cards[c].ep for c in p.sold),
            markers=sum(p.markers),
            chest=sum(cards[c].ep for c in p.chest if c != EMPTY),
            decoctions=p.total_decoctions() // 2,
            made=p.made(),
            held_decoctions=p.total_decoctions(),
            held_ingredients=sum(p.ingredients),
        ) for p in self.players]

    def scores(self) -> list[int]:
        return [line.total for line in self.score_lines()]

    def winners(self) -> list[int]:
        """Most EP; ties: most elixirs made, then decoctions, then ingredients; shared."""
        keys = [line.rank_key for line in self.score_lines()]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def returns(self) -> list[float]:
        """Win shares once the game is over (1 split among the winners), zeros before."""
        if not self.over:
            return [0.0] * self.n
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]

    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "over"}.get(self.current_player,
                                                      f"seat {self.current}")
        return (f"<AlchemistsState {self.n} players, round {self.rounds + 1}, "
                f"{PHASE_NAMES[self.phase]}, {who}>")

    def _repr_svg_(self) -> str:
        """The table picture, so a position shows itself in Jupyter (public part only)."""
        from valdora_ai.games.alchemists.svg import board_svg  # svg imports this module

        return board_svg(self)
