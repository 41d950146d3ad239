"""A small JSON Schema (2020-12) validator for the engine's own request schemas.

Why not ``jsonschema``: the engine must check every line it reads, and the library
would add a runtime dependency chain (``attrs``, ``referencing``, the compiled
``rpds-py``) for the dozen keywords our schemas use. This validator supports exactly
those keywords and refuses a schema using any other (:func:`check_supported`), so a
schema can never say more than the engine enforces. The tests check, with
``jsonschema`` itself, that the shipped schemas are valid 2020-12 schemas and that
both validators accept and reject the same documents.

Errors name the path of the offending field (``budget.seconds``, ``steps[2]``).
"""

from __future__ import annotations

import math
from typing import Any

from valdora_ai.errors import ValdoraError

# Keywords that only annotate a schema, and those this validator enforces.
ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})
ASSERTIONS = frozenset({
    "type", "const", "enum", "minimum", "maximum", "exclusiveMinimum", "minLength",
    "maxLength", "minItems", "maxItems", "items", "properties", "required",
    "additionalProperties", "dependentRequired", "oneOf", "allOf",
})


class SchemaViolation(ValdoraError):
    """A document does not match its schema; `field` is the offending path (or None)."""

    def __init__(self, message: str, field: str | None) -> None:
        self.field = field
        super().__init__(message, where=field)


def check_supported(schema: Any, path: str = "schema") -> None:
    """Raise ValueError if `schema` uses a keyword this validator does not enforce."""
    if not isinstance(schema, dict):
        raise ValueError(f"{path}: a schema must be an object")
    for key, value in schema.items():
        if key not in ANNOTATIONS | ASSERTIONS:
            raise ValueError(f"{path}: unsupported keyword {key!r}")
        if key in ("items", "additionalProperties") and isinstance(value, dict):
            check_supported(value, f"{path}.{key}")
        elif key == "properties":
            for name, sub in value.items():
                check_supported(sub, f"{path}.properties.{name}")
        elif key in ("oneOf", "allOf"):
            for i, sub in enumerate(value):
                check_supported(sub, f"{path}.{key}[{i}]")


def _kind(value: Any) -> str:
    """The JSON type name of a decoded JSON value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _is(value: Any, kind: str) -> bool:
    actual = _kind(value)
    if kind == "number":
        return actual in ("integer", "number")
    if kind == "integer":  # JSON Schema: 2.0 is an integer
        return actual == "integer" or (actual == "number" and math.isfinite(value)
                                       and float(value).is_integer())
    return actual == kind


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _fail(message: str, path: str) -> SchemaViolation:
    return SchemaViolation(message, path or None)


def _article(kind: str) -> str:
    return {"integer": "an integer", "object": "an object", "array": "an array"}.get(
        kind, f"a {kind}" if kind != "null" else "null")


def validate(value: Any, schema: dict[str, Any], path: str = "") -> None:
    """Raise SchemaViolation naming the first place where `value` breaks `schema`."""
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_is(value, k) for k in kinds):
            expected = " or ".join(_article(k) for k in kinds)
            raise _fail(f"expected {expected}, got {_article(_kind(value))}", path)
    if "const" in schema and not _equal(value, schema["const"]):
        raise _fail(f"must be {schema['const']!r}", path)
    if "enum" in schema and not any(_equal(value, option) for option in schema["enum"]):
        raise _fail(f"must be one of {', '.join(map(repr, schema['enum']))}", path)
    if _is(value, "number"):
        _check_number(value, schema, path)
    elif isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            raise _fail(f"must have at least {schema['minLength']} characters", path)
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            raise _fail(f"must have at most {schema['maxLength']} characters", path)
    elif isinstance(value, list):
        _check_array(value, schema, path)
    elif isinstance(value, dict):
        _check_object(value, schema, path)
    for sub in schema.get("allOf", ()):
        validate(value, sub, path)
    if "oneOf" in schema:
        _check_one_of(value, schema["oneOf"], path)


def _equal(a: Any, b: Any) -> bool:
    return _kind(a) == _kind(b) and a == b or (_is(a, "number") and _is(b, "number") and a == b)


def _check_number(value: float, schema: dict[str, Any], path: str) -> None:
    if "minimum" in schema and value < schema["minimum"]:
        raise _fail(f"must be at least {schema['minimum']}", path)
    if "maximum" in schema and value > schema["maximum"]:
        raise _fail(f"must be at most {schema['maximum']}", path)
    if "exclusiveMinimum" in schema and not value > schema["exclusiveMinimum"]:
        raise _fail(f"must be greater than {schema['exclusiveMinimum']}", path)


def _check_array(value: list[Any], schema: dict[str, Any], path: str) -> None:
    if len(value) < schema.get("minItems", 0):
        raise _fail(f"must have at least {schema['minItems']} items", path)
    if "maxItems" in schema and len(value) > schema["maxItems"]:
        raise _fail(f"must have at most {schema['maxItems']} items", path)
    if "items" in schema:
        for i, item in enumerate(value):
            validate(item, schema["items"], _join(path, i))


def _check_object(value: dict[str, Any], schema: dict[str, Any], path: str) -> None:
    properties = schema.get("properties", {})
    if schema.get("additionalProperties", True) is False:
        for key in value:
            if key not in properties:
                known = ", ".join(properties)
                raise _fail(f"unknown field (known: {known})", _join(path, key))
    for key in schema.get("required", ()):
        if key not in value:
            raise _fail("missing field", _join(path, key))
    for key, needs in schema.get("dependentRequired", {}).items():
        if key in value:
            for other in needs:
                if other not in value:
                    raise _fail(f"only allowed together with {other!r}", _join(path, key))
    for key, sub in properties.items():
        if key in value:
            validate(value[key], sub, _join(path, key))


def _check_one_of(value: Any, options: list[dict[str, Any]], path: str) -> None:
    matches = []
    for option in options:
        try:
            validate(value, option, path)
        except SchemaViolation:
            continue
        matches.append(option)
    if len(matches) == 1:
        return
    names = [n for option in options for n in option.get("required", ())]
    if len(names) == len(options) and all(set(o) == {"required"} for o in options):
        chosen = [n for n in names if isinstance(value, dict) and n in value]
        if chosen:
            raise _fail(f"give only one of {', '.join(names)} (got {', '.join(chosen)})",
                        _join(path, chosen[-1]))
        raise _fail(f"missing field: one of {', '.join(names)} is required", path)
    raise _fail("does not match exactly one of the allowed forms", path)
