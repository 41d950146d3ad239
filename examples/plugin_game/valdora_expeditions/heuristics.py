"""The greedy policy and the score estimate the search agents use.

Both read only what the state knows: on a belief state another seat's hand is unknown,
so its plays are judged by the table alone.
"""

from __future__ import annotations

from typing import Any

from valdora_expeditions.rules import (
    COST,
    DISCARD,
    KINDS,
    RANKS,
    UNKNOWN,
    ExpeditionsState,
    colour,
    expedition_score,
    value,
)


def greedy_step(state: ExpeditionsState, rng: Any) -> int:
    """The best-rated legal step (ties broken by `rng`): extend an expedition with the
    smallest gap, start one only with enough of its colour in hand, else discard the
    least useful card."""
    rated = [(_rating(state, step), step) for step in state.legal_steps()]
    best = max(rating for rating, _ in rated)
    ties = [step for rating, step in rated if rating == best]
    return int(ties[rng.randbelow(len(ties))])


def _rating(state: ExpeditionsState, step: int) -> float:
    seat, kind = state.mover, step % KINDS
    cards = state.expeditions[seat][colour(kind)]
    top = max((card % RANKS for card in cards), default=0)
    later = sum(value(card) for card in state.hands[seat]
                if card != UNKNOWN and colour(card) == colour(kind) and card % RANKS > top)
    if step >= DISCARD:
        dead = bool(cards) and not state.playable(seat, kind)
        return 1.0 if dead else -0.3 * (value(kind) or 4) - 0.1 * later
    if kind % RANKS == 0:  # a stake pays only with plenty to follow
        return (later - 2 * COST) / 4
    gap = kind % RANKS - top - 1
    return (4.0 if cards else (later - COST) / 3) - gap


def estimate_final_scores(state: ExpeditionsState) -> list[float]:
    """Each seat's score if its known hand cards that still fit went onto its started
    expeditions, as many as it has turns left; the scores themselves at the end."""
    left = len(state.deck)
    estimates = []
    for seat, lines in enumerate(state.expeditions):
        turns = (left + (state.n - 1 - (seat - state.mover) % state.n)) // state.n
        hand = sorted((card for card in state.hands[seat] if card != UNKNOWN), key=value)
        total = 0.0
        for cards in lines:
            if not cards:
                continue
            fits = [card for card in hand if colour(card) == colour(cards[0])
                    and state.playable(seat, card) and value(card)][:turns]
            total += expedition_score(cards + fits)
        estimates.append(total)
    return estimates
