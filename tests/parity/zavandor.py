"""Differential checking of the compiled Zavandor core against the reference rules.

:func:`lockstep` plays one game on both engines at once and raises
:class:`ParityError` at the first difference: the player to move, the legal steps
(codes and order), the chance outcomes with their exact probabilities, the whole state
(every field of the reference state, the compiled one converted with
``to_reference``), the chance steps each step records for the world's viewer, the
conversion back from the reference, the greedy policy's decisions and generator state
(C port against heuristics.greedy_step; the quick policy's at every fifth step), the
score estimate, the worlds sampled from each seat's observation and from the present
(info.determinize and info.fill_unknown against the core's sampler, from the same
generator state), and at the end the scores, winners and returns. Used by
tests/test_zavandor_parity.py (every CI run) and benchmarks/parity_long.py.
"""

from __future__ import annotations

import functools
from typing import Any

from parity import ParityError, check
from valdora_ai.games.token_turns import apply_recording
from valdora_ai.games.zavandor import engines
from valdora_ai.games.zavandor.data import Options, ZavandorData
from valdora_ai.games.zavandor.heuristics import estimate_final_scores, greedy_step, quick_step
from valdora_ai.games.zavandor.info import determinize, observation, present_of
from valdora_ai.games.zavandor.rules import MINE_USE, WILD, ZavandorState
from valdora_ai.rng import Rng

# Fields compared as they are; mine_choices is derived (position_from_json recomputes
# it for the miner being asked), so it counts only while a miner chooses.
_SKIPPED = ("data", "opts", "recording", "mine_choices")
FIELDS = tuple(name for name in ZavandorState.__slots__ if name not in _SKIPPED)

__all__ = ["FIELDS", "ParityError", "belief_lockstep", "compare", "lockstep", "playout_parity",
           "state_differences"]


def state_differences(ref: ZavandorState, other: ZavandorState) -> list[str]:
    """The names of the fields in which two reference states differ."""
    names = [name for name in FIELDS if getattr(ref, name) != getattr(other, name)]
    if ref.phase in (MINE_USE, WILD) and ref.mine_choices != other.mine_choices:
        names.append("mine_choices")
    if ref.data is not other.data or ref.opts != other.opts:
        names.append("data")
    return names


def compare(ref: ZavandorState, comp: Any, where: str, *, states: bool = True) -> None:
    """Raise ParityError unless `comp` shows the same position as `ref`."""
    check(comp.current_player == ref.current_player, "players to move", where)
    check(comp.legal_steps() == ref.legal_steps(), "legal steps", where)
    check(comp.is_chance_node() == ref.is_chance_node(), "chance nodes", where)
    check(comp.is_terminal() == ref.is_terminal(), "terminal states", where)
    expected = ref.chance_outcomes() if ref.is_chance_node() else []
    check(comp.chance_outcomes() == expected, "chance outcomes", where)
    check(comp.scores() == ref.scores(), "scores", where)
    if states:
        differences = state_differences(ref, comp.to_reference())
        check(not differences, f"states ({', '.join(differences)})", where)


def _check_conversion(compiled: Any, ref: ZavandorState, where: str) -> None:
    """`ref` converted to the compiled core and back is `ref` again."""
    again = compiled.from_reference(ref)
    check(not state_differences(ref, again.to_reference()),
          "states converted from the reference", where)


def _greedy(ref: ZavandorState, comp: Any, policy: Rng, where: str) -> int:
    """The greedy step of both engines from the same generator state; `policy` ends
    where the reference left it."""
    twin = Rng(0)
    twin.setstate(policy.getstate())
    chosen = greedy_step(ref, policy)
    check(comp.greedy_step(twin) == chosen and twin.getstate() == policy.getstate(),
           "greedy steps", where)
    return chosen


