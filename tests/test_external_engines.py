"""External engines (issue 15, item 2): `cmd:` entrants answer engine-protocol `move`
requests, see only their seat's view, and lose by a recorded forfeit when they time out,
crash, write garbage or play an illegal step, without hanging the tournament, corrupting
its database or leaving a process behind."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_checks import ending_problem, runner
from doc_examples import ROOT
from proc_table import processes, state_of

import valdora_ai as va
from valdora_ai.agents import canonical_spec, make_agent, parse_spec
from valdora_ai.agents.external import ExternalEngineError
from valdora_ai.cli.app import app
from valdora_ai.games import game_names, player_counts
from valdora_ai.tournament.storage import ResultsDB

BOTS = ROOT / "tests" / "bots"
NODE_BOT = ROOT / "examples" / "random_bot.mjs"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


# The sleeping bots' children carry this run's tag (tests/bots/misbehave.py), so the
# leftover checks below see only this test run's processes.
os.environ["VALDORA_TEST_RUN"] = f"run {os.getpid()}"
SLEEPER = f"time.sleep(600)  # run {os.getpid()}"


def _bot(mode: str, fine: int = 0, **params: float) -> str:
    settings = "".join(f",{key}={value}" for key, value in params.items())
    return f'cmd:"{sys.executable} {BOTS / "misbehave.py"} {mode} {fine}"{settings}'


def _escaper(mode: str, *args: str) -> str:
    return f'cmd:"{" ".join([sys.executable, str(BOTS / "escape.py"), mode, *args])}"'


def _descendants_alive(marker: str) -> list[str]:
    """Command lines of live processes that mention `marker` (zombies excluded)."""
    return [command.replace(b"\0", b" ").decode() for _, stat, command in processes()
            if marker.encode() in command and state_of(stat) != "Z"]


@needs_node
@pytest.mark.parametrize("game_name", ["valdora", "alchemists"])
def test_the_node_bot_plays_whole_games(game_name: str) -> None:
    game = va.make_game(game_name, players=3)
    spec = f'cmd:"node {NODE_BOT} 7",time=2'
    result = va.play_game(game, [spec, "greedy", "random"], seed=2)
    assert result.seats[0] == spec and result.turns > 0


def test_a_bot_sees_only_its_seats_view(tmp_path: Path) -> None:
    """What is sent: the belief position of that seat, never the hidden order."""
    log = tmp_path / "requests.jsonl"
    spec = f'cmd:"{sys.executable} {BOTS / "recorder.py"} {log}"'
    for name in ("valdora", "alchemists"):
        game = va.make_game(name, players=3)
        log.write_text("")
        va.play_game(game, [spec, "greedy", "greedy"], seed=4)
        requests = [json.loads(line) for line in log.read_text().splitlines()]
        moves = [r for r in requests if r["action"] == "move"]
        assert moves and requests[-1] == {"id": 0, "action": "quit"}
        world = game.position_to_json(game.new_state(4))
        belief = game.observation(game.new_state(4), 0).to_json()["position"]
        assert moves[0]["position"] == belief != world
        for request in moves:
            assert request["player"] == 0 and request["game"] == name
            assert request["budget"] == {"seconds": 1.0}
            position = game.position_from_json(request["position"])
            steps = [entry["step"] for entry in request["legal"]]
            assert steps == position.legal_steps()
            hidden = game.observation(position, 0).belief_state()
            assert game.position_to_json(hidden) == request["position"]  # nothing more


def test_a_cmd_spec_is_parsed_and_refused_clearly() -> None:
    assert canonical_spec('cmd: "node   bot.mjs  --fast" , time=0.50,') \
        == 'cmd:"node bot.mjs --fast",time=0.5'
    cls, params = parse_spec('cmd:"node bot.mjs",grace=2')
    assert params == {"grace": 2.0} and cls.command == ("node", "bot.mjs")
    for spec, message in [('cmd:node bot.mjs', "the command in double quotes"),
                          ('cmd:""', "the command is empty"),
                          ('cmd:"bot" time=1', "expected ,key=value"),
                          ('cmd:"bot",time=0', "time must be a number from 0.001"),
                          ('cmd:"bot",grace=-1', "grace must be a number from 0 to 60"),
                          ('cmd:"bot \'unclosed"', "No closing quotation")]:
        with pytest.raises(va.SpecError, match=message):
            parse_spec(spec)


@pytest.mark.parametrize(("mode", "reason"), [
    ("sleep", "timeout"), ("exit", "crash"), ("garbage", "garbage"), ("wrong-id", "garbage"),
    ("spew", "garbage"), ("illegal", "illegal"),
])
def test_a_misbehaving_bot_fails_its_decision_and_is_killed(mode: str, reason: str) -> None:
    game = va.make_game("valdora", players=3)
    agent = make_agent(_bot(mode, 1, time=0.2, grace=0.3), game)
    observation = game.observation(game.new_state(1), 0)
    assert agent.choose(observation) == observation.legal_steps()[0]  # one fine answer
    start = time.monotonic()
    with pytest.raises(ExternalEngineError, match=f"seat 0: external engine {reason}") as error:
        agent.choose(observation)
    assert time.monotonic() - start < 10  # generous: the hard limit is 0.5 s
    assert error.value.reason == reason and error.value.seat == 0
    assert agent._process is not None and agent._process.returncode is not None  # reaped


@pytest.mark.parametrize(("command", "code"), [
    (f"{sys.executable} {BOTS / 'misbehave.py'} exit 0", 3), ("sh -c 'kill -9 $$'", -9)])
def test_a_crash_reports_the_programs_own_exit_status(command: str, code: int) -> None:
    """Not its supervisor's: it exits, or dies of the signal, as the program did."""
    game = va.make_game("valdora", players=3)
    agent = make_agent(f'cmd:"{command}"', game)
    with pytest.raises(ExternalEngineError, match=rf"crash: it exited \(code {code}\)"):
        agent.choose(game.observation(game.new_state(1), 0))


