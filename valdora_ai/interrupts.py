"""Ctrl-C as the code that handles it must see it, wrapped or not.

On Python 3.11 a KeyboardInterrupt raised while a class is being made (a descriptor's
``__set_name__``, as a dataclass's fields do in a lazy import) reaches the caller as a
RuntimeError whose cause it is. Code that handles Ctrl-C (keeps what was done, says how
to resume, answers with the best found so far) runs its body under
:func:`unwrapped_interrupts` so that such an error arrives as the interrupt it is.
This module imports nothing heavy: the console script's launcher uses it before the
command line is built.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


def caused_by_interrupt(error: BaseException) -> bool:
    """Whether `error` is a KeyboardInterrupt or was raised on the way out of one."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


@contextmanager
def unwrapped_interrupts() -> Iterator[None]:
    """Run the body; an error caused by a KeyboardInterrupt leaves it as a KeyboardInterrupt."""
    try:
        yield
    except Exception as error:  # a KeyboardInterrupt itself is no Exception: it passes
        if caused_by_interrupt(error):
            raise KeyboardInterrupt from error
        raise
