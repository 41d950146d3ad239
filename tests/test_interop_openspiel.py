"""The OpenSpiel adapter: every registered game as a pyspiel python game."""

from __future__ import annotations

import csv
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_checks import one_line_error, runner
from extras import need, register_untensored, tensored_games

import valdora_ai as va
from valdora_ai.agents import canonical_spec, parse_spec
from valdora_ai.analysis import Budget
from valdora_ai.cli.app import app
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.handlers import prepare_search
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import EngineError

GAMES = tensored_games()
PUBLIC_BELIEF = [(name, players) for name, players in GAMES
                 if va.game_type(name).shared_belief]
BELIEF_GAMES = [(f"{name}_belief", players) for name, players in PUBLIC_BELIEF]


def _shared(name: str) -> bool:
    """Whether the game `name` (any registered, tests' own too) has a belief mode."""
    return va.game_type(name).shared_belief


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = need("pyspiel")
    need("valdora_ai.interop.openspiel")
    return module


def test_every_registered_game_is_registered(pyspiel) -> None:  # type: ignore[no-untyped-def]
    from valdora_ai.interop.openspiel import register

    names = register()  # again: other tests may have registered games since the import
    assert names == [f"valdora_ai_{name}{mode}" for name in va.game_names()
                     for mode in ("", "_belief")[:2 if _shared(name) else 1]]
    assert "valdora_ai_zavandor_belief" not in names  # each seat's belief holds its secrets
    assert set(names) <= set(pyspiel.registered_names())
    assert register() == names


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_game_facts_are_the_games_own(pyspiel, name: str,  # type: ignore[no-untyped-def]
                                      players: int) -> None:
    spiel = pyspiel.load_game(f"valdora_ai_{name}", {"players": players})
    game = va.make_game(name, players=players)
    assert spiel.num_players() == players
    assert spiel.num_distinct_actions() == game.num_distinct_steps()
    assert spiel.max_chance_outcomes() == max(1000, game.max_chance_outcomes())
    assert spiel.max_game_length() == 1 + (game.max_game_steps() or 1_000_000)
    assert spiel.observation_tensor_size() == game.observation_tensor_size()
    assert spiel.information_state_tensor_size() == game.observation_tensor_size()
    assert spiel.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM


@pytest.mark.parametrize(("name", "players"), [*GAMES, *BELIEF_GAMES])
def test_passes_pyspiel_random_sim_test(pyspiel, name: str,  # type: ignore[no-untyped-def]
                                        players: int) -> None:
    spiel = pyspiel.load_game(f"valdora_ai_{name}", {"players": players})
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


def test_a_game_without_tensors_is_refused_by_name(  # type: ignore[no-untyped-def]
        pyspiel, monkeypatch: pytest.MonkeyPatch) -> None:
    from valdora_ai.interop.openspiel import register

    name = register_untensored(monkeypatch)
    register()
    with pytest.raises(va.ValdoraError, match=f"the game '{name}' has no observation tensor"):
        pyspiel.load_game(f"valdora_ai_{name}", {"players": 3})


def _play(pyspiel, name: str, players: int, deal: int, steps: int):  # type: ignore[no-untyped-def]
    state = pyspiel.load_game(f"valdora_ai_{name}", {"players": players}).new_initial_state()
    state.apply_action(deal)
    rng = random.Random(deal)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_setup_is_hidden_and_resampled_through_determinize(  # type: ignore[no-untyped-def]
        pyspiel, name: str, players: int) -> None:
    state = _play(pyspiel, name, players, deal=7, steps=25)
    seat = state.current_player()
    key = state.information_state_string(seat)
    assert state.returns() == [0.0] * players  # zeros before the end
    rng = random.Random(1)
    worlds = set()
    for _ in range(6):
        other = state.resample_from_infostate(seat, rng.random)
        assert other.information_state_string(seat) == key
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str(other))
    assert len(worlds) > 1  # the hidden order differs between samples


