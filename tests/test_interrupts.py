"""A Ctrl-C is recognised however it arrives (valdora_ai/interrupts.py)."""

from __future__ import annotations

import sys

import pytest
from interrupt_helpers import wrapped_interrupt

from valdora_ai.interrupts import caused_by_interrupt, unwrapped_interrupts


class _Interrupting:
    def __set_name__(self, owner: type, name: str) -> None:
        raise KeyboardInterrupt


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="Python 3.12 stopped wrapping it")
def test_python_wraps_an_interrupt_raised_while_a_class_is_made() -> None:
    """Why the module exists: the handlers' ``except KeyboardInterrupt`` misses this one."""
    with pytest.raises(RuntimeError) as raised:
        type("Spec", (), {"field": _Interrupting()})
    assert isinstance(raised.value.__cause__, KeyboardInterrupt)
    assert caused_by_interrupt(raised.value)


def test_an_interrupt_is_found_by_cause_or_context() -> None:
    assert caused_by_interrupt(KeyboardInterrupt())
    with pytest.raises(RuntimeError) as wrapped:
        wrapped_interrupt()
    assert caused_by_interrupt(wrapped.value)
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise ValueError("while cleaning up") from None  # context kept, cause hidden
    except ValueError as error:
        during = error
    assert caused_by_interrupt(during)


def test_other_errors_are_not_taken_for_an_interrupt_even_in_a_cycle() -> None:
    first, second = ValueError("a"), RuntimeError("b")
    first.__context__, second.__context__ = second, first
    assert not caused_by_interrupt(first)
    assert not caused_by_interrupt(SystemExit(0))


def test_unwrapped_interrupts_raises_the_interrupt_and_leaves_other_errors() -> None:
    with pytest.raises(KeyboardInterrupt) as raised, unwrapped_interrupts():
        wrapped_interrupt()
    assert isinstance(raised.value.__cause__, RuntimeError)
    with pytest.raises(KeyboardInterrupt), unwrapped_interrupts():
        raise KeyboardInterrupt
    bug = RuntimeError("a bug")
    with pytest.raises(RuntimeError) as kept, unwrapped_interrupts():
        raise bug
    assert kept.value is bug
