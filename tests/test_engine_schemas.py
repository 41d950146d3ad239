"""The shipped engine schemas: valid 2020-12 schemas, enforced exactly by our validator."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest
from engine_requests import mutate, valid_requests
from jsonschema import Draft202012Validator

from valdora_ai.engine.protocol import ACTIONS, RESPONSES, schema
from valdora_ai.engine.validation import SchemaViolation, check_supported, validate

SCHEMA_DIR = resources.files("valdora_ai") / "schemas" / "engine"
NAMES = [f"{a}.request" for a in ACTIONS] + [f"{r}.response" for r in RESPONSES]


def test_every_action_and_response_has_exactly_one_schema() -> None:
    shipped = sorted(p.name for p in SCHEMA_DIR.iterdir() if p.name.endswith(".json"))
    assert shipped == sorted(f"{name}.schema.json" for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_schemas_are_valid_and_use_only_enforced_keywords(name: str) -> None:
    document = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
    Draft202012Validator.check_schema(document)
    check_supported(document)


def test_a_schema_with_an_unenforced_keyword_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported keyword 'pattern'"):
        check_supported({"type": "object", "properties": {"id": {"pattern": "^a"}}})


def _ours(document: Any, name: str) -> bool:
    try:
        validate(document, schema(name))
    except SchemaViolation:
        return False
    return True


def test_valid_requests_pass_both_validators() -> None:
    for request in valid_requests():
        name = f"{request['action']}.request"
        assert _ours(request, name), request
        Draft202012Validator(schema(name)).validate(request)


def test_our_validator_agrees_with_jsonschema_on_mutated_requests() -> None:
    rng = random.Random(6)
    bases = valid_requests()
    verdicts = {True: 0, False: 0}
    for _ in range(4000):
        request = mutate(rng.choice(bases), rng)
        action = request.get("action")
        name = f"{action}.request" if action in ACTIONS else "version.request"
        expected = Draft202012Validator(schema(name)).is_valid(request)
        assert _ours(request, name) == expected, request
        verdicts[expected] += 1
    assert min(verdicts.values()) > 100  # both verdicts were exercised


def test_violations_name_the_field() -> None:
    request = {"id": "x", "action": "analyze", "setup": {"players": 3, "seed": 1},
               "budget": {"seconds": "long"}}
    with pytest.raises(SchemaViolation) as caught:
        validate(request, schema("analyze.request"))
    assert caught.value.field == "budget.seconds"
    assert str(caught.value) == "budget.seconds: expected a number, got a string"
