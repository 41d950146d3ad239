"""Search machinery shared by the search agents (``ismcts``, ``pimc``, ``expectimax``
and the difficulty levels built on ``ismcts``).

A reading map, in the order one iteration of ISMCTS meets the modules
(``valdora_ai/agents/ismcts.py`` drives them):

1. :mod:`loop` -- the anytime loop: iterations until the budget (iterations and/or
   seconds) ends or the caller's :class:`~valdora_ai.analysis.SearchControl` stops it,
   streaming partial analyses on the way.
2. the agent samples a world from the observation (``Game.determinize``; compiled in
   every game's core), then :mod:`uct` runs one iteration over it: select by UCB with
   availability counts, expand one edge (progressive widening, the policy's step first),
   play out, back up into :mod:`tree`'s nodes and edges.
3. :mod:`rollout` -- the play-out by a policy to a cut-off counted in the searcher's
   turns (a compiled state plays the whole play-out in C), then :mod:`rewards` turns the
   final or estimated scores into one reward per seat.
4. :mod:`report` -- from the tree(s) to ranked candidates: statistics with their
   intervals, the order the agent recommends, principal variations.
5. :mod:`reuse` keeps the subtree below the step played for the next decision;
   :mod:`parallel` runs independent searches in worker processes and merges them at
   the root (``jobs=N``).

:mod:`expectimax` is the other search: depth-limited expectimax-n over the belief
state, with exact chance nodes, for ``expectimax``.

Everything here uses the game-agnostic contract of :mod:`valdora_ai.games.base` only
(a :class:`~valdora_ai.games.base.Game` and its states), so it serves every game,
plug-ins included. Where an iteration's time goes is measured by
``benchmarks/search_overhead.py`` (docs/performance.md).
"""
