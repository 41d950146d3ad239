"""The rules of Expeditions: the reference engine, and the game's only one.

Cards
    Five colours (Y, B, W, G, R); in each, two stakes and the numbers 2 to 10: 55 cards.
    A card's *kind* is ``colour * 10 + rank``: rank 0 is a stake (two copies a colour),
    ranks 1 to 9 are the numbers 2 to 10.
Setup
    The deck is shuffled and each player is dealt six cards, hidden from the others.
    Seat 0 begins; play passes to the next seat.
A turn
    Play one card from your hand, either onto your own expedition of its colour (a stake
    only while the expedition holds no number; a number only above the highest number
    in it) or face up onto the discard pile, out of the game. Then draw the top card of
    the deck. The game ends when the last card is drawn.
Score
    Each expedition holding a card scores (the sum of its numbers - 15) times (1 + its
    stakes); an expedition never started scores 0. The highest total wins; a tie shares.

Hidden information: the hands and the deck order. A state is a *world* (``observer ==
WORLD``: every card known, the real game or a sampled one) or the *belief state* of one
seat (the other hands and the deck are ``UNKNOWN``). In a belief, the observer's own
draw is a chance node over the kinds it has not seen, weighted by their copies; another
seat's move names the card it plays, so every kind the observer has not seen is a legal
play of that seat, and its draw is one more unknown card. Nothing a seat plays rules
out a card in its hand (any card may be discarded), so the unseen cards are spread
uniformly over the unknown places.
"""

from __future__ import annotations

import bisect
from collections import Counter
from typing import Any

from valdora_ai.errors import IllegalMoveError
from valdora_ai.games import CHANCE, TERMINAL

COLOURS = "YBWGR"
RANKS = 10  # rank 0 a stake, 1 to 9 the numbers 2 to 10
KINDS = len(COLOURS) * RANKS
STAKE_COPIES = 2
HAND = 6
COST = 15  # what an expedition costs before its numbers count
DECK = [kind for kind in range(KINDS) for _ in range(STAKE_COPIES if kind % RANKS == 0 else 1)]
CARDS = len(DECK)

PLAY, DISCARD, DRAW = 0, KINDS, 2 * KINDS  # step = base + kind
STEP_LIMIT = 3 * KINDS

WORLD = -1  # the observer of a world
NOBODY = -1  # the viewer of a world whose reveals nobody records
UNKNOWN = -1  # a card the belief's observer has not seen


def colour(kind: int) -> int:
    return kind // RANKS


def value(kind: int) -> int:
    """What a number card adds to its expedition (0 for a stake)."""
    rank = kind % RANKS
    return rank + 1 if rank else 0


def card_name(kind: int) -> str:
    """``Y*`` for a yellow stake, ``R10`` for the red 10."""
    rank = kind % RANKS
    return COLOURS[colour(kind)] + (str(rank + 1) if rank else "*")


CARD_KINDS = {card_name(kind): kind for kind in range(KINDS)}


def expedition_score(cards: list[int]) -> int:
    """(sum of the numbers - COST) x (1 + stakes); 0 for an expedition never started."""
    if not cards:
        return 0
    stakes = sum(1 for kind in cards if kind % RANKS == 0)
    return (sum(value(kind) for kind in cards) - COST) * (1 + stakes)


