"""The interactive game in process: commands, bots, hints, undo, save and resume."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from interactive_helpers import RecordingView, hint_follower, scripted
from interrupt_helpers import INTERRUPTS

import valdora_ai as va
from valdora_ai.games import facts
from valdora_ai.interactive import GameSession, Outcome, run_session
from valdora_ai.interactive.commands import InputError, parse_command
from valdora_ai.interactive.seats import agent_for_turn
from valdora_ai.records import replay
from valdora_ai.rng import Rng

SEATS = ["human", "greedy", "greedy"]


def _session(seed: int = 4, seats: list[str] = SEATS) -> GameSession:
    return GameSession.new(va.make_game("valdora", players=len(seats)), seats, seed)


def _run(session: GameSession, read, record: Path) -> tuple[Outcome, RecordingView]:
    view = RecordingView()
    return run_session(session, read, view, record=record, hint_agent="greedy"), view


@pytest.mark.parametrize(("line", "kind", "argument"), [
    ("", "empty", ""), ("  help ", "help", ""), ("?", "help", ""), ("LEGAL", "legal", ""),
    ("hint", "hint", ""), ("undo", "undo", ""), ("exit", "quit", ""), ("3", "choice", "3"),
    ("save my game.jsonl", "save", "my game.jsonl"), ("r4: +R@pick", "move", "r4: +R@pick"),
])
def test_commands_parse(line: str, kind: str, argument: str) -> None:
    command = parse_command(line)
    assert (command.kind, command.argument) == (kind, argument)


@pytest.mark.parametrize("line", ["save", "hint please", "quit now"])
def test_malformed_commands_are_input_errors(line: str) -> None:
    with pytest.raises(InputError):
        parse_command(line)


def test_a_bot_turn_depends_on_the_seat_seed_and_the_turn_only() -> None:
    game = va.make_game("valdora", players=3)
    assert agent_for_turn("greedy:seed=4", game, 7).params["seed"] == \
        agent_for_turn("greedy:seed=4", game, 7).params["seed"]
    seeds = {agent_for_turn(spec, game, turn).params["seed"]
             for spec in ("greedy:seed=4", "greedy:seed=5") for turn in (7, 8)}
    assert len(seeds) == 4


def test_the_record_names_human_seats_and_seeded_bots(tmp_path: Path) -> None:
    session = _session()
    assert session.seats == ("human", "greedy:seed=5", "greedy:seed=6")
    outcome, view = _run(session, hint_follower(session, turns=3), tmp_path / "g.jsonl")
    assert outcome is Outcome.END_OF_INPUT
    saved = replay(tmp_path / "g.jsonl")
    assert saved.header.seats == session.seats and not saved.finished
    assert saved.plays == [turn[3] for turn in view.of("turn")]
    assert len(saved.plays) == 9 and saved.final.current_player == 0


def test_bots_show_their_reasoning_and_people_their_turns(tmp_path: Path) -> None:
    session = _session()
    _, view = _run(session, hint_follower(session, turns=2), tmp_path / "g.jsonl")
    for _, _, seat, play, reasoning, _ in view.of("turn"):
        assert play
        if seat == 0:
            assert reasoning == ""
        else:
            assert reasoning == f"greedy:seed={seat + 4}"  # a bot without search claims no figure


def test_a_complete_game_ends_with_the_result_and_replays(tmp_path: Path) -> None:
    session = _session(seed=6)
    outcome, view = _run(session, hint_follower(session), tmp_path / "g.jsonl")
    assert outcome is Outcome.FINISHED
    [(_, result)] = view.of("result")
    saved = replay(tmp_path / "g.jsonl")
    assert saved.finished and saved.result is not None
    assert saved.final.scores() == result.scores and result.scores[0] > 0


def test_invalid_input_is_reported_and_asked_again(tmp_path: Path) -> None:
    session = _session()
    lines = ["nonsense", "99", "0", "save", "hint now", "r99: +R@pick", "undo", "quit"]
    outcome, view = _run(session, scripted(lines), tmp_path / "g.jsonl")
    assert outcome is Outcome.QUIT
    errors = [event[1] for event in view.of("error")]
    assert len(errors) == len(lines) - 1
    assert "'nonsense' is not legal here (legal: " in errors[0]
    assert errors[1].startswith("no choice 99: the menu has 1 to ")
    assert errors[3] == "save needs a file name: save FILE"
    assert errors[6] == "nothing to undo: you have not played a turn yet"
    assert replay(tmp_path / "g.jsonl").plays == []


def test_step_by_step_menu_and_tokens(tmp_path: Path) -> None:
    session = _session()
    state, game = session.state, session.game
    move = state.legal_steps()[0]
    board = state.copy()
    board.apply(move)
    action = board.legal_steps()[-1]
    token = game.describe_step(board, action)
    lines = ["1", "legal", token.upper(), "undo", token, "end"]
    outcome, view = _run(session, scripted(lines), tmp_path / "g.jsonl")
    assert outcome is Outcome.END_OF_INPUT and not view.of("error")
    taken = game.format_turn(state, [move, action])
    assert ("message", f"took back the last step of {taken!r}") in view.events
    assert view.of("progress")[0][1] == game.format_turn(state, [move])
    assert view.of("turn")[0][2:4] == (0, taken)


def test_undo_takes_back_the_turn_and_the_bots_reply_the_same(tmp_path: Path) -> None:
    plain = _session()
    _run(plain, hint_follower(plain, turns=2), tmp_path / "plain.jsonl")
    first = replay(tmp_path / "plain.jsonl").plays[0]
    session = _session()
    read = hint_follower(session, turns=2, before=[first, "undo"])
    outcome, view = _run(session, read, tmp_path / "undone.jsonl")
    assert outcome is Outcome.END_OF_INPUT
    assert ("message", "took back your last turn and the 2 bot turns after it") in view.events
    turns = [event[3] for event in view.of("turn")]
    assert turns[:3] == turns[3:6]  # the same human turn gets the same bot replies
    assert (tmp_path / "undone.jsonl").read_text() == (tmp_path / "plain.jsonl").read_text()


def test_undo_needs_a_single_person_against_bots(tmp_path: Path) -> None:
    session = _session(seats=["human", "greedy", "human"])
    read = hint_follower(session, turns=1, before=["1", "undo", "end"])
    _, view = _run(session, read, tmp_path / "g.jsonl")
    assert view.of("error") == [("error", "undo works only when one person plays against bots")]
    assert [event[2] for event in view.of("turn")] == [0, 1, 2]
    assert [event[1] for event in view.of("position")] == [1, 3, 4]


def test_a_hint_depends_only_on_what_the_player_knows() -> None:
    session = _session(seed=8)
    game, rng = session.game, va.make_rng(1)
    for _ in range(12):
        state = session.state
        seat = state.current_player
        world = game.determinize(game.observation(state, seat), rng)
        hint = session.suggest(state, seat, "greedy", False)
        assert session.suggest(world, seat, "greedy", False) == hint
        assert game.parse_turn(state, hint.text)
        if session.is_human(seat):
            assert session.play_turn(hint.text).seat == seat
        else:
            session.bot_turn()
        assert session.state.current_player == (seat + 1) % 3


def test_end_of_input_then_resume_plays_the_same_game(tmp_path: Path) -> None:
    whole = _session(seed=9)
    _run(whole, hint_follower(whole), tmp_path / "whole.jsonl")
    first = _session(seed=9)
    outcome, _ = _run(first, hint_follower(first, turns=6), tmp_path / "part.jsonl")
    assert outcome is Outcome.END_OF_INPUT and not replay(tmp_path / "part.jsonl").finished
    resumed = GameSession.resume(tmp_path / "part.jsonl")
    assert resumed.turns == first.turns and resumed.seats == first.seats
    outcome, _ = _run(resumed, hint_follower(resumed), tmp_path / "part.jsonl")
    assert outcome is Outcome.FINISHED
    assert (tmp_path / "part.jsonl").read_text() == (tmp_path / "whole.jsonl").read_text()


def test_a_finished_game_cannot_be_resumed(tmp_path: Path) -> None:
    session = _session(seed=6)
    _run(session, hint_follower(session), tmp_path / "g.jsonl")
    with pytest.raises(va.RecordError, match="the game is over: nothing to resume"):
        GameSession.resume(tmp_path / "g.jsonl")


@pytest.mark.parametrize("interrupt", INTERRUPTS)
def test_interrupt_saves_the_record(tmp_path: Path, interrupt: str) -> None:
    session = _session()
    follow = hint_follower(session, turns=1)
    calls = 0

    def read(prompt: str, timeout: float | None) -> str:
        nonlocal calls
        calls += 1
        if calls == 2:
            INTERRUPTS[interrupt]()
        return follow(prompt, timeout)

    outcome, _ = _run(session, read, tmp_path / "g.jsonl")
    assert outcome is Outcome.INTERRUPTED
    assert len(replay(tmp_path / "g.jsonl").plays) == 3


def test_save_writes_the_game_so_far(tmp_path: Path) -> None:
    session = _session()
    target = tmp_path / "copy.jsonl"
    read = hint_follower(session, turns=1, before=["1", f"save {target}", "end",
                                                    f"save {tmp_path}/no/such/dir.jsonl"])
    _, view = _run(session, read, tmp_path / "g.jsonl")
    assert view.of("message")[0][1].startswith(
        f"saved 0 turns to {target} (the steps of this unfinished turn are not in it)")
    assert replay(target).plays == []
    [error] = view.of("error")
    assert error[1].startswith(f"{tmp_path}/no/such/dir.jsonl: cannot write (")


def test_an_unfinished_record_replays_but_cannot_claim_a_result(tmp_path: Path) -> None:
    session = _session()
    _run(session, hint_follower(session, turns=2), tmp_path / "g.jsonl")
    assert not replay(tmp_path / "g.jsonl").finished
    lines = (tmp_path / "g.jsonl").read_text()
    result = '{"result": {"scores": [0, 0, 0], "winners": [0, 1, 2], "rounds": 2, ' \
             '"capped": false}}\n'
    (tmp_path / "bad.jsonl").write_text(lines + result)
    with pytest.raises(va.RecordError, match="bad.jsonl: the record has a result but its "
                                             "game is not over"):
        replay(tmp_path / "bad.jsonl")


@pytest.mark.parametrize("name", va.game_names())
def test_help_gives_examples_in_the_notation_of_the_game(name: str, tmp_path: Path) -> None:
    game = va.make_game(name, players=3)
    outcome, view = _run(GameSession.new(game, SEATS, 4), scripted(["help", "quit"]),
                         tmp_path / "g.jsonl")
    text = view.of("message")[0][1]
    assert ("'r4: +R@pick'" in text) == (name == "valdora")
    match = re.search(r"its token, e\.g\. '([^']+)'", text)
    assert match is not None, text
    state, rng, described = game.new_state(1), Rng(1), set()
    while not state.is_terminal() and match[1] not in described:
        if state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
            continue
        described.update(game.describe_step(state, step) for step in state.legal_steps())
        state.apply(game.greedy_step(state, rng))
    assert match[1] in described  # a step a game of `name` offers


@pytest.mark.parametrize("name", va.game_names())
def test_menu_help_and_hint_say_each_step_in_words_beside_its_token(
        name: str, tmp_path: Path) -> None:
    game = va.make_game(name, players=3)
    session = GameSession.new(game, SEATS, 4)
    board = session.state.copy()
    outcome, view = _run(session, scripted(["legal", "help", "hint", "quit"]),
                         tmp_path / "g.jsonl")
    assert outcome is Outcome.QUIT and not view.of("error")
    legal = board.legal_steps()
    menu = view.of("menu")[-1][1]
    assert [choice.words for choice in menu] == [game.step_words(board, s) for s in legal]
    assert [choice.token for choice in menu] == [game.format_turn(board, [s]) for s in legal]
    legend = view.of("message")[0][1].split("The notation of your choices now:\n")[1]
    for choice in menu:
        assert re.search(rf"^  {re.escape(choice.token)} +{re.escape(choice.words)}$",
                         legend, re.MULTILINE), (choice, legend)
    hint = view.of("hint")[0][1]
    assert hint.words and hint.words[0] in {choice.words for choice in menu}


@pytest.mark.parametrize("name", va.game_names())
def test_every_turn_shown_says_its_steps_in_words_as_the_person_saw_them(
        name: str, tmp_path: Path) -> None:
    game = va.make_game(name, players=3)
    session = GameSession.new(game, SEATS, 4)
    outcome, view = _run(session, hint_follower(session, turns=2), tmp_path / "g.jsonl")
    turns = view.of("turn")
    assert outcome is Outcome.END_OF_INPUT and len(turns) >= 3
    for number, (_, _, seat, play, _, words) in enumerate(turns):
        start = replay(tmp_path / "g.jsonl").positions[number]
        steps = game.parse_turn(start, play)
        assert words == facts.seen_steps_words(game, start, steps, 0) and words, play
        if seat != 0:  # a bot's turn: worded on seat 0's belief, not on the bot's
            belief = game.observation(start, 0).belief_state()
            assert words[0] == game.step_words(belief, steps[0])
