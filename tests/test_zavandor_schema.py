"""The JSON Schema of Zavandor positions: it accepts every position the engine writes and
refuses broken ones, as the loader does."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.errors import PositionError

SCHEMA = json.loads((resources.files("valdora_ai") / "schemas"
                     / "zavandor-position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["game"] == {"const": "zavandor"}


def _positions(players: int, seed: int) -> Iterator[dict[str, Any]]:
    """Every 4th position of a greedy game as a world and as each seat's belief, and a
    belief state's random walk through its chance nodes (reveals pending)."""
    game, rng = va.make_game("zavandor", players=players), make_rng(seed)
    state = game.new_state(seed)
    count = 0
    while not state.is_terminal():
        if count % 8 == 0:
            yield game.position_to_json(state)
            for seat in range(players):
                belief = game.observation(state, seat).belief_state()
                yield game.position_to_json(belief)
                for _ in range(6):
                    if belief.is_terminal():
                        break
                    steps = belief.legal_steps()
                    belief.apply(steps[rng.randbelow(len(steps))])
                    yield game.position_to_json(belief)
        state.play(game.greedy_step(state, rng))
        count += 1


@pytest.mark.parametrize(("players", "seed"), [
    (2, 1), (3, 2), pytest.param(4, 3, marks=pytest.mark.slow)])  # quick: 2 and 3 players
def test_every_position_of_seeded_games_validates(players: int, seed: int) -> None:
    pending = 0
    for document in _positions(players, seed):
        errors = list(VALIDATOR.iter_errors(document))
        assert not errors, errors[0].message
        pending += bool(document["reveals"])
    assert pending  # chance nodes were among them


MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("game", lambda d: d.update(game="valdora")),
    ("prices", lambda d: d.pop("prices")),
    ("phase", lambda d: d.update(phase="dance")),
    ("prices.current", lambda d: d["prices"].update(current=[5, 4, 4])),
    ("seats[0].gold", lambda d: d["seats"][0].update(gold=-1)),
    ("seats[0].gems", lambda d: d["seats"][0].update(gems=[1, 2, "3", 4])),
    ("seats[0].hand", lambda d: d["seats"][0].update(
        hand={"deck": "gems", "level": 1, "card": "?", "known": []})),
    ("board[0]", lambda d: d["board"].__setitem__(0, {"tile": "T-D1"})),
    ("reveals", lambda d: d.update(reveals=[["coin"]])),
    ("players", lambda d: d.update(players=5)),
    ("options", lambda d: d["options"].update(max_rounds=0)),
]


@pytest.mark.parametrize(("where", "mutate"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_broken_position_fails_the_schema_and_the_loader(
        where: str, mutate: Callable[[dict[str, Any]], None]) -> None:
    game = va.make_game("zavandor", players=3)
    document = copy.deepcopy(game.position_to_json(game.new_state(5)))
    assert VALIDATOR.is_valid(document)
    mutate(document)
    assert not VALIDATOR.is_valid(document)
    with pytest.raises(PositionError):
        game.position_from_json(document)


def test_unknown_fields_fail_the_schema() -> None:
    game = va.make_game("zavandor", players=2)
    document = game.position_to_json(game.new_state(1))
    document["notes"] = "hello"
    assert not VALIDATOR.is_valid(document)
