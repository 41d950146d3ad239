"""Valid engine requests of every kind, and a seeded mutator that breaks them.

Shared by the schema-agreement test and the subprocess fuzz test.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import valdora_ai as va

SETUP = {"players": 3, "seed": 1}


def valid_requests() -> list[dict[str, Any]]:
    """One or more valid requests per action (quit left out: it would end the engine)."""
    game = va.make_game("valdora", players=3)
    position = game.position_to_json(game.new_state(seed=2))
    return [
        {"id": "v", "action": "version"},
        {"id": 1, "action": "legal", "setup": SETUP},
        {"id": "l2", "action": "legal", "position": position},
        {"id": "a", "action": "analyze", "setup": SETUP, "agent": "random:seed=1",
         "budget": {"iterations": 10, "seconds": 1.0}, "topK": 2, "reportEvery": 0.5},
        {"id": "m", "action": "move", "setup": SETUP, "player": 0, "agent": "greedy"},
        {"id": "c", "action": "move", "setup": SETUP, "agent": "ismcts",
         "clock": {"remaining": 10, "increment": 0.1}},
        {"id": "p", "action": "apply", "setup": SETUP, "steps": ["C", "bR"]},
        {"id": "p2", "action": "apply", "setup": SETUP, "turnNotation": "C: bR"},
        {"id": "g", "action": "analyze_game", "agent": "random:seed=1", "seat": 0,
         "explain": True, "record": [
             {"format": "valdora-record", "version": 1, "game": "valdora", "seed": 1,
              "players": 3, "seats": ["greedy"] * 3, "data_sha256": game.data.sha256},
             {"turn": 1, "round": 1, "seat": 0, "play": "M1: $"}]},
        {"id": "t", "action": "terminate", "terminateId": "a"},
        {"id": "t2", "action": "terminate", "all": True},
    ]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value, nested at most twice."""
    makers = [
        lambda: None, lambda: True, lambda: rng.randint(-5, 10**6),
        lambda: rng.uniform(-2, 1e4), lambda: 10**20, lambda: rng.randint(0, 4),
        lambda: rng.choice(["", "x", "valdora", "greedy", "C", "analyze", "é" * 3]),
        lambda: [random_value(rng, depth + 1) for _ in range(rng.randrange(3))],
        lambda: {rng.choice(["id", "seed", "players", "iterations", "zz"]):
                 random_value(rng, depth + 1) for _ in range(rng.randrange(3))},
    ]
    return makers[rng.randrange(len(makers) if depth < 2 else len(makers) - 2)]()


def mutate(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of `request` with one to three random changes, possibly nested."""
    result = copy.deepcopy(request)
    for _ in range(rng.randint(1, 3)):
        target = result
        while rng.random() < 0.4:
            nested = [k for k, v in target.items() if isinstance(v, dict) and k != "position"]
            if not nested:
                break
            target = target[rng.choice(nested)]
        keys = list(target)
        choice = rng.randrange(4)
        if choice == 0 and keys:
            del target[rng.choice(keys)]
        elif choice == 1:
            target[rng.choice(["extra", "turn", "record", "game", "player", "all", "topK",
                               "budget", "steps", "setup"])] = random_value(rng)
        elif keys:
            target[rng.choice(keys)] = random_value(rng)
    return result


def mutated_line(request: dict[str, Any], rng: random.Random) -> bytes:
    """A broken line: a mutated request, truncated JSON, flipped bytes or random bytes."""
    kind = rng.randrange(6)
    text = json.dumps(mutate(request, rng) if kind < 3 else request).encode()
    if kind == 3:
        text = text[:rng.randrange(len(text))]
    elif kind == 4:
        data = bytearray(text)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        text = bytes(data)
    elif kind == 5:
        text = rng.randbytes(rng.randint(1, 200))
    return text.replace(b"\n", b" ") + b"\n"
