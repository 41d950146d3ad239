"""Differential checking of the compiled Alchemists core against the reference rules.

:func:`lockstep` plays one game on both engines at once and raises
:class:`~parity.ParityError` at the first difference: the
player to move, the legal steps (codes and order), the chance outcomes with their exact
probabilities, the whole state (every field of ``to_reference()``, deck and box
included), the conversion back from the reference, copies, the greedy policy's
decision and generator state (and the quick policy's at every fifth step), the score
estimate (bit for bit), observations and the
worlds determinized from them (the core's belief state and sampler against
info.observation and info.determinize, from the same generator state), and at the end
the score lines, winners and returns. Used by tests/test_alchemists_parity.py (every CI
run) and benchmarks/parity_long.py ``--game alchemists``.
"""

from __future__ import annotations

from typing import Any

from parity import ParityError, check, next_step
from valdora_ai.games.alchemists.data import AlchemistsData, Options
from valdora_ai.games.alchemists.engines import CORE, as_reference
from valdora_ai.games.alchemists.heuristics import (
    estimate_final_scores,
    greedy_step,
    quick_step,
)
from valdora_ai.games.alchemists.info import determinize, observation
from valdora_ai.games.alchemists.rules import AlchemistsState, Player
from valdora_ai.rng import Rng

__all__ = ["ParityError", "compare_samples", "lockstep", "snapshot"]

_SKIP = ("data", "options", "track", "players", "recording")


def snapshot(state: AlchemistsState) -> tuple[Any, ...]:
    """Every field of a reference state as nested tuples (what equality of states means)."""
    fields = tuple(getattr(state, name) for name in AlchemistsState.__slots__
                   if name not in _SKIP)
    players = tuple(tuple(getattr(p, name) for name in Player.__slots__)
                    for p in state.players)
    return (fields, players, state.options)


def compare(ref: AlchemistsState, comp: Any, where: str, *, states: bool = True) -> None:
    """Raise ParityError unless `comp` is the same position as `ref` (`states`: every
    field compared, else what the State protocol shows)."""
    check(comp.current_player == ref.current_player, "players to move", where)
    check(comp.legal_steps() == ref.legal_steps(), "legal steps", where)
    check(comp.is_chance_node() == ref.is_chance_node(), "chance nodes", where)
    expected = ref.chance_outcomes() if ref.is_chance_node() else []
    check(comp.chance_outcomes() == expected, "chance outcomes", where)
    if states:
        check(snapshot(comp.to_reference()) == snapshot(ref), "states", where)
    check(comp.scores() == ref.scores(), "scores", where)


def compare_samples(ref: AlchemistsState, comp: Any, seed: int, where: str) -> None:
    """`comp`'s observation (a compiled belief state) and a world determinized from it
    in C against the reference's, from the same generator state."""
    seat = seed % ref.n
    mine, theirs = observation(ref, seat), observation(comp, seat)
    belief = theirs.belief_state()
    check(CORE.compiled(belief) is not None, "engines of the belief states", where)
    check(snapshot(as_reference(belief)) == snapshot(mine.belief_state()), "belief states",
           where)
    r1, r2 = Rng(seed), Rng(seed)
    expected, drawn = determinize(mine, r1), determinize(theirs, r2)
    check(CORE.compiled(drawn) is not None, "engines of the determinized worlds", where)
    check(r1.getstate() == r2.getstate(), "generator states after determinizing", where)
    check(snapshot(as_reference(drawn)) == snapshot(expected), "determinized worlds", where)


def lockstep(data: AlchemistsData, options: Options, players: int, seed: int, *,
             belief: bool, greedy: bool, state_every: int = 1) -> int:
    """Play game `seed` on both engines at once; returns its number of steps.

    Seats are random (``legal[randbelow]``) or greedy; chance outcomes (belief states)
    are drawn with ``choice_weighted``. The greedy policy is checked at every step of a
    greedy game and every 7th step of a random one; whole states every `state_every`
    steps and at the end.
    """
    compiled = CORE.require()
    ref = AlchemistsState.new(data, options, players, Rng(seed))
    comp: Any = compiled.new(data, options, players, Rng(seed))
    if belief:
        ref = observation(ref, 0).belief_state()
        comp = compiled.from_reference(observation(comp.to_reference(), 0).belief_state())
    policy = Rng(seed ^ 0x5EED)
    step_no = 0
    while True:
        where = f"{players} players, {options}, seed {seed}, belief {belief}, step {step_no}"
        compare(ref, comp, where, states=step_no % state_every == 0 or ref.is_terminal())
        if ref.is_terminal():
            break
        if step_no % 7 == 3:
            check(comp.estimate_final_scores() == estimate_final_scores(ref),
                   "score estimates", where)
            twin = comp.copy()
            check(snapshot(compiled.from_reference(ref).to_reference()) == snapshot(ref),
                   "states converted from the reference", where)
            if not ref.is_chance_node():
                compare_samples(ref, comp, seed + step_no, where)
        if not ref.is_chance_node() and step_no % 5 == 2:  # the former greedy (quick)
            r1, r2 = Rng(seed + step_no), Rng(seed + step_no)
            check(comp.quick_step(r2) == quick_step(ref, r1), "quick steps", where)
            check(r1.getstate() == r2.getstate(), "generators after a quick step", where)
        step = next_step(ref, comp, policy, greedy, step_no % 7 == 3,
                         lambda r: greedy_step(ref, r), where)
        before = snapshot(comp.to_reference()) if step_no % 7 == 3 else None
        ref.apply(step)
        comp.apply(step)
        if before is not None:
            check(snapshot(twin.to_reference()) == before, "copies (not independent)", where)
        step_no += 1
    where = f"{players} players, {options}, seed {seed}, belief {belief}, end"
    check(comp.is_terminal(), "terminal states", where)
    check(comp.score_lines() == ref.score_lines(), "score lines", where)
    check(comp.winners() == ref.winners() and comp.returns() == ref.returns(),
           "winners", where)
    check(comp.estimate_final_scores() == estimate_final_scores(ref), "final estimates", where)
    check((comp.rounds, comp.turns, comp.capped) == (ref.rounds, ref.turns, ref.capped),
           "game lengths", where)
    return step_no
