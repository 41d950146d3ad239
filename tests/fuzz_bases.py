"""Valid files of every registered game for the fuzzers to damage.

For each game: positions (the start and a mid-game world, and each as the player to
move sees it), a turn legal in each of them, records of a game in progress with a
human seat (so ``play --resume`` stops at the prompt), and the shipped data file.
Shared by the file fuzzer (tests/test_file_fuzz.py) and the engine fuzzer
(tests/test_engine_fuzz.py), so both damage the same files of every game.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from valdora_ai.games import make_game, player_counts
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game

CASES = int(os.environ.get("VALDORA_FUZZ_CASES", "2000"))
"""Damaged inputs per game in each fuzzer (CI runs the default; scale it locally)."""

SEED = int(os.environ.get("VALDORA_FUZZ_SEED", "2026"))
"""The seed of every fuzzer's damage; a failure names its case to re-run."""

MIDDLE_TURN = 10  # the record turn whose position is the mid-game base


@dataclass(frozen=True)
class Bases:
    """One game's valid inputs: positions with a turn legal in each, records, data."""

    game: str
    players: int
    positions: tuple[dict[str, Any], ...]
    turns: tuple[str, ...]  # turns[i] is legal in positions[i]
    records: tuple[bytes, ...]
    record_lines: tuple[dict[str, Any], ...]  # a finished game's record, as lines
    data: bytes
    data_suffix: str  # ".toml", ".json": what the data file is written in

    def position_bytes(self) -> list[bytes]:
        return [json.dumps(p, indent=1).encode() for p in self.positions]


@cache
def bases(name: str) -> Bases:
    """The valid inputs of game `name` (played once per process, then kept)."""
    counts = player_counts(name)
    players = 3 if 3 in counts else counts[0]
    game = make_game(name, players=players)
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "base.jsonl"
        play_game(game, ["greedy"] * (players - 1) + ["random"], seed=4, record=record)
        lines = record.read_text(encoding="utf-8").splitlines()
        replayed = replay(record)
    header = json.loads(lines[0])
    header["seats"] = ["human"] + [f"greedy:seed={seat}" for seat in range(1, players)]
    records = tuple(("\n".join([json.dumps(header)] + lines[1:turns + 1]) + "\n").encode()
                    for turns in (4, 12, 30))
    positions, turns = [], []
    for index in (0, MIDDLE_TURN):
        world = replayed.positions[index]
        views = [world]
        if world.current_player >= 0:
            views.append(game.observation(world, world.current_player).belief_state())
        for state in views:
            positions.append(game.position_to_json(state))
            turns.append(replayed.plays[index])
    source = Path(game.data_source())
    return Bases(game=name, players=players, positions=tuple(positions), turns=tuple(turns),
                 records=records, record_lines=tuple(json.loads(line) for line in lines),
                 data=source.read_bytes(), data_suffix=source.suffix)
