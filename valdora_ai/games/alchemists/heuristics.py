"""A greedy policy for The Valley of Alchemists and a final-score estimate.

The greedy policy is close to the design doc's "simpler greedy bot": sell a complete
line when its bonus is worth it, make what is affordable, else brew (once the best
face-up target's ingredients are all there, for the next targets too), else collect
the two ingredients the best targets lack most.
Placement puts an elixir where it shares the most with the lines through its cell.
It uses only public information, so it plays the same on a world and on a belief state.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import Elixir
from valdora_ai.games.alchemists.rules import (
    BREWING,
    CHOOSE,
    EMPTY,
    MAKING,
    NONE,
    SELLING,
    SETUP,
    AlchemistsState,
    Player,
    line_bonus,
)

SKILL_WEIGHT = 3.0  # EP-equivalent of one skill step early in the game
MATCH_WEIGHTS = (1.7, 1.3, 1.0)  # shape, colour, level agreement when placing


# ------------------------------------------------------------------- helpers
def _progress(state: AlchemistsState) -> float:
    """0 at the start, 1 when the deck is empty."""
    size = state.data.deck_size[state.n] - state.data.face_up
    return 1.0 - state.deck_count / size if size else 1.0


def _sell_threshold(state: AlchemistsState, player: Player) -> int:
    """The least bonus worth selling a line for: falls as the chest fills and the end nears."""
    if state.end_triggered or state.deck_count <= state.n * 2:
        return 0
    filled = sum(1 for c in player.chest if c != EMPTY)
    return {9: 0, 8: 3, 7: 5}.get(filled, 9)


def _best_tokens(state: AlchemistsState, player: Player, line: int
                 ) -> tuple[int, list[int]]:
    """The line's best bonus using the player's shape/colour/level tokens, with the
    tokens (per position) that reach it using as few tokens as possible."""
    cards = [state.data.elixirs[player.chest[cell]] for cell in S.LINES[line]]
    kinds = [k for k in range(S.N_TOKENS) if player.tokens[k]]
    best, best_tokens, best_used = -1, [NONE] * S.LINE_LENGTH, 0
    for places in product((NONE, 0, 1, 2), repeat=len(kinds)):
        chosen = [p for p in places if p != NONE]
        if len(set(chosen)) < len(chosen) or any(cards[p].multi for p in chosen):
            continue
        tokens = [NONE] * S.LINE_LENGTH
        for kind, place in zip(kinds, places, strict=True):
            if place != NONE:
                tokens[place] = kind
        bonus = line_bonus(state.data, cards, tokens)
        if bonus > best or (bonus == best and len(chosen) < best_used):
            best, best_tokens, best_used = bonus, tokens, len(chosen)
    return best, best_tokens


def _placement(state: AlchemistsState, player: Player, card: Elixir) -> tuple[float, int]:
    """(agreement, cell): the empty chest cell whose lines share most with `card`."""
    best = (-1.0, -1)
    for cell, held in enumerate(player.chest):
        if held != EMPTY:
            continue
        agreement = 0.0
        for line in S.LINES:
            if cell not in line:
                continue
            for other in line:
                if player.chest[other] == EMPTY:
                    continue
                spec = state.data.elixirs[player.chest[other]]
                wild = card.multi or spec.multi
                agreement += MATCH_WEIGHTS[0] * (wild or spec.shape == card.shape)
                agreement += MATCH_WEIGHTS[1] * (wild or bool(spec.colours & card.colours))
                agreement += MATCH_WEIGHTS[2] * (wild or spec.level == card.level)
        best = max(best, (agreement, -cell))
    return best[0], -best[1]


def _value(state: AlchemistsState, player: Player, card: Elixir) -> float:
    """What making `card` is worth now: EP, skill steps early, fit in the chest."""
    skill = SKILL_WEIGHT * (1.0 - _progress(state)) * sum(card.bonus)
    return card.ep + skill + 0.5 * _placement(state, player, card)[0]


def _ingredient_gap(state: AlchemistsState, player: Player, card: Elixir) -> list[int]:
    """Ingredients per type still missing to brew the decoctions `card` lacks."""
    gap = [0] * len(player.ingredients)
    for colour, need in enumerate(card.cost):
        missing = max(0, need - player.held(colour))
        for t, amount in enumerate(state.data.recipes[colour]):
            gap[t] += missing * amount
    return [max(0, g - have) for g, have in zip(gap, player.ingredients, strict=True)]


def _actions_needed(state: AlchemistsState, player: Player, card: Elixir) -> float:
    gap = _ingredient_gap(state, player, card)
    collects = sum(-(-g // state.skill_value(player, t)) for t, g in enumerate(gap)) / 2
    brews = 1 if any(need > player.held(c) for c, need in enumerate(card.cost)) else 0
    return 1 + brews + collects


def _targets(state: AlchemistsState, player: Player) -> list[Elixir]:
    """Face-up elixirs by value per action still needed, best first (none with a full
    chest)."""
    if EMPTY not in player.chest:
        return []
    rated = []
    for card in state.face_up:
        if card == EMPTY:
            continue
        spec = state.data.elixirs[card]
        rate = _value(state, player, spec) / _actions_needed(state, player, spec)
        rated.append((-rate, card))
    return [state.data.elixirs[card] for _, card in sorted(rated)]


# ------------------------------------------------------------------- policy
def greedy_step(state: AlchemistsState, rng: Any) -> int:
    """The greedy policy's next step; at a chance node, a draw by its probability."""
    legal = state.legal_steps()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return outcomes[rng.choice_weighted([p for _, p in outcomes])][0]
    player = state.players[state.current]
    if state.phase == SETUP:
        return _setup_point(state, player, legal)
    if state.phase == SELLING:
        return _sale_token(state, player, legal)
    if state.phase == MAKING:
        return _make(state, player, legal) or S.STOP
    if state.phase == BREWING:
        return _brew(state, player, legal) or S.STOP
    assert state.phase == CHOOSE
    return (_sell(state, player, legal) or _make(state, player, legal)
            or _brew(state, player, legal) or _collect(state, player, legal)
            or _brew(state, player, legal, plan=len(state.face_up)) or S.END)


