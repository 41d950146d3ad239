"""The browser table readable on a laptop and a tablet, its hint played with one click,
its result by category and the analysis page's move list, in Debian's Chromium (issue 29
items 3, 4 and 5). The server, browser and page fixtures are test_serve_browser's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import test_serve_browser as shared
from playwright.sync_api import Page, expect

from valdora_ai.games import game_names, game_type, make_game
from valdora_ai.interactive import GameSession
from valdora_ai.serve.table import WebGame

# The server, browser and page of test_serve_browser, as this module's fixtures.
url, browser, page, _new_game = shared.url, shared.browser, shared.page, shared._new_game
SIZES = {"laptop": (1366, 768), "tablet": (820, 1180)}
MIN_TEXT_PX = 11

SMALLEST_TEXT = """() => {
  const svg = document.querySelector('#board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  let smallest = Infinity;
  for (const node of svg.querySelectorAll('text')) {
    if (!node.textContent.trim()) continue;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(node).fontSize) * scale);
  }
  return smallest;
}"""

BOXES = """() => ['#board', 'aside', '#setup'].map((s) => {
  const r = document.querySelector('#panel-play ' + s).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


def _seats(name: str) -> list[str]:
    return ["human"] + ["greedy"] * (game_type(name).default_players - 1)


def _first_choices(page: Page, name: str, seed: int, clicks: int) -> None:
    """A new game of `name` against greedy bots, the person taking the first choice
    `clicks` times."""
    _new_game(page, name, _seats(name), seed)
    expect(page.locator("#status")).to_contain_text("your move")
    for _ in range(clicks):
        page.locator("#choices button").first.click()
        expect(page.locator("#choices button:not([disabled])").first).to_be_visible()


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", game_names())
def test_the_board_text_is_readable_and_nothing_overlaps(page: Page, name: str,
                                                         size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    _new_game(page, name, _seats(name), 3)
    expect(page.locator("#status")).to_contain_text("your move")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest >= MIN_TEXT_PX - 0.01, f"{name} at {width}x{height}: {smallest:.1f} px"
    board, aside, setup = page.evaluate(BOXES)
    assert not _overlap(board, aside) and not _overlap(setup, board), (board, aside)
    # the page itself never scrolls sideways: only the board's own box may
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_hint_is_played_with_one_click_and_the_result_is_broken_down(page: Page) -> None:
    _new_game(page, "zavandor", ["human", "greedy", "greedy"], 2)
    expect(page.locator("#status")).to_contain_text("your move")
    page.fill("#hint-agent", "greedy")
    page.click("#hint")
    button = page.locator("#hint-play")
    expect(button).to_be_enabled()
    suggested = page.locator("#hint-text b").inner_text()
    button.click()
    mine = page.locator("#log li", has_text="(human)").first
    expect(mine).to_contain_text(suggested.split(" …")[0])
    expect(page.locator("#result table")).to_have_count(0)


@pytest.mark.parametrize("name", game_names())
def test_game_over_shows_the_points_by_category(page: Page, name: str,
                                                tmp_path: Path) -> None:
    web = WebGame(GameSession.new(make_game(name, players=len(_seats(name))),
                                  _seats(name), 3))
    while not web.over:  # play to the person's last turn, save, resume in the browser
        while web.bot_turn() is not None:
            pass
        if web.over:
            break
        last = web.session.record_text()
        web.play(web.table()["choices"][0]["step"], None)
    saved = tmp_path / "near-the-end.jsonl"
    saved.write_text(last)
    page.set_input_files("#resume-file", str(saved))
    expect(page.locator("#status")).to_contain_text("your move")
    while not page.locator("#status", has_text="Game over").count():
        page.locator("#choices button").first.click()
        expect(page.locator("#choices button:not([disabled])").first.or_(
            page.locator("#status", has_text="Game over"))).to_be_visible()
    header = page.locator("#result th")
    columns = list(web.game.score_columns) or ["total"]
    expect(header).to_have_text(["seat", "player", *columns, ""])
    expect(page.locator("#result tbody tr")).to_have_count(len(_seats(name)))
    expect(page.locator("#result tr.winner").first).to_be_visible()


def test_the_move_list_shows_each_turn_and_goes_to_its_position(page: Page) -> None:
    _first_choices(page, "alchemists", 2, 6)
    status = page.locator("#status").inner_text()
    log = page.locator("#log li")
    expect(log.first).to_contain_text("setup")  # Alchemists' setup lines are not turns
    page.click("#to-analysis")
    moves = page.locator("#moves li")
    expect(moves.first).to_contain_text("setup")
    count = moves.count()
    assert count == log.count() + 1  # every line, then the end
    assert moves.nth(count - 1).inner_text() == "end"
    third = moves.nth(3)
    expect(third).to_contain_text("turn 1")
    third.click()
    expect(page.locator("#turn")).to_have_value("4")
    expect(page.locator("#moves li.current")).to_have_text(third.inner_text())
    expect(page.locator("#analyse-board svg")).to_contain_text("turn 1 ·")
    expect(page.locator("#where")).to_contain_text("turn 1, seat")  # as the list says
    assert "Turn" in status


def test_the_plot_has_labelled_axes_and_flags_mark_the_move_list(page: Page) -> None:
    _first_choices(page, "valdora", 1, 12)
    page.click("#to-analysis")
    expect(page.locator("#moves li").first).to_contain_text("turn 1")
    page.fill("#review-agent", "ismcts:iterations=20,seed=1")
    page.click("#review-start")
    expect(page.locator("#review-status")).to_contain_text("done", timeout=60_000)
    labels = page.locator("#plot .axis-label")
    expect(labels).to_have_count(2)
    assert {labels.nth(0).text_content(), labels.nth(1).text_content()} == {
        "turns played (record lines)", "win chance"}
    flagged: Any = page.locator("#mistakes li")
    marks = page.locator("#moves .flag-mark")
    expect(marks).to_have_count(flagged.count())


def test_a_soil_sample_is_shown_at_once_and_undo_refuses_it(page: Page) -> None:
    _new_game(page, "zavandor", ["human", "greedy", "greedy"], 5)
    expect(page.locator("#status")).to_contain_text("your move")
    page.locator("#choices button", has=page.locator("code", has_text="sample:I.1")).first.click()
    expect(page.locator("#so-far .seen.private")).to_contain_text("T-R3")
    expect(page.locator("#board svg")).to_contain_text("T-R3")
    page.click("#undo")
    expect(page.locator("#error")).to_contain_text("undo cannot take back")
    expect(page.locator("#so-far")).to_contain_text("so far: sample:I.1")
    expect(page.locator("#choices button:not([disabled])").first).to_be_visible()
