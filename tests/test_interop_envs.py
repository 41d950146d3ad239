"""The PettingZoo and Gymnasium adapters (valdora_ai.interop) and the games' tensor hook."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from extras import need, register_untensored, tensored_games

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.errors import IllegalMoveError, ValdoraError
from valdora_ai.interop import MissingExtraError, require

GAMES = tensored_games(largest=True)
SMALLEST = tensored_games()
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "random_policy.py"


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_observation_tensor_is_fixed_length_and_holds_no_hidden_card(name: str,
                                                                     players: int) -> None:
    game = va.make_game(name, players=players)
    state, rng = game.new_state(seed=3), make_rng(1)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(players):
            observation = game.observation(state, seat)
            vector = game.observation_tensor(observation)
            assert vector.dtype == np.float32
            assert vector.shape == (game.observation_tensor_size(),)
            # A world with another hidden order gives the very same vector.
            other = game.determinize(observation, rng)
            assert np.array_equal(game.observation_tensor(game.observation(other, seat)),
                                  vector)
        state.play(game.greedy_step(state, rng))


def test_observation_tensor_puts_the_observer_first() -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=2)
    vectors = [game.observation_tensor(game.observation(state, seat)) for seat in range(3)]
    assert vectors[0][:5].tolist() == [1, 0, 0, 0, 0]  # seat 0 to move, seen by seat 0
    assert vectors[1][:5].tolist() == [0, 0, 1, 0, 0]  # ... seen by seat 1: two seats on
    assert not np.array_equal(vectors[1], vectors[2])


def test_a_missing_framework_names_its_extra() -> None:
    with pytest.raises(MissingExtraError, match=r"no_such_framework is not installed: "
                                                r"pip install \"valdora-ai\[openspiel\]\""):
        require("no_such_framework", "openspiel")
    assert issubclass(MissingExtraError, ValdoraError)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_aec_env_passes_pettingzoo_api_test(name: str, players: int) -> None:
    api_test = need("pettingzoo.test").api_test
    from valdora_ai.interop.pettingzoo import env

    with warnings.catch_warnings():  # a dict observation (with its mask) is intended
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, players=players, seed=1), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), SMALLEST)
def test_aec_game_ends_with_win_shares_and_repeats_from_its_seed(name: str,
                                                                 players: int) -> None:
    need("pettingzoo")
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        from random_policy import run_aec
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    totals = run_aec(name, players, seed=4)
    assert sum(totals.values()) == pytest.approx(1.0)
    assert all(share >= 0 for share in totals.values())
    assert run_aec(name, players, seed=4) == totals


def test_aec_masks_only_the_mover_and_refuses_an_illegal_step() -> None:
    need("pettingzoo")
    from valdora_ai.interop.pettingzoo import env

    aec = env("valdora", players=3, seed=7)
    aec.reset()
    world = aec.dealer.world
    mover = aec.agent_selection
    assert mover == f"player_{world.current_player}"
    mask = aec.observe(mover)["action_mask"]
    assert np.flatnonzero(mask).tolist() == sorted(world.legal_steps())
    assert not aec.observe("player_1")["action_mask"].any()
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError, match=f"{mover}: step {illegal} is not legal"):
        aec.step(illegal)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_seat_env_passes_gymnasium_check_env(name: str, players: int) -> None:
    check_env = need("gymnasium.utils.env_checker").check_env
    from valdora_ai.interop.gymnasium import SeatEnv

    with warnings.catch_warnings():  # counts are unbounded above: the Box says so
        warnings.simplefilter("ignore", UserWarning)
        opponents = ["greedy", "random"] * players
        check_env(SeatEnv(name, players=players, seat=1, opponents=opponents[:players - 1]),
                  skip_render_check=True)


def test_a_game_without_tensors_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    need("pettingzoo")
    from valdora_ai.interop.pettingzoo import env

    name = register_untensored(monkeypatch)
    with pytest.raises(ValdoraError, match=f"the game '{name}' has no observation tensor"):
        env(name, players=3, seed=1).reset()


def test_seat_env_ends_an_episode_lost_on_an_illegal_action() -> None:
    need("gymnasium")
    from valdora_ai.interop.gymnasium import SeatEnv

    seat_env = SeatEnv("valdora", players=3, seat=2)
    observation, info = seat_env.reset(seed=3)
    assert seat_env.dealer.current == 2  # the opponents moved first
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = seat_env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False,
                                                                      illegal)
    assert np.array_equal(after, observation)


def test_seat_env_refuses_a_bad_seat_or_lineup() -> None:
    need("gymnasium")
    from valdora_ai.interop.gymnasium import SeatEnv

    with pytest.raises(ValdoraError, match="seat 3 does not exist"):
        SeatEnv("valdora", players=3, seat=3)
    with pytest.raises(ValdoraError, match="3 players need 2 opponents, got 1"):
        SeatEnv("valdora", players=3, opponents=["greedy"])


def test_random_policy_example_runs() -> None:
    need("pettingzoo")
    need("gymnasium")
    done = subprocess.run([sys.executable, str(EXAMPLE), "valdora", "3", "2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("pettingzoo: player_0 ")
    assert lines[1].startswith("gymnasium: seat 0 took ")