def test_the_information_state_is_the_observation_and_the_public_history(  # type: ignore[no-untyped-def]
        pyspiel) -> None:
    state = _play(pyspiel, "valdora", 3, deal=3, steps=4)
    view = state.observation_string(1)
    assert view.startswith('{"observer":1,')
    assert state.information_state_string(1) == view + "|" + ",".join(
        str(a) for a in state.history()[1:])
    assert state.observation_string(0) != view


BOTS = "py:valdora_ai.interop.openspiel_bots:"


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("bot", ["ismcts", "mcts"])
def test_openspiel_bots_are_entrants_that_play_legal_steps(  # type: ignore[no-untyped-def]
        pyspiel, bot: str, name: str, players: int) -> None:
    game = va.make_game(name, players=players)
    agent = va.make_agent(f"openspiel:{bot}, iterations=8,uct_c=1.5", game, seed=5)
    assert agent.spec == f"openspiel:{bot},seed=5,iterations=8,uct_c=1.5"
    state, rng = game.new_state(seed=4), va.make_rng(2)
    for _ in range(3):
        seat = state.current_player
        step = agent.choose(game.observation(state, seat))
        assert step in state.legal_steps()
        state.play(step)
        for _ in range(5):  # some play in between, so that the positions differ
            state.play(game.greedy_step(state, rng))


def test_openspiel_specs_have_one_canonical_form_and_py_still_works(  # type: ignore[no-untyped-def]
        pyspiel) -> None:
    assert canonical_spec(" openspiel: ismcts , time=0.50,max_world_samples=4,") == \
        "openspiel:ismcts,time=0.5,max_world_samples=4"
    game = va.make_game("valdora", players=3)
    agent = va.make_agent(f"{BOTS}Ismcts,iterations=4", game, seed=1)
    assert agent.spec == f"{BOTS}Ismcts,seed=1,iterations=4"
    assert agent.choose(game.observation(game.new_state(1), 0)) in game.new_state(1).legal_steps()


@pytest.mark.parametrize("bot", ["ismcts", "mcts"])
def test_openspiel_bots_stop_on_their_time_limit(pyspiel, bot: str) -> None:  # type: ignore[no-untyped-def]
    game = va.make_game("valdora", players=3)
    agent = va.make_agent(f"openspiel:{bot},iterations=1000000,time=0.2", game)
    state = game.new_state(seed=1)
    started = time.monotonic()
    assert agent.choose(game.observation(state, 0)) in state.legal_steps()
    assert time.monotonic() - started < 20  # a generous bound: it stops, far below 1e6


def test_a_budget_replaces_the_spec_s_limits(pyspiel) -> None:  # type: ignore[no-untyped-def]
    game = va.make_game("valdora", players=3)
    agent = va.make_agent("openspiel:mcts,iterations=1000000", game)
    state = game.new_state(seed=1)
    started = time.monotonic()
    analysis = agent.analyze(game.observation(state, 0), Budget(seconds=0.2))
    assert analysis.best.step in state.legal_steps() and analysis.agent == agent.spec
    assert time.monotonic() - started < 20


@pytest.mark.parametrize(("spec", "message"), [
    ("openspiel:ismcts,time=-1", "time must be a number from 0 to 86400"),
    ("openspiel:ismcts,c=1", "unknown parameter 'c' for openspiel:ismcts (valid: iterations"),
    ("openspiel:mcts,max_world_samples=2", "unknown parameter 'max_world_samples'"),
    ("openspiel:alphazero", "unknown OpenSpiel bot 'openspiel:alphazero' (known: "
                            "openspiel:ismcts, openspiel:mcts)"),
])
def test_openspiel_bot_specs_are_checked(pyspiel, spec: str,  # type: ignore[no-untyped-def]
                                         message: str) -> None:
    with pytest.raises(va.SpecError, match=re.escape(message)):
        va.make_agent(spec, va.make_game("valdora", players=3))


