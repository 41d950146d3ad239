"""`valdora engine-info`: which engine runs each game, and where its extension is."""

from __future__ import annotations

import typer

from valdora_ai.backend import RNG_CORE
from valdora_ai.games import game_names, game_type


def engine_info() -> None:
    """Show which engine (compiled or pure Python) runs each game and the random
    generator, and where each compiled extension is.

    Example: valdora engine-info
    """
    statuses = [(name, game_type(name).engine_status()) for name in game_names()]
    for name, status in [*statuses, ("random generator", RNG_CORE.status())]:
        typer.echo(f"{name}: {status.summary()}")
        if status.module_path:
            typer.echo(f"  extension: {status.module_path}")
        if status.import_error:
            typer.echo(f"  import error: {status.import_error}")
