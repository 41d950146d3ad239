"""`apply` may skip legality, never memory safety: one contract, both engines.

A number outside the step space (not an integer, out of the code layout, or naming a
space, gem, item or commission slot the data lacks), a step after the game's end, at
the wrong kind of node, or acting on objects that are not there, is refused by `apply`
and `play` with the same IllegalMoveError on both engines, and the state is left as
it was. Everything else `apply` applies unchecked, identically on both engines. The
subprocess test would catch what no exception can: the interpreter dying (exit 139).
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from parity.valdora import compare

from valdora_ai.errors import IllegalMoveError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.data import default_data
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.rng import Rng

DATA = default_data()
NO_CODES = [
    2147483647, 2**31, -300, -1, 2**63, -(2**63) - 1, 10**30,  # out of the layout
    S.return_commission(3, 0),  # a fourth commission slot
    S.move(len(DATA.spaces)),  # a space the board does not have
    S.load(len(DATA.gems), 0), S.load(0, 7),  # a sixth gem, an eighth item
    S.CHANCE_BASE + 32, 9999,
]
NOT_INTEGERS = [35.0, True, "35", None, 35.5, np.float64(35)]


def _message(method, step: object) -> str:
    """The message of the IllegalMoveError `method(step)` raises."""
    with pytest.raises(IllegalMoveError) as info:
        method(step)
    return str(info.value)


@pytest.mark.parametrize("step", NO_CODES + NOT_INTEGERS, ids=repr)
def test_a_number_outside_the_step_space_is_refused(engine: str, step: object) -> None:
    state = make_game("valdora", players=3).new_state(1)
    before = position_to_json(state)
    for method in (state.apply, state.play):
        assert _message(method, step) == f"{step!r} is not a step code of this game"
    assert position_to_json(state) == before
    assert len(state.legal_steps()) > 0


def test_numpy_integers_are_steps(engine: str) -> None:
    state = make_game("valdora", players=3).new_state(1)
    twin = state.copy()
    first = state.legal_steps()[0]
    state.apply(np.int64(first))
    twin.apply(first)
    state.play(np.int32(state.legal_steps()[0]))
    twin.play(twin.legal_steps()[0])
    assert position_to_json(state) == position_to_json(twin)


def test_steps_at_the_wrong_node_or_without_their_objects(engine: str) -> None:
    game = make_game("valdora", players=3)
    state = game.new_state(1)  # seat 0 in the central city, before moving
    assert _message(state.apply, S.chance(0)) == (
        f"step {S.chance(0)} is a chance outcome, but a player decides here")
    for step, token in ((S.turn(S.LEFT), "tL"), (S.complete(0, 0), "c1"),
                        (S.return_commission(0, S.RIGHT), "x1R"), (S.load(0, 1), "+R@pick")):
        assert _message(state.apply, step) == f"step {token!r} cannot be applied here"
    belief = observation(state, 0).belief_state()
    book = DATA.space_index("A")
    belief.apply(S.move(book))
    belief.apply(S.turn(S.RIGHT))  # the top hidden card's back is a chance event
    assert belief.is_chance_node()
    outcomes = {step for step, _ in belief.chance_outcomes()}
    other = next(S.chance(f) for f in range(len(DATA.items)) if S.chance(f) not in outcomes)
    assert _message(belief.apply, other) == (
        f"step {other} is not an outcome of this chance event")
    assert _message(belief.apply, S.END) == (
        f"step {S.END} is not an outcome of this chance event")
    over = game.new_state(2)
    while not over.is_terminal():
        over.apply(over.legal_steps()[0])
    assert _message(over.apply, S.END) == f"step {S.END}: the game is over"


@pytest.mark.skipif(not VALDORA_CORE.available(), reason="compiled extension not built")
@pytest.mark.parametrize("seed", range(6))
def test_both_engines_refuse_and_apply_the_same_numbers(seed: int) -> None:
    """Lockstep over random games: at every 3rd step, 25 arbitrary numbers (most in the
    step space but illegal) are tried on copies of both states; the engines must raise
    the same error, or apply and reach the same position."""
    data = dataclasses.replace(DATA, max_rounds=6)
    compiled = VALDORA_CORE.require()
    ref = ValdoraState.new(data, 3 + seed % 3, Rng(seed))
    comp = compiled.new(data, 3 + seed % 3, Rng(seed))
    if seed % 2:
        ref, comp = (observation(s, 0).belief_state() for s in (ref, comp))
    rng = Rng(seed + 100)
    tried = applied = 0
    step_no = 0
    while not ref.is_terminal():
        if step_no % 3 == 0:
            for _ in range(25):
                step = rng.randbelow(S.CHANCE_BASE + 40) - 5
                r, c = ref.copy(), comp.copy()
                try:
                    r.apply(step)
                except IllegalMoveError as exc:
                    assert _message(c.apply, step) == str(exc), (seed, step_no, step)
                else:
                    c.apply(step)
                    compare(r, c, f"seed {seed}, step {step_no}, code {step}")
                    applied += 1
                tried += 1
        if ref.is_chance_node():
            outcomes = ref.chance_outcomes()
            step = outcomes[rng.choice_weighted([p for _, p in outcomes])][0]
        else:
            legal = ref.legal_steps()
            step = legal[rng.randbelow(len(legal))]
        ref.apply(step)
        comp.apply(step)
        step_no += 1
    assert tried > 100 and 0 < applied < tried
    compare(ref, comp, f"seed {seed}, end")


@pytest.mark.skipif(not VALDORA_CORE.available(), reason="compiled extension not built")
def test_arbitrary_numbers_never_kill_the_interpreter() -> None:
    """In a child process: the numbers of the issue, then thousands of arbitrary ones,
    each followed by everything a caller may do next with the state."""
    script = textwrap.dedent("""
        from valdora_ai.errors import IllegalMoveError
        from valdora_ai.games.valdora import CORE as VALDORA_CORE
        from valdora_ai.games.valdora.data import default_data
        from valdora_ai.games.valdora.info import observation
        from valdora_ai.rng import Rng

        ValdoraCompiledState = VALDORA_CORE.require()
        rng = Rng(7)
        numbers = [2147483647, -300, 2**63, 35.0, -1, 31, 159, 599, 631, 632]
        refused = 0
        for game in range(30):
            state = ValdoraCompiledState.new(default_data(), 3 + game % 3, Rng(game))
            if game % 2:
                state = observation(state, 0).belief_state()
            for n in range(400):
                step = numbers[n] if n < len(numbers) else rng.randbelow(700) - 20
                try:
                    (state.apply_revealing if n % 5 == 0 and not game % 2
                     else state.apply)(step)
                except IllegalMoveError:
                    refused += 1
                if state.is_terminal():
                    break
                state.legal_steps()
                state.score_lines()
                state.copy().to_reference()
                if state.is_chance_node():
                    state.chance_outcomes()
                elif n % 50 == 0:
                    state.greedy_step(Rng(n))
                    state.copy().playout(Rng(n), 200, "greedy")
                    state.copy().playout(Rng(n), 200, "random")
        print("survived", refused)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    assert proc.stdout.startswith("survived ")
