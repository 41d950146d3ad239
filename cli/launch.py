"""The ``valdora`` console script: Ctrl-C at any moment ends a command with exit status
130 and no traceback.

The command line imports most of the library before it runs a command (about half a
second), and Typer's handler and each command's own cover only what follows. So the
script starts here, in a module that imports nothing heavy: on import it makes SIGINT
end the process quietly with 130 (unless SIGINT is ignored, as in a background job),
which covers the script's own lines and the imports; once the command line is built,
``main`` gives SIGINT back to Python (a KeyboardInterrupt, which the commands handle)
and turns one escaping them into 130 too. Python's own start-up, before this module
runs, is beyond any program's reach: a Ctrl-C there ends the process by the signal,
as for every Python program.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from valdora_ai.interrupts import unwrapped_interrupts

from . import INTERRUPTED_EXIT


def _end_quietly(signum: int, frame: FrameType | None) -> None:
    # Nothing is written yet, and an exception raised here could be swallowed (a signal
    # handler also runs inside finalizers, whose exceptions Python ignores).
    os._exit(INTERRUPTED_EXIT)


if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _end_quietly)


def main() -> None:
    """Run the command line (the console script's entry point)."""
    try:
        with unwrapped_interrupts():
            from .app import app

            if signal.getsignal(signal.SIGINT) is _end_quietly:
                signal.signal(signal.SIGINT, signal.default_int_handler)
            app()
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED_EXIT)


if __name__ == "__main__":
    main()
