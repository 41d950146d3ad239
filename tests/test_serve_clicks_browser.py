"""The board click layer in a real browser: a highlighted space of Valdora's picture
plays its move by a click, and by the keyboard (Enter)."""

from __future__ import annotations

from extras import need

need("starlette")
need("playwright")

from playwright.sync_api import Page, expect  # noqa: E402
from test_serve_browser import _new_game, browser, page, url  # noqa: E402,F401


def test_a_valdora_move_is_played_by_clicking_its_space(page: Page) -> None:  # noqa: F811
    _new_game(page, "valdora", ["human", "greedy", "greedy"], 3)
    target = page.locator("#board svg .target").first
    expect(target).to_have_attribute("tabindex", "0")
    steps = target.get_attribute("data-steps") or ""
    assert steps.split()
    target.dispatch_event("click")
    expect(page.locator("#so-far")).not_to_be_empty()  # the move began the turn


def test_a_target_is_reachable_by_the_keyboard(page: Page) -> None:  # noqa: F811
    _new_game(page, "valdora", ["human", "greedy", "greedy"], 3)
    target = page.locator("#board svg .target").first
    target.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#so-far")).not_to_be_empty()