class ExpeditionsState:
    """A world or a belief state of Expeditions, with the step interface of the library.

    `apply` trusts that a step is legal, but refuses (IllegalMoveError) a number that is
    no step here or a card the seat does not hold; `play` checks legality first.
    """

    __slots__ = ("n", "observer", "viewer", "hands", "deck", "expeditions", "discards",
                 "drawing", "recording")

    def __init__(self, n: int, hands: list[list[int]], deck: list[int],
                 expeditions: list[list[list[int]]], discards: list[int],
                 observer: int = WORLD, drawing: bool = False) -> None:
        self.n = n
        self.observer = observer
        self.viewer = observer if observer != WORLD else NOBODY
        self.hands = hands  # sorted kinds; all UNKNOWN for a seat the observer cannot see
        self.deck = deck  # top card last
        self.expeditions = expeditions  # per seat, per colour, in the order played
        self.discards = discards
        self.drawing = drawing  # a belief's observer has played and awaits its draw
        self.recording: list[int] | None = None  # see apply_revealing

    @classmethod
    def new(cls, n: int, rng: Any) -> ExpeditionsState:
        """A shuffled deck and six cards dealt to each seat."""
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(n)]
        return cls(n, hands, deck, [[[] for _ in COLOURS] for _ in range(n)], [])

    def copy(self) -> ExpeditionsState:
        other = ExpeditionsState(self.n, [list(h) for h in self.hands], list(self.deck),
                                 [[list(e) for e in seat] for seat in self.expeditions],
                                 list(self.discards), self.observer, self.drawing)
        other.viewer = self.viewer
        return other

    # ------------------------------------------------------------ where we are
    @property
    def turns(self) -> int:
        """Turns completed: each draws one card from the deck."""
        return CARDS - HAND * self.n - len(self.deck)

    @property
    def mover(self) -> int:
        """The seat whose turn it is (play passes round from seat 0)."""
        return self.turns % self.n

    @property
    def current_player(self) -> int:
        if self.drawing:
            return CHANCE
        return TERMINAL if not self.deck else self.mover

    def is_terminal(self) -> bool:
        return not self.deck and not self.drawing

    def is_chance_node(self) -> bool:
        return self.drawing

    def sees(self, seat: int) -> bool:
        """Whether this state knows `seat`'s hand (a world knows every hand)."""
        return self.observer in (WORLD, seat)

    def unseen(self) -> list[int]:
        """The kinds (one entry a copy) of the cards the observer has not seen: those in
        the deck and in the hands it cannot see."""
        seen = Counter(kind for seat in range(self.n) if self.sees(seat)
                       for kind in self.hands[seat])
        seen.update(kind for seat in self.expeditions for cards in seat for kind in cards)
        seen.update(self.discards)
        return sorted((Counter(DECK) - seen).elements())

    def playable(self, seat: int, kind: int) -> bool:
        """Whether `kind` may go onto `seat`'s expedition of its colour."""
        cards = self.expeditions[seat][colour(kind)]
        if kind % RANKS == 0:
            return all(card % RANKS == 0 for card in cards)
        return all(card % RANKS < kind % RANKS for card in cards)

    def holdable(self) -> list[int]:
        """The kinds the mover may hold, as far as this state knows."""
        hand = self.hands[self.mover]
        return sorted(set(hand if self.sees(self.mover) else self.unseen()))

    # ------------------------------------------------------------ the interface
    def legal_steps(self) -> list[int]:
        if self.drawing or not self.deck:
            return []
        seat = self.mover
        steps = [PLAY + kind for kind in self.holdable() if self.playable(seat, kind)]
        return steps + [DISCARD + kind for kind in self.holdable()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.drawing:
            return []
        counts = Counter(self.unseen())
        total = sum(counts.values())
        return [(DRAW + kind, count / total) for kind, count in sorted(counts.items())]

    def play(self, step: int) -> None:
        """Apply `step` after checking that it is legal here."""
        if self.drawing:
            if step not in dict(self.chance_outcomes()):
                raise IllegalMoveError(f"step {step} is no card the observer can draw")
        elif step not in self.legal_steps():
            raise IllegalMoveError(f"step {step} is not legal here")
        self.apply(step)

    def apply(self, step: int) -> None:
        if self.drawing:
            self._draw_chance(step)
            return
        if not self.deck:
            raise IllegalMoveError("the game is over")
        if not PLAY <= step < DRAW:
            raise IllegalMoveError(f"step {step} is not a play or a discard")
        seat, kind = self.mover, step % KINDS
        hand = self.hands[seat]
        if self.sees(seat):
            if kind not in hand:
                raise IllegalMoveError(f"seat {seat} holds no {card_name(kind)}")
            hand.remove(kind)
        else:
            if kind not in self.unseen():
                raise IllegalMoveError(f"seat {seat} cannot hold a {card_name(kind)}")
            hand.pop()
        if step < DISCARD:
            self.expeditions[seat][colour(kind)].append(kind)
        else:
            self.discards.append(kind)
        if self.observer == seat:
            self.drawing = True  # the observer sees its card: a chance node
            return
        card = self.deck.pop()
        if card == UNKNOWN:
            hand.append(UNKNOWN)
        else:
            bisect.insort(hand, card)
            if self.recording is not None and seat == self.viewer:
                self.recording.append(DRAW + card)

    def _draw_chance(self, step: int) -> None:
        kind = step - DRAW
        if not 0 <= kind < KINDS or kind not in self.unseen():
            raise IllegalMoveError(f"step {step} is no card the observer can draw")
        self.deck.pop()
        bisect.insort(self.hands[self.observer], kind)
        self.drawing = False

    def scores(self) -> list[int]:
        return [sum(expedition_score(cards) for cards in seat) for seat in self.expeditions]

    def returns(self) -> list[float]:
        """Win shares once the game is over (1 split among the highest totals), zeros
        before."""
        if not self.is_terminal():
            return [0.0] * self.n
        scores = self.scores()
        winners = [seat for seat, score in enumerate(scores) if score == max(scores)]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]
