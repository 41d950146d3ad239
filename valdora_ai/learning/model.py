"""The value model: ridge regression from position features to each seat's final score.

A model file is JSON (byte-for-byte reproducible, unlike a zip archive): its format
name and version, the game, the feature names (checked against the game's on load),
the standardisation (``mean``, ``scale``), the weights, the ridge penalty, and how its
data was made (seed, positions, player counts, policy, the SHA-256 of the feature
matrix and targets). Win chances come from the predicted scores through the same soft
win share the hand estimate uses (:func:`~valdora_ai.search.rewards.soft_wins`).
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from valdora_ai.atomic import write_text_atomic
from valdora_ai.games.base import Game
from valdora_ai.inputs import read_json
from valdora_ai.learning.features import feature_names, feature_rows
from valdora_ai.learning.model_file import FileKind, ModelError, check_document, number_list

FORMAT = "valdora-value-model"
VERSION = 1
RIDGE = 1.0  # penalty on the standardised weights (the bias is not penalised)
KIND = FileKind(FORMAT, VERSION, "value model", "valdora train")


@dataclass(frozen=True, eq=False)
class ValueModel:
    """Final-score predictions ``((x - mean) / scale) @ weights`` per seat row ``x``."""

    game: str
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    ridge: float = RIDGE
    provenance: dict[str, Any] = field(default_factory=dict)

    def predict_rows(self, rows: np.ndarray) -> np.ndarray:
        """Predicted final scores for feature rows (one per seat or per sample)."""
        result: np.ndarray = ((rows - self.mean) / self.scale) @ self.weights
        return result

    def predict(self, game: Game, state: Any) -> list[float]:
        """Each seat's predicted final score in `state` (plain Python: see feature_rows)."""
        weights, offset = self._folded
        return [offset + sum(w * x for w, x in zip(weights, row, strict=True))
                for row in feature_rows(game, state)]

    @functools.cached_property
    def _folded(self) -> tuple[list[float], float]:
        """The standardisation folded into the weights: ``x @ w' + offset``."""
        folded = self.weights / self.scale
        return folded.tolist(), float(-(self.mean * folded).sum())

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "features": list(self.features), "mean": self.mean.tolist(),
                "scale": self.scale.tolist(), "weights": self.weights.tolist(),
                "ridge": self.ridge, "provenance": self.provenance}

    def save(self, path: Path) -> None:
        """Write the model file atomically."""
        write_text_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")


def data_hash(x: np.ndarray, y: np.ndarray) -> str:
    """SHA-256 of the training matrix and targets (float64, C order)."""
    digest = hashlib.sha256()
    for a in (x, y):
        digest.update(np.ascontiguousarray(a, dtype=np.float64).tobytes())
    return digest.hexdigest()


def fit(game: Game, x: np.ndarray, y: np.ndarray, provenance: dict[str, Any],
        ridge: float = RIDGE) -> ValueModel:
    """Ridge regression of `y` on standardised `x` (the first column is the bias)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    mean[0], scale[0] = 0.0, 1.0
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    weights = np.linalg.solve(z.T @ z + np.diag(penalty), z.T @ y)
    return ValueModel(game.name, tuple(feature_names(game)), mean, scale, weights, ridge,
                      {**provenance, "data_sha256": data_hash(x, y)})


def from_json(document: Any, game: Game, where: str) -> ValueModel:
    """The model in `document`, checked against `game`; ModelError names what is wrong."""
    names = feature_names(game)
    document, scale, provenance = check_document(document, KIND, game, names, where)
    ridge = document.get("ridge", RIDGE)
    if not isinstance(ridge, (int, float)) or isinstance(ridge, bool) or ridge < 0:
        raise ModelError("'ridge' must be a non-negative number", where=where)
    size = len(names)
    return ValueModel(game.name, tuple(names), number_list(document, "mean", size, where),
                      scale, number_list(document, "weights", size, where), float(ridge),
                      provenance)


def load_model(path: Path, game: Game) -> ValueModel:
    """The model file at `path` for `game`; ModelError (one line) when it is bad."""
    document, _ = read_json(path, ModelError, what="the model file")
    return from_json(document, game, str(path))


def shipped_path(game_name: str) -> Path:
    """Where the package keeps the shipped model of `game_name`."""
    return Path(str(resources.files("valdora_ai.learning") / "models" / f"{game_name}.json"))


_loaded: dict[tuple[str, str], ValueModel] = {}


def model_for(game: Game, path: str = "") -> ValueModel:
    """The model at `path`, or the one shipped for `game` when `path` is empty (cached)."""
    if not path:
        shipped = shipped_path(game.name)
        if not shipped.is_file():
            raise ModelError(f"no learned model is shipped for {game.name}; train one with "
                             "valdora train and pass it as model=PATH")
        path = str(shipped)
    key = (path, game.name)
    if key not in _loaded:
        _loaded[key] = load_model(Path(path), game)
    return _loaded[key]
