"""Moves in words (issue 29, item 2): every step of every game reads in plain language.

A person who knows the board game cannot read ``tR bR P $`` or ``x1R>Y``; each game
says a step in its rulebook's words through the ``step_words`` hook, a game without
words falls back to the token. At every decision node of seeded games, on both
engines, every legal step has words, no two legal steps read alike, and where the
game defines words they are not its bare token; belief states' reveals have words too;
and the words of a step in the true position are those of the mover's belief state, so
a menu never says more than its reader knows.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.games import game_names
from valdora_ai.games.game_base import GameBase

pytestmark = pytest.mark.usefixtures("engine")

SEEDS = (1, 4)
NOTATION_MARKS = set(":@>?=$.+")  # characters of notation tokens, never of board labels


def _nodes(name: str, seed: int) -> Iterator[tuple[Any, Any]]:
    """Every decision node of a seeded game (greedy and random steps mixed), and every
    chance node of the mover's belief state the game passes through (the reveals a
    player sees)."""
    game = va.make_game(name, players=3)
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    while not state.is_terminal():
        yield game, state
        seat = state.current_player
        belief = game.observation(state, seat).belief_state()
        legal = state.legal_steps()
        step = (legal[rng.randbelow(len(legal))] if rng.randbelow(3) == 0
                else game.greedy_step(state, rng))
        belief.apply(step)
        revealed_steps = game.apply_revealing(game.world_seen_by(state, seat), step)
        state.apply(step)
        for revealed in revealed_steps:
            yield game, belief
            belief.apply(revealed)


def _steps(state: Any) -> list[int]:
    if state.is_chance_node():
        return [step for step, _ in state.chance_outcomes()]
    return list(state.legal_steps())


@pytest.mark.parametrize("name", game_names())
def test_words_tell_the_mover_nothing_their_belief_state_does_not(name: str) -> None:
    """Menus and buttons say the steps of the true position to the person to move: the
    words must be those of what that person knows."""
    for game, state in _nodes(name, SEEDS[0]):
        if state.is_chance_node():  # a belief state's reveal (_nodes' worlds have none)
            continue
        belief = game.observation(state, state.current_player).belief_state()
        for step in state.legal_steps():
            assert game.step_words(state, step) == game.step_words(belief, step)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", game_names())
def test_every_step_has_distinct_words_beyond_its_token(name: str, seed: int) -> None:
    own_words = type(va.make_game(name)).step_words is not GameBase.step_words
    for game, state in _nodes(name, seed):
        steps = _steps(state)
        words = {step: game.step_words(state, step) for step in steps}
        assert all(text.strip() for text in words.values()), words
        assert len(set(words.values())) == len(steps), words
        if own_words:
            for step, text in words.items():
                token = game.describe_step(state, step)
                assert text != token and " " in text, (token, text)
                if set(token) & NOTATION_MARKS:  # a token only the notation writes
                    assert token not in text, (token, text)


def test_a_game_without_words_shows_its_tokens() -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(1)
    step = state.legal_steps()[0]
    assert GameBase.step_words(game, state, step) == game.describe_step(state, step)


def _first(game: Any, state: Any, token: str) -> str:
    """The words of the legal step written `token`."""
    return str(game.step_words(state, game.parse_step(state, token)))


def test_valdora_speaks_the_rulebook() -> None:
    # Rulebook (valdora-rules-en.md, "Actions"): "d) Replenish silver", "e) Take
    # provisions"; a silver mine is the move's destination.
    game = va.make_game("valdora", players=3)
    state = game.new_state(1)
    assert _first(game, state, "M1") == "Move to the silver mine M1"
    state.apply(game.parse_step(state, "M1"))
    words = {game.step_words(state, s) for s in state.legal_steps()}
    assert "Replenish silver" in words


def test_zavandor_speaks_the_rulebook() -> None:
    # Rulebook (gnomes-of-zavandor-rules-en.md, "Soil Samples": "take as many soil
    # samples as you like at a cost of 1 gold each"; "Take 4 gold"; "Buy up to 4
    # cards of a single gemstone type").
    game = va.make_game("zavandor", players=3)
    state = game.new_state(1)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    words = [game.step_words(state, s) for s in state.legal_steps()]
    assert "Take 4 gold" in words
    assert any(w.startswith("Take a soil sample on district ") and w.endswith("(1 gold)")
               for w in words), words
    state.apply(game.parse_step(state, "buy:R"))
    while game.describe_step(state, state.legal_steps()[0]).startswith("marker"):
        state.apply(game.parse_step(state, "marker:0"))
    price = state.cur[1] if hasattr(state, "cur") else None
    text = _first(game, state, "x2")
    assert text.startswith("Buy 2 rubies for ") and text.endswith(" gold"), text
    if price is not None:
        assert text == f"Buy 2 rubies for {2 * price} gold"


def test_alchemists_speaks_the_rulebook() -> None:
    # Rulebook (valley-of-alchemists-rules-en.md, VII.1 "Collecting the Ingredients",
    # VII.2 "Brewing the Decoctions").
    game = va.make_game("alchemists", players=3)
    state = game.new_state(2)
    rng = va.make_rng(2)
    assert _first(game, state, "+W") == "Put a setup skill point on the water track"
    while game.describe_step(state, state.legal_steps()[0]).startswith("+"):
        state.apply(game.greedy_step(state, rng))
    collects = [game.step_words(state, s) for s in state.legal_steps()
                if game.describe_step(state, s).startswith("c")]
    assert collects and all(w.startswith("Collect ") for w in collects), collects
