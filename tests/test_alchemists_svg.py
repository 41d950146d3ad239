"""The Valley of Alchemists picture: games.alchemists.svg, render_svg, `valdora render`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from alchemists_scenarios import face_up, give, new, to_chest
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games import facts, make_game
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.rules import AlchemistsState
from valdora_ai.games.alchemists.svg import board_svg
from valdora_ai.rng import Rng

NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _played(players: int, seed: int, turns: int | None = None) -> AlchemistsState:
    game = make_game("alchemists", players=players)
    state = game.new_state(seed)
    rng = Rng(seed)
    while not state.is_terminal() and (turns is None or state.turns < turns):
        state.apply(game.greedy_step(state, rng))
    return as_reference(state)  # a reference state, so that tests may edit it


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def _groups(svg: str, css: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{NS}g")
            if css in (g.get("class") or "").split()]


def test_the_picture_shows_a_constructed_position() -> None:
    game, state = new(players=2, seed=1, setup="+Y +W")
    to_chest(state, 0, "E01", 1)
    to_chest(state, 0, "E02", 2)
    to_chest(state, 0, "E03", 3)
    face_up(state, 4, "E48")
    give(state, 1, ingredients={"blue": 5}, decoctions={"green": 2})
    svg = board_svg(state)
    texts = _texts(svg)
    assert f"deck: {state.deck_count} cards face down" in texts
    face = {g.get("data-slot"): g.get("data-card") for g in _groups(svg, "face-up")}
    assert face["5"] == "E48" and len(face) == 10
    chest = {(g.get("data-seat"), g.get("data-cell")): g.get("data-card")
             for g in _groups(svg, "chest")}
    assert [chest["0", str(c)] for c in (1, 2, 3)] == ["E01", "E02", "E03"]
    assert chest["0", "4"] is None and len(chest) == 18
    assert {"complete:", "R1 +7", "no complete line"} <= set(texts)
    root = ET.fromstring(svg)
    by_id = {node.get("id"): node for node in root.iter() if node.get("id")}
    assert by_id["seat-0-line-0"].text == "R1 +7" and "seat-1-line-0" not in by_id
    assert [by_id[f"seat-0-token-{k}"].text for k in range(4)] == [
        "shape", "colour", "level", "transformation"]  # each its own click target
    players = _groups(svg, "player")
    assert [g.get("data-seat") for g in players] == ["0", "1"]
    assert "5" in _texts(ET.tostring(players[1], encoding="unicode"))  # 5 blue


@pytest.mark.parametrize(("players", "turns"), [(2, 0), (3, 15), (4, 40), (4, None)])
def test_the_deck_order_and_the_box_are_never_drawn(players: int, turns: int | None) -> None:
    state = _played(players, seed=players, turns=turns)
    other = state.copy()
    assert state.deck is not None and state.box is not None
    unseen = list(reversed(state.deck + state.box))
    other.deck, other.box = unseen[:len(state.deck)], sorted(unseen[len(state.deck):])
    svg = board_svg(state)
    assert svg == board_svg(other)
    game = make_game("alchemists", players=players)
    assert svg == board_svg(game.observation(state, 0).belief_state())
    hidden = {state.data.elixirs[c].id for c in state.deck + state.box}
    assert not hidden & set(" ".join(_texts(svg)).split())
    assert not any(g.get("data-card") in hidden for g in _groups(svg, "elixir"))


def test_the_headline_follows_the_game() -> None:
    state = _played(3, seed=2, turns=12)
    assert _texts(board_svg(state))[0].startswith("3 players · round 5 · turn 13 · seat 0 to "
                                                  "move (2 actions left)")
    over = _played(2, seed=2)
    headline = _texts(board_svg(over))[0]
    winners = over.winners()
    assert "game over" in headline and f"seat {winners[0]}" in headline


def test_the_observer_is_marked_and_checked() -> None:
    state = _played(3, seed=4, turns=9)
    svg = board_svg(state, observer=2)
    assert any(t.startswith("Seat 2 (you)") for t in _texts(svg))
    with pytest.raises(ValdoraError, match="observer 3 is not a seat"):
        board_svg(state, observer=3)
    game = make_game("alchemists", players=3)
    assert board_svg(game.observation(state, 2)) == svg


def test_the_game_and_the_state_render_themselves() -> None:
    state = _played(2, seed=6, turns=10)
    game = make_game("alchemists", players=2)
    assert facts.render_svg(game, state, 1) == board_svg(state, observer=1)
    assert state._repr_svg_() == board_svg(state)
    small = ET.fromstring(board_svg(state, size=520))
    assert float(small.get("width") or 0) == 520


def test_render_writes_the_picture(tmp_path: Path) -> None:
    state = _played(4, seed=9, turns=30)
    game = make_game("alchemists", players=4)
    position = tmp_path / "pos.json"
    position.write_text(json.dumps(game.position_to_json(state)), encoding="utf-8")
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["render", "--game", "alchemists", str(position), "--svg",
                                 str(out), "--observer", "3"])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == board_svg(state, observer=3)
