"""The README's examples run as written: its console commands and Python blocks."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.games.valdora.data import default_data_path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.DOTALL)


def _blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(README.read_text()) if lang == language]


def test_setup_commands_are_the_documented_pair() -> None:
    bash = [line for body in _blocks("bash") for line in body.splitlines() if line]
    assert bash == [
        "pip install -e . && valdora play --players 3 --seat greedy --seat greedy "
        "--seat greedy --seed 1",
        'pip install -e ".[test]" && pytest',
    ]
    ci = (README.parent / ".ci" / "run").read_text()
    assert '{ pip install -e ".[test]" && pytest; }' in ci


def test_console_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(default_data_path(), tmp_path / "corrected.toml")
    runner = CliRunner()
    commands = [line[2:] for body in _blocks("console") for line in body.splitlines()
                if line.startswith("$ ")]
    assert len(commands) >= 10
    for command in commands:
        args = shlex.split(command)
        assert args[0] == "valdora"
        result = runner.invoke(app, args[1:])
        assert result.exit_code == 0, f"{command}\n{result.output}"
    assert Path("game.jsonl").exists() and Path("pos.json").exists()
    assert Path("next.json").exists() and Path("public.json").exists()


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_python_examples_run(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    source = _blocks("python")[index]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(source, f"README.md python block {index + 1}", "exec"), {})
    for expected in re.findall(r"print\(error\)\s+# (.*)", source):
        assert expected in output.getvalue()
