"""The Valley of Alchemists' step codes: every decision and chance outcome as one integer.

A turn is up to two actions. Compound actions are split into small sequential
decisions so search trees stay narrow: a brew is one step per decoction, a make one
step per elixir, a sale one step for the line and one per special token, each closed
by STOP. People never see codes: :mod:`valdora_ai.games.alchemists.notation` prints
and parses them.

Layout (slots are face-up spaces 0-9, cells chest spaces 0-8, row by row)::

    0                              END        end the turn (the actions left are passed)
    1                              STOP       close the brew, make or sale in progress
    2 + track                      SKILL      a setup skill point on that track
    6 + pair                       COLLECT    collect the two ingredients of PAIRS[pair]
    12 + colour                    BREW       brew one decoction of that colour
    18 + slot*9 + cell             MAKE       make the face-up elixir into that chest cell
    108 + source*9 + target        REARRANGE  move (target empty) or swap (source<target)
    189 + line                     SELL       sell the complete line LINES[line]
    197 + token*3 + position       TOKEN      a shape/colour/level token on the sale's
                                              elixir at that position of the line
    206 + (src*6 + dst)*6 + n-1    TRANSFORM  n decoctions of colour src become dst
    500 + card                     CHANCE     the elixir card a refill draws (belief only)
"""

from __future__ import annotations

from itertools import combinations

from valdora_ai.games.alchemists.data import MAX_CARDS, MAX_DECOCTIONS, MAX_LIMIT

CELLS = 9  # chest spaces: 3 shelves of 3
LINE_LENGTH = 3
SLOTS = 10  # face-up spaces
TRACKS = 4
N_TOKENS = 3  # shape, colour, level (the transformation token is TRANSFORM)
SHAPE_TOKEN, COLOUR_TOKEN, LEVEL_TOKEN, TRANSFORM_TOKEN = 0, 1, 2, 3
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(TRACKS), 2))
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # shelves (rows)
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)

END = 0
STOP = 1
SKILL_BASE = 2
COLLECT_BASE = SKILL_BASE + TRACKS
BREW_BASE = COLLECT_BASE + len(PAIRS)
MAKE_BASE = BREW_BASE + MAX_DECOCTIONS
REARRANGE_BASE = MAKE_BASE + SLOTS * CELLS
SELL_BASE = REARRANGE_BASE + CELLS * CELLS
TOKEN_BASE = SELL_BASE + len(LINES)
TRANSFORM_BASE = TOKEN_BASE + N_TOKENS * LINE_LENGTH
TRANSFORM_PAIR_STRIDE = MAX_LIMIT  # counts 1..MAX_LIMIT per (source, target) pair
CHANCE_BASE = 500
assert TRANSFORM_BASE + MAX_DECOCTIONS ** 2 * TRANSFORM_PAIR_STRIDE <= CHANCE_BASE
STEP_LIMIT = CHANCE_BASE + MAX_CARDS

_KINDS = ((STOP, "end"), (SKILL_BASE, "stop"), (COLLECT_BASE, "skill"), (BREW_BASE, "collect"),
          (MAKE_BASE, "brew"), (REARRANGE_BASE, "make"), (SELL_BASE, "rearrange"),
          (TOKEN_BASE, "sell"), (TRANSFORM_BASE, "token"),
          (TRANSFORM_BASE + MAX_DECOCTIONS ** 2 * TRANSFORM_PAIR_STRIDE, "transform"),
          (CHANCE_BASE, "invalid"), (STEP_LIMIT, "chance"))


def skill(track: int) -> int:
    return SKILL_BASE + track


def collect(pair: int) -> int:
    return COLLECT_BASE + pair


def brew(colour: int) -> int:
    return BREW_BASE + colour


def make(slot: int, cell: int) -> int:
    return MAKE_BASE + slot * CELLS + cell


def rearrange(source: int, target: int) -> int:
    return REARRANGE_BASE + source * CELLS + target


def sell(line: int) -> int:
    return SELL_BASE + line


def token(kind: int, position: int) -> int:
    return TOKEN_BASE + kind * LINE_LENGTH + position


def transform(source: int, target: int, count: int) -> int:
    return (TRANSFORM_BASE + (source * MAX_DECOCTIONS + target) * TRANSFORM_PAIR_STRIDE
            + count - 1)


def chance(card: int) -> int:
    return CHANCE_BASE + card


def kind(step: int) -> str:
    """end, stop, skill, collect, brew, make, rearrange, sell, token, transform, chance
    or invalid (outside the step space)."""
    if step < 0:
        return "invalid"
    for limit, name in _KINDS:
        if step < limit:
            return name
    return "invalid"


def argument(step: int) -> int:
    """The step's offset from its kind's base (decode strides with divmod)."""
    base = {"skill": SKILL_BASE, "collect": COLLECT_BASE, "brew": BREW_BASE,
            "make": MAKE_BASE, "rearrange": REARRANGE_BASE, "sell": SELL_BASE,
            "token": TOKEN_BASE, "transform": TRANSFORM_BASE, "chance": CHANCE_BASE}
    return step - base.get(kind(step), step)


def transform_parts(step: int) -> tuple[int, int, int]:
    """(source colour, target colour, count) of a TRANSFORM step."""
    pair, count = divmod(step - TRANSFORM_BASE, TRANSFORM_PAIR_STRIDE)
    source, target = divmod(pair, MAX_DECOCTIONS)
    return source, target, count + 1
