"""What only the compiled core has: its bounds, its errors, pickling, the C copy loop."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from valdora_ai.errors import DataError, ValdoraError
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.rng import Rng

if not VALDORA_CORE.available():  # pragma: no cover - CI requires the extension
    pytest.skip("compiled extension not built", allow_module_level=True)

core = VALDORA_CORE.require_module()


def test_data_beyond_the_c_bounds_is_refused_by_name() -> None:
    too_many = dataclasses.replace(default_data(), players_max=6)
    with pytest.raises(DataError, match="at most 5 players"):
        core.ValdoraCompiledState.new(too_many, 4, Rng(1))


def test_counters_beyond_the_struct_are_refused_by_name() -> None:
    state = ValdoraState.new(default_data(), 3, Rng(1))
    state.turns = 1 << 40
    with pytest.raises(ValdoraError, match="turns"):
        core.ValdoraCompiledState.from_reference(state)


def test_bad_player_count_and_policy() -> None:
    with pytest.raises(ValdoraError, match="3 to 5"):
        core.ValdoraCompiledState.new(default_data(), 2, Rng(1))
    state = core.ValdoraCompiledState.new(default_data(), 3, Rng(1))
    with pytest.raises(ValdoraError, match="unknown playout policy"):
        state.playout(Rng(1), 10, "clever")


def test_greedy_step_and_determinize_refuse_chance_nodes() -> None:
    belief = observation(core.ValdoraCompiledState.new(default_data(), 4, Rng(3)), 0).belief_state()
    belief.apply(32 + default_data().space_index("C"))  # move to a commission city
    belief.apply(4)  # turn the right page: its back is unknown
    assert belief.is_chance_node()
    with pytest.raises(ValdoraError, match="decision"):
        belief.greedy_step(Rng(1))
    with pytest.raises(ValdoraError, match="chance node"):
        belief.determinized(Rng(1))


def test_pickle_round_trip() -> None:
    state = core.ValdoraCompiledState.new(default_data(), 5, Rng(4))
    state.playout(Rng(4), 300)
    again = pickle.loads(pickle.dumps(state))
    assert position_to_json(again) == position_to_json(state)


def _midgame(players: int, seed: int) -> core.ValdoraCompiledState:
    """A partly played game: hands, roads and books all differ from the setup."""
    state = core.ValdoraCompiledState.new(default_data(), players, Rng(seed))
    state.playout(Rng(seed), 120)
    assert not state.is_terminal()
    return state


@pytest.mark.parametrize("n", [0, 1, 17, 1000])
def test_copy_loop_hands_back_the_whole_state(n: int) -> None:
    for state in (_midgame(4, 2), _midgame(5, 6)):  # a second state: no stale copy passes
        assert position_to_json(core.copy_loop(state, n)) == position_to_json(state)


def test_copy_loop_refuses_a_negative_count() -> None:
    with pytest.raises(ValdoraError, match="n must be >= 0"):
        core.copy_loop(_midgame(3, 1), -1)


@pytest.mark.parametrize("how", ["method", "copy.copy", "copy_loop"])
def test_copies_are_whole_and_independent(how: str) -> None:
    state = _midgame(5, 3)
    before = position_to_json(state)
    twin = {"method": state.copy, "copy.copy": lambda: copy.copy(state),
            "copy_loop": lambda: core.copy_loop(state, 1000)}[how]()
    assert position_to_json(twin) == before
    twin.playout(Rng(9), 40)
    assert position_to_json(twin) != before  # the copy moved on...
    assert position_to_json(state) == before  # ...the original did not
    state.playout(Rng(9), 40)
    assert position_to_json(state) == position_to_json(twin)  # same game from the copy
