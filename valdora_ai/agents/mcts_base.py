"""Parameters shared by the two MCTS agents (exploration, play-outs, cut-off).

Defaults, chosen from seat-rotated 3-player series against two greedy bots (the
tables, with their commands and commits, are in docs/strength.md):
greedy play-outs **to the end of the game** (``depth=-1``), so a value is the real
result of the game played on by the policy, not the score estimate, whose blind spots
(coins are not in it) the search otherwise learns to exploit; a **turn tree**
(``tree=turn``), so an iteration values one complete turn of the searching player
and the opponents' replies are the policy's, not explored; **margin** rewards, which
keep telling moves apart when the player is behind (with ``win`` a losing position
values every move 0 and play falls apart); ``c=0.2``, the best of the constants
tried (a smaller one drops a move after one unlucky play-out, larger ones spend the
budget on poor moves); and a progressive bias ``prior=2`` for the policy's step (see
:func:`~valdora_ai.search.uct.select`): without it a few noisy full-game play-outs
decide a small search; larger values than 2 won no more.

A learned estimate (``eval=learned``, :mod:`valdora_ai.learning`) is only used at a
cut-off, so with it ``depth=-1`` means a cut-off of LEARNED_DEPTH turns, the setting
its SPRTs were run at. It is not a default: no SPRT at equal time found it stronger
(docs/strength.md).

A learned policy prior (``policy=learned``, :mod:`valdora_ai.learning.policy_model`)
keeps the greedy step first and biased, orders the later untried steps and adds a bias
by its probability to every child (see :mod:`valdora_ai.search.uct`). It is the
default (``policy=default``) only for the agents and games in
:data:`SPRT_ACCEPTED_PRIORS`, where an SPRT at equal CPU time accepted it; elsewhere
the default is the greedy prior (the SPRTs are in docs/strength.md). ``policy=auto``
takes it where the game ships one (or ``policy_model`` names one) and the greedy prior
elsewhere, so a spec with it works for a game added without a model: the analysis
default uses it (its recommendations agree between seeds more often, docs/analysis.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from valdora_ai.agents.base import Param
from valdora_ai.agents.search_base import SearchAgent
from valdora_ai.games.base import Game
from valdora_ai.learning.policy_model import policy_for, shipped_policy_path
from valdora_ai.search.rollout import POLICIES, check_policy
from valdora_ai.search.uct import UctSettings

TREES = ("game", "turn")
GUIDES = ("default", "greedy", "learned", "auto")
SPRT_ACCEPTED_PRIORS: frozenset[tuple[str, str]] = frozenset({("ismcts", "alchemists")})
"""The (agent, game) pairs whose ``policy=default`` is the learned prior: those whose
SPRT against the greedy prior at equal CPU time (3 players, elo0 0, elo1 25, alpha =
beta = 0.05) accepted H1. The Valley of Alchemists' did after 108 games at 0.1 CPU
seconds a decision (docs/strength.md, "Generation 2"); Zavandor's and Valdora's have
not, so there the default stays greedy. Only ``ismcts`` was tested."""
LEARNED_DEPTH = 6  # the cut-off a learned estimate was tested at (docs/strength.md)
MAX_TREES = 64


class MctsAgent(SearchAgent):
    """A search agent running UCT iterations (see :mod:`valdora_ai.search.uct`)."""

    PARAMS: ClassVar[dict[str, Param]] = {
        **SearchAgent.PARAMS,
        "reward": replace(SearchAgent.PARAMS["reward"], default="margin"),
        "c": Param(float, 0.2, "UCB exploration constant (rewards are in [0, 1])", 0.0, 100.0),
        "widen": Param(float, 1.0, "progressive widening: at most 1 + widen*sqrt(visits) "
                                   "children, the policy's step first (0: off)", 0.0, 100.0),
        "prior": Param(float, 2.0, "progressive bias of the policy's step: prior/(1+visits) "
                                   "added to its UCB value (0: off)", 0.0, 1000.0),
        "rollout": Param(str, "greedy", "play-out policy: greedy, quick (Valdora: greedy with "
                                        "less look-ahead, faster; Alchemists and Zavandor: "
                                        "the former greedy) or random", choices=POLICIES),
        "tree": Param(str, "turn", "tree span: game (every decision) or turn (the searching "
                                   "player's current turn; the rest is play-out)",
                      choices=TREES),
        "policy": Param(str, "default", "the tree's prior: greedy (the play-out policy's "
                                        "step first and biased, then random untried steps) "
                                        "or learned (the same, and a policy learned from "
                                        "the search orders the later untried steps and "
                                        "biases every child by its probability) or auto "
                                        "(learned where a model is given or shipped, else "
                                        "greedy) or default (learned where its SPRT "
                                        "accepted it, ismcts in alchemists; else greedy)",
                      choices=GUIDES),
        "policy_model": Param(str, "", "policy model file for policy=learned (empty: the "
                                       "shipped one)"),
        "trees": Param(int, 1, "independent searches of each decision, the iterations split "
                               "between them and merged at the root (at least `jobs`; a root "
                               "ensemble: its recommendation varies less between seeds)", 1,
                       MAX_TREES),
        "depth": Param(int, -1, "play-out cut-off: the searching player's turns after the "
                               "current one, then the score estimate (-1: to the end, or "
                               f"{LEARNED_DEPTH} with a learned estimate)", -1, 1000),
    }

    def __init__(self, game: Game, **params: Any) -> None:
        super().__init__(game, **params)
        check_policy(game, self.params["rollout"])
        depth = self.params["depth"]
        if depth < 0 and self.evaluator.model is not None:
            depth = LEARNED_DEPTH
        guide = (policy_for(game, self.params["policy_model"])
                 if self._guided(game) else None)
        self.settings = UctSettings(game=game, evaluator=self.evaluator, c=self.params["c"],
                                    widen=self.params["widen"],
                                    policy=self.params["rollout"], depth=depth,
                                    rng=self.rng, turn_only=self.params["tree"] == "turn",
                                    prior=self.params["prior"], guide=guide)

    def _guided(self, game: Game) -> bool:
        """Whether the tree takes the learned policy prior (``policy`` resolved)."""
        choice = self.params["policy"]
        if choice == "default":
            return (self.name, game.name) in SPRT_ACCEPTED_PRIORS
        if choice == "auto":
            return bool(self.params["policy_model"]) or shipped_policy_path(game.name).is_file()
        return bool(choice == "learned")
