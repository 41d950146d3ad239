"""The limits of ``valdora serve``: the engine's per connection, and the server's own."""

from __future__ import annotations

from dataclasses import dataclass, field

from valdora_ai.engine.config import EngineConfig
from valdora_ai.errors import ValdoraError

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class ServeConfig:
    """Where the server listens and what one page may ask of it.

    `engine` holds the engine's limits (search budgets, message size, worker threads),
    applied to every connection on its own.
    """

    host: str = "127.0.0.1"
    port: int = 8000
    engine: EngineConfig = field(default_factory=EngineConfig)
    connections: int = 8
    sessions: int = 32
    sessions_per_connection: int = 4

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ValdoraError(f"--port must be from 0 to 65535, got {self.port}")
        for name in ("connections", "sessions", "sessions_per_connection"):
            if getattr(self, name) < 1:
                option = "--" + name.replace("_", "-")
                raise ValdoraError(f"{option} must be at least 1, got {getattr(self, name)}")

    @property
    def loopback(self) -> bool:
        return self.host in LOOPBACK
