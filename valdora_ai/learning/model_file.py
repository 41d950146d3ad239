"""Checks shared by the learned models' JSON files (value model, policy prior).

Both files carry ``format``, ``version``, ``game``, ``features``, a positive ``scale``
vector and a ``provenance`` object; each check fails with one :class:`ModelError` line
naming the file and what is wrong.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from valdora_ai.errors import ValdoraError
from valdora_ai.games.base import Game


class ModelError(ValdoraError):
    """A learned model file is missing, malformed or made for another game."""


@dataclass(frozen=True)
class FileKind:
    """What a model file must declare: its `format` and `version`, and in words what it
    is and the command that remakes it."""

    format: str
    version: int
    what: str  # "value model"
    retrain: str  # "valdora train"


def number_list(document: dict[str, Any], key: str, size: int, where: str) -> np.ndarray:
    """`document[key]` as a float64 vector of `size` finite numbers."""
    value = document.get(key)
    if (not isinstance(value, list) or len(value) != size
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                       and math.isfinite(v) for v in value)):
        raise ModelError(f"'{key}' must be a list of {size} finite numbers", where=where)
    return np.asarray(value, dtype=np.float64)


def check_document(document: Any, kind: FileKind, game: Game, names: list[str], where: str
                   ) -> tuple[dict[str, Any], np.ndarray, dict[str, Any]]:
    """The document, its scale and its provenance, once its header (format, version,
    game, feature names) and those two are what `kind` and `game` need."""
    if not isinstance(document, dict) or document.get("format") != kind.format:
        raise ModelError(f"not a {kind.what} (expected \"format\": \"{kind.format}\")",
                         where=where)
    if document.get("version") != kind.version:
        raise ModelError(f"{kind.what} format version {document.get('version')!r} is not "
                         f"supported (this library reads version {kind.version})", where=where)
    if document.get("game") != game.name:
        raise ModelError(f"the {kind.what} is for game {document.get('game')!r}, not "
                         f"{game.name!r}", where=where)
    if document.get("features") != names:
        raise ModelError("its feature list differs from this library's "
                         f"({', '.join(names)}); retrain it with {kind.retrain}", where=where)
    scale = number_list(document, "scale", len(names), where)
    if np.any(scale <= 0):
        raise ModelError("'scale' must be positive", where=where)
    provenance = document.get("provenance", {})
    if not isinstance(provenance, dict):
        raise ModelError("'provenance' must be an object", where=where)
    return document, scale, provenance
