"""`valdora serve` in a real browser: Debian's Chromium driven by Playwright.

A real server (`valdora serve --port 0`) and one Chromium serve the whole module. The
browser plays a complete game against bots by clicking, downloads the record, which
`valdora replay` checks, resumes a saved part of it from an upload, and analyses the
game. Playwright never downloads a browser here: it launches the system's chromium.
Under CI (VALDORA_REQUIRE_EXTRAS=1) a missing chromium or Playwright fails the tests.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from extras import REQUIRE_ENV, need

need("starlette")
need("playwright")

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
URL = re.compile(r"open (http://\S+/)")
# Playwright's 5 s default is short for a shared 2-core machine under load (a bot's
# turn, a page redraw): every wait here may take up to 30 s and is done when it is.
expect.set_options(timeout=30_000)


def _valdora() -> list[str]:
    script = Path(sys.executable).with_name("valdora")
    return [str(script)] if script.exists() else [sys.executable, "-m", "valdora_ai.cli.app"]


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    process = subprocess.Popen([*_valdora(), "serve", "--port", "0", "--max-seconds", "10"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = URL.search(line)
    try:
        assert found, f"no URL in {line!r}"
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    chromium = shutil.which("chromium")
    if chromium is None:
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"chromium is not installed but {REQUIRE_ENV}=1", pytrace=False)
        pytest.skip("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=chromium,
            args=CHROMIUM_ARGS, headless=True, accept_downloads=True,
            viewport={"width": 1400, "height": 900})
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[Page]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    expect(page.locator("#connection")).to_have_text("connected")
    yield page
    page.close()
    assert not errors, errors


def _download(page: Page, target: Path) -> Path:
    with page.expect_download() as download:
        page.click("#download")
    download.value.save_as(target)
    return target


def _new_game(page: Page, game: str, seats: list[str], seed: int) -> None:
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for seat, spec in enumerate(seats):
        page.fill(f"#seat-{seat}", spec)
    page.fill("#seed", str(seed))
    page.click("#new-game")


def _click_first_choice(page: Page) -> None:
    page.locator("#choices button").first.click()
    expect(page.locator("#choices button:not([disabled])").first.or_(
        page.locator("#status", has_text="Game over"))).to_be_visible()


@pytest.mark.slow  # the quick loop keeps test_analyse_a_game_live_and_whole in the browser
def test_a_whole_game_by_clicking_then_replay_and_resume(page: Page, tmp_path: Path) -> None:
    _new_game(page, "valdora", ["human", "greedy", "ismcts:iterations=20"], 5)
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("your move")
    page.fill("#hint-agent", "greedy")
    page.click("#hint")
    expect(page.locator("#hint-text li").first).to_be_visible()
    _click_first_choice(page)
    if page.locator("#so-far").inner_text():
        page.click("#undo")
        expect(page.locator("#so-far")).to_have_text("")
    for _ in range(4):
        _click_first_choice(page)
    saved = _download(page, tmp_path / "part.jsonl")
    log = page.locator("#log li")
    expect(log.filter(has_text="greedy").first).to_contain_text("— greedy")
    while not page.locator("#status", has_text="Game over").count():
        _click_first_choice(page)
    record = _download(page, tmp_path / "game.jsonl")
    replayed = subprocess.run([*_valdora(), "replay", str(record)], capture_output=True,
                              text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr
    assert "seat" in replayed.stdout.lower()
    turns = len(record.read_text().splitlines()) - 2  # header and result lines
    assert log.count() == turns

    page.set_input_files("#resume-file", str(saved))
    expect(page.locator("#status")).to_contain_text("your move")
    assert log.count() == len(saved.read_text().splitlines()) - 1


def test_analyse_a_game_live_and_whole(page: Page) -> None:
    page.fill("#seat-1", "greedy")
    page.fill("#seat-2", "greedy")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("your move")
    for _ in range(40):
        _click_first_choice(page)
    page.click("#to-analysis")
    expect(page.locator("#analyse-board svg")).to_be_visible()
    page.fill("#turn", "2")
    page.dispatch_event("#turn", "change")
    expect(page.locator("#where")).to_contain_text("played:")
    page.fill("#analyse-agent", "ismcts:seed=1")
    page.fill("#analyse-seconds", "8")
    page.click("#analyse-start")
    expect(page.locator("#analyse-status")).to_contain_text("searching")
    page.click("#analyse-stop")
    expect(page.locator("#analyse-status")).to_contain_text("stopped")
    assert page.locator("#candidates tbody tr").count() >= 1
    page.fill("#review-agent", "ismcts:iterations=20,seed=1")
    page.click("#review-start")
    expect(page.locator("#review-status")).to_contain_text("done", timeout=60_000)
    assert page.locator("#plot polyline").count() == 3
    flagged = page.locator("#mistakes li")
    assert flagged.count() > 0  # the person always took the first choice
    flagged.last.click()
    turn = flagged.last.get_attribute("data-turn")
    assert turn is not None
    expect(page.locator("#turn")).to_have_value(turn)
    expect(page.locator("#where")).to_contain_text("played:")


def test_the_difficulty_sets_every_bot_seat_to_a_level(page: Page) -> None:
    """The new-game form's Difficulty choice (issue 31 item 3): every bot seat becomes
    the level, the human seat stays human, and the game starts against them."""
    page.select_option("#game", "zavandor")
    page.select_option("#players", "3")
    expect(page.locator("#difficulty option")).to_have_count(11)  # "as typed" and 10
    page.select_option("#difficulty", "level:3")
    expect(page.locator("#seat-0")).to_have_value("human")
    for seat in (1, 2):
        expect(page.locator(f"#seat-{seat}")).to_have_value("level:3")
    page.select_option("#players", "4")  # a seat added later gets the level too
    expect(page.locator("#seat-3")).to_have_value("level:3")
    page.select_option("#players", "3")
    page.fill("#seed", "2")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("your move")


def test_the_buttons_say_each_step_in_words_beside_its_notation(page: Page) -> None:
    _new_game(page, "zavandor", ["human", "greedy", "greedy"], 2)
    expect(page.locator("#status")).to_contain_text("your move")
    gold = page.locator("#choices button", has_text="Take 4 gold")
    expect(gold).to_have_count(1)
    expect(gold.locator("code")).to_have_text("gold")
    expect(gold).to_have_attribute("title", "Take 4 gold (gold)")
    sample = page.locator("#choices button", has_text="Take a soil sample on district").first
    expect(sample.locator("code")).to_contain_text("sample:")


def test_the_clocks_count_down_and_a_person_out_of_time_loses(page: Page) -> None:
    """The Clock field times every seat; the page counts the person's clock down, asks
    the server when it reaches zero, and the game ends on time, said in the status."""
    page.fill("#clock", "fast")
    page.click("#new-game")
    expect(page.locator("#error")).to_contain_text("clock: BASE+INC in seconds")
    page.fill("#clock", "1.5+0")
    _new_game(page, "valdora", ["human", "greedy", "greedy"], 3)
    expect(page.locator("#clocks .running")).to_contain_text("seat 0 0:0")  # counting
    expect(page.locator("#clocks")).to_contain_text("seat 1 0:0")
    expect(page.locator("#status")).to_contain_text("Game over on time — lost on time: seat 0")
    expect(page.locator("#result caption")).to_contain_text("ended on time")
    expect(page.locator("#clocks")).to_contain_text("seat 0 0:00.0")
    expect(page.locator("#undo")).to_be_disabled()
