"""Seeds are integers from 0 to 2**64 - 1 everywhere; others are refused, never wrapped.

With wrapping, seed -1 was silently the game of seed 2**64 - 1. Every way a seed
enters is tried with the two nearest out-of-range seeds: command-line options, agent
specs, the Python API, a record's header and the engine protocol. Seeds derived from
a given one (an agent's `seed + seat`) stay in range at the top end.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_checks import one_line_error
from engine_process import EngineProcess
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.agents import make_agent
from valdora_ai.errors import RecordError, SpecError, ValdoraError
from valdora_ai.records import replay
from valdora_ai.rng import MASK64, derive_seed
from valdora_ai.selfplay import play_game

OUT = [-1, 2**64]
runner = CliRunner()


def _refused(seed: int) -> str:
    return f"{seed} is not a seed (an integer from 0 to 2**64 - 1)"


@pytest.mark.parametrize("seed", OUT)
def test_command_line_options_and_specs_refuse_the_seed(seed: int, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert one_line_error(["play", f"--seed={seed}"]) == f"error: --seed: {_refused(seed)}"
    assert one_line_error(["new-position", f"--seed={seed}"]) == (
        f"error: --seed: {_refused(seed)}")
    # A spec's seed is refused by the spec parser's range check (docs/agents.md).
    assert one_line_error(["play", "--seat", f"greedy:seed={seed}"]) == (
        f"error: 'greedy:seed={seed}': seed must be an integer from 0 to {2**64 - 1}, "
        f"got {seed}")
    assert one_line_error(["tournament", "--agent", "greedy", "--agent", "random",
                            f"--seed={seed}", "--games", "3"]) == (
        f"error: --seed: {_refused(seed)}")
    assert list(tmp_path.iterdir()) == []  # no database, no record


@pytest.mark.parametrize("seed", OUT)
def test_the_api_refuses_the_seed(engine: str, seed: int) -> None:
    game = va.make_game("valdora", players=3)
    for call in (lambda: game.new_state(seed), lambda: play_game(game, ["random"] * 3, seed),
                 lambda: make_agent("greedy", game, seed=seed),
                 lambda: va.run_tournament(["greedy", "random"], players=3, games=3,
                                           seed=seed, db=":memory:")):
        with pytest.raises(ValdoraError, match=re.escape(_refused(seed))):
            call()
    with pytest.raises(SpecError, match=f"seed must be an integer from 0 to {2**64 - 1}"):
        make_agent(f"random:seed={seed}", game)


@pytest.mark.parametrize("seed", OUT)
def test_a_record_with_the_seed_is_refused_at_its_header(seed: int, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_game(va.make_game("valdora", players=3), ["random"] * 3, 1, record=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0]) | {"seed": seed}
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        replay(path)
    assert str(info.value) == f"game.jsonl:1: seed: {_refused(seed)}"


def test_the_engine_refuses_the_seed() -> None:
    engine = EngineProcess()
    try:
        setup = engine.ask({"id": 1, "action": "legal", "setup": {"players": 3, "seed": -1}})
        assert setup["error"]["code"] == "invalid_request"
        assert setup["error"]["field"] == "setup.seed"
        agent = engine.ask({"id": 2, "action": "move", "setup": {"players": 3, "seed": 1},
                            "agent": f"greedy:seed={2**64}"})
        assert agent["error"] == {"code": "bad_agent", "field": "agent",
                                  "message": f"'greedy:seed={2**64}': seed must be an "
                                             f"integer from 0 to {2**64 - 1}, got {2**64}"}
    finally:
        engine.kill()


def test_seeds_derived_at_the_top_of_the_range_stay_seeds() -> None:
    assert derive_seed(MASK64, 2) == 1 and derive_seed(5, 1) == 6
    with pytest.raises(ValdoraError, match="is not a seed"):
        derive_seed(-1, 1)
    game = va.make_game("valdora", players=3)
    result = play_game(game, ["random"] * 3, MASK64)
    assert result.seats == (f"random:seed={MASK64}", "random", "random:seed=1")
