"""The README's examples run as written: its console commands and Python blocks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from doc_examples import ROOT, blocks, console_commands, run_console, run_python

from valdora_ai.games.valdora.data import default_data_path

README = ROOT / "README.md"


def test_setup_commands_are_the_documented_pair() -> None:
    bash = [line for body in blocks(README, "bash") for line in body.splitlines() if line]
    assert bash == [
        "pip install -e . && valdora play --players 3 --seat greedy --seat greedy "
        "--seat greedy --seed 1",
        'pip install -e ".[test]" && pytest',
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    assert '{ pip install -e ".[test]" && pytest; }' in ci


@pytest.mark.slow  # whole games and a tournament; the CLI tests cover each command quickly
def test_console_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(default_data_path(), tmp_path / "corrected.toml")
    commands = console_commands(README)
    assert len(commands) >= 10
    run_console(commands)
    assert Path("game.jsonl").exists() and Path("pos.json").exists()
    assert Path("next.json").exists() and Path("public.json").exists()


@pytest.mark.parametrize("index", range(len(blocks(README, "python"))))
def test_python_examples_run(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run_python(blocks(README, "python")[index], f"README.md python block {index + 1}")
