"""Hidden information as at a real table (issue 29 item 6): a private reveal (a Zavandor
soil sample) is shown to its player at once, at the terminal as in the browser, and
undo never takes it back, in either table: what was seen stays seen."""

from __future__ import annotations

from pathlib import Path

from interactive_helpers import RecordingView, scripted
from serve_client import page, server

from valdora_ai.games import make_game
from valdora_ai.interactive import GameSession, run_session
from valdora_ai.interactive.reveals import seen_by

SEED = 5  # seat 0, a person, may sample district I, space 1 first: tile T-R3
SEATS = ["human", "greedy", "greedy"]


def _session() -> GameSession:
    return GameSession.new(make_game("zavandor", players=3), SEATS, SEED)


def test_a_sample_is_private_and_a_plain_step_reveals_nothing() -> None:
    session = _session()
    game, state = session.game, session.state
    sample = state.legal_steps()[0]
    assert game.describe_step(state, sample) == "sample:I.1"
    seen = seen_by(game, state, [sample], 0)
    assert seen.private == seen.words and "T-R3" in seen.words[0]
    assert seen_by(game, state, [sample], 1).words == ()  # another seat sees nothing
    gold = game.parse_turn(state, "gold")
    assert seen_by(game, state, gold, 0) == seen_by(game, state, [], 0)


def test_the_terminal_shows_a_sample_at_once_and_never_undoes_it(tmp_path: Path) -> None:
    session = _session()
    view = RecordingView()
    run_session(session, scripted(["1", "undo", "gold", "undo"]), view,
                record=tmp_path / "g.jsonl", hint_agent="greedy")
    kinds = [event[0] for event in view.events]
    seen = next(i for i, e in enumerate(view.events)
                if e[0] == "message" and "T-R3" in e[1])
    assert "only you see it" in view.events[seen][1]
    # shown before the table that follows the sample, not at the end of the turn
    assert "progress" in kinds[seen:] and "turn" not in kinds[:seen]
    errors = [event[1] for event in view.of("error")]
    assert len(errors) == 2, errors  # the step, then the whole turn: both refused
    assert all("undo cannot take back" in e and "T-R3" in e for e in errors)
    assert "your last turn (sample:I.1 gold)" in errors[1]
    assert session.turns[0].play == "sample:I.1 gold"


def test_the_browser_shows_a_sample_at_once_and_never_undoes_it() -> None:
    with server() as client, page(client) as p:
        start = p.ask("new_game", game="zavandor", seats=SEATS, seed=SEED)[-1]
        sid, table = start["session"], start["table"]
        assert "T-R3" not in table["svg"]
        sample = next(c["step"] for c in table["choices"] if c["move"] == "sample:I.1")
        table = p.ask("play", session=sid, step=sample)[-1]["table"]
        assert table["soFar"] == "sample:I.1" and "T-R3" in table["svg"]
        assert [(x["private"], "T-R3" in x["words"]) for x in table["seen"]] == [(True, True)]
        refused = p.ask("undo", session=sid)[-1]
        assert refused["error"]["code"] == "invalid_request"
        assert "T-R3" in refused["error"]["message"]
        table = p.ask("play", session=sid, move="gold")[-1]["table"]
        assert table["history"][0]["play"] == "sample:I.1 gold"
        assert table["canUndo"]
        refused = p.ask("undo", session=sid)[-1]
        assert "your last turn" in refused["error"]["message"]
        again = p.ask("record", session=sid)[-1]["record"]
        resumed = p.ask("resume", record=again)[-1]  # the rule holds after a resume too
        assert "your last turn" in p.ask("undo", session=resumed["session"])[-1][
            "error"]["message"]


def test_a_turn_without_a_private_reveal_is_still_undone(tmp_path: Path) -> None:
    session = _session()
    view = RecordingView()
    run_session(session, scripted(["gold", "undo"]), view, record=tmp_path / "g.jsonl",
                hint_agent="greedy")
    assert not view.of("error")
    assert any("took back your last turn" in e[1] for e in view.of("message"))
