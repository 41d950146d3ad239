"""A bad position is refused at the field that is wrong.

Conservation: a place breaking a bound of its own (a road with more gems than it was
dealt) is named alone; otherwise a surplus names every place holding the component
(so the edited one is among them) and a shortfall the fields the law adds up.
Progress: turns, rounds, the round cap, `capped` and `over` must agree with each other
(a game ends only after a complete round, by the end trigger or the cap).
"""

from __future__ import annotations

import pytest

from valdora_ai.errors import PositionError
from valdora_ai.games import make_game
from valdora_ai.games.valdora.position import position_from_json, position_to_json

GAME = make_game("valdora", players=4)
CAP = GAME.data.max_rounds


def _refusal(edit) -> str:  # type: ignore[no-untyped-def]
    document = position_to_json(GAME.new_state(5))
    edit(document)
    with pytest.raises(PositionError) as info:
        position_from_json(document, GAME.data)
    return str(info.value)


def _add(mapping: dict, key: str, n: int = 1) -> None:
    mapping[key] += n


def _take_from_r1(document: dict) -> None:
    """Take one gem other than a ruby off r1, which then has room for one more."""
    road = document["roads"]["r1"]
    _add(road, next(gem for gem, n in road.items() if n and gem != "ruby"), -1)


@pytest.mark.parametrize(("edit", "named", "what"), [
    (lambda d: _add(d["roads"]["r1"], "ruby"), "roads.r1: ",
     "7 gems, but a road is dealt 6"),
    (lambda d: (_take_from_r1(d), _add(d["roads"]["r1"], "ruby")), "roads.r1, ",
     "ruby: 14 on the roads"),
    (lambda d: _add(d["discard"], "gold"), ", discard: ", "gold: 23 on the roads"),
    (lambda d: d["seats"][2]["items"].__setitem__("pan", "gold"), ", seats[2].items.pan: ",
     "gold: 23 on the roads"),
    (_take_from_r1, "roads.*, discard, seats[*].items: ", "on the roads, the discard"),
    (lambda d: _add(d["seats"][1], "coins"), "seats[1].coins", "31 coins on the table"),
    (lambda d: _add(d["seats"][1], "coins", -1), "bank, seats[*].coins: ",
     "29 coins on the table"),
    (lambda d: d["seats"][3]["craftsmen"].__setitem__("violet", 1),
     "craftsmen.violet, seats[3].craftsmen.violet: ", "5 violet tiles in play, expected 4"),
    (lambda d: _add(d["seats"][0], "bonus_tiles"), "bonus_tiles, seats[0].bonus_tiles: ",
     "14 bonus tiles in play"),
])
def test_conservation_names_the_field_that_is_wrong(edit, named: str, what: str) -> None:
    message = _refusal(edit)
    assert named in message and what in message, message
    assert message.index(named) < message.index(what)


@pytest.mark.parametrize(("fields", "named", "what"), [
    ({"turns": 3}, "turns", "0 complete rounds and seat 0 to move make 0"),
    ({"rounds": CAP + 1, "turns": (CAP + 1) * 4}, "rounds", f"after {CAP} rounds stops"),
    ({"rounds": CAP, "turns": CAP * 4}, "rounds", f"after {CAP} rounds stops"),
    ({"capped": True}, "capped", "only a game over after"),
    ({"capped": True, "over": True, "rounds": 7, "turns": 28}, "capped",
     "only a game over after"),
    ({"over": True, "rounds": 7, "turns": 28}, "over", "its end was not triggered"),
    ({"over": True, "end_triggered": True, "rounds": 7, "turns": 30, "to_move": 2}, "over",
     "only after a complete round"),
    ({"over": True, "end_triggered": True, "rounds": 7, "turns": 28, "phase": "action"},
     "over", "only after a complete round"),
])
def test_progress_fields_must_agree(fields: dict, named: str, what: str) -> None:
    message = _refusal(lambda d: d.update(fields))
    assert message.startswith(f"{named}: ") and what in message, message


def test_real_ends_load() -> None:
    """Both ways a game ends give positions that load, as does every one on the way."""
    start = position_to_json(GAME.new_state(3))
    capped = position_from_json(start | {"rounds": CAP - 1, "turns": (CAP - 1) * 4 + 3,
                                         "to_move": 3}, GAME.data)
    ended = position_from_json(start | {"rounds": 7, "turns": 31, "to_move": 3,
                                        "end_triggered": True}, GAME.data)
    for state in (capped, ended):
        while not state.is_terminal():
            state.apply(state.legal_steps()[0])
            position_from_json(position_to_json(state), GAME.data)
    assert capped.capped and capped.rounds == CAP and not ended.capped
