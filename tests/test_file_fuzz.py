"""Fuzz: thousands of damaged positions, records and data files through the CLI.

Beside the engine fuzzer (tests/test_engine_fuzz.py): every file is a valid one
damaged by seeded mutations (byte flips, truncation, splices, JSON type swaps, huge
numbers, deep nesting, bad encodings; see tests/file_mutations.py) and handed to
``position check/legal/apply``, ``suggest``, ``replay``, ``play --resume`` or ``data
check`` (then ``new-position`` and ``position legal`` with the data file when it is
valid). Each command must end with exit 0, or with exit 1 and exactly one ``error:``
line on stderr -- never a traceback -- and within a generous time bound.

The commands run in-process (Typer's CliRunner), a few through the real console
script. Scale it for long local runs with environment variables:
``VALDORA_FILE_FUZZ_CASES`` (files per run, default 2000) and
``VALDORA_FILE_FUZZ_SEED`` (default 2026); a failure names the case to re-run.
"""

from __future__ import annotations

import functools
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer.main
import typer.testing
from cli_checks import ending_problem
from file_mutations import JSON_MUTATORS, RECORD_MUTATORS, TOML_MUTATORS, mutate
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.games import make_game
from valdora_ai.games.valdora.data import default_data_path
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game

CASES = int(os.environ.get("VALDORA_FILE_FUZZ_CASES", "2000"))
SEED = int(os.environ.get("VALDORA_FILE_FUZZ_SEED", "2026"))
SECONDS_PER_COMMAND = 20.0  # generous: a loaded CI machine, a capped game played out
REAL_PROCESSES = 6


@dataclass(frozen=True)
class Case:
    """One damaged file and the command lines to run on it (FILE stands for its path)."""

    number: int
    kind: str
    content: bytes
    commands: tuple[tuple[str, ...], ...]


def _bases(tmp: Path) -> dict[str, list[bytes]]:
    """Valid files to damage: positions (world, public, mid-game), records (saved games
    in progress with a human seat, so --resume stops at the prompt), the data file."""
    game = make_game("valdora", players=3)
    record = tmp / "base.jsonl"
    play_game(game, ["greedy", "greedy", "random"], seed=4, record=record)
    lines = record.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"] = ["human", "greedy:seed=1", "random:seed=2"]
    records = [("\n".join([json.dumps(header)] + lines[1:turns + 1]) + "\n").encode()
               for turns in (4, 12, 30)]
    middle = replay(record).positions[10]
    positions = [position_to_json(game.new_state(5)),
                 position_to_json(observation(make_game("valdora", players=4).new_state(2),
                                              1).belief_state()),
                 position_to_json(middle)]
    return {"position": [json.dumps(p, indent=1).encode() for p in positions],
            "record": records,
            "data": [default_data_path().read_bytes()]}


def _cases(tmp: Path, count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    bases = _bases(tmp)
    out = str(tmp / "out")
    position_commands = (("position", "check", "FILE"), ("position", "legal", "FILE"),
                         ("position", "apply", "FILE", "M1: $", "-o", out + ".json"),
                         ("position", "apply", "FILE", "r4"),
                         ("suggest", "FILE", "--agent", "random:seed=1", "--top", "2"),
                         ("suggest", "FILE", "--agent", "greedy", "--json"))
    record_commands = (("replay", "FILE"), ("replay", "FILE", "--at", "3"),
                       ("play", "--resume", "FILE", "--record", out + ".jsonl"))
    data_commands = (("data", "check", "FILE"),
                     ("new-position", "-p", "3", "--rules-data", "FILE", "-o", out + "-p.json"),
                     ("position", "legal", out + "-p.json", "--rules-data", "FILE"))
    cases = []
    for number in range(count):
        kind = rng.choices(("position", "record", "data"), weights=(45, 30, 25))[0]
        base = rng.choice(bases[kind])
        if kind == "position":
            content = mutate(base, JSON_MUTATORS, rng)
            commands: tuple[tuple[str, ...], ...] = (rng.choice(position_commands),)
        elif kind == "record":
            content = mutate(base, RECORD_MUTATORS, rng)
            commands = (rng.choice(record_commands),)
        else:
            content = mutate(base, TOML_MUTATORS, rng)
            commands = data_commands
        cases.append(Case(number, kind, content, commands))
    return cases


@pytest.fixture
def fast_runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner that builds the Click command of the app once, not per invocation
    (most of an invocation's time otherwise)."""
    monkeypatch.setattr(typer.testing, "_get_command",
                        functools.cache(typer.main.get_command))
    return CliRunner()


def test_damaged_files_end_in_one_error_line(tmp_path: Path, fast_runner: CliRunner) -> None:
    cases = _cases(tmp_path, CASES, SEED)
    path = tmp_path / "input"
    problems: list[str] = []
    outcomes = {0: 0, 1: 0}
    for case in cases:
        path.write_bytes(case.content)
        for command in case.commands:
            args = [str(path) if a == "FILE" else a for a in command]
            start = time.monotonic()
            result = fast_runner.invoke(app, args, input="quit\n")
            seconds = time.monotonic() - start
            problem = ending_problem(result) or (
                f"took {seconds:.1f} s" if seconds > SECONDS_PER_COMMAND else None)
            outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
            if problem:
                kept = tmp_path / f"case{case.number}.{case.kind}"
                kept.write_bytes(case.content)
                problems.append(f"case {case.number} ({kept}): valdora {' '.join(command)}: "
                                f"{problem}")
            if result.exit_code != 0:
                break  # a data file refused: the later commands need it
    assert not problems, (f"{len(problems)} failures (VALDORA_FILE_FUZZ_SEED={SEED}, cases "
                          "numbered from 0):\n" + "\n".join(problems[:30]))
    # The damage must reach both ends: many files refused, some still accepted.
    assert outcomes[1] > CASES // 4 and outcomes[0] > CASES // 20, outcomes


def test_real_processes_print_one_error_line(tmp_path: Path) -> None:
    """The console script itself, on a few damaged files of each kind."""
    rng = random.Random(SEED)
    cases = _cases(tmp_path, 60, SEED + 1)
    chosen = rng.sample([c for c in cases if c.kind != "data"], REAL_PROCESSES - 2)
    chosen += [c for c in cases if c.kind == "data"][:2]
    refused = 0
    for case in chosen:
        path = tmp_path / f"real{case.number}"
        path.write_bytes(case.content)
        args = [str(path) if a == "FILE" else a for a in case.commands[0]]
        process = subprocess.run([sys.executable, "-m", "valdora_ai.cli.app", *args],
                                 input="quit\n", capture_output=True, text=True, timeout=120)
        assert process.returncode in (0, 1), (case.number, process.stderr[-2000:])
        assert "Traceback" not in process.stderr, (case.number, process.stderr[-2000:])
        if process.returncode == 1:
            refused += 1
            lines = process.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), process.stderr
    assert refused > 0
