"""The docs pages' examples run, every relative link in the docs points somewhere, every
page is linked from the README or another page, and the files the pages name exist.

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

from valdora_ai.cli.app import app
from valdora_ai.cli.lazy_commands import every_command

DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "api.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")
ANCHOR = re.compile(r'<a id="([^"]+)">')
BLOCK_FREE = re.compile(r"```.*?```", re.DOTALL)  # links and headings inside code do not count
EXTRAS = re.compile(r"<!-- extras: ([\w ]+) -->")  # a page whose examples need optional extras
# A repository path in inline code, e.g. `valdora_ai/games/base.py` or
# `python benchmarks/ladder.py --players 3` (placeholders such as `<game>` are skipped).
REPO_PATH = re.compile(r"`(?:python |pytest |node )?((?:valdora_ai|tests|benchmarks|examples|cext"
                       r"|cli|docs|\.ci)/[\w./-]*)(?![\w./<*-])")
REMOVED = {"benchmarks/strength.py", "benchmarks/pair_elo.py"}  # named by dated history only


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
    """The page's heading anchors as GitHub makes them (a repeated heading's slug gets
    -1, -2, ... in order) and its explicit anchors."""
    text = page.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.*)$", BLOCK_FREE.sub("", text), re.MULTILINE)
    seen: dict[str, int] = {}
    anchors = set(ANCHOR.findall(text))
    for heading in headings:
        slug = _slug(heading)
        anchors.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


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


def _linked_pages(page: Path) -> set[Path]:
    text = BLOCK_FREE.sub("", page.read_text(encoding="utf-8"))
    return {(page.parent / target.partition("#")[0]).resolve() for target in LINK.findall(text)
            if not re.match(r"[a-z]+:", target) and target.partition("#")[0].endswith(".md")}


def test_every_page_is_linked() -> None:
    """Each docs page is reachable from the README, directly or through other pages."""
    reached: set[Path] = set()
    todo = [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        for target in _linked_pages(page) - reached:
            reached.add(target)
            if target.exists():
                todo.append(target)
    orphans = [_name(page) for page in sorted(DOCS.rglob("*.md")) if page.resolve() not in reached]
    assert not orphans, f"no link leads to {orphans}"


def test_readme_tours_every_command() -> None:
    """The README's tour names every top-level `valdora` command."""
    commands = every_command(app).commands
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [name for name in commands if f"valdora {name}" not in text]
    assert len(commands) >= 14 and not missing, f"README.md does not mention {missing}"


@pytest.mark.parametrize("page", [ROOT / "README.md", *PAGES, DOCS / "api.md"],
                         ids=lambda p: _name(p))
def test_named_repository_files_exist(page: Path) -> None:
    """Each file or folder of the repository a page names in inline code exists."""
    for path in REPO_PATH.findall(page.read_text(encoding="utf-8")):
        path = path.rstrip(".")
        if path not in REMOVED:
            assert (ROOT / path).exists(), f"{_name(page)}: names {path}, which does not exist"
