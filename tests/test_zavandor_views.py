"""Zavandor at the table: the service hooks, the human seat's view and what it hides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from interactive_helpers import Terminal
from rich.console import Console
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.cli.app import app
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import JEWEL, default_data_path
from valdora_ai.games.zavandor.engines import as_reference, from_reference
from valdora_ai.games.zavandor.rules import ID, MASK, ZavandorState
from valdora_ai.records import replay

SEATS = ("human", "greedy", "greedy")


def _game(players: int = 3) -> va.Game:
    return va.make_game("zavandor", players=players)


def _finished(seed: int, players: int = 3) -> ZavandorState:
    game, rng = _game(players), make_rng(seed)
    state = game.new_state(seed)
    while not state.is_terminal():
        state.play(game.greedy_step(state, rng))
    return state  # type: ignore[return-value]


def _secrets(seed: int = 4) -> ZavandorState:
    """Round 1: seat 1 sampled I.1 and holds a jewelry card; seat 0 sampled I.2 and
    holds another; the piles and the removed cards are unseen by everybody. Built on a
    reference state (edits to a compiled world's fields are lost), handed back on the
    selected engine."""
    state = as_reference(_game().new_state(seed))
    for seat, space in ((1, 0), (0, 1)):
        state.known[space] |= 1 << seat
        state.samples[seat] += 1
        slot = state.piles[JEWEL].pop()
        slot[MASK] = 1 << seat
        state.hand[seat] = slot
    return from_reference(state)  # type: ignore[no-any-return]


def _view_text(state: ZavandorState, seat: int, width: int) -> str:
    game = _game()
    console = Console(width=width, record=True, color_system=None)
    for shown in game.position_view(game.observation(state, seat), SEATS, width):
        console.print(shown)
    return console.export_text()


def _card_id(state: ZavandorState, slot: list[int]) -> str:
    return state.data.decks[slot[0]][slot[ID]].id


def _mentions(text: str, ident: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text) is not None


@pytest.mark.parametrize("width", [80, 120])
def test_the_table_shows_every_part_within_the_width(width: int) -> None:
    text = _view_text(_secrets(), 0, width)
    for part in ("round 1, start player seat", "Market (gem supply unlimited)", "D diamond",
                 "Districts", "Diamantina (always)", "◀ marker", "Cards for sale",
                 "artifacts: pile of", "jewelry: pile of", "traders free: DR DS DE RS RE SE",
                 "Players", "0 human (you)", "1 greedy", "gold"):
        assert part in text, part
    assert max(len(line) for line in text.splitlines()) <= width


def test_the_table_shows_own_secrets_and_hides_the_others() -> None:
    state = _secrets()
    data = state.data
    own, other = state.hand[0], state.hand[1]
    assert own is not None and other is not None
    seat0, seat1 = _view_text(state, 0, 120), _view_text(state, 1, 120)
    assert _mentions(seat0, _card_id(state, own)) and not _mentions(seat0, _card_id(state, other))
    assert _mentions(seat1, _card_id(state, other)) and not _mentions(seat1, _card_id(state, own))
    assert "jewelry I" in seat0  # the other hand card by its back only
    for slot in [s for pile in state.piles for s in pile] + state.removed:
        assert not _mentions(seat0, _card_id(state, slot))
    i_row = next(line for line in seat0.splitlines() if line.lstrip().startswith("I "))
    tile_row = seat0.splitlines()[seat0.splitlines().index(i_row) + 1]
    shown = data.tiles[state.board[1]]
    assert tile_row.split()[:2] == ["?", "seen:1"]  # seat 1's sample stays face down
    assert f"{'DRSE'[shown.gem]} {shown.vp}vp seen:you" in tile_row  # seat 0's is shown


def test_the_view_depends_only_on_what_the_seat_knows() -> None:
    game, rng = _game(), make_rng(3)
    state = _secrets()
    observation = game.observation(state, 0)
    other = game.determinize(observation, rng)
    assert _view_text(other, 0, 100) == _view_text(state, 0, 100)  # type: ignore[arg-type]


def test_progress_shows_the_drawn_cards_to_their_drawer_only() -> None:
    game = _game()
    state: ZavandorState = game.new_state(6)  # type: ignore[assignment]
    seat = state.current_player
    state.play(S.draw(JEWEL))
    drawn = [_card_id(state, slot) for slot in state.drawn]
    console = Console(width=100, record=True, color_system=None)
    for shown in game.progress_view(game.observation(state, seat), SEATS):
        console.print(shown)
    text = console.export_text()
    assert "drawn (keep:1 is the top card): 1) " + drawn[0] in text and drawn[1] in text
    other = _view_text(state, (seat + 1) % 3, 120)
    assert not any(_mentions(other, card) for card in drawn)


def test_score_breakdown_round_count_and_winners_of_finished_games() -> None:
    game = _game()
    for seed in (1, 2, 3):
        state = _finished(seed)
        rows = game.score_rows(state)
        assert game.score_columns == ("tiles", "artifacts", "jewelry", "total", "gold")
        for seat, (tiles, artifacts, jewelry, total, gold) in enumerate(rows):
            assert tiles + artifacts + jewelry == total == state.scores()[seat]
            assert gold == state.tiebreak_gold(seat) >= state.gold[seat]
        assert game.round_count(state) == state.round
        assert not game.capped(state)
        best = max(row[3] for row in rows)
        winners = game.winners(state)
        assert winners and all(rows[seat][3] == best for seat in winners)
        assert winners == [seat for seat, r in enumerate(state.returns()) if r > 0]
        assert max(state.scores()) >= state.target_vp()


def test_who_moves_and_summary_name_the_phase_and_the_kind_of_state() -> None:
    game = _game()
    state = game.new_state(2)
    seat = state.current_player
    assert game.who_moves(state) == f"seat {seat} to act"
    assert game.position_summary(state) == (
        f"round 1, seat {seat} to act; world (every tile and card known)")
    assert game.round_count(state) == 0
    state.play(32)  # buy:D
    assert game.who_moves(state) == f"seat {seat} choosing how many gems to buy"
    belief = game.observation(state, 1).belief_state()
    assert "belief of seat 1 (hidden tiles and cards unknown)" in game.position_summary(
        belief)
    assert game.who_moves(_finished(1)) == "the game is over"


def test_data_show_and_check_describe_the_components() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["data", "show", "--game", "zavandor"])
    assert shown.exit_code == 0, shown.output
    for part in ("Rule constants", "T-DW", "D+W 3vp", "Diamantina.1 2D2R2S1E", "A-AL18",
                 "+18 gold a round", "J-15", "Provenance", "reconstructed"):
        assert part in shown.output, part
    checked = runner.invoke(app, ["data", "check", "--game", "zavandor",
                                  str(default_data_path())])
    assert checked.exit_code == 0, checked.output
    assert "valid (24 tiles, 24 spaces, 12 artifacts, 15 jewelry, 6 traders" in " ".join(
        checked.output.split())


def test_play_shows_the_human_seat_its_table_and_nothing_hidden(tmp_path: Path) -> None:
    terminal = Terminal("play", "--game", "zavandor", "-p", "3", "--seat", "human", "--seat",
                        "greedy", "--seat", "greedy", "--seed", "5", "--record", "z.jsonl",
                        cwd=tmp_path)
    output = terminal.wait_for_prompt()
    assert output is not None
    for part in ("Turn 1 · round 1 · seat 0 (human)", "Market (gem supply unlimited)",
                 "Districts", "Cards for sale", "traders free:", "0 human (you)",
                 "1 greedy:seed=6",
                 "choices:", "1 Take a soil sample on district I, space 1 (1 gold) · sample:I.1"):
        assert part in output, part
    for _ in range(6):
        output = terminal.hinted_turn()
        assert output is not None
    terminal.send("quit")
    code, _ = terminal.finish()
    assert code == 0
    world = as_reference(replay(tmp_path / "z.jsonl").final)
    assert isinstance(world, ZavandorState) and world.current_player == 0
    table = output.split("Market")[1].split("choices:")[0]
    assert max(len(line) for line in table.splitlines()) <= 120
    for slot in world.card_slots():
        if not slot[MASK] & 1:
            assert not _mentions(table, _card_id(world, slot)), _card_id(world, slot)
