"""Adapters to the standard game-AI interfaces: PettingZoo, Gymnasium and OpenSpiel.

Each adapter lives in its own module and needs its framework, installed through the
optional extra of the same name (``pip install "valdora-ai[pettingzoo]"``); importing
an adapter without it gives one clear :class:`~valdora_ai.errors.ValdoraError`. All
adapters work for every game in the registry, through the game's own hooks
(``observation_tensor``, ``num_distinct_steps``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from valdora_ai.errors import ValdoraError


class MissingExtraError(ValdoraError):
    """An adapter's framework is not installed."""


def require(module: str, extra: str) -> Any:
    """Import `module`, or say which optional extra installs it."""
    try:
        return import_module(module)
    except ImportError:
        raise MissingExtraError(f"{module} is not installed: pip install "
                                f"\"valdora-ai[{extra}]\"") from None


__all__ = ["MissingExtraError", "require"]
