"""The JSON-lines analysis engine (``valdora engine``): a protocol for frontends.

Modelled on KataGo's analysis engine: one JSON request per line on standard input,
one JSON response per line on standard output, several queries in flight, searches
in background threads so that ``terminate`` works mid-search. The layers:

- :mod:`~valdora_ai.engine.config`: limits and defaults;
- :mod:`~valdora_ai.engine.validation`: a small JSON Schema validator;
- :mod:`~valdora_ai.engine.protocol`: decoding, encoding, error codes and the schemas
  shipped in ``valdora_ai/schemas/engine``;
- :mod:`~valdora_ai.engine.positions`: where a request's position comes from;
- :mod:`~valdora_ai.engine.handlers`: what each action does;
- :mod:`~valdora_ai.engine.scheduler`: the worker threads running searches;
- :mod:`~valdora_ai.engine.server`: the read loop tying them together.

The protocol is documented in ``docs/engine-protocol.md``.
"""

from __future__ import annotations

from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.server import serve

__all__ = ["EngineConfig", "serve"]
