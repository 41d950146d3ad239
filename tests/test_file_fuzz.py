"""Fuzz: thousands of damaged positions, records and data files of every game through
the CLI.

Beside the engine fuzzer (tests/test_engine_fuzz.py): every file is a valid one of a
registered game (tests/fuzz_bases.py) damaged by seeded mutations (byte flips,
truncation, splices, JSON type swaps, huge numbers, deep nesting, bad encodings; see
tests/file_mutations.py) and handed to ``position check/legal/apply``, ``render``,
``suggest``, ``replay``, ``play --resume`` or ``data check`` (then ``new-position``
and ``position legal`` with the data file when it is valid). Each command must end
with exit 0, or with exit 1 and exactly one ``error:`` line on stderr -- never a
traceback -- and within a generous time bound. A position ``position check`` accepts
must also be accepted by a search (which samples worlds from it).

The commands run in-process (Typer's CliRunner), a few through the real console
script. Scale it for long local runs with environment variables:
``VALDORA_FUZZ_CASES`` (files per game, default 2000) and ``VALDORA_FUZZ_SEED``
(default 2026); a failure names the game and the case to re-run.
"""

from __future__ import annotations

import functools
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
from fuzz_bases import CASES, SEED, bases
from typer.testing import CliRunner

from valdora_ai.agents import make_agent
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_names
from valdora_ai.positions import load_position

SECONDS_PER_COMMAND = 20.0  # generous: a loaded CI machine, a capped game played out
REAL_PROCESSES = 6
SEARCH = "ismcts:iterations=4,seed=1"  # samples worlds, as every search does


@dataclass(frozen=True)
class Case:
    """One damaged file and the command lines to run on it (FILE stands for its path)."""

    number: int
    kind: str
    content: bytes
    commands: tuple[tuple[str, ...], ...]


def _cases(game: str, tmp: Path, count: int, seed: int) -> list[Case]:
    rng = random.Random(f"{game}-{seed}")
    base = bases(game)
    positions = base.position_bytes()
    out = str(tmp / "out")
    record_commands = (("replay", "FILE"), ("replay", "FILE", "--at", "3"),
                       ("play", "--resume", "FILE", "--record", out + ".jsonl"))
    data_commands = (("data", "check", "FILE", "--game", game),
                     ("new-position", "-g", game, "-p", str(base.players), "--rules-data",
                      "FILE", "-o", out + "-p.json"),
                     ("position", "legal", out + "-p.json", "--rules-data", "FILE"))
    data_mutators = TOML_MUTATORS if base.data_suffix == ".toml" else JSON_MUTATORS
    cases = []
    for number in range(count):
        kind = rng.choices(("position", "record", "data"), weights=(45, 30, 25))[0]
        if kind == "position":
            index = rng.randrange(len(positions))
            content = mutate(positions[index], JSON_MUTATORS, rng)
            turn = base.turns[index]
            commands: tuple[tuple[str, ...], ...] = (rng.choice((
                ("position", "check", "FILE"), ("position", "legal", "FILE"),
                ("position", "apply", "FILE", turn, "-o", out + ".json"),
                ("position", "apply", "FILE", turn),
                ("render", "FILE", "--svg", out + ".svg"),
                ("suggest", "FILE", "--agent", "random:seed=1", "--top", "2"),
                ("suggest", "FILE", "--agent", "greedy", "--json"))),)
        elif kind == "record":
            content = mutate(rng.choice(base.records), RECORD_MUTATORS, rng)
            commands = (rng.choice(record_commands),)
        else:
            content = mutate(base.data, data_mutators, rng)
            commands = data_commands
        cases.append(Case(number, kind, content, commands))
    return cases


def _search_problem(path: Path) -> str | None:
    """Why a search fails on the position file `path` that loads, or None: what
    ``position check`` accepts, every search accepts."""
    try:
        game, state = load_position(path, None)
    except ValdoraError:
        return None
    except Exception as exc:  # noqa: BLE001 -- the commands report it; name it here too
        return f"loading raised {type(exc).__name__}: {exc}"
    if state.current_player < 0:
        return None  # over, or a reveal pending: nothing to decide
    try:
        observation = game.observation(state, state.current_player)
    except ValdoraError:
        return None  # another seat's view (Zavandor): refused in one line, and check says so
    try:
        make_agent(SEARCH, game).choose(observation)
    except Exception as exc:  # noqa: BLE001 -- any failure is the finding
        return f"{SEARCH} failed on an accepted position: {type(exc).__name__}: {exc}"
    return None


@pytest.fixture
def fast_runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner that builds the Click command of the app once, not per invocation
    (most of an invocation's time otherwise)."""
    monkeypatch.setattr(typer.testing, "_get_command",
                        functools.cache(typer.main.get_command))
    return CliRunner()


@pytest.mark.parametrize("game", game_names())
def test_damaged_files_end_in_one_error_line(game: str, tmp_path: Path,
                                             fast_runner: CliRunner) -> None:
    cases = _cases(game, tmp_path, CASES, SEED)
    problems: list[str] = []
    outcomes = {0: 0, 1: 0}
    for case in cases:
        path = tmp_path / f"input{bases(game).data_suffix if case.kind == 'data' else ''}"
        path.write_bytes(case.content)
        found = []
        for command in case.commands:
            args = [str(path) if a == "FILE" else a for a in command]
            start = time.monotonic()
            result = fast_runner.invoke(app, args, input="quit\n")
            seconds = time.monotonic() - start
            problem = ending_problem(result) or (
                f"took {seconds:.1f} s" if seconds > SECONDS_PER_COMMAND else None)
            outcomes[result.exit_code] = outcomes.get(result.exit_code, 0) + 1
            if problem:
                found.append(f"valdora {' '.join(command)}: {problem}")
            if result.exit_code != 0:
                break  # a data file refused: the later commands need it
        if case.kind == "position" and (problem := _search_problem(path)):
            found.append(problem)
        if found:
            kept = tmp_path / f"case{case.number}.{case.kind}"
            kept.write_bytes(case.content)
            problems += [f"case {case.number} ({kept}): {text}" for text in found]
    failed = len({p.split(" (")[0] for p in problems})
    assert not problems, (f"{game}: {failed} of {CASES} cases failed (VALDORA_FUZZ_SEED="
                          f"{SEED}, cases numbered from 0):\n" + "\n".join(problems[:30]))
    # The damage must reach both ends: many files refused, some still accepted.
    assert outcomes[1] > CASES // 4 and outcomes[0] > CASES // 20, outcomes


@pytest.mark.parametrize("game", game_names())
def test_real_processes_print_one_error_line(game: str, tmp_path: Path) -> None:
    """The console script itself, on a few damaged files of each kind."""
    rng = random.Random(SEED)
    cases = _cases(game, tmp_path, 60, SEED + 1)
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
