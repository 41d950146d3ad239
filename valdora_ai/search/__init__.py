"""Search machinery shared by the search agents (``pimc``, ``ismcts``, ``expectimax``).

One job per module, each small enough to move into Cython on its own once the
compiled core lands: :mod:`rewards` (per-player reward vectors from scores),
:mod:`rollout` (playout policies with a cut-off), :mod:`tree` (nodes, edges, backup),
:mod:`uct` (one MCTS iteration over a world), :mod:`loop` (budgets, stopping and
streaming), :mod:`report` (candidates and principal variations), :mod:`reuse` (tree
reuse between decisions), :mod:`parallel` (root parallelism) and :mod:`expectimax`.

Everything here uses the game-agnostic contract of :mod:`valdora_ai.games.base`
only: a :class:`~valdora_ai.games.base.Game` and its states.
"""
