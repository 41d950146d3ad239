"""`valdora serve`: the browser frontend (play and analyse), on a local web server."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from valdora_ai.errors import ValdoraError
from valdora_ai.interrupts import unwrapped_interrupts

from .common import EngineRulesData, err_console, print_error, user_errors

MISSING = ("valdora serve needs the serve extra (Starlette and uvicorn): "
           "pip install 'valdora-ai[serve]'")


def serve(
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on; anything but loopback is reachable by "
                       "others (a warning is printed).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        "--port", help="Port to listen on (0: any free port).")] = 8000,
    workers: Annotated[int, typer.Option(
        "--workers", help="Searches that run at the same time, per page.")] = 2,
    max_seconds: Annotated[float, typer.Option(
        "--max-seconds", help="Longest search budget a page may ask for.")] = 30.0,
    max_iterations: Annotated[int, typer.Option(
        "--max-iterations", help="Largest iteration budget a page may ask for.")] = 200_000,
    max_message_bytes: Annotated[int, typer.Option(
        "--max-message-bytes", help="Longer WebSocket messages are refused.")] = 1_000_000,
    connections: Annotated[int, typer.Option(
        "--connections", help="Pages served at the same time.")] = 8,
    sessions: Annotated[int, typer.Option(
        "--sessions", help="Games held by the whole server at the same time.")] = 32,
    agent: Annotated[str, typer.Option(
        "--agent", help="Agent spec for hints and for requests naming none.")] = "greedy",
    rules_data: EngineRulesData = None,
) -> None:
    """Play and analyse in the browser (see docs/serve.md).

    Example: valdora serve --port 8080 --agent ismcts:time=1
    """
    try:
        import uvicorn

        from valdora_ai.serve.app import create_app
    except ImportError:
        print_error(MISSING)
        raise typer.Exit(1) from None
    from valdora_ai.engine import EngineConfig
    from valdora_ai.engine.rules_data import check_rules_data, parse_rules_data
    from valdora_ai.serve.config import ServeConfig

    with user_errors():
        files = parse_rules_data(rules_data or [])
        check_rules_data(files)  # a bad data file fails here, once
        config = ServeConfig(
            host=host, port=port, connections=connections, sessions=sessions,
            engine=EngineConfig(workers=workers, max_seconds=max_seconds,
                                max_iterations=max_iterations,
                                max_line_bytes=max_message_bytes, default_agent=agent,
                                rules_data=files))
        listener = _listen(config.host, config.port)
    if not config.loopback:
        err_console.print(f"[bold yellow]warning:[/] listening on {host}: anyone who can "
                          "reach this address can use the engine", markup=True,
                          soft_wrap=True)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"valdora serve: open http://{shown}:{bound}/ (Ctrl-C stops)", err=False)
    server = uvicorn.Server(uvicorn.Config(
        create_app(config), log_level="warning", ws_max_size=2 * max_message_bytes + 1024,
        lifespan="off", ws="websockets-sansio"))
    try:
        with unwrapped_interrupts():
            server.run(sockets=[listener])
    except KeyboardInterrupt:
        pass


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (port 0: any free one); ValdoraError if the
    address cannot be used."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as exc:
        listener.close()
        raise ValdoraError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    listener.listen(64)
    listener.set_inheritable(True)
    return listener
