"""Ctrl-C as the handlers meet it: plain, or wrapped as Python 3.11 wraps one raised while
a class is made (see valdora_ai/interrupts.py)."""

from __future__ import annotations

from collections.abc import Callable


def plain_interrupt() -> None:
    raise KeyboardInterrupt


def wrapped_interrupt() -> None:
    """What Python 3.11 raises when Ctrl-C lands in a descriptor's ``__set_name__``."""
    raise RuntimeError("Error calling __set_name__ on 'Field' instance 'name' in "
                       "'Spec'") from KeyboardInterrupt()


INTERRUPTS: dict[str, Callable[[], None]] = {"plain": plain_interrupt,
                                             "wrapped": wrapped_interrupt}
