"""`valdora engine`: the JSON-lines analysis engine on standard input and output."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from valdora_ai.interrupts import unwrapped_interrupts

from .common import INTERRUPTED_EXIT, EngineRulesData, print_error, user_errors


def engine(
    workers: Annotated[int, typer.Option(
        "--workers", help="Searches that run at the same time (worker threads).")] = 2,
    max_seconds: Annotated[float, typer.Option(
        "--max-seconds", help="Longest search budget accepted; every search is stopped "
                              "after this long.")] = 60.0,
    max_iterations: Annotated[int, typer.Option(
        "--max-iterations", help="Largest iteration budget accepted.")] = 10_000_000,
    max_line_bytes: Annotated[int, typer.Option(
        "--max-line-bytes", help="Longer request lines are skipped with an error.")] = 1_000_000,
    agent: Annotated[str, typer.Option(
        "--agent", help="Agent spec used when a request names none.")] = "greedy",
    rules_data: EngineRulesData = None,
) -> None:
    """Answer JSON-lines requests on stdin (see docs/engine-protocol.md).

    Example: valdora engine --workers 4 --agent ismcts:time=1 < requests.jsonl
    """
    from valdora_ai.engine import EngineConfig, serve
    from valdora_ai.engine.rules_data import check_rules_data, parse_rules_data

    with user_errors():
        files = parse_rules_data(rules_data or [])
        config = EngineConfig(workers=workers, max_seconds=max_seconds,
                              max_iterations=max_iterations, max_line_bytes=max_line_bytes,
                              default_agent=agent, rules_data=files)
        check_rules_data(files)  # a bad data file fails here, once
    try:
        with unwrapped_interrupts():
            code = serve(config, sys.stdin.buffer, sys.stdout.buffer)
    except KeyboardInterrupt:
        code = INTERRUPTED_EXIT
    except Exception as exc:  # never a traceback, even for a bug in the read loop
        print_error(f"the engine stopped: {type(exc).__name__}: {exc}")
        code = 1
    raise typer.Exit(code)
