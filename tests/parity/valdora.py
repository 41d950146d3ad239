"""Differential checking of the compiled Valdora core against the reference rules.

:func:`lockstep` plays one game on both engines at once and raises
:class:`ParityError` at the first difference: the player to move, the legal steps
(codes and order), the chance outcomes with their exact probabilities, the position
(compared as position JSON), determinizations drawn from the same generator state,
the conversion back from the reference, the greedy policy's decisions (C port against
heuristics.greedy_step, from the same generator state), and at the end the score
lines, winners and returns. Used by tests/test_valdora_parity.py (every CI run),
tests/test_valdora_step_safety.py and benchmarks/parity_long.py.
"""

from __future__ import annotations

from typing import Any

from parity import ParityError, check, next_step
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.data import ComponentData
from valdora_ai.games.valdora.heuristics import greedy_step
from valdora_ai.games.valdora.info import determinize, observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.rng import Rng

__all__ = ["ParityError", "compare", "compare_worlds", "lockstep"]


def compare(ref: ValdoraState, comp: Any, where: str, *, positions: bool = True) -> None:
    """Raise ParityError unless `comp` shows the same position as `ref`."""
    check(comp.current_player == ref.current_player, "players to move", where)
    check(comp.legal_steps() == ref.legal_steps(), "legal steps", where)
    check(comp.is_chance_node() == ref.is_chance_node(), "chance nodes", where)
    expected = ref.chance_outcomes() if ref.is_chance_node() else []
    check(comp.chance_outcomes() == expected, "chance outcomes", where)
    if positions:
        check(position_to_json(comp) == position_to_json(ref), "positions", where)


def compare_worlds(ref: ValdoraState, comp: Any, seed: int, where: str) -> None:
    """Determinizations from the same generator state must be the same world."""
    r1, r2 = Rng(seed), Rng(seed)
    w_ref = determinize(observation(ref, 0), r1)
    w_comp = determinize(observation(comp, 0), r2)
    check(r1.getstate() == r2.getstate(), "generator states after determinizing", where)
    check(position_to_json(w_comp) == position_to_json(w_ref), "determinized worlds", where)


def lockstep(data: ComponentData, players: int, seed: int, *, belief: bool, greedy: bool,
             position_every: int = 1) -> int:
    """Play game `seed` on both engines at once; returns its number of steps.

    Seats are random (``legal[randbelow]``) or greedy; chance outcomes (belief states)
    are drawn with ``choice_weighted``. Positions are compared every `position_every`
    steps and at the end; everything else at every step.
    """
    compiled = VALDORA_CORE.require()
    ref = ValdoraState.new(data, players, Rng(seed))
    # Any: the compiled state goes through helpers typed for the reference state it mirrors
    comp: Any = compiled.new(data, players, Rng(seed))
    if belief:
        ref = observation(ref, 0).belief_state()
        comp = observation(comp, 0).belief_state()
    policy = Rng(seed ^ 0x5EED)
    step_no = 0
    while True:
        where = f"{players} players, seed {seed}, belief {belief}, step {step_no}"
        compare(ref, comp, where,
                positions=step_no % position_every == 0 or ref.is_terminal())
        if ref.is_terminal():
            break
        if not ref.is_chance_node() and step_no % 37 == 5:
            compare_worlds(ref, comp, seed + step_no, where)
            again: Any = compiled.from_reference(ref)
            check(position_to_json(again) == position_to_json(ref),
                   "positions converted from the reference", where)
        step = next_step(ref, comp, policy, greedy, step_no % 13 == 3,
                         lambda r: greedy_step(ref, r), where)
        ref.apply(step)
        comp.apply(step)
        step_no += 1
    where = f"{players} players, seed {seed}, belief {belief}, end"
    check(comp.is_terminal(), "terminal states", where)
    check(comp.score_lines() == ref.score_lines(), "score lines", where)
    check(comp.winners() == ref.winners() and comp.returns() == ref.returns(),
           "winners", where)
    check((comp.rounds, comp.turns, comp.capped) == (ref.rounds, ref.turns, ref.capped),
           "game lengths", where)
    return step_no
