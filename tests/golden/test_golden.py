"""Both engines reproduce every golden record exactly: each step, each turn, the result."""

from __future__ import annotations

import pytest
from golden import CASES, FOLDER, Case, first_difference, play, read

pytestmark = pytest.mark.usefixtures("engine")  # every test on both engines


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_engine_reproduces_the_golden_record(case: Case) -> None:
    assert case.path.is_file(), f"{case.name} is missing: run tests/golden/regenerate.py --write"
    difference = first_difference(read(case.path), play(case))
    assert difference is None, (
        f"{case.name} {difference} -- if the change is intended, see tests/golden/regenerate.py")


def test_every_record_on_disk_is_a_case() -> None:
    on_disk = {path.relative_to(FOLDER).as_posix() for path in FOLDER.glob("*/*.jsonl")}
    assert on_disk == {case.name for case in CASES}
