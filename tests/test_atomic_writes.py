"""No half-written files (issue 18, item 2): every writer goes through valdora_ai.atomic.

On a full disk (a real tmpfs, or ENOSPC injected; see the ``disk`` fixture) each writer
fails with one error naming the file, leaves a file already there byte for byte as it
was and leaves no temporary file. Symlinks follow one rule: the file a link points to is
replaced and the link stays a link (docs/files.md).
"""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest
from disk_helpers import Disk, one_error_line
from interactive_helpers import RecordingView, hint_follower
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.atomic import atomic_write, write_text_atomic
from valdora_ai.cli.app import app
from valdora_ai.interactive import GameSession, Outcome, run_session

runner = CliRunner()
OLD = "the file that was there\n"
NO_SPACE = "cannot write (No space left on device)"


def _invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _temporaries(*directories: Path) -> list[Path]:
    return [p for d in directories for p in d.iterdir() if p.name.endswith(".tmp")]


# ------------------------------------------------------------------------ the helper
def test_a_write_replaces_the_whole_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    target.chmod(0o640)
    write_text_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _temporaries(tmp_path) == []


def test_an_error_while_producing_the_content_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text(OLD)
    with pytest.raises(KeyboardInterrupt), atomic_write(target) as stream:
        stream.write("half of it")
        raise KeyboardInterrupt
    assert target.read_text() == OLD and _temporaries(tmp_path) == []