def compare_samples(ref: ZavandorState, seed: int, where: str) -> None:
    """The core's sampler against the reference from the same generator state: the
    worlds drawn from every seat's observation of the world `ref` (info.determinize)
    and from its present (info.fill_unknown), and the generator states after."""
    compiled = engines.CORE.require()
    present = present_of(ref)
    cases = [("the present", present, engines.future_sampler(present, ref))]
    for seat in range(ref.n):
        obs = observation(ref, seat)
        cases.append((f"seat {seat}'s observation", obs.belief_state(),
                      functools.partial(determinize, obs)))
    for what, state, reference in cases:
        r1, r2 = Rng(seed), Rng(seed)
        expected = reference(r1)
        drawn = compiled.sampler(state).sample(r2)
        check(r1.getstate() == r2.getstate(), f"generator states after sampling {what}",
               where)
        differences = state_differences(expected, drawn.to_reference())
        check(not differences, f"worlds sampled from {what} ({', '.join(differences)})",
               where)


def lockstep(data: ZavandorData, options: Options, players: int, seed: int, *,
             greedy: bool, state_every: int = 1) -> int:
    """Play game `seed` on both engines at once; returns its number of steps.

    Seats are random (``legal[randbelow]``) or greedy. Odd seeds give the worlds a
    viewer (as a determinization has), so the recorded reveals are compared too.
    Whole states are compared every `state_every` steps and at the end; everything
    else at every step.
    """
    compiled = engines.CORE.require()
    ref = ZavandorState.new(data, options, players, Rng(seed))
    comp: Any = compiled.new(data, options, players, Rng(seed))
    compare(ref, comp, f"{players} players, seed {seed}, setup")
    if seed % 2:
        ref.viewer = seed // 2 % players
        comp = compiled.from_reference(ref)
    policy = Rng(seed ^ 0x5EED)
    step_no = 0
    while True:
        where = f"{players} players, {options}, seed {seed}, step {step_no}"
        compare(ref, comp, where, states=step_no % state_every == 0 or ref.is_terminal())
        if ref.is_terminal():
            break
        if step_no % 29 == 7:
            _check_conversion(compiled, ref, where)
            spare = comp.copy()
            spare.playout(Rng(step_no), 40)
            check(not state_differences(ref, comp.to_reference()), "copies", where)
        if step_no % 11 == 3:
            check(comp.estimate_final_scores() == estimate_final_scores(ref), "estimates",
                   where)
        if step_no % 13 == 5 and not ref.is_chance_node():
            compare_samples(ref, seed + step_no, where)
        legal = ref.legal_steps()
        if not ref.is_chance_node() and step_no % 5 == 2:  # the former greedy (quick)
            r1, r2 = Rng(step_no), Rng(step_no)
            check(comp.quick_step(r2) == quick_step(ref, r1), "quick steps", where)
            check(r1.getstate() == r2.getstate(), "generators after a quick step", where)
        if greedy or step_no % 5 == 2:  # random games: greedy checked, not played
            chosen = _greedy(ref, comp, policy if greedy else Rng(step_no), where)
        step = chosen if greedy else legal[policy.randbelow(len(legal))]
        check(comp.apply_revealing(step) == apply_recording(ref, step), "recorded reveals",
               where)
        step_no += 1
    where = f"{players} players, {options}, seed {seed}, end"
    check(comp.winners() == ref.winners() and comp.returns() == ref.returns(), "winners",
           where)
    check(comp.estimate_final_scores() == estimate_final_scores(ref), "final estimates",
           where)
    return step_no


