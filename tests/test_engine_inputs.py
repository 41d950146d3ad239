"""Mutated positions and records through the engine: refused with the field, never a crash.

In-process (the subprocess tests cover the wire): each request goes through
``Engine.handle`` exactly as a line from standard input would.
"""

from __future__ import annotations

import copy
import io
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from engine_requests import random_value

import valdora_ai as va
from valdora_ai.engine import EngineConfig
from valdora_ai.engine.server import Engine


def _answers(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    output = io.BytesIO()
    engine = Engine(EngineConfig(workers=1), output)
    for request in requests:
        engine.handle(json.dumps(request).encode())
    engine.finish()
    return [json.loads(line) for line in output.getvalue().splitlines()]


def _mutate_deep(document: Any, rng: random.Random) -> Any:
    """A copy with one or two values anywhere in the tree replaced or removed."""
    result = copy.deepcopy(document)
    for _ in range(rng.randint(1, 2)):
        node = result
        while True:
            children = [k for k, v in (node.items() if isinstance(node, dict)
                                       else enumerate(node)) if isinstance(v, dict | list) and v]
            if not children or rng.random() < 0.3:
                break
            node = node[rng.choice(children)]
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if keys:
            key = rng.choice(keys)
            if isinstance(node, dict) and rng.random() < 0.2:
                del node[key]
            else:
                node[key] = random_value(rng)
    return result


def test_mutated_positions_are_bad_positions_naming_a_position_field() -> None:
    game = va.make_game("valdora", players=3)
    position = game.position_to_json(game.new_state(seed=2))
    rng = random.Random(11)
    answers = _answers([{"id": i, "action": "legal", "position": _mutate_deep(position, rng)}
                        for i in range(800)])
    kinds = Counter(a["error"]["code"] if "error" in a else a["action"] for a in answers)
    assert set(kinds) <= {"bad_position", "legal"} and kinds["bad_position"] > 600, kinds
    assert all(a["error"]["field"].startswith("position") for a in answers if "error" in a)


def test_mutated_records_are_refused_naming_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=3, record=record)
    lines = [json.loads(line) for line in record.read_text().splitlines()][:30]
    rng = random.Random(12)
    answers = _answers([{"id": i, "action": "legal", "record": _mutate_deep(lines, rng)}
                        for i in range(200)])
    kinds = Counter(a["error"]["code"] if "error" in a else a["action"] for a in answers)
    # a line that is no longer an object breaks the request schema (items: object)
    assert set(kinds) <= {"bad_record", "invalid_request", "legal"}, kinds
    assert kinds["bad_record"] > 50 and kinds["legal"] > 0
    assert all(a["error"]["field"].startswith("record") for a in answers if "error" in a)
