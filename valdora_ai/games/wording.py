"""Small helpers every game's words share (steps in words, turn descriptions)."""

from __future__ import annotations


def listed(parts: list[str]) -> str:
    """Parts as a person lists them: "a", "a and b", "a, b and c" ("" for none)."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