def test_an_error_about_another_file_is_not_blamed_on_the_target(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as caught, atomic_write(tmp_path / "out.txt"):
        (tmp_path / "missing.toml").read_text()
    assert not isinstance(caught.value, va.ValdoraError)
    assert not (tmp_path / "out.txt").exists() and _temporaries(tmp_path) == []


@pytest.mark.parametrize(("name", "message"), [
    ("a-directory", "cannot write (it is a directory)"),
    ("no/such/dir/out", "cannot write (No such file or directory)"),
])
def test_a_directory_or_a_missing_one_is_a_write_error(tmp_path: Path, name: str,
                                                       message: str) -> None:
    (tmp_path / "a-directory").mkdir()
    with pytest.raises(va.WriteError) as caught:
        write_text_atomic(tmp_path / name, "x")
    assert str(caught.value) == f"{tmp_path / name}: {message}"


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temporary(disk: Disk) -> None:
    target = disk.path / "out.txt"
    write_text_atomic(target, OLD)
    disk.fill()
    before = disk.listing()
    with pytest.raises(va.WriteError) as caught:
        write_text_atomic(target, "new content " * 5000)
    assert str(caught.value) == f"{target}: {NO_SPACE}"
    assert isinstance(caught.value, va.ValdoraError)
    assert target.read_text() == OLD and disk.listing() == before


def test_links_are_followed_and_stay_links(tmp_path: Path) -> None:
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    (real_dir / "out.txt").write_text(OLD)
    (tmp_path / "middle").symlink_to(real_dir / "out.txt")
    link = tmp_path / "link"
    link.symlink_to("middle")
    write_text_atomic(link, "new\n")
    assert link.is_symlink() and (tmp_path / "middle").is_symlink()
    assert (real_dir / "out.txt").read_text() == "new\n"
    assert _temporaries(tmp_path, real_dir) == []
    dangling = tmp_path / "dangling"
    dangling.symlink_to(real_dir / "created.txt")
    write_text_atomic(dangling, "made\n")
    assert dangling.is_symlink() and (real_dir / "created.txt").read_text() == "made\n"


def test_a_fifo_is_written_in_place(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    write_text_atomic(fifo, "through the pipe\n")
    reader.join(timeout=30)
    assert received == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and _temporaries(tmp_path) == []


# ------------------------------------------------------------------- play --record
def test_play_record_on_a_full_disk_keeps_the_old_record(disk: Disk) -> None:
    record = disk.path / "game.jsonl"
    _invoke("play", "--seed", "1", "--record", str(record))
    old = record.read_bytes()
    disk.fill()
    before = disk.listing()
    error = one_error_line(runner.invoke(app, ["play", "--seed", "2", "--record", str(record)]))
    assert error == f"error: {record}: {NO_SPACE}"
    assert record.read_bytes() == old and disk.listing() == before
    assert va.replay(record).finished


def test_play_record_through_a_link_replaces_the_linked_file(tmp_path: Path) -> None:
    (tmp_path / "real.jsonl").write_text(OLD)
    link = tmp_path / "link.jsonl"
    link.symlink_to("real.jsonl")
    _invoke("play", "--seed", "3", "--record", str(link))
    assert link.is_symlink() and va.replay(tmp_path / "real.jsonl").header.seed == 3
    assert _temporaries(tmp_path) == []


# ------------------------------------------------------------ the interactive game
def _session(seed: int = 4) -> GameSession:
    return GameSession.new(va.make_game("valdora", players=3), ["human", "greedy", "greedy"],
                           seed)


def test_interactive_record_on_a_disk_that_fills_keeps_the_last_good_record(
        disk: Disk) -> None:
    session = _session()
    follow = hint_follower(session)
    record = disk.path / "g.jsonl"

    def read(prompt: str, timeout: float | None) -> str:
        if len(session.turns) == 3 and disk.listing() == ["g.jsonl"]:
            disk.fill()  # after the first round was saved
        return follow(prompt, timeout)

    with pytest.raises(va.WriteError, match=f"^{record}: cannot write \\(No space left"):
        run_session(session, read, RecordingView(), record=record, hint_agent="greedy")
    assert len(va.replay(record).plays) == 3 and disk.listing() == ["g.jsonl"]


def test_save_on_a_full_disk_is_an_error_and_the_game_goes_on(disk: Disk,
                                                              tmp_path: Path) -> None:
    target = disk.path / "copy.jsonl"
    target.write_text(OLD)
    disk.fill()
    session = _session()
    view = RecordingView()
    read = hint_follower(session, turns=1, before=[f"save {target}", "quit"])
    outcome = run_session(session, read, view, record=tmp_path / "g.jsonl", hint_agent="greedy")
    assert outcome is Outcome.QUIT
    assert [text for _, text in view.of("error")] == [f"{target}: {NO_SPACE}"]
    assert target.read_text() == OLD and disk.listing() == ["copy.jsonl"]
    assert va.replay(tmp_path / "g.jsonl").plays == []


def test_the_interactive_command_on_a_full_disk_is_one_error_line(disk: Disk) -> None:
    record = disk.path / "g.jsonl"
    record.write_text(OLD)
    disk.fill()
    result = runner.invoke(app, ["play", "--seat", "human", "--record", str(record)],
                           input="quit\n")
    assert one_error_line(result) == f"error: {record}: {NO_SPACE}"
    assert record.read_text() == OLD and disk.listing() == ["g.jsonl"]


def test_the_interactive_record_and_save_follow_links(tmp_path: Path) -> None:
    (tmp_path / "real.jsonl").write_text(OLD)
    (tmp_path / "saved.jsonl").write_text(OLD)
    (tmp_path / "link.jsonl").symlink_to("real.jsonl")
    (tmp_path / "save-link.jsonl").symlink_to("saved.jsonl")
    session = _session()
    read = hint_follower(session, turns=1, before=[f"save {tmp_path / 'save-link.jsonl'}"])
    run_session(session, read, RecordingView(), record=tmp_path / "link.jsonl",
                hint_agent="greedy")
    assert (tmp_path / "link.jsonl").is_symlink() and (tmp_path / "save-link.jsonl").is_symlink()
    assert len(va.replay(tmp_path / "real.jsonl").plays) == 3
    assert va.replay(tmp_path / "saved.jsonl").plays == []
    assert _temporaries(tmp_path) == []


# ------------------------------------------------------------ positions and exports
@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished record, a fresh position, its first turn and a tournament database."""
    here = tmp_path_factory.mktemp("sources")
    _invoke("play", "--seed", "1", "--record", str(here / "game.jsonl"))
    _invoke("new-position", "--players", "3", "--seed", "1", "-o", str(here / "start.json"))
    _invoke("tournament", "-a", "greedy", "-a", "random", "-n", "6", "-j", "1", "-q",
            "--db", str(here / "t.sqlite"))
    return here


WRITERS = {
    "new-position -o": lambda s, out: ["new-position", "--seed", "2", "-o", out],
    "position apply -o": lambda s, out: [
        "position", "apply", str(s / "start.json"), va.replay(s / "game.jsonl").plays[0],
        "-o", out],
    "replay --export-position": lambda s, out: [
        "replay", str(s / "game.jsonl"), "--at", "2", "--export-position", out],
    "tournament report --json": lambda s, out: [
        "tournament", "report", "-q", "--db", str(s / "t.sqlite"), "--json", out],
    "tournament report --csv": lambda s, out: [
        "tournament", "report", "-q", "--db", str(s / "t.sqlite"), "--csv", out],
    "tournament report --plot": lambda s, out: [
        "tournament", "report", "-q", "--db", str(s / "t.sqlite"), "--plot", out],
}


@pytest.mark.parametrize("writer", WRITERS)
def test_each_output_on_a_full_disk_keeps_the_old_file(sources: Path, disk: Disk,
                                                       writer: str) -> None:
    out = disk.path / "out"
    out.write_text(OLD)
    disk.fill()
    error = one_error_line(runner.invoke(app, WRITERS[writer](sources, str(out))))
    assert error == f"error: {out}: {NO_SPACE}"
    assert out.read_text() == OLD and disk.listing() == ["out"]


@pytest.mark.parametrize("writer", WRITERS)
def test_each_output_replaces_the_file_a_link_points_to(sources: Path, tmp_path: Path,
                                                        writer: str) -> None:
    (tmp_path / "real").write_text(OLD)
    (tmp_path / "link").symlink_to("real")
    _invoke(*WRITERS[writer](sources, str(tmp_path / "link")))
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real").read_bytes() != OLD.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]
    if writer.endswith(("-o", "position")):
        assert json.loads((tmp_path / "real").read_text())["format"] == "valdora-position"


def test_tournament_records_on_a_full_disk(disk: Disk, tmp_path: Path) -> None:
    games = disk.path / "games"
    games.mkdir()
    disk.fill()
    error = one_error_line(runner.invoke(app, [
        "tournament", "-a", "greedy", "-a", "random", "-n", "6", "-j", "1", "-q",
        "--db", str(tmp_path / "t.sqlite"), "--records", str(games)]))
    assert error.startswith(f"error: {games}/game-b0000-s") and error.endswith(NO_SPACE)
    assert list(games.iterdir()) == []
