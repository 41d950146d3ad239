"""The `valdora serve` command: its URL, the warning off loopback, and clear errors."""

from __future__ import annotations

import socket
import subprocess
import sys

from extras import need

need("starlette")
need("uvicorn")

RUN = ("import sys; from valdora_ai.cli.app import main; "
       "sys.argv = ['valdora', *sys.argv[1:]]; main()")


def _serve(*options: str, prelude: str = "") -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", prelude + RUN, "serve", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_port_zero_picks_a_free_port_and_prints_the_url() -> None:
    process = _serve("--port", "0")
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("valdora serve: open http://127.0.0.1:")
        port = int(line.split("127.0.0.1:")[1].split("/")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_another_host_than_loopback_is_warned_about() -> None:
    process = _serve("--host", "0.0.0.0", "--port", "0")
    try:
        assert process.stderr is not None and process.stdout is not None
        assert "open http://0.0.0.0:" in process.stdout.readline()
        assert "warning: listening on 0.0.0.0" in process.stderr.readline()
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_a_port_in_use_and_bad_limits_are_one_clear_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = _serve("--port", str(port))
        _, err = done.communicate(timeout=60)
    assert done.returncode == 1
    assert err.strip().splitlines() == [f"error: cannot listen on 127.0.0.1:{port}: "
                                        "Address already in use"]
    done = _serve("--port", "0", "--max-seconds", "0")
    _, err = done.communicate(timeout=60)
    assert done.returncode == 1 and err.startswith("error: --max-seconds must be")


def test_without_the_serve_extra_the_error_says_how_to_install_it() -> None:
    done = _serve("--port", "0", prelude="import sys; sys.modules['uvicorn'] = None; ")
    _, err = done.communicate(timeout=60)
    assert done.returncode == 1
    assert err.strip().splitlines() == [
        "error: valdora serve needs the serve extra (Starlette and uvicorn): "
        "pip install 'valdora-ai[serve]'"]
