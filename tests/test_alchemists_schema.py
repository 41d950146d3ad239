"""The JSON Schema of Valley of Alchemists positions (schemas/alchemists-position.schema.json):
every position of seeded games validates, world and belief; broken ones do not."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from valdora_ai.games import make_game
from valdora_ai.games.alchemists.position import SEAT_FIELDS, TOP_FIELDS
from valdora_ai.rng import Rng

SCHEMA = json.loads((resources.files("valdora_ai") / "schemas"
                     / "alchemists-position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def _positions(players: int, seed: int) -> list[dict[str, Any]]:
    """Every position of a greedy game (worlds), and each seat's belief at every fifth."""
    game = make_game("alchemists", players=players)
    state = game.new_state(seed)
    rng = Rng(seed)
    documents = []
    while True:
        documents.append(game.position_to_json(state))
        if len(documents) % 5 == 0:
            for seat in range(players):
                documents.append(game.position_to_json(
                    game.observation(state, seat).belief_state()))
        if state.is_terminal():
            return documents
        state.apply(game.greedy_step(state, rng))


@cache
def _world() -> str:
    return json.dumps([d for d in _positions(3, 1) if "box" in d][30])


def _sample() -> dict[str, Any]:
    """A world position from the middle of a 3-player game."""
    return json.loads(_world())  # type: ignore[no-any-return]


def test_the_schema_is_valid_and_names_every_field_the_format_has() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert tuple(SCHEMA["properties"]) == TOP_FIELDS
    assert tuple(SCHEMA["$defs"]["seat"]["properties"]) == SEAT_FIELDS


@pytest.mark.parametrize(("players", "seed"), [
    (2, 1), (3, 2), pytest.param(4, 3, marks=pytest.mark.slow)])  # quick: 2 and 3 players
def test_every_position_of_a_seeded_game_validates(players: int, seed: int) -> None:
    documents = _positions(players, seed)
    assert documents[-1]["over"] and any("box" not in d for d in documents)
    assert any(d["phase"] == "selling" for d in documents)
    for document in documents:
        errors = list(VALIDATOR.iter_errors(document))
        assert not errors, (document["turns"], errors[0].message)


def test_a_pending_refill_validates() -> None:
    game = make_game("alchemists", players=2)
    state = game.new_state(3)
    rng = Rng(3)
    belief = game.observation(state, 0).belief_state()
    while not belief.is_chance_node():
        belief.apply(game.greedy_step(belief, rng))
    document = game.position_to_json(belief)
    assert document["refilling"] and VALIDATOR.is_valid(document)


def _broken(change: str) -> dict[str, Any]:
    document = _sample()
    assert "box" in document
    seat = document["seats"][0]
    if change == "missing field":
        del document["face_up"]
    elif change == "unknown field":
        document["secret"] = 1
    elif change == "other game":
        document["game"] = "valdora"
    elif change == "bad phase":
        document["phase"] = "resting"
    elif change == "sale outside selling":
        document["sale"] = {"line": "R1", "tokens": [None, None, None]}
    elif change == "box without the order":
        del document["deck"]["order"]
    elif change == "order without the box":
        del document["box"]
    elif change == "short chest":
        seat["chest"] = seat["chest"][:8]
    elif change == "card is not a name":
        seat["chest"][0] = 12
    elif change == "negative ingredients":
        seat["ingredients"]["yellow"] = -1
    elif change == "skill space 0":
        seat["skills"]["water"] = 0
    elif change == "token not a flag":
        seat["tokens"]["shape"] = "yes"
    elif change == "five players":
        document["players"] = 5
    elif change == "bad line":
        document["phase"] = "selling"
        document["sale"] = {"line": "R4", "tokens": [None, None, None]}
    return document


@pytest.mark.parametrize("change", [
    "missing field", "unknown field", "other game", "bad phase", "sale outside selling",
    "box without the order", "order without the box", "short chest", "card is not a name",
    "negative ingredients", "skill space 0", "token not a flag", "five players", "bad line"])
def test_broken_positions_fail(change: str) -> None:
    assert VALIDATOR.is_valid(_sample())
    assert not VALIDATOR.is_valid(_broken(change))
