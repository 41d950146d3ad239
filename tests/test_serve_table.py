"""The browser table's hint played with one click and its result by category, in every
registered game (issue 29 item 3); the messages checked against their schemas."""

from __future__ import annotations

import pytest
from serve_client import page, server

from valdora_ai.errors import ValdoraError
from valdora_ai.games import game_names, game_type, make_game
from valdora_ai.interactive import GameSession
from valdora_ai.selfplay import GameResult
from valdora_ai.serve.table import WebGame


def _web(name: str, seed: int) -> WebGame:
    players = game_type(name).default_players
    web = WebGame(GameSession.new(make_game(name, players=players),
                                  ["human"] + ["greedy"] * (players - 1), seed))
    while web.bot_turn() is not None:
        pass
    return web


@pytest.mark.parametrize("name", game_names())
def test_a_hint_is_played_with_one_request(name: str) -> None:
    with server() as client, page(client) as p:
        players = game_type(name).default_players
        answers = p.ask("new_game", game=name, seed=2,
                        seats=["human"] + ["greedy"] * (players - 1))
        sid = answers[-1]["session"]
        before = answers[-1]["table"]
        hint = p.ask("hint", session=sid, agent="greedy")[-1]["hint"]
        assert hint["steps"]
        played = p.ask("play", session=sid, steps=hint["steps"])
        assert "error" not in played[-1], played[-1]
        after = played[-1]["table"]
        if hint["openEnd"]:  # the turn goes on after the reveal
            assert after["soFar"] or len(after["history"]) > len(before["history"])
        else:
            mine = after["history"][len(before["history"])]
            assert (mine["seat"], mine["play"]) == (before["toMove"], hint["text"])


def test_steps_that_are_not_legal_are_refused_whole() -> None:
    with server() as client, page(client) as p:
        answers = p.ask("new_game", game="zavandor", seed=2,
                        seats=["human", "greedy", "greedy"])
        sid, table = answers[-1]["session"], answers[-1]["table"]
        first = table["choices"][0]["step"]
        refused = p.ask("play", session=sid, steps=[first, 10 ** 9])[-1]
        assert refused["error"]["code"] == "illegal_move"
        assert refused["error"]["field"] == "steps"
        assert p.ask("undo", session=sid)[-1]["error"]  # nothing was played
    web = _web("zavandor", 2)
    with pytest.raises(ValdoraError, match="not a legal|not legal|no legal|legal"):
        web.play(None, None, [10 ** 9])


@pytest.mark.parametrize("name", game_names())
def test_game_over_shows_the_score_by_category_as_the_terminal_does(name: str) -> None:
    web = _web(name, 3)
    while not web.over:
        web.play(web.table()["choices"][0]["step"], None)
        while web.bot_turn() is not None:
            pass
    result = web.table()["result"]
    expected = GameResult.of(web.game, web.session.state, 3, web.session.seats,
                             len(web.session.turns))
    assert result["columns"] == list(web.game.score_columns) == list(expected.columns)
    assert result["rows"] == [list(row) for row in expected.rows]
    assert result["scores"] == list(expected.totals)
    assert result["winners"] == list(expected.winners)
    assert (result["rounds"], result["turns"]) == (expected.rounds, expected.turns)
    if "total" in result["columns"]:
        at = result["columns"].index("total")
        assert [row[at] for row in result["rows"]] == result["scores"]


@pytest.mark.parametrize("name", game_names())
def test_a_records_move_list_numbers_turns_as_the_play_log_does(name: str) -> None:
    web = _web(name, 3)
    for _ in range(8):
        web.play(web.table()["choices"][0]["step"], None)
        while web.bot_turn() is not None:
            pass
    history = web.table()["history"]
    with server() as client, page(client) as p:
        view = p.ask("view", record=web.session.record_text(), turn=2)[-1]["view"]
    assert [(m["seat"], m["play"], m["turn"]) for m in view["moves"]] == [
        (t["seat"], t["play"], t["turn"]) for t in history]
    assert len(view["moves"]) == view["turns"] == len(view["plays"])