def test_a_program_that_cannot_start_is_a_crash() -> None:
    game = va.make_game("valdora", players=3)
    agent = make_agent('cmd:"/no/such/program --x"', game)
    with pytest.raises(ExternalEngineError, match="crash: cannot start '/no/such/program'"):
        agent.choose(game.observation(game.new_state(1), 0))


def test_no_process_outlives_a_timeout_not_even_a_child() -> None:
    marker = SLEEPER
    game = va.make_game("valdora", players=3)
    agent = make_agent(_bot("sleep", 0, time=0.1, grace=0.1), game)
    with pytest.raises(ExternalEngineError):
        agent.choose(game.observation(game.new_state(1), 0))
    deadline = time.monotonic() + 5
    while _descendants_alive(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _descendants_alive(marker)


ESCAPES = ["setsid", "double-fork"]


def _stop_and_find_nothing_left(script: str, signum: int) -> None:
    """Run `script` until a bot's sleeping child is up, send it `signum`: the sleepers
    must be gone within 10 s."""
    # SIGINT at its default, as a terminal starts it (a suite run from a background shell
    # would hand it on ignored).
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 30
    while not _descendants_alive(SLEEPER) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _descendants_alive(SLEEPER)
    os.kill(process.pid, signum)
    process.wait(timeout=30)
    deadline = time.monotonic() + 10
    while _descendants_alive(SLEEPER) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _descendants_alive(SLEEPER)


@pytest.fixture
def sweep() -> Iterator[None]:
    """Kill what a failing test left behind, so that it fails alone."""
    yield
    for pid, stat, command in processes():
        if SLEEPER.encode() in command and state_of(stat) != "Z":
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("game_name", game_names())
@pytest.mark.parametrize("mode", ESCAPES)
@pytest.mark.usefixtures("sweep")
def test_a_process_that_leaves_the_group_ends_with_the_game(game_name: str, mode: str) -> None:
    """The program's group is not enough: a child that calls setsid, or a daemon's
    double fork, is killed with the game too (issue 26, item 4)."""
    game = va.make_game(game_name, players=player_counts(game_name)[0])
    seats = [_escaper(mode), *["random"] * (game.num_players - 1)]
    assert va.play_game(game, seats, seed=3).turns > 0
    assert not _descendants_alive(SLEEPER)


@pytest.mark.parametrize("mode", ESCAPES)
@pytest.mark.usefixtures("sweep")
def test_nothing_a_program_started_survives_a_parallel_tournament(tmp_path: Path,
                                                                  mode: str) -> None:
    report = va.run_tournament(["random", _escaper(mode)], players=3, games=6, seed=2,
                               db=tmp_path / "t.sqlite", jobs=2)
    assert report.games == 6 and report.forfeits == ()
    assert not _descendants_alive(SLEEPER)


@pytest.mark.parametrize("mode", ESCAPES)
@pytest.mark.usefixtures("sweep")
def test_what_a_program_started_ends_when_its_game_process_is_killed(mode: str) -> None:
    """`kill -9` of the process playing the game: the supervisor notices and kills what
    the program started, though nobody could ask it to."""
    script = (f"import valdora_ai as va\n"
              f"va.play_game(va.make_game('valdora', players=3), "
              f"[{_escaper(mode, 'hang') + ',time=600'!r}, 'random', 'random'], seed=1)\n")
    _stop_and_find_nothing_left(script, signal.SIGKILL)


@needs_node
def test_a_tournament_records_forfeits_and_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    entrants = ["greedy", f'cmd:"node {NODE_BOT}",time=1',
                _bot("illegal", 2, time=0.2, grace=0.2)]
    report = va.run_tournament(entrants, players=3, games=6, seed=3, db=db, jobs=1)
    assert report.games == 6 and len(report.forfeits) == 6
    with ResultsDB.open(db) as results:
        rows = results.rows()
    for row in rows:
        forfeiter = row.seats.index(2)
        assert row.forfeit is not None and row.forfeit.seat == forfeiter
        assert "external engine illegal: step 100000 is not legal" in row.forfeit.reason
        assert row.ranks[forfeiter] == 3 and row.shares[forfeiter] == 0.0
        assert sum(row.shares) == pytest.approx(1.0)
        others = [s for s in range(3) if s != forfeiter]
        best = max(row.scores[s] for s in others)
        assert all((row.shares[s] > 0) == (row.scores[s] == best) for s in others)
    # resumed with the same command: nothing is replayed, the forfeits stay
    again = va.run_tournament(entrants, players=3, games=6, seed=3, db=db, jobs=1)
    assert again.games == 6 and again.forfeits == report.forfeits


def test_forfeits_in_parallel_workers_leave_nothing_running(tmp_path: Path) -> None:
    entrants = ["random", _bot("sleep", 1, time=0.1, grace=0.1)]
    report = va.run_tournament(entrants, players=3, games=4, seed=5,
                               db=tmp_path / "p.sqlite", jobs=2)
    assert report.games == 6 and len(report.forfeits) == 6  # one whole block
    assert all("timeout" in reason for reason in report.forfeits)
    assert not _descendants_alive(SLEEPER)


@needs_node
def test_the_cli_tournament_with_the_node_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    monkeypatch.chdir(ROOT)
    db = tmp_path / "cli.sqlite"
    result = runner.invoke(app, ["tournament", "-a", "greedy", "-a",
                                 'cmd:"node examples/random_bot.mjs",time=0.5',
                                 "--games", "6", "--jobs", "1", "--quiet", "--db", str(db)])
    assert result.exit_code == 0 and ending_problem(result) is None, result.output
    report = va.load_report(db)
    assert report.games == 6 and report.forfeits == ()
    best = report.standings[0]
    assert best.label == "greedy" and best.win_share > 0.5


def test_an_interrupted_run_kills_its_bots(tmp_path: Path) -> None:
    """Stopping a tournament (SIGINT) while a bot is thinking leaves no bot running."""
    script = (f"import valdora_ai as va\n"
              f"va.run_tournament(['random', {_bot('sleep', 0, time=60, grace=1)!r}], "
              f"players=3, games=2, db={str(tmp_path / 'i.sqlite')!r}, jobs=1)\n")
    _stop_and_find_nothing_left(script, signal.SIGINT)


def test_a_tampered_forfeit_is_refused_not_reported(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite"
    va.run_tournament(["random", _bot("exit", 0, time=0.2)], players=3, games=6, seed=1,
                      db=db, jobs=1)
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE forfeits SET seat = 9")
    with pytest.raises(va.TournamentError, match="forfeit .* has a field of the wrong type"):
        va.load_report(db)
