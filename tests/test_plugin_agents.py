"""Plugin agents (issue 15, item 1): examples/plugin_agent as a `py:` spec and as an
installed entry point, usable wherever a spec is, and the errors for bad plugins."""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_checks import one_line_error, runner
from dist_info import declare_entry_points
from doc_examples import ROOT

import valdora_ai as va
from valdora_ai.agents import agent_classes, canonical_spec, make_agent, parse_spec
from valdora_ai.cli.app import app
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.handlers import prepare_search
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import EngineError

EXAMPLE = ROOT / "examples" / "plugin_agent"
PY_SPEC = "py:valdora_plugin_example.lookahead:LookaheadAgent"


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example package importable, as a source tree on the path."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    yield
    for name in [m for m in sys.modules if m.startswith("valdora_plugin_example")]:
        del sys.modules[name]


def _install(site: Path, name: str, entry_points: dict[str, str]) -> None:
    """A distribution's metadata in `site` declaring agents (no files copied)."""
    declare_entry_points(site, name, "valdora_ai.agents", entry_points)


@pytest.fixture
def installed(on_path: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The example installed: its own pyproject's entry points, on the path."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"]["valdora_ai.agents"]
    _install(tmp_path / "site", project["project"]["name"], points)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))


@pytest.mark.usefixtures("on_path")
@pytest.mark.parametrize("game_name", va.game_names())
def test_a_py_spec_plays_a_game_and_its_spec_rebuilds_it(game_name: str) -> None:
    game = va.make_game(game_name, players=3)
    result = va.play_game(game, [f"{PY_SPEC},worlds=1", "greedy", "random"], seed=3)
    assert result.seats[0] == f"{PY_SPEC},seed=3,worlds=1"
    again = make_agent(result.seats[0], game)
    assert again.spec == result.seats[0] and again.params == {"seed": 3, "worlds": 1}


@pytest.mark.usefixtures("on_path")
def test_py_parameters_are_typed_and_checked_by_the_class_params() -> None:
    cls, params = parse_spec(f" {PY_SPEC} , worlds = 4 ,seed=2,")
    assert params == {"worlds": 4, "seed": 2} and isinstance(params["worlds"], int)
    assert canonical_spec(f"{PY_SPEC}, worlds=4 ,seed=2") == f"{PY_SPEC},seed=2,worlds=4"
    assert cls.name == PY_SPEC
    with pytest.raises(va.SpecError, match="worlds must be an integer from 1 to 64, got 0"):
        parse_spec(f"{PY_SPEC},worlds=0")
    with pytest.raises(va.SpecError, match="worlds must be an integer .* got 'many'"):
        parse_spec(f"{PY_SPEC},worlds=many")
    with pytest.raises(va.SpecError, match="unknown parameter 'depth'"):
        parse_spec(f"{PY_SPEC},depth=2")


@pytest.mark.parametrize(("spec", "message"), [
    ("py:no_such_module_here:Agent", "cannot import module 'no_such_module_here'"),
    ("py:valdora_ai.agents.greedy:NoSuchAgent", "has no 'NoSuchAgent'"),
    ("py:valdora_ai.games:make_game", "'make_game' is not an agent"),
    ("py:collections:OrderedDict", "'OrderedDict' is not an agent"),
    ("py:valdora_ai.agents.base:Agent", "'Agent' does not implement choose"),
    ("py:valdora_ai.agents.greedy", "expected py:package.module:Class"),
    ("py::GreedyAgent", "expected py:package.module:Class"),
])
def test_a_bad_py_spec_is_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(va.SpecError, match=message) as error:
        parse_spec(spec)
    assert "\n" not in str(error.value)


def test_a_built_in_class_named_by_py_is_an_agent_too() -> None:
    agent = make_agent("py:valdora_ai.agents.greedy:GreedyAgent,seed=4", va.make_game("valdora"))
    assert agent.spec == "py:valdora_ai.agents.greedy:GreedyAgent,seed=4"


@pytest.mark.usefixtures("installed")
def test_an_entry_point_is_a_spec_name() -> None:
    game = va.make_game("valdora", players=3)
    agent = make_agent("lookahead:worlds=3", game, seed=5)
    assert agent.spec == "lookahead:seed=5,worlds=3"
    assert agent.choose(game.observation(game.new_state(1), 0)) in game.new_state(1).legal_steps()
    assert "lookahead" in agent_classes()
    with pytest.raises(va.SpecError, match=r"known: .*lookahead"):
        parse_spec("lookahed")


def test_a_plugin_cannot_shadow_a_built_in_or_be_declared_twice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _install(tmp_path / "a", "shadow", {"greedy": "valdora_ai.agents.random_agent:RandomAgent",
                                         "twice": "valdora_ai.agents.greedy:GreedyAgent"})
    _install(tmp_path / "b", "other", {"twice": "valdora_ai.agents.random_agent:RandomAgent"})
    monkeypatch.syspath_prepend(str(tmp_path / "a"))
    monkeypatch.syspath_prepend(str(tmp_path / "b"))
    assert parse_spec("greedy")[0].name == "greedy"  # the built-in is used as it was
    with pytest.raises(va.SpecError, match="takes the name of a built-in agent"):
        agent_classes()
    with pytest.raises(va.SpecError, match="'twice' is declared twice"):
        parse_spec("twice")
    _install(tmp_path / "c", "broken", {"broken": "no_such_plugin_module:Bot"})
    monkeypatch.syspath_prepend(str(tmp_path / "c"))
    with pytest.raises(va.SpecError, match="entry point 'broken': cannot import module"):
        parse_spec("broken:seed=1")


@pytest.mark.usefixtures("on_path")
def test_a_plugin_suggests_and_plays_a_tournament(tmp_path: Path) -> None:
    game = va.make_game("valdora", players=3)
    analysis = va.suggest(game.position_to_json(game.new_state(2)), agent=f"{PY_SPEC}")
    assert analysis.agent == PY_SPEC and analysis.best.step in game.new_state(2).legal_steps()
    report = va.run_tournament([f"{PY_SPEC},worlds=1", "random"], games=2, players=3,
                               db=tmp_path / "t.db", jobs=1)
    assert {line.label for line in report.standings} == {f"{PY_SPEC},worlds=1", "random"}


@pytest.mark.usefixtures("on_path")
def test_the_cli_takes_a_py_spec_and_refuses_a_bad_one(tmp_path: Path) -> None:
    game = va.make_game("valdora", players=3)
    position = tmp_path / "p.json"
    position.write_text(json.dumps(game.position_to_json(game.new_state(1))))
    result = runner.invoke(app, ["suggest", str(position), "--agent", PY_SPEC])
    assert result.exit_code == 0, result.output
    error = one_line_error(["suggest", str(position), "--agent", "py:nowhere_at_all:Bot"])
    assert "cannot import module 'nowhere_at_all'" in error


@pytest.mark.usefixtures("on_path")
def test_the_engine_serves_a_plugin_named_by_its_operator_only() -> None:
    config = EngineConfig(default_agent=f"{PY_SPEC},worlds=1")
    setup = {"setup": {"players": 3, "seed": 1}, "action": "move"}
    job = prepare_search(1, setup, Games(), config)
    assert job.agent.spec == f"{PY_SPEC},worlds=1"
    for spec in (f"{PY_SPEC},worlds=2", 'cmd:"node examples/random_bot.mjs"'):
        with pytest.raises(EngineError, match="only --agent may name them"):
            prepare_search(2, {**setup, "agent": spec}, Games(), config)
