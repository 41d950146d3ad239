"""The learned policy prior: a linear softmax over a position's legal steps, and its file.

A step's logit is ``(x / scale) @ weights`` for its feature row ``x``
(:mod:`.step_features`); the probabilities are the softmax over the legal steps. There
is no bias or mean: a softmax does not change when every logit moves by the same
amount. Fitted by :mod:`.policy_fit`; a file holds the weights, the scale and the
provenance that rebuilds it (``valdora train --kind policy``).
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from valdora_ai.atomic import write_text_atomic
from valdora_ai.games.base import Game
from valdora_ai.inputs import read_json
from valdora_ai.learning.model import shipped_path
from valdora_ai.learning.model_file import FileKind, ModelError, check_document, number_list
from valdora_ai.learning.step_features import step_feature_names, step_logits

FORMAT = "valdora-policy-model"
VERSION = 1
KIND = FileKind(FORMAT, VERSION, "policy model", "valdora train --kind policy")
SUFFIX = "-policy"  # the shipped file of game G is models/G-policy.json


@dataclass(frozen=True, eq=False)
class PolicyModel:
    """Step probabilities ``softmax((rows / scale) @ weights)`` over a position's steps."""

    game: str
    features: tuple[str, ...]
    scale: np.ndarray
    weights: np.ndarray
    l2: float
    provenance: dict[str, Any] = field(default_factory=dict)

    def logits(self, rows: np.ndarray) -> np.ndarray:
        """The logit of every feature row (numpy, for training and tests)."""
        result: np.ndarray = (rows / self.scale) @ self.weights
        return result

    def priors(self, game: Game, world: Any, legal: list[int], greedy: int
               ) -> dict[int, float]:
        """The probability of each step of `legal` in `world`, whose greedy step is
        `greedy` (plain Python: it runs at every node expansion of a search)."""
        logits = step_logits(game, world, legal, greedy, self._folded)
        top = max(logits)
        exps = [math.exp(v - top) for v in logits]
        total = sum(exps)
        return {step: e / total for step, e in zip(legal, exps, strict=True)}

    @functools.cached_property
    def _folded(self) -> list[float]:
        """The scale folded into the weights."""
        folded: list[float] = (self.weights / self.scale).tolist()
        return folded

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "features": list(self.features), "scale": self.scale.tolist(),
                "weights": self.weights.tolist(), "l2": self.l2,
                "provenance": self.provenance}

    def save(self, path: Path) -> None:
        """Write the model file atomically."""
        write_text_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")


def policy_from_json(document: Any, game: Game, where: str) -> PolicyModel:
    """The policy model in `document`, checked against `game`; ModelError says what is
    wrong."""
    names = step_feature_names(game)
    document, scale, provenance = check_document(document, KIND, game, names, where)
    l2 = document.get("l2")
    if not isinstance(l2, (int, float)) or isinstance(l2, bool) or not 0 <= l2 < math.inf:
        raise ModelError("'l2' must be a non-negative number", where=where)
    return PolicyModel(game.name, tuple(names), scale,
                       number_list(document, "weights", len(names), where), float(l2), provenance)


def load_policy(path: Path, game: Game) -> PolicyModel:
    """The policy model file at `path` for `game`; ModelError (one line) when it is bad."""
    document, _ = read_json(path, ModelError, what="the policy model file")
    return policy_from_json(document, game, str(path))


def shipped_policy_path(game_name: str) -> Path:
    """Where the package keeps the shipped policy model of `game_name`."""
    return shipped_path(game_name + SUFFIX)


_loaded: dict[tuple[str, str, int], PolicyModel] = {}


def policy_for(game: Game, path: str = "") -> PolicyModel:
    """The policy model at `path`, or the one shipped for `game` when `path` is empty
    (cached per file, game and step count: the features depend on both)."""
    if not path:
        shipped = shipped_policy_path(game.name)
        if not shipped.is_file():
            raise ModelError(f"no policy model is shipped for {game.name}; train one with "
                             "valdora train --kind policy and pass it as policy_model=PATH")
        path = str(shipped)
    key = (path, game.name, game.num_distinct_steps())
    if key not in _loaded:
        _loaded[key] = load_policy(Path(path), game)
    return _loaded[key]
