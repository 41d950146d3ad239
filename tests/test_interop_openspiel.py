"""The OpenSpiel adapter: every registered game as a pyspiel python game."""

from __future__ import annotations

import random

import pytest
from extras import need

import valdora_ai as va

GAMES = [("valdora", 3), ("alchemists", 2)]


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = need("pyspiel")
    need("valdora_ai.interop.openspiel")
    return module


def test_every_registered_game_is_registered(pyspiel) -> None:  # type: ignore[no-untyped-def]
    from valdora_ai.interop.openspiel import REGISTERED

    assert REGISTERED == [f"valdora_ai_{name}" for name in va.game_names()]
    assert set(REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_game_facts_are_the_games_own(pyspiel, name: str,  # type: ignore[no-untyped-def]
                                      players: int) -> None:
    spiel = pyspiel.load_game(f"valdora_ai_{name}", {"players": players})
    game = va.make_game(name, players=players)
    assert spiel.num_players() == players
    assert spiel.num_distinct_actions() == game.num_distinct_steps()
    assert spiel.max_chance_outcomes() >= 1000  # the deals of the root
    assert spiel.observation_tensor_size() == game.observation_tensor_size()
    assert spiel.information_state_tensor_size() == game.observation_tensor_size()
    assert spiel.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_passes_pyspiel_random_sim_test(pyspiel, name: str,  # type: ignore[no-untyped-def]
                                        players: int) -> None:
    spiel = pyspiel.load_game(f"valdora_ai_{name}", {"players": players})
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


def _play(pyspiel, name: str, players: int, deal: int, steps: int):  # type: ignore[no-untyped-def]
    state = pyspiel.load_game(f"valdora_ai_{name}", {"players": players}).new_initial_state()
    state.apply_action(deal)
    rng = random.Random(deal)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_setup_is_hidden_and_resampled_through_determinize(  # type: ignore[no-untyped-def]
        pyspiel, name: str, players: int) -> None:
    state = _play(pyspiel, name, players, deal=7, steps=25)
    seat = state.current_player()
    key = state.information_state_string(seat)
    assert state.returns() == [0.0] * players  # zeros before the end
    rng = random.Random(1)
    worlds = set()
    for _ in range(6):
        other = state.resample_from_infostate(seat, rng.random)
        assert other.information_state_string(seat) == key
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str(other))
    assert len(worlds) > 1  # the hidden order differs between samples


def test_the_information_state_is_the_observation_and_the_public_history(  # type: ignore[no-untyped-def]
        pyspiel) -> None:
    state = _play(pyspiel, "valdora", 3, deal=3, steps=4)
    view = state.observation_string(1)
    assert view.startswith('{"observer":1,')
    assert state.information_state_string(1) == view + "|" + ",".join(
        str(a) for a in state.history()[1:])
    assert state.observation_string(0) != view
