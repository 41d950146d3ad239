"""Where games run: joblib's local process pool, or a Dask cluster through joblib.

``dask`` connects a ``distributed.Client`` to the scheduler at ``address`` (it must
answer within ``timeout`` seconds) and routes joblib's work to its workers; the
tournament code is the same either way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import joblib

from valdora_ai.tournament.config import TournamentError
from valdora_ai.workers import local_workers

BACKENDS = ("local", "dask")
CONNECT_TIMEOUT = 10.0


@contextmanager
def parallel_backend(backend: str = "local", address: str | None = None,
                     timeout: float = CONNECT_TIMEOUT) -> Iterator[None]:
    """Inside this block, joblib.Parallel runs on the chosen backend."""
    if backend not in BACKENDS:
        raise TournamentError(f"--backend: unknown backend {backend!r} "
                              f"(known: {', '.join(BACKENDS)})")
    if backend == "local":
        if address is not None:
            raise TournamentError("--address needs --backend dask")
        with local_workers():  # they exit if the runner is killed
            yield
        return
    if address is None:
        raise TournamentError("--backend dask needs --address (the scheduler, "
                              "e.g. tcp://host:8786)")
    try:
        from distributed import Client
    except ImportError:
        raise TournamentError("--backend dask needs Dask: pip install 'valdora-ai[cluster]'"
                              ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise TournamentError(f"--address {address}: no Dask scheduler answered within "
                              f"{timeout:g} s ({type(exc).__name__})") from None
    except ValueError as exc:
        raise TournamentError(f"--address {address}: {exc}") from None
    try:
        with joblib.parallel_config(backend="dask", client=client):
            yield
    finally:
        client.close()
