"""Block designs: every seating present once, every entrant in every seat equally often."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from valdora_ai.tournament.seatings import MAX_BLOCK, block_design, complete_size


def _seat_counts(design: list[tuple[int, ...]], entrants: int, players: int) -> set[int]:
    counts = Counter((seat, entrant) for seating in design
                     for seat, entrant in enumerate(seating))
    return {counts[(seat, e)] for seat in range(players) for e in range(entrants)}


@pytest.mark.parametrize("players", [3, 4])
def test_as_many_entrants_as_seats_plays_every_permutation_once(players: int) -> None:
    design = block_design(players, players)
    assert sorted(design) == sorted(permutations(range(players)))
    assert len(set(design)) == len(design)


def test_two_entrants_in_three_seats_is_every_non_constant_seating() -> None:
    assert sorted(block_design(2, 3)) == [(0, 0, 1), (0, 1, 0), (0, 1, 1),
                                          (1, 0, 0), (1, 0, 1), (1, 1, 0)]


@pytest.mark.parametrize(("entrants", "players"),
                         [(2, 3), (2, 4), (2, 5), (3, 3), (3, 4), (4, 4), (3, 5), (4, 5),
                          (5, 5), (6, 3), (7, 4), (8, 5)])
def test_every_entrant_sits_in_every_seat_equally_often(entrants: int, players: int) -> None:
    design = block_design(entrants, players)
    assert all(len(seating) == players for seating in design)
    assert len(_seat_counts(design, entrants, players)) == 1
    assert Counter(e for seating in design for e in seating).keys() == set(range(entrants))


@pytest.mark.parametrize(("entrants", "players"), [(2, 5), (3, 4), (3, 5), (4, 5), (5, 5)])
def test_complete_design_is_used_exactly_when_it_fits(entrants: int, players: int) -> None:
    design = block_design(entrants, players)
    size = complete_size(entrants, players)
    if size <= MAX_BLOCK:
        assert len(design) == size and len(set(design)) == size
        assert all(len(set(s)) == entrants for s in design)
    else:
        assert len(design) == 2 * entrants  # the rotation: each start, both directions


def test_rotation_gives_each_entrant_both_neighbours() -> None:
    design = block_design(5, 5)
    followers = Counter((s[i], s[(i + 1) % 5]) for s in design for i in range(5))
    assert set(followers) == {(a, (a + d) % 5) for a in range(5) for d in (1, 4)}
    assert set(followers.values()) == {5}


def test_complete_size_counts_the_surjections() -> None:
    assert [complete_size(2, p) for p in (3, 4, 5)] == [6, 14, 30]
    assert complete_size(3, 5) == 150 and complete_size(5, 5) == 120


def test_a_block_needs_two_entrants() -> None:
    with pytest.raises(ValueError, match="at least 2 entrants"):
        block_design(1, 3)
