"""Two decisions are the same choice when they lead to the same position: the analysis
shows them as one (no comparison, no flag) and the stability measurement counts them as
agreeing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.game_analysis.evaluate import evaluate_state
from valdora_ai.game_analysis.paired import compare, same_decision

SPEC = "ismcts:iterations=60,seed=1"


def _greedy_positions(name: str, seed: int, count: int) -> list[Any]:
    """The first `count` decision positions of a seeded 3-player greedy game."""
    game = va.make_game(name, players=3)
    state, rng = game.new_state(seed), va.make_rng(seed)
    found: list[Any] = []
    while not state.is_terminal() and len(found) < count:
        if not state.is_chance_node():
            found.append(state.copy())
        state.play(game.greedy_step(state, rng))
    return found


def _wild_pairs() -> Iterator[tuple[Any, Any, int, int]]:
    """Zavandor positions where the mover names two wild gems in a row, each with two
    different first wild steps."""
    game = va.make_game("zavandor", players=3)
    for seed in range(10):
        for state in _greedy_positions("zavandor", seed, 400):
            wilds = [s for s in state.legal_steps()
                     if game.format_turn(state, [s]).startswith("wild:")]
            if len(wilds) < 2 or len(wilds) != len(state.legal_steps()):
                continue
            after = state.copy()
            after.apply(wilds[0])
            if (not after.is_chance_node() and after.current_player == state.current_player
                    and wilds[1] in after.legal_steps()):
                yield game, state, wilds[0], wilds[1]


def test_two_wild_gems_named_in_either_order_are_the_same_decision() -> None:
    game, state, one, two = next(_wild_pairs())
    assert game.format_turn(state, [one, two]) != game.format_turn(state, [two, one])
    assert same_decision(game, state, [one, two], [two, one])
    assert not same_decision(game, state, [one, one], [one, two])
    comparison = compare(game, state, [one, two], [two, one], 4, seed=3)
    assert (comparison.loss, comparison.loss_interval) == (0.0, (0.0, 0.0))


def test_the_analysis_shows_a_reordered_best_decision_as_the_played_one() -> None:
    """Played in the other order than the search's best, the decision is the best one:
    no comparison, the same decision text on both sides."""
    for game, state, _, _ in _wild_pairs():
        searched = evaluate_state(game, state, SPEC, False)
        best = game.parse_turn(state, searched.best_decision)
        if len(best) == 2 and best[0] != best[1]:
            break  # a best decision naming two different gems
    else:
        raise AssertionError("the search named the same gem twice everywhere")
    reordered = game.format_turn(state, best[::-1])
    verdict = evaluate_state(game, state, SPEC, False, played=reordered, worlds=4)
    assert verdict.comparison is None
    assert verdict.played_decision == verdict.best_decision == reordered


@pytest.mark.parametrize("name", va.game_names())
def test_a_decision_is_itself_and_differs_from_a_decision_reaching_elsewhere(
        name: str) -> None:
    """Every game: a decision (up to a reveal included) is the same as itself; two first
    steps whose positions differ are different decisions."""
    game = va.make_game(name, players=3)
    checked = 0
    for state in _greedy_positions(name, 5, 60):
        legal = state.legal_steps()
        assert same_decision(game, state, [legal[0]], [legal[0]])
        if len(legal) < 2:
            continue
        after = [state.copy() for _ in range(2)]
        for copy, step in zip(after, legal[:2], strict=True):
            copy.apply(step)
        reached_apart = game.position_to_json(after[0]) != game.position_to_json(after[1])
        assert same_decision(game, state, [legal[0]], [legal[1]]) is not reached_apart
        checked += reached_apart
    assert checked > 5
