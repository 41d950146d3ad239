"""The board click layer in a real browser (Debian's Chromium, driven by Playwright):
a highlighted element plays its step by a click, by the keyboard (Enter), or opens a
menu that Escape closes; and a whole game of every registered game is played from the
board alone.

The whole games use no token button, no typing and no hint: each step the person plays
is a click on a highlighted element of the picture (``#board svg .target``), then, when
that element holds several steps, on the step's entry in the menu it opens
(``#target-menu``). The only other control clicked is the turn controls' button
(``#turn-controls``, the steps in words that no board element plays, beside the board,
not the fallback list ``#choices``): Valdora's "End the action" and "Pass: the pawn
cannot move", Alchemists' "End the turn" and "Stop brewing" / "Stop making elixirs" /
"Score the sale". Zavandor has none. Which step to play is the greedy policy's choice
in the person's own belief position (``table.position``, as the page holds it): only
what the person may know, and a game that ends.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from extras import need

need("starlette")
need("playwright")

from playwright.sync_api import Page, expect  # noqa: E402
from test_serve_browser import _new_game, browser, page, url  # noqa: E402,F401

from valdora_ai.backend import make_rng  # noqa: E402
from valdora_ai.games import game_names, game_type, make_game  # noqa: E402

# The page is ready for the person's next step: no play on its way (play.pending, app.js)
# and a new picture (not the one the last step was played on) with targets or turn
# controls, or the game is over.
READY = """() => {
  if (play.pending) return false;
  if (/Game over/.test(document.getElementById("status").textContent)) return true;
  const svg = document.querySelector("#board svg");
  return !!svg && !svg.dataset.played && (!!svg.querySelector(".target")
    || !!document.querySelector("#turn-controls button:not([disabled])"));
}"""


def test_a_valdora_move_is_played_by_clicking_its_space(page: Page) -> None:  # noqa: F811
    _new_game(page, "valdora", ["human", "greedy", "greedy"], 3)
    _ready(page)
    target = page.locator("#board svg .target").first
    expect(target).to_have_attribute("tabindex", "0")
    steps = target.get_attribute("data-steps") or ""
    assert steps.split()
    target.click()
    expect(page.locator("#so-far")).not_to_be_empty()  # the move began the turn


def test_a_target_is_reachable_by_the_keyboard(page: Page) -> None:  # noqa: F811
    _new_game(page, "valdora", ["human", "greedy", "greedy"], 3)
    _ready(page)
    target = page.locator("#board svg .target").first
    target.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#so-far")).not_to_be_empty()


def test_a_menu_of_several_steps_opens_and_escape_closes_it(page: Page) -> None:  # noqa: F811
    """Buying gems in Zavandor: the market row plays "buy", then holds the amounts."""
    _new_game(page, "zavandor", ["human", "greedy"], 1)
    _ready(page)  # the bot's streamed table first: the board takes no key until the last
    page.evaluate('() => { document.querySelector("#board svg").dataset.played = "1"; }')
    page.locator('#board svg [id^="market-"].target').first.focus()
    page.keyboard.press("Enter")
    _ready(page)
    row = page.locator('#board svg .target[data-steps*=" "]').first  # several steps
    expect(row).to_have_attribute("id", re.compile("^market-"))
    row.focus()
    page.keyboard.press("Enter")
    menu = page.locator("#target-menu button")
    expect(menu.first).to_be_focused()
    words = menu.all_inner_texts()
    assert len(words) >= 2 and all(w and not w.startswith("buy:") for w in words), words
    page.keyboard.press("Escape")
    expect(page.locator("#target-menu")).to_have_count(0)
    expect(row).to_be_focused()  # back where the menu was opened
    expect(page.locator("#so-far")).to_contain_text("buy:")  # and the amount not played
    assert row.get_attribute("data-steps") == page.locator(
        '#board svg .target[data-steps*=" "]').first.get_attribute("data-steps")


def _ready(page: Page) -> None:  # noqa: F811
    """Wait until the page takes the person's next step (READY)."""
    page.wait_for_function(READY, timeout=30_000)


def _seats(name: str) -> list[str]:
    """The fewest seats the game allows: the person and greedy bots (a short game)."""
    return ["human"] + ["greedy"] * (game_type(name).min_players - 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_whole_game_by_board_clicks(page: Page, name: str) -> None:  # noqa: F811
    seats = _seats(name)
    game, rng = make_game(name, len(seats)), make_rng(5)
    _new_game(page, name, seats, 5)
    played = {"board": 0, "control": 0}
    while True:
        _ready(page)
        if "Game over" in page.locator("#status").inner_text():
            break
        document: Any = page.evaluate("() => play.table.position")
        step = game.greedy_step(game.position_from_json(document), rng)
        page.evaluate('() => { document.querySelector("#board svg").dataset.played = "1"; }')
        played[_click(page, step)] += 1
    assert played["board"] > 10, played
    expect(page.locator("#result table")).to_be_visible()


def _click(page: Page, step: int) -> str:  # noqa: F811
    """Play `step` from the board (its element, then its menu entry when the element
    holds several steps), else from the turn controls; which of the two it was."""
    target = page.locator(f'#board svg .target[data-steps~="{step}"]')
    if target.count():
        several = len((target.first.get_attribute("data-steps") or "").split()) > 1
        target.first.click()
        if several:
            page.locator(f'#target-menu button[data-step="{step}"]').click()
        return "board"
    page.locator(f'#turn-controls button[data-step="{step}"]').click()
    return "control"
