"""Zavandor's board picture: valdora_ai.games.zavandor.svg, render_svg, `valdora render`."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.backend import make_rng
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games.zavandor.data import JEWEL
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.position import position_to_json
from valdora_ai.games.zavandor.rules import ID, MASK, ZavandorState
from valdora_ai.games.zavandor.svg import board_svg

NS = {"s": "http://www.w3.org/2000/svg"}


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on anything that is not well-formed XML


def _texts(element: ET.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(f"{{{NS['s']}}}text"))


def _one(root: ET.Element, path: str) -> ET.Element:
    found = root.findall(path, NS)
    assert len(found) == 1, f"{path}: {len(found)} matches"
    return found[0]


def _played(seed: int, steps: int, players: int = 3) -> ZavandorState:
    game, rng = va.make_game("zavandor", players=players), make_rng(seed)
    state: ZavandorState = game.new_state(seed)  # type: ignore[assignment]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.play(game.greedy_step(state, rng))
    return state


def _secrets() -> ZavandorState:
    """Seat 1 sampled I.1 and holds a jewelry card; seat 0 sampled I.2 (a reference
    state: edits to a compiled world's fields are lost)."""
    state = as_reference(_played(4, 0))
    state.known[0] |= 2
    state.known[1] |= 1
    slot = state.piles[JEWEL].pop()
    slot[MASK] = 2
    state.hand[1] = slot
    return state


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 40), (4, 250)])
def test_every_part_is_drawn_once(players: int, steps: int) -> None:
    state = _played(7, steps, players)
    root = _tree(board_svg(state))
    for space in state.data.spaces:
        _one(root, f".//s:g[@data-space='{space.label}']")
    for deck in range(2):
        for ident in state.display[deck]:
            if ident >= 0:
                _one(root, f".//s:g[@data-card='{state.data.decks[deck][ident].id}']")
    for seat in range(players):
        band = _one(root, f".//s:g[@class='player seat-{seat}']")
        assert f"{state.vp(seat)} VP" in _texts(band) and f"{state.gold[seat]} gold" in _texts(
            band)
    assert len(root.findall(".//s:g[@class='gem-price']", NS)) == 4
    assert "round" in (_one(root, "s:text[@class='headline']").text or "")


def test_samples_and_hand_cards_show_only_to_their_owner() -> None:
    state = _secrets()
    data = state.data
    hand = state.hand[1]
    assert hand is not None
    hand_id = data.decks[JEWEL][hand[ID]].id
    own_tile = data.tiles[state.board[1]]
    for observer, sees_tile, sees_hand in ((None, False, False), (0, True, False),
                                           (1, False, True)):
        root = _tree(board_svg(state, observer=observer))
        tile_text = _texts(_one(root, ".//s:g[@data-space='I.2']"))
        assert (f"{own_tile.vp} VP" in tile_text) is sees_tile
        assert ("?" in tile_text) is not sees_tile
        assert (hand_id in _texts(_one(root, ".//s:g[@class='player seat-1']"))) is sees_hand
        samples = root.findall(".//s:g[@data-space='I.1']/s:circle[@class='sample']", NS)
        assert [c.get("data-seat") for c in samples] == ["1"]  # who sampled is public


@pytest.mark.parametrize("steps", [0, 30, 120])
def test_the_hidden_part_is_never_drawn(steps: int) -> None:
    game = va.make_game("zavandor", players=3)
    world = as_reference(_played(3, steps))  # edited below
    world.known[5] |= 1  # seat 0 sampled a space
    other = game.determinize(game.observation(world, 0), make_rng(11))
    assert position_to_json(world) != position_to_json(other)  # the test can fail
    for observer in (None, 0):
        assert board_svg(world, observer=observer) == board_svg(other, observer=observer)
    belief = game.observation(world, 0).belief_state()
    assert board_svg(belief, observer=0) == board_svg(world, observer=0)
    assert board_svg(game.observation(world, 0)) == board_svg(world, observer=0)


def test_a_bad_observer_is_refused() -> None:
    state = _played(2, 5)
    with pytest.raises(ValdoraError, match="no seat 3"):
        board_svg(state, observer=3)
    belief = va.make_game("zavandor", players=3).observation(state, 1).belief_state()
    with pytest.raises(ValdoraError, match="this is seat 1's view"):
        board_svg(belief, observer=2)


def test_the_game_the_state_and_the_command_render(tmp_path: Path) -> None:
    game = va.make_game("zavandor", players=3)
    state = _played(8, 30)
    assert game.render_svg(state, observer=1) == board_svg(state, observer=1)  # type: ignore[attr-defined]
    assert state._repr_svg_() == board_svg(state)
    position = tmp_path / "p.json"
    position.write_text(json.dumps(position_to_json(state)))
    out = tmp_path / "board.svg"
    result = CliRunner().invoke(app, ["render", "--game", "zavandor", str(position), "--svg",
                                      str(out), "--observer", "1"])
    assert result.exit_code == 0, result.output
    assert out.read_text() == board_svg(state, observer=1)
