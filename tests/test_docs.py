"""docs/api.md: every public name has a section and every Python example runs."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import valdora_ai as va

API = Path(__file__).resolve().parents[1] / "docs" / "api.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _blocks() -> list[str]:
    return BLOCK.findall(API.read_text(encoding="utf-8"))


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
    source = _blocks()[index]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(source, f"docs/api.md python block {index + 1}", "exec"), {})
    for expected in re.findall(r"print\(error\)\s+# (.*)", source):
        assert expected in output.getvalue()
