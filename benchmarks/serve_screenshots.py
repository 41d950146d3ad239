"""Screenshots of the browser table of every registered game at a laptop's and a
tablet's size, for docs/images/ (issue 29 item 4).

    python benchmarks/serve_screenshots.py [OUT_DIR]

Starts `valdora serve --port 0`, drives Debian's Chromium (`which chromium`) with
Playwright, plays a few first choices of a seeded game against greedy bots and saves
`serve-<game>-<size>.png` (the viewport, what the person sees without scrolling); then
`serve-analyse.png`, the whole analysis page of a Valdora game after its review.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import expect, sync_playwright

from valdora_ai.games import game_names, game_type

SIZES = {"laptop": (1366, 768), "tablet": (820, 1180)}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STEPS = 5  # first choices clicked before the picture is taken


def main(out: Path) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("error: chromium is not installed (apt-get install chromium)")
    script = Path(sys.executable).with_name("valdora")
    server = subprocess.Popen([str(script), "serve", "--port", "0"], stdout=subprocess.PIPE,
                              text=True)
    assert server.stdout is not None
    found = re.search(r"open (http://\S+/)", server.stdout.readline())
    try:
        assert found, "valdora serve printed no URL"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
            for name in game_names():
                for size, (width, height) in SIZES.items():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(found.group(1))
                    expect(page.locator("#connection")).to_have_text("connected")
                    players = game_type(name).default_players
                    page.select_option("#game", name)
                    page.select_option("#players", str(players))
                    for seat in range(1, players):
                        page.fill(f"#seat-{seat}", "greedy")
                    page.fill("#seed", "3")
                    page.click("#new-game")
                    for _ in range(STEPS):
                        expect(page.locator("#choices button:not([disabled])").first
                               ).to_be_visible()
                        page.locator("#choices button").first.click()
                    expect(page.locator("#choices button:not([disabled])").first).to_be_visible()
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(out / f"serve-{name}-{size}.png"))
                    page.close()
            analyse(browser.new_page(viewport={"width": 1400, "height": 900}),
                    found.group(1), out / "serve-analyse.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


def analyse(page: Any, url: str, path: Path) -> None:
    """The analysis page of 30 lines of a seeded Valdora game, reviewed, at turn 8."""
    page.goto(url)
    expect(page.locator("#connection")).to_have_text("connected")
    page.fill("#seat-1", "greedy")
    page.fill("#seat-2", "greedy")
    page.click("#new-game")
    for _ in range(30):
        expect(page.locator("#choices button:not([disabled])").first).to_be_visible()
        page.locator("#choices button").first.click()
    expect(page.locator("#choices button:not([disabled])").first).to_be_visible()
    page.click("#to-analysis")
    page.fill("#review-agent", "ismcts:iterations=30,seed=1")
    page.click("#review-start")
    expect(page.locator("#review-status")).to_contain_text("done", timeout=120_000)
    page.locator("#moves li").nth(7).click()
    expect(page.locator("#moves li.current")).to_contain_text("turn 8")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    page.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
