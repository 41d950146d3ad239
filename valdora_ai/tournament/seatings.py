"""Which entrant sits in which seat: the games of one block.

A block is one seeded setup played with every seating of the design, so that setup
and seat luck cancel between entrants (common random numbers). The design is:

* **complete** when it is small enough (at most :data:`MAX_BLOCK` games): every
  assignment of entrants to seats that uses each entrant at least once. With as many
  entrants as seats these are all permutations; with fewer entrants some play two
  seats (``A A B``). The set is closed under renaming the entrants, so every entrant
  sits in every seat equally often.
* a **balanced rotation** otherwise (more entrants than seats, or too many
  permutations): the entrants in a circle, read from each starting point in both
  directions, ``P`` seats at a time. Each entrant sits in each seat exactly twice and
  has both circle neighbours on either side equally often.

A tournament may instead fix a **lineup**, one entrant per seat with repeats allowed
(``X greedy greedy``: one agent against two copies of another): its block is every
rotation of the lineup, so each place of the lineup sits in every seat once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import comb

MAX_BLOCK = 36
"""The largest complete design played as one block (3 or 4 entrants, any 2-entrant)."""

Seating = tuple[int, ...]  # seating[seat] = entrant index


def complete_design(entrants: int, players: int) -> list[Seating]:
    """Every seating that uses each entrant at least once, in lexicographic order."""
    return [s for s in product(range(entrants), repeat=players)
            if len(set(s)) == entrants]


def complete_size(entrants: int, players: int) -> int:
    """The number of complete seatings (surjections), without listing them."""
    # Inclusion-exclusion over the entrants left out.
    return sum((-1) ** k * comb(entrants, k) * (entrants - k) ** players
               for k in range(entrants + 1))


def rotation_design(entrants: int, players: int) -> list[Seating]:
    """Each start on the circle of entrants, read clockwise then counter-clockwise."""
    forward = [tuple((start + seat) % entrants for seat in range(players))
               for start in range(entrants)]
    backward = [tuple((start - seat) % entrants for seat in range(players))
                for start in range(entrants)]
    return forward + backward


def lineup_design(lineup: Sequence[int]) -> list[Seating]:
    """The rotations of a lineup (entrant per seat): rotation r seats lineup[i] at
    seat (i + r) mod P."""
    n = len(lineup)
    return [tuple(lineup[(seat - shift) % n] for seat in range(n)) for shift in range(n)]


def tournament_design(entrants: int, players: int, lineup: Sequence[int] = ()
                      ) -> list[Seating]:
    """The seatings of one block: the lineup's rotations when a lineup is fixed, else
    :func:`block_design`."""
    return lineup_design(lineup) if lineup else block_design(entrants, players)


def block_design(entrants: int, players: int) -> list[Seating]:
    """The seatings of one block: complete when it fits, a balanced rotation otherwise."""
    if entrants < 2 or players < 2:
        raise ValueError(f"a block needs at least 2 entrants and 2 seats, got "
                         f"{entrants} and {players}")
    if entrants <= players and complete_size(entrants, players) <= MAX_BLOCK:
        return complete_design(entrants, players)
    return rotation_design(entrants, players)
