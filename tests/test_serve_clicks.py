"""The board click layer's data: each legal step with a board target is listed under it."""

from __future__ import annotations

import pytest

from valdora_ai.games import facts, game_names, make_game
from valdora_ai.games.game_base import GameBase
from valdora_ai.serve.clicks import board_targets


@pytest.mark.parametrize("name", game_names())
def test_targets_list_only_legal_steps_under_the_games_own_target(name: str) -> None:
    game = make_game(name, 3)
    state = game.new_state(7)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    targets = board_targets(game, state)
    legal = set(state.legal_steps())
    for target, steps in targets.items():
        assert target
        for entry in steps:
            assert entry["step"] in legal
            assert game.step_target(state, entry["step"]) == target
            assert entry["words"] == game.step_words(state, entry["step"])
    picture = facts.render_svg(game, state, state.current_player)
    for target in targets:
        assert f'id="{target}"' in picture, target


def test_valdoras_moves_are_played_on_their_spaces() -> None:
    game = make_game("valdora", 3)
    state = game.new_state(7)
    targets = board_targets(game, state)
    moves = [s for s in state.legal_steps() if game.step_kind(s) == "move"]
    assert moves and sum(len(v) for v in targets.values()) == len(moves)
    assert all(t.startswith("space-") for t in targets)


def test_a_game_without_targets_plays_by_buttons() -> None:
    assert GameBase.step_target(None, None, 0) == ""  # type: ignore[arg-type]
