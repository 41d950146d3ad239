"""The board click layer's data, over the positions of seeded games of every registered
game: every legal step is reachable from the board (its target is an element of the
picture the person sees) or is of a kind documented to have no board element, and then
it is a turn control (a button in words beside the board)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from valdora_ai.backend import make_rng
from valdora_ai.games import facts, game_names, make_game
from valdora_ai.games.game_base import GameBase
from valdora_ai.serve.clicks import board_clicks

# The step kinds with no board element, as each game's targets module documents them
# (docs/serve.md, "Clicking the board"): ending the turn or action, closing a brew, make
# or sale; chance outcomes are no person's step.
NO_ELEMENT = {"valdora": {"end"}, "zavandor": set(), "alchemists": {"end", "stop"}}
GAMES = [(3, 1), (3, 2)]  # (players, seed): two seeded games of each game
RENDER_EVERY = 10  # positions between pictures drawn where no target id is new
RANDOM_SHARE = 0.3  # steps played at random beside greedy ones, to reach rarer positions
ID = re.compile(r'\bid="([^"]+)"')


def positions(name: str) -> Iterator[tuple[Any, Any]]:
    """The game and every decision position of its seeded games (mostly greedy play,
    some random steps)."""
    for players, seed in GAMES:
        game = make_game(name, players)
        state, rng, pick = game.new_state(seed), random.Random(seed), make_rng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            yield game, state
            legal = state.legal_steps()
            state.apply(rng.choice(legal) if rng.random() < RANDOM_SHARE
                        else game.greedy_step(state, pick))


@pytest.mark.parametrize("name", game_names())
def test_every_legal_step_is_on_the_board_or_a_turn_control(name: str) -> None:
    """The picture is drawn (the slow part) wherever a target id is met for the first
    time, and at every RENDER_EVERY-th position besides."""
    kinds: dict[str, int] = {}
    drawn: set[str] = set()
    for number, (game, state) in enumerate(positions(name)):
        targets, controls = board_clicks(game, state)
        if number % RENDER_EVERY == 0 or not drawn.issuperset(targets):
            shown = set(ID.findall(facts.render_svg(game, state, state.current_player)))
            missing = set(targets) - shown
            assert not missing, (name, missing)
            drawn |= set(targets)
        on_board = [e["step"] for steps in targets.values() for e in steps]
        assert sorted(on_board + [e["step"] for e in controls]) == sorted(state.legal_steps())
        for entry in controls:
            assert game.step_kind(entry["step"]) in NO_ELEMENT[name], (name, entry)
        for target, steps in targets.items():
            for entry in steps:
                assert game.step_target(state, entry["step"]) == target
                assert entry["words"] == game.step_words(state, entry["step"])
                kind = game.step_kind(entry["step"])
                kinds[kind] = kinds.get(kind, 0) + 1
    assert len(kinds) >= 5, kinds  # the games reached the board's many kinds of step


def test_valdoras_moves_are_played_on_their_spaces() -> None:
    game = make_game("valdora", 3)
    state = game.new_state(7)
    targets, controls = board_clicks(game, state)
    moves = [s for s in state.legal_steps() if game.step_kind(s) == "move"]
    assert moves and sum(len(v) for v in targets.values()) == len(moves) and not controls
    assert all(t.startswith("space-") for t in targets)


def test_several_steps_on_one_element_share_its_menu() -> None:
    """A Zavandor market row holds both buying and selling its gem."""
    for game, state in positions("zavandor"):
        targets, _ = board_clicks(game, state)
        rows = [steps for target, steps in targets.items() if target.startswith("market-")]
        if any({game.step_kind(e["step"]) for e in steps} == {"buy_gem", "sell_gem"}
               for steps in rows):
            return
    pytest.fail("no market row offered both buying and selling")


def test_a_game_without_targets_plays_by_buttons() -> None:
    assert GameBase.step_target(None, None, 0) == ""  # type: ignore[arg-type]
