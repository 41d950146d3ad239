"""valdora_ai: an AI library for the board game Valdora."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("valdora-ai")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
