"""Package layering: the search kernels sit below the agents built on them."""

from __future__ import annotations

import ast
from pathlib import Path

import valdora_ai
import valdora_ai.cli as valdora_ai_cli

PACKAGE = Path(valdora_ai.__file__).parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_search_never_imports_agents() -> None:
    offenders = {path.name: sorted(m for m in _imports(path) if m.startswith("valdora_ai.agents"))
                 for path in sorted((PACKAGE / "search").glob("*.py"))}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_analysis_types_are_public_at_the_top_level() -> None:
    from valdora_ai import analysis

    for name in ("Analysis", "Budget", "Candidate", "SearchControl"):
        assert getattr(valdora_ai, name) is getattr(analysis, name)


def test_no_service_imports_a_games_rules() -> None:
    """Services reach games through the registry and the Game contract only: nothing
    outside a game's own package imports it (the registry's factories excepted)."""
    games = {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}
    allowed = {PACKAGE / "games" / "__init__.py"}
    cli = Path(valdora_ai_cli.__file__).parent
    offenders = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *cli.rglob("*.py")]):
        inside = path.relative_to(PACKAGE).parts if path.is_relative_to(PACKAGE) else ("cli",)
        if path in allowed or (inside[0] == "games" and inside[1] in games):
            continue
        found = sorted(m for m in _imports(path)
                       if any(m.startswith(f"valdora_ai.games.{g}") for g in games))
        if found:
            offenders[path.name] = found
    assert len(list(cli.glob("*.py"))) > 5 and offenders == {}