def _setup_point(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """One point on water, one on the ingredient the face-up elixirs need most."""
    water = len(player.skills) - 1
    if S.skill(water) in legal and player.skills[water] == 0:
        return S.skill(water)
    need = [0] * len(player.skills)
    for card in state.face_up:
        if card != EMPTY:
            for t, g in enumerate(_ingredient_gap(state, Player(len(need), len(player.decoctions)),
                                                  state.data.elixirs[card])):
                need[t] += g
    choices = [s for s in legal if S.kind(s) == "skill"]
    return max(choices, key=lambda s: (need[S.argument(s)], -s)) if choices else legal[0]


def _sell(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    sells = [s for s in legal if S.kind(s) == "sell"]
    if not sells:
        return 0
    cards = state.data.elixirs

    def worth(step: int) -> tuple[int, int]:
        bonus = _best_tokens(state, player, S.argument(step))[0]
        return bonus, bonus + sum(cards[player.chest[c]].ep for c in S.LINES[S.argument(step)])

    best = max(sells, key=worth)
    return best if worth(best)[0] >= _sell_threshold(state, player) else 0


def _sale_token(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """Put on the next token of the best assignment (tokens are saved when useless)."""
    tokens = _best_tokens(state, player, state.sale_line)[1]
    for position, kind in enumerate(tokens):
        step = S.token(kind, position) if kind != NONE else -1
        if step in legal and state.sale_tokens[position] == NONE:
            return step
    return S.STOP


def _make(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """The most valuable affordable elixir, in its best cell."""
    slots = sorted({divmod(S.argument(s), S.CELLS)[0] for s in legal if S.kind(s) == "make"})
    best: tuple[float, int] | None = None
    for slot in slots:
        spec = state.data.elixirs[state.face_up[slot]]
        value = _value(state, player, spec)
        if best is None or value > best[0]:
            best = (value, S.make(slot, _placement(state, player, spec)[1]))
    return 0 if best is None else best[1]


def _brew(state: AlchemistsState, player: Player, legal: list[int], plan: int = 3) -> int:
    """A decoction the best targets lack. A brew action starts only once the best
    target's ingredients are all there, so one action brews all it needs."""
    targets = _targets(state, player)[:plan]
    if not targets:
        return 0
    if state.phase == CHOOSE and any(_ingredient_gap(state, player, targets[0])):
        return 0
    for target in targets:
        for colour, need in enumerate(target.cost):
            if need > player.held(colour) and S.brew(colour) in legal:
                return S.brew(colour)
    return 0


def _collect(state: AlchemistsState, player: Player, legal: list[int]) -> int:
    """The collect that covers most of the best targets' ingredient gaps (the first
    target's gap counts most)."""
    targets = _targets(state, player)[:2]
    if not targets:
        return 0
    gaps = [_ingredient_gap(state, player, t) for t in targets]
    best: tuple[int, int, int, int] | None = None
    for step in legal:
        if S.kind(step) != "collect":
            continue
        amounts = state.collect_amounts(player, S.argument(step))
        covered = [sum(min(a, g) for a, g in zip(amounts, gap, strict=True)) for gap in gaps]
        key = (covered[0], sum(covered), sum(amounts), -step)
        if sum(covered) and (best is None or key > best):
            best = key
    return 0 if best is None else -best[3]


# ------------------------------------------------------------------- estimate
def estimate_final_scores(state: AlchemistsState) -> list[float]:
    """Current EP plus what the chest and the stores are likely still to bring: half
    the best line bonus on sale now and a share of the held materials."""
    scores = state.scores()
    if state.over:
        return [float(s) for s in scores]
    estimates = []
    for seat, player in enumerate(state.players):
        sellable = [line for line in range(len(S.LINES))
                    if all(player.chest[c] != EMPTY for c in S.LINES[line])]
        bonus = max((_best_tokens(state, player, line)[0] for line in sellable), default=0)
        materials = sum(player.ingredients) / 6 + player.total_decoctions() / 2
        estimates.append(scores[seat] + 0.5 * bonus + 0.5 * materials)
    return estimates
