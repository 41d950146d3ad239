"""Features of a step in its position, for the learned policy prior: one row per step.

Every feature comes from the Game protocol, so any registered game (and a plug-in) has
them. For the seat ``p`` to move in a world (a determinized state) and each legal step
``s``, with ``est`` the game's hand estimate of the final scores before the step and
``est'`` after it is applied to a copy of the world:

* ``kind:<k>`` -- 1 when ``game.step_kind(s)`` is ``k`` (one column per kind the game
  has, in sorted order), so each kind of step gets its own preference;
* ``greedy`` -- 1 when ``s`` is the play-out policy's step (``game.greedy_step``), the
  step the search already tries first;
* ``ends_turn`` -- 1 when another seat is to move after ``s`` (or the game is over);
* ``estimate_gain`` -- ``est'[p] - est[p]``, what the step adds to the mover's estimate;
* ``lead_gain`` -- the change of ``est[p]`` less the best other seat's estimate.

It runs inside the search at a node's first expansion, once per legal step, so it is
plain Python over the game's own (compiled) estimate: one copy, one step and one
estimate a step; the search takes the logits straight from these terms
(:func:`step_logits`) rather than from rows.
"""

from __future__ import annotations

from typing import Any

from valdora_ai.games.base import Game

NUMERIC = ("greedy", "ends_turn", "estimate_gain", "lead_gain")


_kinds: dict[tuple[str, int], tuple[tuple[str, ...], tuple[int, ...]]] = {}


def step_kinds(game: Game) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """`game`'s step kinds (sorted) and the kind index of every step code (cached by the
    game's name and step count, so a new game object costs nothing)."""
    key = (game.name, game.num_distinct_steps())
    if key not in _kinds:
        per_step = [game.step_kind(s) for s in range(key[1])]
        kinds = tuple(sorted(set(per_step)))
        index = {k: i for i, k in enumerate(kinds)}
        _kinds[key] = kinds, tuple(index[k] for k in per_step)
    return _kinds[key]


def step_feature_names(game: Game) -> list[str]:
    """The names of the columns :func:`step_feature_rows` returns for `game`, in order."""
    return [f"kind:{k}" for k in step_kinds(game)[0]] + list(NUMERIC)


def _lead(est: list[float], seat: int) -> float:
    return est[seat] - max((e for j, e in enumerate(est) if j != seat), default=est[seat])


StepTerms = tuple[int, float, float, float, float]
"""A step's features, compactly: its kind's index, then the NUMERIC columns in order."""


def step_terms(game: Game, world: Any, legal: list[int], greedy: int) -> list[StepTerms]:
    """The features of each step of `legal` in `world` (left as it is), whose greedy step
    is `greedy` (-1: none): the one definition both the rows and the logits read."""
    kind_index = step_kinds(game)[1]
    mover = world.current_player
    est = game.estimate_final_scores(world)
    mine, lead = est[mover], _lead(est, mover)
    terms = []
    for step in legal:
        after = world.copy()
        game.apply_revealing(after, step)
        est_after = game.estimate_final_scores(after)
        terms.append((kind_index[step], 1.0 if step == greedy else 0.0,
                      1.0 if after.is_terminal() or after.current_player != mover else 0.0,
                      float(est_after[mover] - mine), float(_lead(est_after, mover) - lead)))
    return terms


def step_feature_rows(game: Game, world: Any, legal: list[int], greedy: int
                      ) -> list[list[float]]:
    """One feature row per step of `legal` in `world` (left as it is), whose greedy step
    is `greedy` (-1: none)."""
    width = len(step_kinds(game)[0])
    rows = []
    for kind, *numeric in step_terms(game, world, legal, greedy):
        row = [0.0] * width
        row[kind] = 1.0
        rows.append(row + numeric)
    return rows


def step_logits(game: Game, world: Any, legal: list[int], greedy: int,
                weights: list[float]) -> list[float]:
    """Each step's logit under `weights` (one per column of :func:`step_feature_names`),
    without building the rows: the kind's weight, then the numeric columns' products
    added in column order, which is the row's dot product to the last bit (the other
    kinds' columns are zeros). It runs at every node expansion of a guided search."""
    width = len(step_kinds(game)[0])
    w_greedy, w_ends, w_gain, w_lead = weights[width:]
    return [weights[kind] + w_greedy * greedy_flag + w_ends * ends + w_gain * gain
            + w_lead * lead_gain
            for kind, greedy_flag, ends, gain, lead_gain
            in step_terms(game, world, legal, greedy)]
