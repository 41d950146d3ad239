"""A game from outside plugs in (issue 27, item 4): examples/plugin_game, installed with
pip, registers `expeditions` through its ``valdora_ai.games`` entry point and plays
through every surface (play, with a person at the terminal too, tournament, suggest,
analyze, the analysis engine, serve) and the conformance suite, with no line of the
library written for it.

pip installs the example as a user would (it builds the project and writes its entry
points), but with ``--target`` into a directory of this test session: the virtual
environment is left as it was, so no other test sees a fourth game. In-process surfaces
get the directory on ``sys.path`` (and the registry re-reads the entry points),
subprocesses (the engine, the tournament's workers, pytest) on ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_checks import one_line_error, runner
from dist_info import declare_entry_points
from doc_examples import ROOT
from engine_process import EngineProcess
from serve_client import page, server
from test_serve import play_out, secrets

import valdora_ai as va
from valdora_ai import games
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.game_analysis import DEFAULT_AGENT
from valdora_ai.records import parse_record_text, replay_lines
from valdora_ai.search.rollout import check_policy, game_policies

EXAMPLE = ROOT / "examples" / "plugin_game"
NAME = "expeditions"


def _pip_install(project: Path, site: Path) -> None:
    """`pip install` `project` into the directory `site`, offline and without fetching
    build requirements (setuptools is in the test environment)."""
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "--target", str(site),
                    str(project)], check=True, capture_output=True, timeout=300)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example installed by pip into a directory of its own (built from a copy, so
    the source tree gets no build directory)."""
    root = tmp_path_factory.mktemp("plugin_game")
    source = root / "source"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    _pip_install(source, root / "site")
    return root / "site"


def _forget_plugins() -> None:
    """Make the registry read the entry points again on its next question."""
    games._load_plugins.cache_clear()
    for module in [m for m in sys.modules if m.startswith("valdora_expeditions")]:
        del sys.modules[module]