def playout_parity(data: ZavandorData, options: Options, players: int, seed: int,
                   policy: str, depth: int | None = None) -> None:
    """The compiled play-out (or roll-out to `depth`) against the reference loop from
    a copy of one position: same final state, same generator state."""
    from valdora_ai.playout import reference_greedy_playout, reference_random_playout
    from valdora_ai.search.rollout import reference_rollout

    compiled = engines.CORE.require()
    ref = ZavandorState.new(data, options, players, Rng(seed))
    ref_rng = Rng(seed + 1)
    reference_random_playout(ref, ref_rng, 60 + seed % 50)
    comp: Any = compiled.from_reference(ref)
    hooks = _ReferenceHooks()
    r1, r2 = Rng(seed + 2), Rng(seed + 2)
    searcher = ref.current_player
    if depth is not None:
        reference_rollout(hooks, ref, policy, depth, r1, searcher)  # type: ignore[arg-type]
        comp.rollout(r2, policy, searcher, depth)
    elif policy != "random":
        played = reference_greedy_playout(hooks, ref, r1, policy=policy)
        check(comp.playout(r2, 1 << 30, policy) == played, "play-out lengths", str(seed))
    else:
        played = reference_random_playout(ref, r1)
        check(comp.playout(r2) == played, "play-out lengths", str(seed))
    where = f"{players} players, seed {seed}, {policy} play-out to depth {depth}"
    check(r1.getstate() == r2.getstate(), "generator states", where)
    check(not state_differences(ref, comp.to_reference()), "final states", where)


class _ReferenceHooks:
    """The game hooks the reference play-out loops call, on the reference rules."""

    def greedy_step(self, state: ZavandorState, rng: Any) -> int:
        return greedy_step(state, rng)

    def quick_step(self, state: ZavandorState, rng: Any) -> int:
        return quick_step(state, rng)


def belief_lockstep(data: ZavandorData, options: Options, players: int, seed: int, *,
                    greedy: bool, every: int = 17, horizon: int = 60) -> int:
    """Belief states on both engines at once; returns how many belief steps were compared.

    A world is played with the greedy policy (game `seed`); every `every` steps each
    seat's observation (a reference belief state) is compiled and both play on from it
    for up to `horizon` steps: chance outcomes (the ids the observer learns, with their
    exact probabilities) drawn by probability, decisions random or greedy. At each step
    :func:`compare` (player, legal steps, chance outcomes, whole state), the greedy step
    and its generator state, the estimate, the conversion back from the reference; at
    the end of each run both engines' greedy play-outs from a copy of the belief state
    (chance drawn in C) to the same final state and generator state.
    """
    from valdora_ai.playout import reference_greedy_playout

    compiled = engines.CORE.require()
    world = ZavandorState.new(data, options, players, Rng(seed))
    policy = Rng(seed ^ 0xBE11EF)
    compared = 0
    step_no = 0
    while not world.is_terminal():
        if step_no % every == every - 1 and not world.is_chance_node():
            for seat in range(players):
                belief = observation(world, seat).belief_state()
                comp: Any = compiled.from_reference(belief)
                compare(belief, comp, f"seed {seed}, step {step_no}, seat {seat}'s view")
                start = (belief.copy(), comp.copy())
                for k in range(horizon):
                    where = f"seed {seed}, step {step_no}, seat {seat}'s view, +{k}"
                    compare(belief, comp, where)
                    compared += 1
                    if belief.is_terminal():
                        break
                    if k % 7 == 3:
                        _check_conversion(compiled, belief, where)
                        check(comp.estimate_final_scores() == estimate_final_scores(belief),
                              "estimates", where)
                    if belief.is_chance_node():
                        outcomes = belief.chance_outcomes()
                        step = outcomes[policy.choice_weighted([p for _, p in outcomes])][0]
                    elif greedy or k % 3 == 0:
                        step = _greedy(belief, comp, policy, where)
                    else:
                        legal = belief.legal_steps()
                        step = legal[policy.randbelow(len(legal))]
                    belief.apply(step)
                    comp.apply(step)
                ref, fast = start
                r1, r2 = Rng(seed + step_no), Rng(seed + step_no)
                played = reference_greedy_playout(_ReferenceHooks(), ref, r1)
                where = f"seed {seed}, step {step_no}, seat {seat}'s view, play-out"
                check(fast.playout(r2, 1 << 30, "greedy") == played, "play-out lengths",
                      where)
                check(r1.getstate() == r2.getstate(), "generator states", where)
                check(not state_differences(ref, fast.to_reference()), "final states",
                      where)
        world.apply(greedy_step(world, policy) if not world.is_chance_node()
                    else world.chance_outcomes()[0][0])
        step_no += 1
    return compared
