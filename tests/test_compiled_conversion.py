"""A compiled core converts exactly the reference states whose position loads (issue 26,
item 8): ``ValdoraCompiledState.from_reference`` with 10**6 coins raised OverflowError, and
with -5 coins built an inconsistent compiled state.

Every whole number a seeded mid-game reference state holds (its own fields and those
of its players, books and lists) is set in turn to a value out of every range; the
core must then either refuse it with a ValdoraError or, when the position loader
accepts the result, convert it exactly. Over every registered game with a core.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import valdora_ai as va
from valdora_ai.games import game_names, game_type

STATIC = frozenset({"data", "options", "opts", "track", "cards", "recording"})
BAD_VALUES = [10**6, -5, 10**30]


def _slots(obj: object) -> list[str]:
    return [name for cls in type(obj).__mro__ for name in getattr(cls, "__slots__", ())
            if name not in STATIC and hasattr(obj, name)]


def _int_places(obj: object) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every int held by `obj`'s slots, their lists and objects."""
    for name in _slots(obj):
        value = getattr(obj, name)
        if isinstance(value, int) and not isinstance(value, bool):
            yield obj, name
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, int) and not isinstance(item, bool):
                    yield value, i
                elif _slots(item):
                    yield from _int_places(item)
        elif _slots(value):
            yield from _int_places(value)


def _set(place: tuple[Any, Any], value: int) -> None:
    container, key = place
    if isinstance(container, list):
        container[key] = value
    else:
        setattr(container, key, value)


def _mid_game(name: str) -> tuple[va.Game, Any]:
    game = va.make_game(name, players=3)
    state = game.new_state(seed=6)
    rng = va.make_rng(6)
    for _ in range(30):
        state.apply(game.greedy_step(state, rng))
    return game, state


@pytest.mark.parametrize("name", game_names())
def test_every_out_of_range_number_is_refused_or_converted_exactly(name: str) -> None:
    game, state = _mid_game(name)
    core = game_type(game.name).core
    if core is None or core.find() is None:
        pytest.skip(f"{name} has no compiled core here")
    compiled = core.require()
    places = len(list(_int_places(state.to_reference())))
    assert places > 20  # the walk reaches the players' fields, not only the top level
    for index in range(places):
        for value in BAD_VALUES:
            reference = state.to_reference()
            _set(list(_int_places(reference))[index], value)
            try:
                converted = compiled.from_reference(reference)
            except va.ValdoraError as exc:  # one line, naming the field
                assert "\n" not in str(exc), str(exc)
                continue
            assert (game.position_to_json(converted.to_reference())
                    == game.position_to_json(reference)), (index, value)



@pytest.mark.parametrize("name", game_names())
def test_what_is_no_state_of_the_game_is_refused(name: str) -> None:
    game, state = _mid_game(name)
    core = game_type(game.name).core
    if core is None or core.find() is None:
        pytest.skip(f"{name} has no compiled core here")
    others = [_mid_game(other)[1].to_reference() for other in game_names() if other != name]
    for thing in [object(), None, 5, *others]:
        with pytest.raises(va.ValdoraError, match="^state: "):
            core.require().from_reference(thing)
