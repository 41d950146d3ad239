"""The engine's limits and defaults: what ``valdora engine`` options set."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from valdora_ai.errors import ValdoraError


@dataclass(frozen=True)
class EngineConfig:
    """The engine's limits and defaults (the ``valdora engine`` options)."""

    workers: int = 2
    max_seconds: float = 60.0
    max_iterations: int = 10_000_000
    max_line_bytes: int = 1_000_000
    default_agent: str = "greedy"
    rules_data: Path | None = None

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValdoraError(f"--workers must be at least 1, got {self.workers}")
        if not self.max_seconds > 0:
            raise ValdoraError(f"--max-seconds must be positive, got {self.max_seconds}")
        if self.max_iterations < 1:
            raise ValdoraError(f"--max-iterations must be at least 1, got {self.max_iterations}")
        if self.max_line_bytes < 64:
            raise ValdoraError(f"--max-line-bytes must be at least 64, got "
                               f"{self.max_line_bytes}")
