"""Which engine makes Zavandor worlds: the compiled core or the reference rules.

As for every game (:class:`valdora_ai.backend.Core`): `new_state` and `from_reference`
follow :meth:`~valdora_ai.backend.Core.select` for :data:`CORE`, so
``VALDORA_PURE_PYTHON=1`` (or a missing ``_zavandor_core``, with one warning) gives
reference states everywhere and ``VALDORA_REQUIRE_COMPILED=1`` turns a missing or broken
core into an error; :func:`compiled` (:meth:`~valdora_ai.backend.Core.compiled`) alone
tells a compiled state from a reference one. The compiled core holds worlds and belief
states alike (a belief state's reveals are chance nodes over the ids its observer cannot
rule out, with their continuations, in C): an observation of a compiled world keeps a
compiled belief state (:func:`belief_on_engine_of`), so searches over belief states
(expectimax) run in C, and :func:`determinize` samples from one in C (the core's sampler,
built once per observation). Code that reads a state's internals
(positions, notation, observations, invariants, the game's hooks) calls
:func:`as_reference` first, so the reference :class:`ZavandorState` stays the one
specification of those formats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.games.zavandor import CORE, info
from valdora_ai.games.zavandor.data import Options, ZavandorData
from valdora_ai.games.zavandor.rules import ZavandorState

compiled = CORE.compiled


def new_state(data: ZavandorData, options: Options, n_players: int, rng: Any) -> Any:
    """A fresh game from the selected engine (both consume `rng` identically)."""
    kind = CORE.select()
    if kind is not None:
        return kind.new(data, options, n_players, rng)
    return ZavandorState.new(data, options, n_players, rng)


def from_reference(state: ZavandorState) -> Any:
    """`state` (a world or a belief state) as a state of the selected engine.

    Unchecked: for states the engine made or a position loader read (the core's
    own ``from_reference`` checks by default, games.state_check)."""
    kind = CORE.select()
    return state if kind is None else kind.from_reference(state, False)


def belief_on_engine_of(belief: ZavandorState, like: Any) -> Any:
    """The reference belief state `belief` on the engine of `like` (compiled for a
    compiled world, else itself)."""
    fast = compiled(like)
    return belief if fast is None else type(fast).from_reference(belief, False)


def as_reference(state: Any) -> ZavandorState:
    """A reference state equal to `state` (itself when it is one already)."""
    fast = compiled(state)
    return state if fast is None else fast.to_reference()


def determinize(obs: info.Observation, rng: Any) -> Any:
    """info.determinize on the engine selected at the observation's first
    determinization: the compiled core draws the same world from the same generator
    state (cext/zavandor_sample.pxi) from the belief state it converted once."""
    sampler = obs.sampler(_compiled_sampler)
    return info.determinize(obs, rng) if sampler is None else sampler(rng)


def _compiled_sampler(obs: info.Observation) -> Callable[[Any], Any] | None:
    """The compiled core's sampler of `obs`'s belief state (None on the pure engine)."""
    kind = CORE.select()
    if kind is None:
        return None
    belief = obs.belief_state()
    info.check_not_chance(belief)
    return kind.sampler(belief).sample


def future_sampler(present: ZavandorState, like: Any) -> Callable[[Any], Any]:
    """Worlds drawn from `present` (info.present_of) on the engine of `like`: the
    compiled core's sampler for a compiled world, else info.fill_unknown on copies."""
    fast = compiled(like)
    if fast is not None:
        return type(fast).sampler(present).sample

    def sample(rng: Any) -> ZavandorState:
        world = present.copy()
        info.fill_unknown(world, rng)
        return world
    return sample
