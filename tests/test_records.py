"""Records replay exactly; the same seed gives the same game; notation round-trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from valdora_ai.backend import make_rng
from valdora_ai.cli.app import app
from valdora_ai.games import game_names, make_game
from valdora_ai.games.valdora.info import observation
from valdora_ai.games.valdora.notation import format_turn, parse_turn, split_turns
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game, play_turn

# Every test here runs on both engines (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("engine")

runner = CliRunner()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_seed_same_game_and_record(tmp_path: Path, players: int) -> None:
    game = make_game("valdora", players=players)
    seats = ["greedy", "random"] + ["greedy"] * (players - 2)
    first = play_game(game, seats, seed=21, record=tmp_path / "a.jsonl")
    second = play_game(game, seats, seed=21, record=tmp_path / "b.jsonl")
    assert first == second
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    other = play_game(game, seats, seed=22)
    assert other != first


def test_replay_reproduces_the_game_and_its_positions(tmp_path: Path) -> None:
    game = make_game("valdora", players=4)
    path = tmp_path / "game.jsonl"
    turns: list[tuple[str, dict]] = []
    result = play_game(game, ["greedy"] * 4, seed=3, record=path,
                       on_turn=lambda n, seat, play, state: turns.append(
                           (play, position_to_json(state))))
    replayed = replay(path)
    assert replayed.plays == [play for play, _ in turns]
    assert [position_to_json(p) for p in replayed.positions[1:]] == [doc for _, doc in turns]
    assert replayed.final.scores() == result.scores and not replayed.final.capped
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["seats"] == list(result.seats)
    assert json.loads(lines[-1])["result"]["winners"] == list(result.winners)


def test_cli_replay_prints_the_same_table_and_exports_positions(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["play", "--players", "3", "--seat", "greedy", "--seat",
                                 "greedy", "--seat", "random", "--seed", "1", "--record",
                                 str(record)])
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    table = played.output.split("record written")[0].strip()
    assert replayed.output.strip() == table
    assert "winner" in table and "ended by the end trigger" in table
    exported = tmp_path / "pos.json"
    result = runner.invoke(app, ["replay", str(record), "--at", "7", "--export-position",
                                 str(exported)])
    assert result.exit_code == 0, result.output
    assert json.loads(exported.read_text()) == position_to_json(replay(record).positions[6])
    assert json.loads(exported.read_text())["turns"] == 6


def test_new_position_is_the_seeded_setup(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new-position", "--players", "4", "--seed", "9"])
    assert result.exit_code == 0
    game = make_game("valdora", players=4)
    assert json.loads(result.output) == position_to_json(game.new_state(9))
    public = runner.invoke(app, ["new-position", "--players", "4", "--seed", "9", "--public"])
    assert json.loads(public.output) == position_to_json(
        observation(game.new_state(9), 0).belief_state())


@pytest.mark.parametrize("game_name", game_names())
def test_written_positions_say_so_and_replay_names_a_position(
        tmp_path: Path, game_name: str) -> None:
    """`-o` says what it wrote; `replay` of a position file says it is a position (it
    said "not valid JSON": a pretty-printed document's first line is `{`)."""
    path = tmp_path / "p.json"
    written = runner.invoke(app, ["new-position", "--game", game_name, "-p", "3", "-o",
                                  str(path)])
    assert written.exit_code == 0, written.output
    assert written.output.strip() == f"position written to {path}"
    game = make_game(game_name, players=3)
    state, rng = game.position_from_json(json.loads(path.read_text())), make_rng(5)
    world = state.copy()
    turn = game.format_turn(state, play_turn(game, world, lambda _: game.greedy_step(world, rng)))
    applied = runner.invoke(app, ["position", "apply", str(path), turn, "-o",
                                  str(tmp_path / "next.json")])
    assert applied.exit_code == 0, applied.output
    assert applied.output.strip() == f"position written to {tmp_path / 'next.json'}"

    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 1
    assert replayed.output.startswith("error: p.json: this is a position, not a game record")
    assert len(replayed.output.strip().splitlines()) == 1


def _random_steps(state, rng, count: int) -> list[int]:
    played = []
    while len(played) < count or state.phase != 0 or state.is_chance_node():
        if state.is_terminal():
            break
        legal = state.legal_steps()
        step = legal[rng.randbelow(len(legal))]
        state.apply(step)
        played.append(step)
    return played


@pytest.mark.parametrize("belief", [False, True])
def test_turn_notation_round_trips(belief: bool) -> None:
    """Every turn of random games prints and parses back to the same steps."""
    game = make_game("valdora", players=4)
    for seed in range(5):
        start = game.new_state(seed)
        if belief:
            start = observation(start, 0).belief_state()
        state = start.copy()
        steps = _random_steps(state, make_rng(seed), 400)
        board = start.copy()
        for turn in split_turns(start, steps):
            text = format_turn(board, turn)
            assert parse_turn(board, text) == turn, text
            assert ("?" in text) <= belief
            for step in turn:
                board.apply(step)
