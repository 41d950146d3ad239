"""`valdora play --seat human` driven through the real command, as a person would.

Each test starts the installed command in a child process, waits for its prompts and
types: whole turns (the hint agent's suggestions), menu numbers, bad input, commands.
"""

from __future__ import annotations

import re
import shlex
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from interactive_helpers import RecordingView, Terminal, hint_follower
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.interactive import GameSession, run_session

runner = CliRunner()


def _play_to_the_end(terminal: Terminal, output: str | None) -> str:
    while output is not None:
        output = terminal.hinted_turn()
    code, transcript = terminal.finish()
    assert code == 0, transcript[-3000:]
    return transcript


def test_a_complete_game_against_two_bots(tmp_path: Path) -> None:
    terminal = Terminal("play", "--players", "3", "--seat", "human", "--seed", "11",
                        "--record", "game.jsonl", cwd=tmp_path)
    first = terminal.wait_for_prompt()
    assert first is not None
    assert "recording to game.jsonl" in first and "Turn 1 · round 1 · seat 0 (human)" in first
    for section in ("section 1", "cities", "discard", "Books", "never seen", "Players",
                    "craftsmen left", "1 Move to the city A · A"):
        assert section in first
    assert "error: 'go north': a turn is 'DESTINATION[: STEP" in (terminal.send("go north") or "")
    assert ("error: in turn 'zz: tR': 'zz' is not legal here (legal: move: A B C D M1"
            in (terminal.send("zz: tR") or ""))
    assert "error: no choice 77" in (terminal.send("77") or "")
    assert "error: save needs a file name" in (terminal.send("save") or "")
    legend = terminal.send("help") or ""
    assert "hint  " in legend and "The notation of your choices now:" in legend
    assert re.search(r"\n  M1 +Move to the silver mine M1\n", legend), legend
    assert "1 Move to the city A · A" in (terminal.send("legal") or "")
    played = terminal.hinted_turn()
    assert played is not None and "turn   1  seat 0 (you)" in played
    assert "seat 1 (greedy:seed=12)" in played and "expects" not in played
    undone = terminal.send("undo")
    assert undone is not None and "took back your last turn and the 2 bot turns" in undone
    assert "Turn 1 · round 1" in undone
    for _ in range(10):
        terminal.hinted_turn()
    saved = terminal.send("save middle.jsonl")
    assert saved is not None and "saved 30 turns to middle.jsonl" in saved
    transcript = _play_to_the_end(terminal, saved)
    assert "game over after" in transcript and "record written to game.jsonl" in transcript

    middle = runner.invoke(app, ["replay", str(tmp_path / "middle.jsonl")])
    assert middle.exit_code == 0 and "unfinished game (30 turns, seat 0 to move" in middle.output
    final = runner.invoke(app, ["replay", str(tmp_path / "game.jsonl")])
    assert final.exit_code == 0, final.output
    table = transcript.split("record written")[0].rstrip().splitlines()[-8:]
    assert final.output.rstrip().splitlines()[-8:] == table


def test_end_of_input_saves_and_resume_finishes_the_same_game(tmp_path: Path) -> None:
    terminal = Terminal("play", "--seat", "human", "--seed", "12", "--record", "g.jsonl",
                        cwd=tmp_path)
    output = terminal.wait_for_prompt()
    for _ in range(4):
        output = terminal.hinted_turn()
    code, transcript = terminal.finish()
    assert code == 0
    assert ("end of input: the game so far is saved to g.jsonl; continue with: valdora play "
            "--resume g.jsonl") in transcript
    assert len(va.replay(tmp_path / "g.jsonl").plays) == 12

    resumed = Terminal("play", "--resume", "g.jsonl", cwd=tmp_path)
    output = resumed.wait_for_prompt()
    assert output is not None and "Turn 13 · round 5 · seat 0 (human)" in output
    _play_to_the_end(resumed, output)
    assert va.replay(tmp_path / "g.jsonl").finished

    # The same person in process, uninterrupted: the very same record.
    session = GameSession.new(va.make_game("valdora", players=3),
                              ["human", "greedy", "greedy"], 12)
    run_session(session, hint_follower(session), RecordingView(), record=tmp_path / "same.jsonl",
                hint_agent="greedy")
    assert (tmp_path / "same.jsonl").read_text() == (tmp_path / "g.jsonl").read_text()


