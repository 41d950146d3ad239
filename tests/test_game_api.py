"""The game API an external framework (OpenSpiel, PettingZoo) needs (issue 15, item 5):
deep copies, returns before the end, seat checks, information-state keys, the
exported node constants and the game's dimensions, on every game and both engines."""

from __future__ import annotations

import copy
import dataclasses

import pytest

import valdora_ai as va
from valdora_ai.games import game_names
from valdora_ai.games.base import CHANCE, TERMINAL
from valdora_ai.games.valdora import CORE as VALDORA_CORE

pytestmark = pytest.mark.usefixtures("engine")

GAMES = [(name, 3) for name in game_names()]  # every registered game (3 players fit all)


def _mid_game(name: str, players: int, seed: int, steps: int) -> tuple[va.Game, object]:
    game = va.make_game(name, players=players)
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(game.greedy_step(state, rng))
    return game, state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_deep_copy_is_an_independent_equal_state(name: str, players: int) -> None:
    game, state = _mid_game(name, players, seed=4, steps=30)
    clone = copy.deepcopy(state)
    assert type(clone) is type(state)
    assert game.position_to_json(clone) == game.position_to_json(state)
    step = clone.legal_steps()[0]
    clone.apply(step)
    assert game.position_to_json(clone) != game.position_to_json(state)


def test_a_compiled_deep_copy_is_a_struct_copy(engine: str) -> None:
    """pyspiel clones states with deepcopy: it must not go through the reference."""
    state = va.make_game("valdora", players=3).new_state(1)
    if VALDORA_CORE.compiled(state) is None:
        pytest.skip("reference engine")
    assert "__deepcopy__" in vars(type(state))  # its own, not the pickle path
    clone = copy.deepcopy(state, {})
    assert clone is not state and VALDORA_CORE.compiled(clone) is not None


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_returns_are_zeros_before_the_end_and_win_shares_at_it(name: str,
                                                                players: int) -> None:
    game = va.make_game(name, players=players)
    state = game.new_state(2)
    assert state.returns() == [0.0] * players
    rng = va.make_rng(2)
    while not state.is_terminal():
        assert state.returns() == [0.0] * players
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(game.greedy_step(state, rng))
    shares = state.returns()
    assert sum(shares) == pytest.approx(1.0)
    assert [seat for seat, share in enumerate(shares) if share > 0] == game.winners(state)


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seat", [-1, 3, 7, True, "0", 1.0])
def test_an_observation_for_a_seat_that_does_not_exist_is_refused(
        name: str, players: int, seat: object) -> None:
    game = va.make_game(name, players=players)
    with pytest.raises(va.ValdoraError, match=r"no seat .* in a 3-player game"):
        game.observation(game.new_state(1), seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_information_state_key_is_hashable_and_decides_equality(
        name: str, players: int) -> None:
    game, state = _mid_game(name, players, seed=6, steps=25)
    mine, again = game.observation(state, 0), game.observation(state.copy(), 0)
    theirs = game.observation(state, 1)
    assert hash(mine.key()) == hash(again.key()) and mine == again
    assert len({mine, again, theirs}) == 2
    assert mine != theirs  # another observer is another information state
    later = state.copy()
    later.apply(later.legal_steps()[0])
    assert game.observation(later, 0) != mine
    # worlds that differ only in what is hidden give the same key
    world_a = game.determinize(mine, va.make_rng(1))
    world_b = game.determinize(mine, va.make_rng(2))
    assert game.observation(world_a, 0) == game.observation(world_b, 0) == mine


def test_the_key_is_the_same_on_both_engines() -> None:
    from valdora_ai.games.valdora.engines import as_reference
    from valdora_ai.games.valdora.info import observation

    game, state = _mid_game("valdora", 3, seed=8, steps=20)
    reference = as_reference(state)
    assert observation(reference, 1).key() == game.observation(state, 1).key()


def test_chance_and_terminal_are_exported() -> None:
    assert (va.CHANCE, va.TERMINAL) == (CHANCE, TERMINAL) == (-1, -2)
    assert {"CHANCE", "TERMINAL"} <= set(va.__all__)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_dimensions_bound_every_step_fan_out_and_length(name: str, players: int) -> None:
    """Play whole games through belief states (reveals as chance nodes): every step is
    below num_distinct_steps, every chance node within max_chance_outcomes, and the
    game ends within max_turns."""
    game = va.make_game(name, players=players)
    size, fan_out, turns = game.num_distinct_steps(), game.max_chance_outcomes(), \
        game.max_turns()
    assert isinstance(size, int) and isinstance(fan_out, int) and size > fan_out > 1
    assert turns is not None and turns >= players
    for seed in (1, 2):
        world = game.new_state(seed)
        belief = game.observation(world, 0).belief_state()
        rng = va.make_rng(seed)
        runs, mover = 0, None  # turns counted as runs of one seat's decisions
        while not belief.is_terminal():
            if belief.is_chance_node():
                outcomes = belief.chance_outcomes()
                assert 1 <= len(outcomes) <= fan_out
                assert all(0 <= step < size for step, _ in outcomes)
                belief.apply(outcomes[rng.randbelow(len(outcomes))][0])
            else:
                if belief.current_player != mover:
                    runs, mover = runs + 1, belief.current_player
                legal = belief.legal_steps()
                assert all(0 <= step < size for step in legal)
                belief.apply(legal[rng.randbelow(len(legal))])
        assert getattr(belief, "turns", runs) <= turns  # a game without a turn count: runs


def test_alchemists_in_rules_mode_has_no_length_bound() -> None:
    game = va.make_game("alchemists", players=2, stall_safeguard=False)
    assert game.max_turns() is None


BAD_PLAYERS = ["3", 3.0, True, [3], -1, 10**30]  # None: the game's default table
BAD_RULES_DATA = [5, ["data.json"], b"data.json", object()]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("players", BAD_PLAYERS, ids=repr)
def test_a_player_count_of_the_wrong_type_or_value_is_the_librarys_error(
        name: str, players: object) -> None:
    with pytest.raises(va.ValdoraError, match="players"):
        va.make_game(name, players=players)  # type: ignore[arg-type]


# Named by type: an object()'s repr holds its address, which differs between the
# processes of a parallel run (each must collect the same tests).
@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("value", BAD_RULES_DATA, ids=lambda v: type(v).__name__)
def test_rules_data_of_the_wrong_type_is_the_librarys_error(name: str, value: object) -> None:
    with pytest.raises(va.ValdoraError, match="rules_data"):
        va.make_game(name, players=3, rules_data=value)


@pytest.mark.parametrize("name", game_names())
def test_an_unknown_or_mistyped_option_is_the_librarys_error(name: str) -> None:
    with pytest.raises(va.ValdoraError, match="'no_such_option'"):
        va.make_game(name, players=3, no_such_option=1)
    options = getattr(va.make_game(name, players=3), "options", None)
    for option in dataclasses.fields(options) if options is not None else ():
        for value in (["x"], "x", 2.5, None):
            with pytest.raises(va.ValdoraError, match=option.name):
                va.make_game(name, players=3, **{option.name: value})


@pytest.mark.parametrize("name", [["valdora"], 5, None])
def test_a_game_name_that_is_not_a_string_is_the_librarys_error(name: object) -> None:
    with pytest.raises(va.ValdoraError, match="unknown game"):
        va.make_game(name)  # type: ignore[arg-type]
