"""The engine's limits and defaults: what ``valdora engine`` options set."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from valdora_ai.agents import canonical_spec, parse_spec, refuse_world_seer
from valdora_ai.analysis import MAX_ITERATIONS, MAX_SECONDS
from valdora_ai.errors import ValdoraError
from valdora_ai.workers import MAX_WORKERS


@dataclass(frozen=True)
class EngineConfig:
    """The engine's limits and defaults (the ``valdora engine`` options)."""

    workers: int = 2
    max_seconds: float = 60.0
    max_iterations: int = 10_000_000
    max_line_bytes: int = 1_000_000
    default_agent: str = "greedy"
    rules_data: Mapping[str, Path] = field(default_factory=dict)  # {game: data file}

    def __post_init__(self) -> None:
        if not 1 <= self.workers <= MAX_WORKERS:
            raise ValdoraError(f"--workers must be from 1 to {MAX_WORKERS}, got {self.workers}")
        if not 0 < self.max_seconds <= MAX_SECONDS:
            raise ValdoraError(f"--max-seconds must be a number of seconds above 0 and at most "
                               f"{MAX_SECONDS:g}, got {self.max_seconds}")
        if not 1 <= self.max_iterations <= MAX_ITERATIONS:
            raise ValdoraError(f"--max-iterations must be from 1 to {MAX_ITERATIONS}, "
                               f"got {self.max_iterations}")
        if self.max_line_bytes < 64:
            raise ValdoraError(f"--max-line-bytes must be at least 64, got "
                               f"{self.max_line_bytes}")
        refuse_world_seer(self.default_agent, "the engine (--agent)")
        _, params = parse_spec(self.default_agent)
        beyond = self.beyond_limits(params)
        if beyond is not None:
            raise ValdoraError(f"--agent {self.default_agent!r}: {beyond}")
        object.__setattr__(self, "default_agent", canonical_spec(self.default_agent))

    def beyond_limits(self, params: dict[str, Any]) -> str | None:
        """Why an agent's spec parameters ask for more than the limits allow, or None.

        The limits hold for a budget written in the spec as for a request's ``budget``.
        """
        iterations, seconds = params.get("iterations", 0), params.get("time", 0.0)
        if iterations > self.max_iterations:
            return (f"{iterations} iterations is beyond this engine's limit of "
                    f"{self.max_iterations}")
        if seconds > self.max_seconds:
            return f"{seconds} seconds is beyond this engine's limit of {self.max_seconds}"
        return None
