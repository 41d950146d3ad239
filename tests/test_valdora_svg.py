"""The board picture: valdora_ai.games.valdora.svg, Game.render_svg, `valdora render`."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from scenarios import Scenario
from typer.testing import CliRunner

from valdora_ai.backend import make_rng
from valdora_ai.cli.app import app
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora import engines
from valdora_ai.games.valdora.data import default_data, parse_data
from valdora_ai.games.valdora.notation import parse_step
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import ValdoraState
from valdora_ai.games.valdora.svg import BOARD, board_layout, board_svg
from valdora_ai.graph_layout import separate, stress_layout

NS = {"s": "http://www.w3.org/2000/svg"}
runner = CliRunner()


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on anything that is not well-formed XML


def _texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{{{NS['s']}}}text")]


def _one(root: ET.Element, path: str) -> ET.Element:
    found = root.findall(path, NS)
    assert len(found) == 1, f"{path}: {len(found)} matches"
    return found[0]


def _constructed() -> ValdoraState:
    """Known gems on r4, seat 1 on Pv, seat 2 with 5 coins, seat 0 carrying a ruby."""
    return (Scenario(players=4, seed=3)
            .road("r4", ruby=2, sapphire=1)
            .place(1, "Pv").place(2, "C", coins=5)
            .carry(0, "pick", "ruby").commission(0, "R").commission(3, "S", completed=True)
            .tiles(3, silver=1)
            .book("A", left=("pick/chisel",))
            .build())


def _played(seed: int, steps: int) -> ValdoraState:
    """A reference world after `steps` greedy steps (pages turned, cards bought)."""
    game = make_game("valdora", players=4)
    state = engines.as_reference(game.new_state(seed))
    rng = make_rng(seed)
    for _ in range(steps):
        state.apply(game.greedy_step(state, rng))
    return state


@pytest.mark.usefixtures("engine")
def test_the_picture_shows_the_constructed_position() -> None:
    state = _constructed()
    root = _tree(board_svg(state))
    road = _one(root, ".//s:g[@data-space='r4']")
    gems = sorted(c.get("data-gem") for c in road.iterfind(".//s:circle[@data-gem]", NS))
    assert gems == ["ruby", "ruby", "sapphire"]
    assert _one(road, "s:title").text == "r4: road, 2 ruby, 1 sapphire"
    pawn = _one(root, ".//s:g[@class='pawn seat-1']")
    assert pawn.get("data-space") == "Pv" and "1" in _texts(pawn)
    assert "5 coins" in _texts(_one(root, ".//s:g[@class='player seat-2']"))
    seat0 = _one(root, ".//s:g[@class='player seat-0']")
    pick = _one(seat0, ".//s:g[@data-item='pick']")
    assert _one(pick, ".//s:circle[@data-gem]").get("data-gem") == "ruby"
    assert _one(seat0, ".//s:g[@class='commission']").get("data-face") == "R"
    assert "completed: S" in _texts(_one(root, ".//s:g[@class='player seat-3']"))
    left = _one(root, ".//s:g[@data-book='A']/s:g[@data-side='left']")
    assert "pick/chisel" in _texts(left)


def test_every_space_is_drawn_once_apart_from_the_others() -> None:
    data = default_data()
    root = _tree(board_svg(_played(5, 30)))
    for space in data.spaces:
        group = _one(root, f".//s:g[@id='space-{space.id}']")
        assert group.get("data-space") == space.id
        assert space.kind in (group.get("class") or "").split()
    points = board_layout(data)
    x0, y0, w, h = BOARD
    assert all(x0 <= x <= x0 + w and y0 <= y <= y0 + h for x, y in points)
    closest = min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1:])
    assert closest >= 60, closest


def test_sections_come_from_the_data() -> None:
    data = default_data()
    root = _tree(board_svg(_played(1, 0)))
    sections = root.findall(".//s:g[@class='section']", NS)
    assert [s.get("data-section") for s in sections] == [
        str(n) for n in range(1, len(data.sections()) + 1)]


def _reordered(world: ValdoraState) -> ValdoraState:
    """Another world with the same public part: every book's hidden cards below the
    top one reversed, and the top one swapped for another card with the same front."""
    other = world.copy()
    for book in other.books:
        assert book.hidden is not None
        hidden = book.hidden
        *below, top = hidden
        front = book.cards.types[top][0]
        twin = next((k for k, t in enumerate(below)
                     if t != top and book.cards.types[t][0] == front), None)
        if twin is not None:
            below[twin], top = top, below[twin]
        book.hidden = below[::-1] + [top]
    return other


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("steps", [0, 25, 60])
def test_the_hidden_order_is_never_drawn(steps: int) -> None:
    world = _played(7, steps)
    other = _reordered(world)
    assert position_to_json(world) != position_to_json(other)  # the test can fail
    a, b = engines.from_reference(world), engines.from_reference(other)
    for observer in (None, 0, 3):
        assert board_svg(a, observer=observer) == board_svg(b, observer=observer)
    belief = make_game("valdora").observation(a, 2).belief_state()
    assert board_svg(belief, observer=2) == board_svg(a, observer=2)


def test_both_engines_draw_the_same_picture() -> None:
    if not VALDORA_CORE.available():
        pytest.skip("compiled extension not built")
    compiled = VALDORA_CORE.require()
    for seed, steps in ((2, 0), (3, 40), (4, 90)):
        world = _played(seed, steps)
        twin = compiled.from_reference(world)
        assert VALDORA_CORE.compiled(twin) is not None
        for observer in (None, 1):
            assert board_svg(twin, observer=observer) == board_svg(world, observer=observer)


def test_the_observer_is_marked_and_checked() -> None:
    state = _played(3, 10)
    root = _tree(board_svg(state, observer=2))
    assert "seen by seat 2" in _one(root, "s:text[@class='headline']").text  # type: ignore[operator]
    assert "Seat 2 (you)" in _texts(_one(root, ".//s:g[@class='player seat-2']"))
    assert "(you)" not in " ".join(_texts(_tree(board_svg(state))))
    with pytest.raises(ValdoraError, match="observer 4 is not a seat"):
        board_svg(state, observer=4)


def test_size_scales_the_picture_only() -> None:
    state = _played(3, 0)
    full, small = _tree(board_svg(state)), _tree(board_svg(state, size=600))
    assert full.get("viewBox") == small.get("viewBox")
    assert float(full.get("width") or 0) == 1200 and float(small.get("width") or 0) == 600
    assert float(small.get("height") or 0) == pytest.approx(float(full.get("height") or 0) / 2)


def test_the_game_and_the_state_render_themselves() -> None:
    state = _played(8, 20)
    game = make_game("valdora", players=4)
    assert game.render_svg(state, observer=1) == board_svg(state, observer=1)
    assert state._repr_svg_() == board_svg(state)


def test_names_from_a_data_file_are_escaped() -> None:
    import tomllib

    text = default_data().source
    table = tomllib.loads(Path(text).read_text(encoding="utf-8"))
    odd = 'r<1>&"x'
    for space in table["space"]:
        if space["id"] == "r1":
            space["id"] = odd
    table["board"]["edges"] = [[odd if s == "r1" else s for s in e]
                               for e in table["board"]["edges"]]
    data = parse_data(table)
    state = ValdoraState.new(data, 3, make_rng(1))
    root = _tree(board_svg(state))
    assert _one(root, f".//s:g[@data-space='{odd}']").get("id") == f"space-{odd}"


def test_stress_layout_draws_a_ring_as_a_circle() -> None:
    ring = tuple((i, (i + 1) % 12) for i in range(12))
    points = stress_layout(12, ring)
    radii = [math.hypot(x, y) for x, y in points]
    assert max(radii) - min(radii) < 0.05 * max(radii)
    sides = [math.dist(points[a], points[b]) for a, b in ring]
    assert max(sides) - min(sides) < 0.05 * max(sides)


def test_separate_removes_overlaps_inside_the_box() -> None:
    crowded = [(100.0, 100.0), (101.0, 100.0), (100.0, 102.0), (300.0, 300.0)]
    spread = separate(crowded, [20.0] * 4, (0.0, 0.0, 400.0, 400.0))
    for i, p in enumerate(spread):
        assert 20 <= p[0] <= 380 and 20 <= p[1] <= 380
        for q in spread[i + 1:]:
            assert math.dist(p, q) >= 40 - 1e-6


# ------------------------------------------------------------------ the command line
def _position_file(tmp_path: Path, public: bool = False) -> Path:
    path = tmp_path / ("public.json" if public else "pos.json")
    args = ["new-position", "--players", "3", "--seed", "4", "-o", str(path)]
    result = runner.invoke(app, args + (["--public"] if public else []))
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.usefixtures("engine")
def test_render_writes_the_picture(tmp_path: Path) -> None:
    position = _position_file(tmp_path)
    out = tmp_path / "board.svg"
    result = runner.invoke(app, ["render", str(position), "--svg", str(out), "--observer", "1"])
    assert result.exit_code == 0, result.output
    assert f"wrote {out}" in result.output
    svg = out.read_text(encoding="utf-8")
    game = make_game("valdora", players=3)
    state = game.position_from_json(json.loads(position.read_text(encoding="utf-8")))
    assert svg == board_svg(state, observer=1)
    public = _position_file(tmp_path, public=True)
    out2 = tmp_path / "public.svg"
    assert runner.invoke(app, ["render", str(public), "--svg", str(out2)]).exit_code == 0
    assert out2.read_text(encoding="utf-8") == board_svg(state)  # world and public agree


@pytest.mark.parametrize(("setup", "extra", "message"), [
    ("missing", [], "cannot read position file"),
    ("broken", [], "not valid JSON"),
    ("good", ["--observer", "3"], "observer 3 is not a seat"),
])
def test_render_errors_are_one_line_and_keep_the_old_file(
        tmp_path: Path, setup: str, extra: list[str], message: str) -> None:
    position = tmp_path / "pos.json"
    if setup == "good":
        position = _position_file(tmp_path)
    elif setup == "broken":
        position.write_text("{", encoding="utf-8")
    out = tmp_path / "board.svg"
    out.write_text("old", encoding="utf-8")
    result = runner.invoke(app, ["render", str(position), "--svg", str(out), *extra])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0], lines
    assert out.read_text(encoding="utf-8") == "old"


def test_a_finished_game_names_its_winner() -> None:
    game = make_game("valdora", players=3)
    state = engines.as_reference(game.new_state(6))
    rng = make_rng(6)
    while not state.is_terminal():
        state.apply(game.greedy_step(state, rng))
    root = _tree(board_svg(state))
    winners = state.winners()
    assert "game over" in (_one(root, "s:text[@class='headline']").text or "")
    for seat in range(3):
        texts = " ".join(_texts(_one(root, f".//s:g[@class='player seat-{seat}']")))
        assert ("winner" in texts) == (seat in winners)


@pytest.mark.usefixtures("engine")
def test_observations_and_pending_reveals_are_drawn() -> None:
    game = make_game("valdora", players=4)
    world = game.new_state(2)
    observation = game.observation(world, 0)
    assert board_svg(observation) == board_svg(world, observer=0)
    belief = observation.belief_state()
    for token in ("A", "tR"):  # move to city A, turn its right page over
        belief.apply(parse_step(belief, token))
    assert belief.is_chance_node()
    root = _tree(board_svg(belief, observer=0))
    assert "a page reveal is pending" in (_one(root, "s:text[@class='headline']").text or "")
