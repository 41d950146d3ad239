"""Both engines reproduce every golden record exactly: each step, each turn, the result."""

from __future__ import annotations

import pytest
from golden import CASES, FOLDER, Case, first_difference, play, read

from valdora_ai.games import game_names, game_type, player_counts

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


def test_every_game_with_a_compiled_core_has_a_record_at_every_player_count() -> None:
    """The records are what tells the two engines apart on whole games with every kind
    of seat, so a game with a compiled core is not covered until it has them."""
    recorded = {(case.game, case.players) for case in CASES}
    for name in game_names():
        if game_type(name).core is not None:
            missing = [n for n in player_counts(name) if (name, n) not in recorded]
            assert not missing, f"{name} has no golden record for {missing} players"
