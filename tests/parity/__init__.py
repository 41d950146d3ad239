"""Lockstep harnesses: one game played on the compiled core and the reference rules at
once, stopping at the first difference.

One module per game with a compiled core (``parity.valdora``, ``parity.zavandor``,
``parity.alchemists``), each with a ``lockstep`` that plays one seeded game and says
in its docstring what it compares. They are test code, not library code: a core's
harness knows its game's state fields and its C port of the greedy policy, so it lives
here with the tests that run it (tests/test_*parity.py, test_valdora_step_safety.py) and is
imported from here by benchmarks/parity_long.py, the long run. A game from outside
(a plug-in) has no compiled core and needs none of this; docs/development.md says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.rng import Rng

__all__ = ["ParityError", "check", "checked_greedy", "next_step"]


class ParityError(AssertionError):
    """The engines disagree (the message says where and on what)."""


def check(ok: bool, what: str, where: str) -> None:
    """Raise ParityError naming `what` differs at `where` unless `ok`."""
    if not ok:
        raise ParityError(f"{where}: {what} differ")


def checked_greedy(policy: Rng, reference: Callable[[Rng], int], comp: Any, where: str
                   ) -> tuple[int, Rng]:
    """The reference greedy step drawn from a copy of `policy`'s state, checked against
    the compiled state's `greedy_step` from the same state (step and generator after);
    returns the step and the generator after it."""
    mine, spare = Rng(0), Rng(0)
    mine.setstate(policy.getstate())
    spare.setstate(policy.getstate())
    chosen = reference(spare)
    check(comp.greedy_step(mine) == chosen and mine.getstate() == spare.getstate(),
          "greedy steps", where)
    return chosen, spare


def next_step(ref: Any, comp: Any, policy: Rng, greedy: bool, check_greedy: bool,
              reference_greedy: Callable[[Rng], int], where: str) -> int:
    """The next step of a lockstep game on a state with explicit chance nodes: a chance
    outcome drawn by its probability; else the reference greedy step in a greedy game,
    a uniform legal step in a random one. The greedy step is checked against the
    compiled one in a greedy game, and in a random one when `check_greedy` (without
    playing it)."""
    if ref.is_chance_node():
        outcomes = ref.chance_outcomes()
        return int(outcomes[policy.choice_weighted([p for _, p in outcomes])][0])
    legal = ref.legal_steps()
    if greedy or check_greedy:
        chosen, spare = checked_greedy(policy, reference_greedy, comp, where)
    if greedy:
        policy.setstate(spare.getstate())
        return chosen
    return int(legal[policy.randbelow(len(legal))])
