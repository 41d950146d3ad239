"""Difficulty levels (`level:N`): specs, the softmax move choice, every game."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest
from engine_process import EngineProcess
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.agents.levels import (
    LEVELS,
    PLAUSIBLE_COUNT,
    PLAUSIBLE_SHARE,
    LevelAgent,
    softmax_choice,
)
from valdora_ai.analysis import Candidate
from valdora_ai.cli.app import app


def test_a_level_is_written_bare_and_checked() -> None:
    assert va.canonical_spec("level: 3 , seed=2") == "level:3,seed=2"
    assert va.canonical_spec("level:level=3") == "level:3"
    game = va.make_game("valdora", players=3)
    assert va.make_agent("level:4", game).spec == "level:4"
    assert va.make_agent("level", game).spec == f"level:{LevelAgent.PARAMS['level'].default}"
    for spec, message in (("level:0", "level must be an integer from 1 to 10"),
                          ("level:11", "from 1 to 10, got 11"),
                          ("level:3,4", "expected key=value, got '4'"),
                          ("level:3,level=4", "level is given twice")):
        with pytest.raises(va.SpecError, match=message):
            va.canonical_spec(spec)


def test_levels_search_more_and_choose_more_surely_as_they_rise() -> None:
    iterations = [level.iterations for level in LEVELS]
    temperatures = [level.temperature for level in LEVELS]
    assert iterations == sorted(iterations) and len(set(iterations)) == len(LEVELS)
    assert temperatures == sorted(temperatures, reverse=True) and temperatures[-1] == 0


def _candidates() -> tuple[Candidate, ...]:
    return (Candidate(step=1, visits=100, values=(0.60, 0.4)),
            Candidate(step=2, visits=50, values=(0.55, 0.45)),
            Candidate(step=3, visits=30, values=(0.40, 0.6)),
            Candidate(step=4, visits=int(100 * PLAUSIBLE_SHARE) - 1, values=(0.9, 0.1)))


def test_only_the_most_visited_few_are_drawn_from_a_small_search() -> None:
    # A search of a few iterations visits each candidate once: all pass the share
    # rule, and only the first PLAUSIBLE_COUNT (the search's order) may be drawn.
    candidates = tuple(Candidate(step=step, visits=1, values=(0.5 + step / 100, 0.5))
                       for step in range(2 * PLAUSIBLE_COUNT))
    rng = va.make_rng(5)
    drawn = {softmax_choice(candidates, 0, 1.0, rng).step for _ in range(2_000)}
    assert drawn == set(range(PLAUSIBLE_COUNT))


def test_the_softmax_draws_plausible_candidates_by_their_value() -> None:
    rng, temperature, draws = va.make_rng(3), 0.1, 20_000
    counts = Counter(softmax_choice(_candidates(), 0, temperature, rng).step
                     for _ in range(draws))
    assert 4 not in counts  # too few visits to be plausible, however good it looks
    weights = {step: math.exp((value - 0.60) / temperature)
               for step, value in ((1, 0.60), (2, 0.55), (3, 0.40))}
    total = sum(weights.values())
    for step, weight in weights.items():  # within 4 standard errors
        share = weight / total
        assert abs(counts[step] / draws - share) < 4 * math.sqrt(share * (1 - share) / draws)
    assert softmax_choice(_candidates(), 0, 0.0, rng).step == 1  # temperature 0: the best
    assert {softmax_choice(_candidates(), 1, 0.1, rng).step for _ in range(200)} == {1, 2, 3}


@pytest.mark.parametrize("game_name", va.game_names())
def test_a_level_plays_every_game_and_its_moves_are_its_searchs_candidates(
        game_name: str) -> None:
    game = va.make_game(game_name, players=3)
    result = va.play_game(game, ["level:1", "level:2", "greedy"], seed=4)
    assert len(result.scores) == 3
    state = game.new_state(seed=6)
    observation = game.observation(state, state.current_player)
    agent = va.make_agent("level:1,seed=9", game)
    analysis = agent.analyze(observation, va.Budget(iterations=5))
    assert analysis.iterations == LEVELS[0].iterations  # the level fixes its iterations
    capped = va.make_agent("level:10", game).analyze(observation, va.Budget(seconds=1e-6))
    assert capped.iterations < LEVELS[-1].iterations  # but a time cap still ends it
    assert analysis.agent == "level:1,seed=9"
    steps = {c.step for c in analysis.candidates}
    assert {agent.decide(analysis) for _ in range(30)} <= steps


@pytest.mark.parametrize("game_name", va.game_names())
def test_a_level_draws_once_a_turn(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The draw is made at a turn's first decision; the turn's later steps follow the
    search's best (drawing at every step compounded slips into nonsense)."""
    game = va.make_game(game_name, players=3)
    draws: list[tuple[int, int]] = []
    decide = LevelAgent.decide

    def recording(agent: LevelAgent, analysis: va.Analysis) -> int:
        draws.append(agent._drawn_turn or (-1, len(draws)))
        return decide(agent, analysis)

    monkeypatch.setattr(LevelAgent, "decide", recording)
    seen: list[int] = []
    va.play_game(game, ["level:1", "greedy", "greedy"], seed=5,
                 on_turn=lambda number, seat, play, state: seen.append(seat))
    assert len(draws) == len(set(draws))  # never twice in one turn (or round)
    assert 0 < len(draws) <= seen.count(0)


def test_the_engine_moves_as_the_level_draws() -> None:
    engine = EngineProcess("--workers", "1")
    try:
        version = engine.ask({"id": "v", "action": "version"})
        assert version["levels"] == len(LEVELS) and "level" in version["agents"]
        game = va.make_game("valdora", players=3)
        state = game.new_state(seed=2)
        document = game.position_to_json(state)
        moves = {engine.ask({"id": i, "action": "move", "position": document,
                             "agent": f"level:1,seed={i}"})["step"] for i in range(12)}
        assert moves <= set(state.legal_steps()) and len(moves) > 1  # drawn, not the best
    finally:
        engine.kill()


def test_the_command_line_takes_a_level_wherever_it_takes_a_spec(tmp_path: Path) -> None:
    """play --seat, suggest --agent and analyze --agent (issue 31 item 3); the
    engine's move is tested above and a tournament's in test_level_series."""
    runner = CliRunner()
    record, position = tmp_path / "game.jsonl", tmp_path / "position.json"
    result = runner.invoke(app, ["play", "-g", "zavandor", "-p", "3", "--seat", "level:2",
                                 "--seat", "level:1", "--seat", "greedy", "--seed", "3",
                                 "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "level:2,seed=" in result.output and record.exists()
    result = runner.invoke(app, ["new-position", "-g", "zavandor", "-p", "3", "-o",
                                 str(position)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["suggest", str(position), "-g", "zavandor", "--agent",
                                 "level:2", "--json"])
    assert result.exit_code == 0, result.output
    assert '"agent": "level:2"' in result.output
    result = runner.invoke(app, ["analyze", str(record), "--seat", "0", "--agent", "level:1",
                                 "--no-cache", "--worlds", "2"])
    assert result.exit_code == 0, result.output
