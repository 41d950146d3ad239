"""Agent specs: every value checked against its documented range, one canonical form.

The refused values are generated from each agent's ``PARAMS``, so a parameter added
later is covered without touching this file; docs/agents.md must show the same
tables (tested here too).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.agents.base import Param
from valdora_ai.cli.app import app

AGENTS_DOC = Path(__file__).resolve().parents[1] / "docs" / "agents.md"


def _numeric() -> list[tuple[str, str, Param]]:
    return [(name, key, param) for name, cls in va.agent_classes().items()
            for key, param in cls.PARAMS.items() if param.type in (int, float)]


def _refused(param: Param) -> list[str]:
    """Values outside the range: not numbers at all, not finite, or just past an end."""
    assert param.low is not None and param.high is not None
    step = 1 if param.type is int else 0.5
    values = ["nan", "inf", "-inf", "1e400", param.format(param.low - step),
              param.format(param.high + step), "9" * 5000, "x"]
    return values + (["1.5"] if param.type is int else [])


@pytest.mark.parametrize(("name", "key", "param"), _numeric(),
                         ids=[f"{n}:{k}" for n, k, _ in _numeric()])
def test_every_out_of_range_value_is_one_spec_error_naming_key_and_range(
        name: str, key: str, param: Param) -> None:
    game = va.make_game("valdora", players=3)
    for value in _refused(param):
        spec = f"{name}:{key}={value}"
        with pytest.raises(va.SpecError) as caught:
            va.make_agent(spec, game)
        message = str(caught.value)
        assert f"{key} must be {param.accepts()}, got " in message, message
        assert "\n" not in message and len(message) < 300, message


@pytest.mark.parametrize("game_name", va.game_names())
@pytest.mark.parametrize(("name", "key", "param"), _numeric(),
                         ids=[f"{n}:{k}" for n, k, _ in _numeric()])
def test_keyword_parameters_are_checked_like_specs(name: str, key: str, param: Param,
                                                   game_name: str) -> None:
    """An agent built in Python (cls(game, key=value)) meets the same ranges, and the
    ends of each range build an agent, in every game."""
    cls = va.agent_classes()[name]
    game = va.make_game(game_name)
    assert param.high is not None
    for value in (float("nan"), float("inf"), param.high * 2 + 1, "3"):
        with pytest.raises(va.SpecError, match=f"{name}: {key} must be "):
            cls(game, **{key: value})
    cls(game, **{key: param.low})  # the ends of the range are accepted


@pytest.mark.parametrize("option", [["play", "--seat"], ["suggest", "POSITION", "--agent"],
                                    ["play", "--seat", "human", "--hint-agent"]])
def test_time_nan_at_every_prompt_is_one_error_line(option: list[str], tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    game = va.make_game("valdora", players=3)
    position.write_text(json.dumps(game.position_to_json(game.new_state(1))))
    args = [str(position) if a == "POSITION" else a for a in option] + ["ismcts:time=nan"]
    result = CliRunner().invoke(app, args, input="quit\n")
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines() == [
        "error: 'ismcts:time=nan': time must be a number from 0 to 86400, got nan"]


@pytest.mark.parametrize(("written", "canonical"), [
    ("greedy", "greedy"),
    ("greedy:seed=1,", "greedy:seed=1"),
    ("  greedy :  seed = 1 ,, ", "greedy:seed=1"),
    ("ismcts:seed=3,c=0.50", "ismcts:seed=3,c=0.5"),
    ("ismcts:tree=game,iterations=1_000,reuse=NO,time=2.0", "ismcts:iterations=1000,time=2,"
                                                             "tree=game,reuse=false"),
    ("greedy:seed=0", "greedy:seed=0"),  # an explicit default stays: it fixes the seed
    ("expectimax:playouts=0,depth=2", "expectimax:depth=2,playouts=0"),
])
def test_specs_have_one_canonical_form(written: str, canonical: str) -> None:
    assert va.canonical_spec(written) == canonical
    assert va.canonical_spec(canonical) == canonical
    assert va.parse_spec(canonical) == va.parse_spec(written)


def test_a_key_given_twice_is_refused() -> None:
    with pytest.raises(va.SpecError, match="'greedy:seed=1,seed=2': seed is given twice"):
        va.parse_spec("greedy:seed=1,seed=2")


def test_an_agent_s_spec_rebuilds_it() -> None:
    game = va.make_game("valdora", players=3)
    agent = va.make_agent("ismcts:reuse=no,c=0.50,time=1.0", game)
    assert agent.spec == "ismcts:time=1,c=0.5,reuse=false"
    assert va.make_agent(agent.spec, game).params == agent.params


def test_cosmetic_variants_are_one_tournament_entrant(tmp_path: Path) -> None:
    """The same tournament written without the trailing comma resumes the same
    database; the two spellings together are one entrant given twice."""
    from valdora_ai.tournament import TournamentSpec

    db = tmp_path / "t.sqlite"
    first = va.run_tournament(["greedy:seed=1,", "random"], games=6, seed=2, db=db, jobs=1)
    again = va.run_tournament(["greedy: seed=1", "random"], games=6, seed=2, db=db, jobs=1)
    assert again.games == first.games == 6 and again.seconds == first.seconds  # none replayed
    assert [line.label for line in again.standings] == [
        line.label for line in first.standings]
    assert {line.label for line in first.standings} == {"greedy:seed=1", "random"}
    written = TournamentSpec(entrants=("random", "greedy:seed=1,"))
    assert written.entrants == ("random", "greedy:seed=1")
    assert written.default_db() == TournamentSpec(entrants=("random", "greedy:seed=1"))\
        .default_db()
    with pytest.raises(va.TournamentError, match="'greedy:seed=1' is given twice"):
        TournamentSpec(entrants=("greedy:seed=1", "greedy:seed=1 ,"))


def test_docs_list_every_parameter_with_its_range() -> None:
    """docs/agents.md has one table per agent, its rows exactly the agent's PARAMS."""
    text = AGENTS_DOC.read_text(encoding="utf-8")
    for name, cls in va.agent_classes().items():
        section = re.search(rf"^## `{name}`: .*?\n\n(.*?)(?:\n\n|\Z)", text,
                            re.MULTILINE | re.DOTALL)
        assert section, f"docs/agents.md has no section for {name}"
        rows = section.group(1).splitlines()[2:]
        assert rows == [f"| `{key}` | `{p.format(p.default)}` | {p.accepts()} | {p.help} |"
                        for key, p in cls.PARAMS.items()], name
