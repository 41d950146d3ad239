"""The docs pages' examples run, and every relative link in the docs points somewhere.

docs/api.md has its own test (test_docs.py) and docs/engine-protocol.md's transcript
is replayed by test_engine_docs.py; the other pages (games, strength, performance,
rules decisions, CLI reference) are run here, so a new page's examples are run as
soon as it is added.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from doc_examples import ROOT, blocks, console_commands, run_console, run_python
from extras import need_extras

DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "api.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")
ANCHOR = re.compile(r'<a id="([^"]+)">')
BLOCK_FREE = re.compile(r"```.*?```", re.DOTALL)  # links and headings inside code do not count
EXTRAS = re.compile(r"<!-- extras: ([\w ]+) -->")  # a page whose examples need optional extras


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


PYTHON = [(page, i) for page in PAGES for i in range(len(blocks(page, "python")))]


@pytest.mark.parametrize(("page", "index"), PYTHON, ids=[f"{_name(p)}-{i + 1}" for p, i in PYTHON])
def test_python_examples_run(page: Path, index: int, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    for line in EXTRAS.findall(page.read_text(encoding="utf-8")):
        need_extras(line.split())
    monkeypatch.chdir(tmp_path)
    run_python(blocks(page, "python")[index], f"{_name(page)} python block {index + 1}")


CONSOLE = [page for page in PAGES if console_commands(page)]


@pytest.mark.parametrize("page", CONSOLE, ids=[_name(p) for p in CONSOLE])
def test_console_examples_run(page: Path, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's commands run in order in one directory, as a reader would type them."""
    monkeypatch.chdir(tmp_path)
    run_console(console_commands(page))


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.*)$", BLOCK_FREE.sub("", text), re.MULTILINE)
    return {_slug(h) for h in headings} | set(ANCHOR.findall(text))



@pytest.mark.parametrize("page", [ROOT / "README.md", *PAGES, DOCS / "api.md"],
                         ids=lambda p: _name(p))
def test_relative_links_resolve(page: Path) -> None:
    """Each link to a file of the repository names an existing file (and heading)."""
    text = BLOCK_FREE.sub("", page.read_text(encoding="utf-8"))
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        assert resolved.exists(), f"{_name(page)}: broken link {target}"
        if anchor and resolved.suffix == ".md":
            assert anchor in _anchors(resolved), f"{_name(page)}: no heading for {target}"
