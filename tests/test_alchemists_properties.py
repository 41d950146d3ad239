"""Property tests for The Valley of Alchemists over seeded games, with conservation
checks after every step, plus data, option and position validation.

1,000 random games (a random action kind, then a random step of it) run with a short
stall safeguard so they stay cheap; forty games mostly played by the greedy policy run
to the real end of the deck.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from chunks import seed_chunks

from valdora_ai.errors import DataError, IllegalMoveError, PositionError, ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import default_data, load_data, parse_data
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.invariants import conservation_problems
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.rng import Rng


def random_step(state: AlchemistsState, rng: Rng) -> int:
    """A uniformly random action kind, then a uniformly random step of that kind (plain
    uniform steps would almost never sell among ninety make steps)."""
    kinds: dict[str, list[int]] = {}
    for step in state.legal_steps():
        kinds.setdefault(S.kind(step), []).append(step)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def check_step_space(state: AlchemistsState) -> None:
    legal = state.legal_steps()
    assert legal and legal == sorted(set(legal))
    assert all(S.kind(s) not in ("invalid", "chance") for s in legal)


def check_end(state: AlchemistsState) -> None:
    assert state.turns % state.n == 0  # everybody had the same number of turns
    assert state.end_triggered or state.capped
    shares = state.returns()
    assert sum(shares) == pytest.approx(1.0) and max(shares) > 0
    assert state.scores() == [line.total for line in state.score_lines()]


@pytest.mark.parametrize("seeds", seed_chunks(1000, chunks=10, quick=100))
def test_one_thousand_random_games_conserve_every_component(seeds: range) -> None:
    """The quick loop plays the first 100 games; CI plays all 1,000."""
    for seed in seeds:
        players = 2 + seed % 3
        game = make_game("alchemists", players=players, stall_rounds=8)
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if seed % 50 == 0:
                check_step_space(state)
            state.apply(random_step(state, rng))
            assert conservation_problems(state) == [], seed
        check_end(state)


def test_greedy_games_reach_the_end_of_the_deck() -> None:
    ends = 0
    for seed in range(40):
        game = make_game("alchemists", players=2 + seed % 3)
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            step = game.greedy_step(state, rng) if rng.random() < 0.8 else random_step(
                state, rng)
            assert step in state.legal_steps()
            state.apply(step)
            assert conservation_problems(state) == []
        check_end(state)
        ends += state.end_triggered and state.deck_count == 0 and not state.capped
    assert ends == 40


def test_positions_round_trip_and_copies_are_independent() -> None:
    for seed in range(60):
        game = make_game("alchemists", players=2 + seed % 3, stall_rounds=10)
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            document = game.position_to_json(state)
            again = game.position_from_json(json.loads(json.dumps(document)))
            assert game.position_to_json(again) == document
            assert again.legal_steps() == state.legal_steps()
            other = state.copy()
            step = random_step(state, rng)
            other.apply(step)
            assert game.position_to_json(state) == document  # the copy shared nothing
            state.apply(step)
            assert game.position_to_json(other) == game.position_to_json(state)


def test_same_seed_same_game() -> None:
    def run(seed: int) -> dict[str, Any]:
        game = make_game("alchemists", players=3, stall_rounds=10)
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_terminal():
            state.apply(random_step(state, rng))
        return game.position_to_json(state)

    assert run(7) == run(7)
    assert run(7) != run(8)


def test_play_refuses_every_step_that_is_not_legal() -> None:
    game = make_game("alchemists", players=2, stall_rounds=6)
    state, rng = game.new_state(3), Rng(3)
    while not state.is_terminal():
        legal = set(state.legal_steps())
        for step in range(-2, S.STEP_LIMIT + 3, 7):
            if step not in legal:
                with pytest.raises(IllegalMoveError):
                    state.copy().play(step)
        state.play(random_step(state, rng))


# ------------------------------------------------------------------ data and options
def _data_document() -> dict[str, Any]:
    path = resources.files("valdora_ai.games.alchemists") / "data" / "alchemists.json"
    return json.loads(path.read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d["elixirs"][3].__setitem__("level", 3), "elixirs[3].cost"),
    (lambda d: d["elixirs"][0].__setitem__("ep", 99), "elixirs[0].ep"),
    (lambda d: d["elixirs"][5].__setitem__("shape", "star"), "elixirs[5].shape"),
    (lambda d: d["elixirs"][5].__setitem__("cost", ["red"] * 4), "elixirs[5].cost"),
    (lambda d: d["elixirs"][7].__setitem__("colours", ["red", "red"]), "elixirs[7].colours"),
    (lambda d: d["elixirs"][9].__setitem__("id", "E01"), "elixirs[9].id"),
    (lambda d: d["elixirs"][9].pop("skill_bonus"), "elixirs[9]"),
    (lambda d: d["skill_tracks"].__setitem__("plain", [1, 3, 2]), "skill_tracks.plain"),
    (lambda d: d["limits"].__setitem__("decoctions_per_colour", 99),
     "limits.decoctions_per_colour"),
    (lambda d: d["deck_size"].__setitem__("4", 70), "deck_size.4"),
    (lambda d: d["brewing"].__setitem__("green", ["yellow", "earth"]), "brewing.green[1]"),
    (lambda d: d["options"].__setitem__("track", "spiral"), "options.track"),
    (lambda d: d["options"].__setitem__("stall_rounds", 0), "options.stall_rounds"),
    (lambda d: d.__setitem__("elixirs", []), "elixirs"),
])
def test_bad_data_entries_name_the_field(edit: Any, where: str) -> None:
    document = _data_document()
    edit(document)
    with pytest.raises(DataError) as caught:
        parse_data(document)
    assert caught.value.where == where
    assert "\n" not in str(caught.value)


def test_a_corrected_data_file_loads(tmp_path: Path) -> None:
    document = _data_document()
    document["elixirs"][0]["ep"] = 2
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(document))
    data = load_data(path)
    assert data.elixirs[0].ep == 2 and len(data.sha256) == 64
    game = AlchemistsGame(players=2, rules_data=path)
    assert game.data.elixirs[0].ep == 2
    path.write_text("{not json")
    with pytest.raises(DataError, match="not valid JSON"):
        load_data(path)
    with pytest.raises(DataError, match="cannot read"):
        load_data(tmp_path / "missing.json")
    del document["format"]
    path.write_text(json.dumps(document))
    with pytest.raises(DataError, match=f"^{re.escape(str(path))}: data: missing field 'format'"):
        load_data(path)


def test_default_data_has_every_value_of_the_design_doc() -> None:
    data = default_data()
    assert len(data.elixirs) == 66 and sum(e.ep for e in data.elixirs) == 240
    assert [sum(1 for e in data.elixirs if e.level == lv) for lv in (1, 2, 3, 4)] == [
        18, 24, 15, 9]
    steps = [sum(e.bonus[t] for e in data.elixirs) for t in range(4)]
    assert steps == [19, 19, 19, 12]
    assert sum(data.experience_markers.values()) == 50
    assert dict(data.deck_size) == {2: 35, 3: 45, 4: 55}
    assert data.tracks["plain"] == (1, 2, 3, 4, 5, 6)
    assert data.tracks["flat-step"] == (1, 2, 2, 3, 4, 5, 6)
    assert "reconstructed" in data.provenance["elixirs"]


def test_options_and_player_counts_are_checked() -> None:
    game = make_game("alchemists", players=2, track="flat-step", stall_safeguard=False)
    state = game.new_state(1)
    assert state.track == (1, 2, 2, 3, 4, 5, 6) and not state.options.stall_safeguard
    for bad in ({"track": "x"}, {"stall_rounds": -1}, {"stall_safeguard": "yes"},
                {"speed": 3}):
        with pytest.raises(ValdoraError):
            make_game("alchemists", players=2, **bad)
    for players in (1, 5):
        with pytest.raises(ValdoraError, match="2 to 4 players"):
            make_game("alchemists", players=players)
    with pytest.raises(ValdoraError, match="players must be a whole number, not True"):
        make_game("alchemists", players=True)


# ------------------------------------------------------------------ positions
def _position() -> tuple[AlchemistsGame, dict[str, Any]]:
    game = make_game("alchemists", players=2)
    state = game.new_state(5)
    return game, game.position_to_json(state)  # type: ignore[return-value]


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d.__setitem__("game", "valdora"), "game"),
    (lambda d: d.__setitem__("players", 7), "players"),
    (lambda d: d.__setitem__("to_move", 5), "to_move"),
    (lambda d: d.__setitem__("phase", "dancing"), "phase"),
    (lambda d: d["face_up"].__setitem__(0, "E99"), "face_up[0]"),
    (lambda d: d["face_up"].__setitem__(1, d["face_up"][0]), "face_up"),
    (lambda d: d["seats"][0]["ingredients"].__setitem__("red", 7), "seats[0].ingredients.red"),
    (lambda d: d["seats"][1]["skills"].__setitem__("water", 0), "seats[1].skills"),
    (lambda d: d["seats"][0].pop("chest"), "seats[0]"),
    (lambda d: d["deck"].__setitem__("count", 3), "deck"),
    (lambda d: d.pop("box"), "deck"),
    (lambda d: d["options"].__setitem__("stall_rounds", "many"), "options.stall_rounds"),
    (lambda d: d["seats"][0].__setitem__("transformed", {"from": "red", "to": "red",
                                                         "count": 1}),
     "seats[0].transformed"),
])
def test_bad_positions_name_the_field(edit: Any, where: str) -> None:
    game, document = _position()
    edit(document)
    with pytest.raises(PositionError) as caught:
        game.position_from_json(document)
    assert caught.value.where == where or str(caught.value).startswith(where)
    assert "\n" not in str(caught.value)