@pytest.fixture
def installed(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example installed for this test, in-process and for its subprocesses; the
    registry as it was afterwards."""
    monkeypatch.setattr(games, "_REGISTRY", dict(games._REGISTRY))
    monkeypatch.syspath_prepend(str(site))
    paths = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    _forget_plugins()
    yield site
    _forget_plugins()


def _ok(args: list[str], stdin: str | None = None) -> str:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_import_reads_no_entry_point_until_the_registry_is_asked(site: Path) -> None:
    code = ("import valdora_ai, valdora_ai.games as g\n"
            "before = g._load_plugins.cache_info().currsize\n"
            "print(before, g.game_names())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(site)}, check=True)
    loaded, names = done.stdout.split(" ", 1)
    assert loaded == "0" and f"'{NAME}'" in names, done.stdout
    assert done.stderr == ""


@pytest.mark.usefixtures("installed")
def test_the_registry_answers_from_the_plugins_game_type() -> None:
    kind = va.game_type(NAME)
    assert (kind.title, va.player_counts(NAME), kind.core) == ("Expeditions", [2, 3, 4], None)
    game = va.make_game(NAME)
    assert game.num_players == kind.default_players and type(game).__name__ == "ExpeditionsGame"
    assert f"{NAME}: pure (no compiled core)" in _ok(["engine-info"])
    assert "takes no component data file" in one_line_error(
        ["play", "--game", NAME, "--rules-data", "data.toml"])
    assert "has no component data file" in one_line_error(["data", "show", "--game", NAME])


def test_a_plugin_that_cannot_load_is_one_warning_and_skipped(
        installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    declare_entry_points(tmp_path, "broken", games.PLUGIN_GROUP, {
        "broken": "no_such_game_module:Game",
        "valdora": "valdora_expeditions.game:ExpeditionsGame",
        "misnamed": "valdora_expeditions.game:ExpeditionsGame",
        "notagame": "collections:OrderedDict"})
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(RuntimeWarning) as caught:
        names = va.game_names()
    # (other tests may have registered games of their own in this process)
    assert {"alchemists", NAME, "valdora", "zavandor"} <= set(names)
    assert not {"broken", "misnamed", "notagame"} & set(names)
    messages = sorted(str(w.message) for w in caught)
    assert all("\n" not in m and m.startswith("valdora_ai: game plug-in '") for m in messages)
    assert [m.split("'")[1] for m in messages] == ["broken", "misnamed", "notagame", "valdora"]
    assert "loading it failed (ModuleNotFoundError: No module named 'no_such_game_module')" \
        in messages[0]
    assert messages[1].endswith("its GameType is named 'expeditions'")
    assert messages[2].endswith("it names no game class with a GameType as its game_type")
    assert messages[3].endswith("a game named 'valdora' is registered already")
    assert type(va.make_game("valdora")).__name__ == "ValdoraGame"
    assert va.game_names() == names  # loaded once: no second warning


@pytest.mark.usefixtures("installed")
def test_the_oracles_world_reveals_what_its_seats_belief_passes_through() -> None:
    """The hook the conformance suite does not reach: `world_seen_by` makes a world whose
    `apply_revealing` returns the draws the seat's belief state meets, in lockstep."""
    game = va.make_game(NAME, players=3)
    rng = va.make_rng(4)
    for seat in range(3):
        world = game.world_seen_by(game.new_state(seat), seat)
        belief = game.observation(world, seat).belief_state()
        draws = 0
        while not world.is_terminal():
            legal = world.legal_steps()
            step = legal[rng.randbelow(len(legal))]
            revealed = game.apply_revealing(world, step)
            belief.apply(step)
            for chance in revealed:
                assert belief.is_chance_node()
                belief.apply(chance)
            draws += len(revealed)
            assert not belief.is_chance_node()
            assert game.observation(world, seat) == game.observation(belief, seat)
        assert draws == len([t for t in range(game.max_turns()) if t % 3 == seat])


@pytest.mark.usefixtures("installed")
def test_play_replay_and_positions_through_the_cli(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    played = _ok(["play", "--game", NAME, "-p", "3", "--seed", "4", "--seat", "greedy",
                  "--seat", "random", "--seat", "ismcts:iterations=20", "--record",
                  str(record)])
    assert "game over after 37 turns" in played and "winner" in played
    assert "game over after 37 turns" in _ok(["replay", str(record)])
    position = tmp_path / "p.json"
    _ok(["replay", str(record), "--at", "5", "--export-position", str(position)])
    assert "turn 5 of 37" in _ok(["position", "check", str(position)])
    assert "cannot be drawn yet" in one_line_error(["render", str(position), "--svg",
                                                    str(tmp_path / "p.svg")])


@pytest.mark.usefixtures("installed")
def test_a_person_plays_at_the_terminal_and_resumes(tmp_path: Path) -> None:
    record = tmp_path / "h.jsonl"
    start = ["play", "--game", NAME, "-p", "2", "--seed", "6", "--seat", "human",
             "--record", str(record)]
    first = _ok(start, stdin="help\nhint\nxQ9\nlegal\n1\nquit\n")
    assert "e.g. 'R7' (play the red 7 onto your expedition)" in first
    assert "hint: " in first and "depends on the reveal" not in first  # a draw ends a turn
    assert "error: 'xQ9' is not a legal step here (legal: " in first
    assert "turn   1  seat 0 (you)" in first and "turn   2  seat 1 (greedy" in first
    assert "deck " in first and '"?"' in first  # the default table: the belief position
    finished = _ok(["play", "--resume", str(record)], stdin="1\n" * 30)
    assert "game over after 43 turns" in finished and f"record written to {record}" in finished


@pytest.mark.usefixtures("installed")
def test_a_tournament(tmp_path: Path) -> None:
    output = _ok(["tournament", "--game", NAME, "-a", "greedy", "-a", "random", "-p", "2",
                  "--games", "4", "--jobs", "1", "--db", str(tmp_path / "t.db")])
    assert f"{NAME}, 2 players" in output and "greedy" in output and "random" in output


@pytest.mark.usefixtures("installed")
def test_suggest_and_analyze(tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    _ok(["new-position", "--game", NAME, "-p", "3", "--seed", "2", "--public", "-o",
         str(position)])
    answer = json.loads(_ok(["suggest", str(position), "--agent", "ismcts:iterations=40",
                             "--json"]))
    game = va.make_game(NAME, players=3)
    legal = game.position_from_json(json.loads(position.read_text())).legal_steps()
    assert answer["candidates"] and {c["step"] for c in answer["candidates"]} <= set(legal)
    record = tmp_path / "game.jsonl"
    va.play_game(va.make_game(NAME, players=2), ["greedy", "random"], seed=3, record=record)
    review = json.loads(_ok(["analyze", str(record), "--seat", "0", "--agent",
                             "ismcts:iterations=10,seed=1", "--no-cache", "--json",
                             "--html", str(tmp_path / "review.html")]))
    turns = review["turns"]
    assert len(turns) == 22 and all(t["seat"] == 0 for t in turns)
    assert (tmp_path / "review.html").stat().st_size > 0


@pytest.mark.usefixtures("installed")
def test_the_analysis_engine() -> None:
    engine = EngineProcess()
    try:
        assert NAME in engine.ask({"id": 1, "action": "version"})["games"]
        setup = {"game": NAME, "setup": {"players": 3, "seed": 1}}
        legal = engine.ask({"id": 2, "action": "legal", **setup})
        assert legal["status"] == "decision" and legal["toMove"] == 0
        move = legal["steps"][0]["move"]
        applied = engine.ask({"id": 3, "action": "apply", **setup, "steps": [move]})
        assert applied["toMove"] == 1 and applied["applied"] == [move]
        engine.send({"id": 4, "action": "analyze", "position": applied["position"],
                     "agent": "ismcts:iterations=30,seed=2"})
        analysis = engine.read_until_final(4)[-1]
        assert analysis["player"] == 1 and analysis["candidates"]
        moved = engine.ask({"id": 5, "action": "move", "position": applied["position"]})
        assert moved["move"] in {s["move"] for s in engine.ask(
            {"id": 6, "action": "legal", "position": applied["position"]})["steps"]}
    finally:
        engine.quit()


@pytest.mark.usefixtures("installed")
def test_serve_sends_the_person_only_what_they_may_know() -> None:
    with server() as client, page(client) as p:
        sid, tables = play_out(p, NAME, ["greedy", "human"], seed=3)
        assert all(t["svg"] is None and "hands" in t["text"] for t in tables)
        # no targets (GameBase's default ""): every step a control, the list a fallback
        assert all(t["targets"] == {} and [c["step"] for c in t["controls"]]
                   == [c["step"] for c in t["choices"]] for t in tables)
        assert any(t["controls"] for t in tables)
        record = p.ask("record", session=sid)[-1]["record"]
        analysis = p.ask("analyze", record=record, turn=2, agent="ismcts:iterations=20,seed=1")
        assert analysis[-1]["candidates"]
    end = replay_lines(parse_record_text(record, "record"), "record", None).final
    game = va.make_game(NAME, players=2)
    belief = game.position_to_json(game.observation(end, 1).belief_state())
    # a stake has two copies: one the person holds is no secret of the other seat's
    hidden = {s for s in secrets(game.position_to_json(end), belief)
              if s not in json.dumps(belief)}
    assert hidden, "the test needs a secret to look for"
    leaked = sorted(s for s in hidden if s in "\n".join(p.traffic))
    assert not leaked, f"hidden information sent to the page: {leaked[:5]}"


@pytest.mark.slow
def test_the_conformance_suite_passes(installed: Path) -> None:
    """tests/test_conformance.py and tests/test_step_words.py parametrize over the
    registry, so with the plug-in installed they check the plug-in too (``-k`` keeps to
    its cases)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         str(ROOT / "tests" / "test_conformance.py"),
         str(ROOT / "tests" / "test_step_words.py"), "-k", NAME],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    summary = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in summary and "failed" not in summary, summary


@pytest.mark.usefixtures("installed")
@pytest.mark.parametrize("agent", ["ismcts", "pimc"])
def test_a_game_without_a_quick_policy_refuses_it_by_name(agent: str) -> None:
    """Every built-in game has a quick play-out policy; a plug-in need not, and asking
    for it is refused naming the game and the policies it has."""
    game = va.make_game(NAME)
    assert game_policies(game) == ("greedy", "random")
    message = (f"rollout=quick: {NAME} has no 'quick' play-out policy "
               r"\(its policies: greedy, random\)")
    with pytest.raises(ValdoraError, match=message):
        va.make_agent(f"{agent}:rollout=quick", game)
    with pytest.raises(ValdoraError, match=message):
        check_policy(game, "quick")
    va.make_agent(f"{agent}:rollout=random,iterations=2", game)  # the others still work


@pytest.mark.usefixtures("installed")
def test_the_cli_refuses_a_missing_quick_policy_in_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "-g", NAME, "-a", "ismcts:rollout=quick",
                                 "-a", "greedy", "-n", "2", "--db", str(tmp_path / "t.sqlite")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"error: rollout=quick: {NAME} has no 'quick' play-out policy "
        "(its policies: greedy, random)"]
    assert not (tmp_path / "t.sqlite").exists()


@pytest.mark.usefixtures("installed")
def test_a_policy_prior_is_learned_and_searched_with(tmp_path: Path) -> None:
    """The learned policy prior's step features come from the game contract: a plug-in
    game trains one with `valdora train --kind policy` and searches with it."""
    path = tmp_path / "policy.json"
    output = _ok(["train", "--kind", "policy", "-g", NAME, "-p", "2", "--positions", "10",
                  "--searcher", "ismcts:iterations=10", "-o", str(path)])
    assert "held-out fit" in output
    game = va.make_game(NAME)
    agent = va.make_agent(f"ismcts:iterations=20,seed=1,policy=learned,policy_model={path}",
                          game)
    state = game.new_state(3)
    while state.current_player < 0:
        state.apply(state.chance_outcomes()[0][0])
    assert agent.choose(game.observation(state, state.current_player)) in state.legal_steps()
    # policy=auto (the analysis default's): learned with the model named, greedy without
    # one, as this game ships none
    assert va.make_agent(f"ismcts:policy=auto,policy_model={path}",
                         game).settings.guide  # type: ignore[attr-defined]
    assert va.make_agent(DEFAULT_AGENT, game).settings.guide is None  # type: ignore[attr-defined]
