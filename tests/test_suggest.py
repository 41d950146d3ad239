"""`valdora_ai.suggest` and `valdora suggest`: ranked, legal, observation-only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_checks import one_line_error
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai import suggestions
from valdora_ai.cli.app import app

runner = CliRunner()
SPEC = "ismcts:iterations=40,seed=2"


def _stable(analysis: va.Analysis) -> dict:
    document = analysis.to_json()
    document.pop("seconds")
    return document


def test_suggest_accepts_documents_files_and_states(tmp_path: Path) -> None:
    game = va.make_game("valdora", players=4)
    state = game.new_state(seed=8)
    document = game.position_to_json(state)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(document))
    public = game.position_to_json(game.observation(state, 0).belief_state())
    results = [_stable(va.suggest(p, agent=SPEC)) for p in (document, path, str(path), state,
                                                             public)]
    assert all(r == results[0] for r in results)  # a world and its public view agree
    assert results[0]["candidates"][0]["step"] in state.legal_steps()


@pytest.mark.parametrize("game_name", va.game_names())
def test_a_position_names_its_game(tmp_path: Path, game_name: str) -> None:
    """`load_position` and `suggest` read the game from the document (a Zavandor
    position needed `game=` again); a `game=` given is a check."""
    game = va.make_game(game_name, players=3)
    state = game.new_state(seed=3)
    document = game.position_to_json(
        game.observation(state, state.current_player).belief_state())
    path = tmp_path / "p.json"
    path.write_text(json.dumps(document))
    loaded, position = va.load_position(path)
    assert loaded.name == game_name and loaded.position_to_json(position) == document
    assert (_stable(va.suggest(document, agent=SPEC))
            == _stable(va.suggest(path, agent=SPEC, game=game_name)))
    other = "zavandor" if game_name == "valdora" else "valdora"
    with pytest.raises(va.PositionError, match=f"not of '{other}'"):
        va.suggest(document, agent=SPEC, game=other)


def test_candidate_turn_is_the_players_whole_turn() -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=1)
    # an iteration budget no search here reaches: the whole of depth 2, whatever the clock
    analysis = va.suggest(state, agent="expectimax:depth=2,iterations=1000000000")
    turn = va.candidate_turn(game, state, analysis.best)
    assert turn.split(":")[0] == game.describe_step(state, analysis.best.step)
    state.apply(analysis.best.step)  # mid-turn: the rest of the turn, after the space
    later = va.suggest(state, agent="expectimax:depth=1")
    assert va.candidate_turn(game, state, later.best).startswith(f"{turn.split(':')[0]}: …")


def test_cli_suggest_table_and_json(tmp_path: Path) -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(seed=3)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(game.position_to_json(state)))
    result = runner.invoke(app, ["suggest", str(path), "--agent", SPEC, "--top", "3"])
    assert result.exit_code == 0, result.output
    assert "Seat 0 to move" in result.output and "first step" in result.output
    assert "in words" in result.output and "Move to the " in result.output
    result = runner.invoke(app, ["suggest", str(path), "--agent", SPEC, "--top", "2", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert len(document["candidates"]) == 2 and document["iterations"] == 40
    for candidate in document["candidates"]:
        assert candidate["step"] in state.legal_steps()
        assert candidate["first"] == game.describe_step(state, candidate["step"])
        assert candidate["turn"].startswith(candidate["first"])
        assert candidate["words"][0] == game.step_words(state, candidate["step"])


def test_cli_suggest_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(va.make_game("valdora", players=3).position_to_json(
        va.make_game("valdora", players=3).new_state(seed=3))))
    cases = [
        (["suggest", str(tmp_path / "missing.json")], "cannot read position file"),
        (["suggest", str(path), "--agent", "ismcts:width=2"],
         "valid: c, clock, depth, eval, iterations"),
        (["suggest", str(path), "--agent", "greedy", "--jobs", "2"], "takes no jobs"),
        (["suggest", str(path), "--agent", "ismcts:reward=gold"], "reward must be one of"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and "error:" in result.output and message in result.output
        assert "Traceback" not in result.output


def test_play_with_a_search_seat() -> None:
    result = runner.invoke(app, ["play", "--seat", "ismcts:iterations=4,rollout=random",
                                 "--seat", "greedy", "--seat", "greedy", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Seed 2: game over" in result.output


@pytest.mark.parametrize("name", va.game_names())
def test_cli_suggest_reads_a_public_new_position_and_refuses_a_finished_game(
        name: str, tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    for players in va.player_counts(name):
        result = runner.invoke(app, ["new-position", "--game", name, "-p", str(players),
                                     "--seed", "3", "--public", "-o", str(path)])
        assert result.exit_code == 0, result.output
        result = runner.invoke(app, ["suggest", str(path), "--agent", "greedy", "--json"])
        assert result.exit_code == 0, f"{players} players: {result.output}"
    record = tmp_path / "g.jsonl"
    va.play_game(va.make_game(name, players=3), ["random"] * 3, seed=1, record=record)
    result = runner.invoke(app, ["replay", str(record), "--export-position", str(path)])
    assert result.exit_code == 0, result.output
    assert one_line_error(["suggest", str(path)]) == (
        "error: the game is over: there is no move to suggest")


def _revealing_position(name: str) -> tuple[va.Game, object, va.Analysis]:
    """A position of game `name`, 3 players, where a searched candidate's line reveals
    something (a chance step inside the mover's turn), with its analysis."""
    game = va.make_game(name, players=3)
    state = game.new_state(seed=5)
    for _ in range(60):
        analysis = va.suggest(state, agent="ismcts:iterations=60,seed=1", game=name)
        belief = game.observation(state, state.current_player).belief_state()
        for candidate in analysis.candidates:
            steps, _ = suggestions.candidate_steps(game, belief, candidate)
            if suggestions.split_decision(belief, steps)[1]:
                return game, state, analysis
        for step in game.parse_turn(state, game.format_turn(state, [analysis.best.step])):
            state.apply(step)
    raise AssertionError(f"{name}: no candidate line reveals anything in 60 turns")


@pytest.mark.parametrize("name", va.game_names())
def test_a_sampled_outcome_is_marked_and_never_part_of_the_decision(name: str) -> None:
    game, state, analysis = _revealing_position(name)
    belief = game.observation(state, state.current_player).belief_state()
    for candidate in analysis.candidates:
        line = suggestions.candidate_line(game, belief, candidate)
        board = belief.copy()
        for step in line.steps:
            assert not board.is_chance_node()  # the decision holds no outcome
            board.apply(step)
        marks = suggestions.pv_sampled(belief, candidate.pv)
        assert not any(marks[:len(line.steps)])
        if line.sampled:
            assert va.candidate_turn(game, state, candidate) == (
                f"{line.decision} (sampled: {line.sampled})")
            assert marks[len(line.steps)]  # the first step after the decision is drawn
    marked = [suggestions.candidate_line(game, belief, c) for c in analysis.candidates]
    assert any(line.sampled for line in marked)


def test_the_first_candidate_is_the_agents_pick_with_its_figures() -> None:
    """The recommended order is the agent's rule (ismcts: the most visited step, or with
    pick=lcb the value's lower bound among the steps searched enough), and every row
    carries its place and its intervals."""
    game = va.make_game("valdora", players=3)
    for seed in range(3):
        state = game.new_state(seed)
        analysis = va.suggest(state, agent=f"ismcts:iterations=150,seed={seed}")
        rows = analysis.to_json()["candidates"]
        assert [row["order"] for row in rows] == list(range(len(rows)))
        visits = [c.visits for c in analysis.candidates]
        assert visits == sorted(visits, reverse=True)
        assert analysis.best.step == va.make_agent(f"ismcts:iterations=150,seed={seed}",
                                                   game).choose(game.observation(state, 0))
        low, high = rows[0]["valueInterval"]
        assert low <= rows[0]["values"][0] <= high and rows[0]["lcb"] == low
        low, high = rows[0]["scoreInterval"]
        assert low <= rows[0]["expectedScores"][0] <= high
        by_bound = va.suggest(state, agent=f"ismcts:iterations=150,seed={seed},pick=lcb")
        most = max(c.visits for c in by_bound.candidates)
        trusted = [c for c in by_bound.candidates if c.visits >= 0.15 * most]
        assert by_bound.best.lcb(0) == max(c.lcb(0) for c in trusted)


@pytest.mark.parametrize("name", va.game_names())
@pytest.mark.parametrize("agent", ["greedy", "random", "planner", "hoarder"])
def test_a_bot_that_does_not_search_claims_no_expectation(name: str, agent: str) -> None:
    game = va.make_game(name, players=3)
    analysis = va.suggest(game.new_state(2), agent=agent, game=name)
    best = analysis.best
    assert (best.values, best.expected_scores, best.win_probability) == ((), (), None)
    assert "expects" not in analysis.summary()


def test_pick_lcb_can_recommend_a_step_other_than_the_most_visited() -> None:
    game = va.make_game("zavandor", players=3)
    differ = 0
    for seed in range(6):
        state = game.new_state(seed)
        spec = f"ismcts:iterations=150,seed={seed}"
        visits = va.suggest(state, agent=spec, game="zavandor").best.step
        differ += va.suggest(state, agent=spec + ",pick=lcb", game="zavandor").best.step != visits
    assert differ > 0
