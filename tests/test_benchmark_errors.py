"""The benchmarks keep the CLI's promise on bad input: a bad game, agent spec, player
count, budget or file ends the script with exit 1 and one ``error:`` line naming it,
never a traceback. Every case fails before any search."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import valdora_ai as va

ROOT = Path(__file__).resolve().parents[1]
NO_PSUTIL = pytest.mark.skipif(importlib.util.find_spec("psutil") is None,
                               reason="root_parallelism.py needs psutil")

GAME_SCRIPTS = ("win_calibration", "clock_flags", "openspiel_compare", "oracle_worlds",
                "policy_prior_cost")

CASES = [
    *[pytest.param(script, ["--game", "nosuchgame"], "'nosuchgame'", id=f"{script}-game")
      for script in GAME_SCRIPTS],
    *[pytest.param(script, ["--game", game, *args], named, id=f"{script}-{game}", marks=marks)
      for game in va.game_names()
      for script, args, named, marks in (
          ("win_calibration", ["--agent", "nosuch:iterations=3"], "'nosuch'", ()),
          ("win_calibration", ["--agent", "ismcts:bogus=2"], "'ismcts:bogus=2'", ()),
          ("clock_flags", ["--agent", "ismcts:trees=0", "--games", "1"], "got 0", ()),
          ("openspiel_compare", ["--players", "9"], "not 9", ()),
          ("oracle_worlds", ["--players", "9"], "not 9", ()),
          ("policy_prior_cost", ["--iterations", "-1", "--positions", "1", "--every", "1"],
           "got -1", ()),
          ("search_overhead", ["--players", "9"], "not 9", ()),
          ("root_parallelism", ["--iterations", "0"], "got 0", NO_PSUTIL))],
    pytest.param("bench_agents", ["nosuch", "--players", "3"], "'nosuch'", id="bench_agents"),
    pytest.param("tournament_throughput", ["--agents", "nosuch", "greedy", "greedy"],
                 "'nosuch'", id="tournament_throughput"),
    pytest.param("engine_latency", ["--agent", "nosuch", "--repeats", "1"], "'nosuch'",
                 id="engine_latency"),
    *[pytest.param(script, ["--players", "9"], "not 9", id=script)
      for script in ("alchemists_selfplay", "estimate_calibration", "zavandor_selfplay")],
    pytest.param("adaptive_budget", ["nosuch.jsonl"], "nosuch.jsonl", id="adaptive_budget"),
    pytest.param("score_margins", ["nosuch.sqlite"], "nosuch.sqlite", id="score_margins"),
    pytest.param("alchemists_selfplay", ["--games", "1"], "got 1", id="alchemists_selfplay-games"),
    pytest.param("fit_estimate", ["--games", "0"], "got 0", id="fit_estimate-games"),
    pytest.param("root_parallelism", ["--decisions", "0"], "got 0",
                 id="root_parallelism-decisions"),  # refused before psutil is needed
    pytest.param("compare_builds", ["--base", "/nonexistent"], "/nonexistent",
                 id="compare_builds-base"),
]


def run(script: str, args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """benchmarks/`script`.py run with `args` on this tree's valdora_ai."""
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), *args],
                          cwd=cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=120)


def error_line(script: str, args: list[str], cwd: Path = ROOT) -> str:
    """Run benchmarks/`script`.py with `args`; assert it refused with one error line (exit
    1, no traceback), and return that line."""
    done = run(script, args, cwd)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("error: ")
    return line


@pytest.mark.parametrize(("script", "args", "named"), CASES)
def test_bad_input_is_one_error_line_and_exit_1(script: str, args: list[str],
                                                named: str) -> None:
    assert named in error_line(script, args)


def test_a_bad_agent_for_a_record_is_one_error_line(tmp_path: Path) -> None:
    va.play_game(va.make_game("valdora", players=3), ["greedy"] * 3, seed=1,
                 record=tmp_path / "game.jsonl")
    assert "'nosuch'" in error_line("adaptive_budget", [str(tmp_path / "game.jsonl"),
                                                        "--agent", "nosuch"])


def test_an_unknown_alchemists_policy_is_refused_not_played_as_greedy() -> None:
    done = run("alchemists_selfplay", ["--policy", "nosuch"])
    assert done.returncode == 2
    assert "argument --policy: invalid choice: 'nosuch'" in done.stderr.splitlines()[-1]


def test_a_file_that_is_no_tournament_database_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "notes.sqlite").write_text("not a database\n")
    line = error_line("score_margins", ["notes.sqlite"], cwd=tmp_path)
    assert line == "error: notes.sqlite: not a tournament database"
