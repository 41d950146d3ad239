"""The Valley of Alchemists on the presentation surfaces: score breakdown, counts, who
moves, the human table (at 80 and 120 columns) and the data commands; nothing hidden
(the deck order, the setup removals) ever shows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from alchemists_scenarios import new, play
from interactive_helpers import Terminal
from rich.console import Console
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.games import make_game
from valdora_ai.games.alchemists.data import default_data_path
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.rng import Rng

runner = CliRunner()
SEATS = ("human", "greedy", "greedy", "random")


def _played(players: int, seed: int, turns: int | None = None, **options: object
            ) -> AlchemistsState:
    """A greedy game from `seed`, stopped before turn `turns` (played out when None)."""
    game = make_game("alchemists", players=players, **options)
    state = game.new_state(seed)
    rng = Rng(seed)
    while not state.is_terminal() and (turns is None or state.turns < turns):
        state.apply(game.greedy_step(state, rng))
    return as_reference(state)  # a reference state, so that tests may edit it


def _shown(state: AlchemistsState, width: int, seat: int = 0, progress: bool = False) -> str:
    game = make_game("alchemists", players=state.n)
    observation = game.observation(state, seat)
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    shown_parts = (game.progress_view(observation, SEATS[:state.n]) if progress
                   else game.position_view(observation, SEATS[:state.n], width))
    for shown in shown_parts:
        console.print(shown)
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_row_adds_up_to_the_total_and_counts_are_the_states(players: int) -> None:
    state = _played(players, seed=players)
    game = make_game("alchemists", players=players)
    assert game.score_columns == ("sold", "markers", "chest", "decoctions", "total",
                                         "made")
    for seat, line in enumerate(state.score_lines()):
        row = game.score_rows(state)[seat]
        assert row[4] == sum(row[:4]) == state.scores()[seat]
        assert row[5] == line.made == state.players[seat].made()
    assert game.turn_count(state) == state.turns > 0
    assert game.round_count(state) == state.rounds == state.turns // players
    assert game.winners(state) == state.winners()
    assert not game.capped(state)


def test_a_game_stopped_by_the_stall_safeguard_is_capped() -> None:
    state = _played(2, seed=1, stall_rounds=3)
    game = make_game("alchemists", players=2, stall_rounds=3)
    assert state.is_terminal() and game.capped(state) and state.rounds == 3


def test_who_moves_and_the_position_summary_follow_the_phase() -> None:
    game, state = new(players=2, seed=1)
    assert game.who_moves(state) == "seat 0 placing setup skill points"
    play(game, state, "+Y +W")
    play(game, state, "+Y +W")
    assert game.who_moves(state) == "seat 0 to move (2 actions left)"
    play(game, state, "cYW bY")
    assert game.who_moves(state) == "seat 0 to move (brewing, 0 actions left after it)"
    assert game.position_summary(state) == (
        "round 1, seat 0 to move (brewing, 0 actions left after it); 25 cards in the deck; "
        "world (deck order known)")
    belief = game.observation(state, 1).belief_state()
    assert game.position_summary(belief).endswith("belief (deck order unknown)")
    over = _played(2, seed=2)
    assert game.who_moves(over) == "the game is over"


def test_a_pending_refill_is_a_chance_move() -> None:
    state = _played(2, seed=3, turns=6)
    game = make_game("alchemists", players=2)
    belief = game.observation(state, state.current_player).belief_state()
    while not belief.is_chance_node():
        belief.apply(game.greedy_step(belief, Rng(1)))
    assert game.who_moves(belief) == "a refill draw (chance) is pending"


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_fits_the_terminal_and_shows_every_public_part(players: int,
                                                                 width: int) -> None:
    state = _played(players, seed=7, turns=6 * players)
    text = _shown(state, width)
    assert max(len(line) for line in text.splitlines()) <= width
    for part in ("Face-up elixirs", "Players", "skills", "ingred.", "decoctions", "tokens",
                 "markers", "sold (EP)", "points", "chest", "brewing:", "lines: R1-R3"):
        assert part in text, part
    assert f"deck: {state.deck_count} cards face down" in text
    data = state.data
    for index in state.face_up:
        assert data.elixirs[index].id in text
    for seat, player in enumerate(state.players):
        assert f"{seat} {SEATS[seat]}" in text
        for index in player.chest:
            if index >= 0:
                assert data.elixirs[index].id in text
    points = re.findall(r"^ \d \S+ .* (\d+) $", text, flags=re.MULTILINE)
    assert [int(p) for p in points] == state.scores()


def test_the_table_never_shows_the_deck_order_or_the_setup_removals() -> None:
    state = _played(3, seed=11, turns=9)
    assert state.deck is not None and state.box is not None
    other = state.copy()
    unseen = list(reversed(state.deck + state.box))  # the same unseen cards, split anew
    other.deck, other.box = unseen[:len(state.deck)], sorted(unseen[len(state.deck):])
    assert (other.deck, other.box) != (state.deck, state.box)
    text = _shown(state, 120)
    assert text == _shown(other, 120)
    hidden = {state.data.elixirs[c].id for c in state.deck + state.box}
    assert hidden and not hidden & set(re.findall(r"\bE\d\d\b", text))


def test_the_progress_view_shows_only_the_movers_holdings() -> None:
    state = _played(3, seed=5, turns=10)
    seat = state.current_player
    text = _shown(state, 100, seat=seat, progress=True)
    assert f"{seat} {SEATS[seat]}" in text and "Face-up elixirs" in text
    assert all(f"{other} {SEATS[other]}" not in text for other in range(3) if other != seat)


def test_data_path_is_the_full_path_and_show_and_summary_read_the_data() -> None:
    path = runner.invoke(app, ["data", "path", "--game", "alchemists"])
    assert path.exit_code == 0
    assert Path(path.output.strip()) == default_data_path() and default_data_path().is_file()
    shown = runner.invoke(app, ["data", "show", "--game", "alchemists"])
    assert shown.exit_code == 0
    for title in ("Rules constants", "Skill tracks", "Brewing", "Elixir cards (66)",
                  "Provenance", "E66"):
        assert title in shown.output
    summary = make_game("alchemists").data_summary()  # type: ignore[attr-defined]
    assert summary.startswith("66 elixir cards, 4 ingredients, 6 decoction colours, 5 shapes")


def test_a_person_plays_alchemists_at_the_terminal(tmp_path: Path) -> None:
    terminal = Terminal("play", "--game", "alchemists", "-p", "3", "--seat", "human",
                        "--seat", "greedy", "--seat", "greedy", "--seed", "3",
                        "--record", "game.jsonl", cwd=tmp_path)
    first = terminal.wait_for_prompt()
    assert first is not None and "Turn 1 · round 1 · seat 0 (human)" in first
    for part in ("Face-up elixirs", "0 human chest", "2 greedy:seed=5 chest",
                 "setup: 2 skill points",
                 "deck: 35 cards face down",
                 "choices:", "1 Put a setup skill point on the yellow track · +Y"):
        assert part in first, part
    assert "is not legal here" in (terminal.send("bZ") or "")
    after_setup = terminal.send("+Y +W")
    assert after_setup is not None and "setup     seat 0 (you)  +Y +W" in after_setup
    # the setup lines are no turns of the game: its first turn comes next
    assert "Turn 1 · round 1" in after_setup and "2 actions left this turn" in after_setup
    played = terminal.send("cYW cRW")
    assert played is not None and "turn   1  seat 0 (you)  cYW cRW" in played
    code, transcript = terminal.finish()
    assert code == 0, transcript[-2000:]
    assert (tmp_path / "game.jsonl").is_file()