def test_without_openspiel_an_openspiel_spec_is_one_clear_error(  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    for module in [m for m in sys.modules if m.startswith(("pyspiel", "open_spiel",
                                                            "valdora_ai.interop.openspiel"))]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(va.SpecError) as error:
        parse_spec("openspiel:ismcts,time=1")
    assert str(error.value) == ('openspiel:ismcts needs OpenSpiel: pyspiel is not installed: '
                                'pip install "valdora-ai[openspiel]"')


def test_openspiel_bots_play_a_tournament_and_suggest_from_the_cli(  # type: ignore[no-untyped-def]
        pyspiel, tmp_path: Path) -> None:
    report = va.run_tournament(["openspiel:ismcts,iterations=4", "greedy"], games=2,
                               players=2, game="alchemists", db=tmp_path / "t.db", jobs=1)
    assert {line.label for line in report.standings} == {"openspiel:ismcts,iterations=4",
                                                         "greedy"}
    game = va.make_game("valdora", players=3)
    position = tmp_path / "p.json"
    position.write_text(json.dumps(game.position_to_json(game.new_state(1))))
    result = runner.invoke(app, ["suggest", str(position), "--agent", "openspiel:mcts",
                                 "--time", "0.2"])
    assert result.exit_code == 0, result.output
    error = one_line_error(["suggest", str(position), "--agent", "openspiel:mcts,bad=1"])
    assert "unknown parameter 'bad' for openspiel:mcts" in error


def test_the_engine_serves_openspiel_bots_within_its_limits(  # type: ignore[no-untyped-def]
        pyspiel) -> None:
    config = EngineConfig(max_seconds=5)
    setup = {"setup": {"players": 3, "seed": 1}, "action": "move"}
    job = prepare_search(1, {**setup, "agent": "openspiel:ismcts,time=0.1"}, Games(), config)
    assert job.agent.spec == "openspiel:ismcts,time=0.1"
    with pytest.raises(EngineError, match="beyond this engine's limit"):
        prepare_search(2, {**setup, "agent": "openspiel:mcts,time=9"}, Games(), config)


def test_openspiel_compare_benchmark_runs(pyspiel) -> None:  # type: ignore[no-untyped-def]
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "openspiel_compare.py"
    done = subprocess.run([sys.executable, str(script), "--iterations", "3",
                           "--min-seconds", "0.05"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("valdora_ai ismcts")
    assert lines[1].endswith("iterations per CPU second")
    assert lines[2].startswith("openspiel ISMCTSBot") and float(lines[3].split()[1][:-1]) > 0
    bare = lines[4].split()
    assert bare[:3] == ["bare", "random", "play-outs"] and float(bare[3]) > 0


@pytest.mark.slow  # 6 whole games; the quick loop runs the comparison and the bots' tournament
def test_openspiel_compare_series_plays_every_seating(  # type: ignore[no-untyped-def]
        pyspiel, tmp_path: Path) -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "openspiel_compare.py"
    done = subprocess.run([sys.executable, str(script), "--series", "--time", "0.005",
                           "--games", "6", "--db", str(tmp_path / "s.db")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "6 games (1 blocks of every seating), 0.005 s per decision" in lines[0]
    assert lines[1].startswith("entrant,games,win_share,win_low,win_high")
    rows = {row[0]: row for row in csv.reader(lines[2:])}
    assert set(rows) == {"ismcts:time=0.005", "openspiel:ismcts,time=0.005", "greedy"}
    assert all(row[1] == "6" for row in rows.values())  # every entrant in all six games


@pytest.mark.parametrize(("name", "players"), PUBLIC_BELIEF)
def test_belief_mode_reveals_are_chance_nodes_with_exact_probabilities(  # type: ignore[no-untyped-def]
        pyspiel, name: str, players: int) -> None:
    spiel = pyspiel.load_game(f"valdora_ai_{name}_belief", {"players": players})
    state, rng = spiel.new_initial_state(), random.Random(3)
    state.apply_action(11)
    while not state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    game = va.make_game(name, players=players)
    belief = state.play.world
    assert state.chance_outcomes() == belief.chance_outcomes()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert max(a for a, _ in state.chance_outcomes()) < spiel.max_chance_outcomes()
    assert not belief.is_world  # the hidden order is nowhere in a belief-mode state
    assert game.observation(belief, 0).belief_state().chance_outcomes() == \
        belief.chance_outcomes()
    assert str(state.resample_from_infostate(0, rng.random)) == str(state)