def test_ctrl_c_saves_the_game_and_exits_130(tmp_path: Path) -> None:
    terminal = Terminal("play", "--seat", "human", "--seat", "random", "--seed", "3",
                        "--record", "g.jsonl", cwd=tmp_path)
    terminal.wait_for_prompt()
    terminal.hinted_turn()
    terminal.process.send_signal(signal.SIGINT)
    code, transcript = terminal.finish()
    assert code == 130
    assert "interrupted: the game so far is saved to g.jsonl" in transcript
    assert len(va.replay(tmp_path / "g.jsonl").plays) == 3


def test_people_at_two_seats_take_turns(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--seat", "greedy", "--seat", "human", "--seat",
                                 "human", "--seed", "2", "--record", str(tmp_path / "g.jsonl")],
                           input="1\nend\nhint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "turn   1  seat 0 (greedy:seed=2)" in result.output
    assert "Turn 2 · round 1 · seat 1 (human) to move" in result.output
    assert "Turn 3 · round 1 · seat 2 (human) to move" in result.output
    assert "turn   2  seat 1 (human)" in result.output
    assert "quit: the game so far is saved" in result.output
    assert va.replay(tmp_path / "g.jsonl").header.seats == ("greedy:seed=2", "human", "human")


@pytest.mark.parametrize(("args", "message"), [
    (["--resume", "g.jsonl", "--seat", "human"], "--seat: not allowed with --resume"),
    (["--resume", "g.jsonl", "--seed", "3"], "--seed: not allowed with --resume"),
    (["--resume", "missing.jsonl"], "missing.jsonl: cannot read record"),
    (["--resume", "over.jsonl"], "over.jsonl: the game is over: nothing to resume"),
    (["--seat", "human", "--hint-agent", "oracle"], "unknown agent 'oracle'"),
    (["--seat", "human", "--seat", "greedy:depth=3"], "unknown parameter 'depth'"),
])
def test_bad_options_are_one_line_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    session = GameSession.new(va.make_game("valdora", players=3), ["human"] * 3, 1)
    session.write_record("g.jsonl")
    assert runner.invoke(app, ["play", "--seed", "2", "--record", "over.jsonl"]).exit_code == 0
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 1
    [line] = result.output.strip().splitlines()
    assert line.startswith("error: ") and message in line


def test_a_default_record_name_is_chosen_and_announced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for expected in ("valdora-seed5.jsonl", "valdora-seed5-2.jsonl"):
        result = runner.invoke(app, ["play", "--seat", "human", "--seed", "5"], input="")
        assert result.exit_code == 0, result.output
        assert f"recording to {expected}" in result.output
        assert (tmp_path / expected).exists()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_a_real_terminal_ctrl_c_saves_the_game(tmp_path: Path) -> None:
    """In tmux: a terminal, so Rich draws for it and Ctrl-C is a key press."""
    socket = str(tmp_path / "tmux")
    command = f"{shlex.join(Terminal.command())} play --seat human --seed 4 --record t.jsonl" \
              f"; echo EXIT=$? > exit.txt"
    tmux = ["tmux", "-S", socket]
    subprocess.run([*tmux, "new-session", "-d", "-x", "130", "-y", "50", "-c", str(tmp_path),
                    command], check=True)
    try:
        def screen(*history: str) -> str:
            return subprocess.run([*tmux, "capture-pane", "-p", *history],
                                  capture_output=True, text=True).stdout

        _wait(lambda: "seat 0 >" in screen())  # capture-pane drops trailing blanks
        subprocess.run([*tmux, "send-keys", "hint", "Enter"], check=True)
        _wait(lambda: "hint: " in screen())
        hinted = re.search(r"hint: (.*?)(?: \.\.\. \(then|   -- )", screen())
        assert hinted
        subprocess.run([*tmux, "send-keys", hinted.group(1), "Enter"], check=True)
        # the next table, with its menu in words, may scroll the line off the screen
        _wait(lambda: "turn   3  seat 2" in screen("-S", "-200"))
        subprocess.run([*tmux, "send-keys", "C-c"], check=True)
        _wait(lambda: (tmp_path / "exit.txt").exists())
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    assert (tmp_path / "exit.txt").read_text().strip() == "EXIT=130"
    assert len(va.replay(tmp_path / "t.jsonl").plays) == 3


def _wait(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the terminal did not show what was expected"
        time.sleep(0.05)
