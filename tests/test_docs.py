"""docs/api.md: every public name has a section and every Python example runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from doc_examples import ROOT, blocks, run_python

import valdora_ai as va

API = ROOT / "docs" / "api.md"


def _blocks() -> list[str]:
    return blocks(API, "python")


def test_every_public_name_is_documented() -> None:
    """Each name in `va.__all__` has a section (or, for errors, a row in the table)."""
    text = API.read_text(encoding="utf-8")
    headings = re.findall(r"^### `(\w+)", text, re.MULTILINE)
    rows = re.findall(r"^\| `(\w+)` \|", text, re.MULTILINE)
    missing = sorted(set(va.__all__) - set(headings) - set(rows))
    assert not missing, f"docs/api.md does not document {missing}"
    assert len(headings) == len(set(headings))


@pytest.mark.parametrize("index", range(len(_blocks())))
def test_api_examples_run(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run_python(_blocks()[index], f"docs/api.md python block {index + 1}")
