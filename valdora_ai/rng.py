"""Seedable random number generator shared by the pure-Python and compiled engines.

This module is the *reference* implementation. ``cext/rng.pyx`` (compiled into
``valdora_ai._rng``) implements the very same algorithm, so one seed gives one game,
bit for bit, whichever engine plays it. Any change here must be mirrored there, and
``tests/test_rng.py`` checks that the two streams agree.

Algorithm
---------
* State: four 64-bit words, advanced by **xoshiro256**** (Blackman & Vigna).
* Seeding: the seed, an integer from 0 to ``2**64 - 1`` (anything else is refused by
  `check_seed`, never wrapped around), is fed to **splitmix64**, whose first four
  outputs become the state.
* ``randbelow(n)``: unbiased rejection sampling. ``limit = (2**64 // n) * n``; draw
  ``x`` until ``x < limit``; return ``x % n``.
* ``random()``: ``(next_u64() >> 11) * 2**-53``, a float in ``[0, 1)`` with 53 random bits.
* ``shuffle``: Fisher-Yates from the end, ``j = randbelow(i + 1)`` for ``i = len-1 .. 1``.
* ``choice_weighted``: one ``random()`` draw scaled by the left-to-right sum of the
  weights, then a cumulative scan.
"""

from __future__ import annotations

import math
import operator
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from valdora_ai.errors import ValdoraError

__all__ = ["MASK64", "SEED_SPACE", "Rng", "check_seed", "derive_seed", "splitmix64"]

T = TypeVar("T")

SEED_SPACE = 1 << 64
"""Seeds are 64-bit: 0 to ``SEED_SPACE - 1`` (`check_seed`); derived ones wrap modulo it."""

MASK64 = SEED_SPACE - 1
"""Mask that reduces a Python int to an unsigned 64-bit word."""

_TWO_POW_64 = 1 << 64
_TWO_POW_32 = 1 << 32
_INV_TWO_POW_53 = 2.0**-53


def check_seed(seed: object, where: str = "seed",
               error: type[ValdoraError] = ValdoraError) -> int:
    """`seed` as an int if it is one from 0 to 2**64 - 1, else `error` naming `where`.

    Every seed a user gives passes here (options, specs, the API, the engine, records):
    one seed is one game, so out-of-range seeds are refused rather than wrapped around
    (with wrapping, -1 and 2**64 - 1 would silently be the same game).
    """
    if not isinstance(seed, bool):
        try:
            value = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            pass
        else:
            if 0 <= value <= MASK64:
                return int(value)
    raise error(f"{where}: {seed!r} is not a seed (an integer from 0 to 2**64 - 1)")


def derive_seed(seed: int, offset: int) -> int:
    """The seed `offset` places after `seed` (agents' `seed + seat`, jobs' `seed + job`).

    `seed` itself must be one (`check_seed`); derived seeds wrap around at 2**64 so
    that they stay seeds.
    """
    return (check_seed(seed) + offset) & MASK64


def splitmix64(state: int) -> tuple[int, int]:
    """Advance a splitmix64 state once.

    Returns ``(new_state, output)``, both unsigned 64-bit ints.
    """
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    """Rotate the 64-bit word ``x`` left by ``k`` bits."""
    return ((x << k) | (x >> (64 - k))) & MASK64


class Rng:
    """xoshiro256** generator, the reference twin of ``valdora_ai._rng.Rng``.

    >>> rng = Rng(42)
    >>> 0 <= rng.randbelow(6) < 6
    True
    """

    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, seed: int) -> None:
        """Seed the generator (ValdoraError for anything `check_seed` refuses)."""
        state = check_seed(seed)
        state, self._s0 = splitmix64(state)
        state, self._s1 = splitmix64(state)
        state, self._s2 = splitmix64(state)
        state, self._s3 = splitmix64(state)

    # -- core ---------------------------------------------------------------

    def next_u64(self) -> int:
        """Return the next raw 64-bit output, an int in ``[0, 2**64)``."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        return result

    def randbelow(self, n: int) -> int:
        """Return an unbiased int in ``[0, n)``; requires ``1 <= n < 2**32``."""
        if not 1 <= n < _TWO_POW_32:
            raise ValueError(f"randbelow: n must satisfy 1 <= n < 2**32, got {n}")
        limit = (_TWO_POW_64 // n) * n
        x = self.next_u64()
        while x >= limit:
            x = self.next_u64()
        return x % n

    def random(self) -> float:
        """Return a float in ``[0.0, 1.0)`` built from the top 53 bits of one draw."""
        return (self.next_u64() >> 11) * _INV_TWO_POW_53

    # -- helpers ------------------------------------------------------------

    def shuffle(self, lst: MutableSequence[object]) -> None:
        """Shuffle ``lst`` in place (Fisher-Yates, from the last index down to 1)."""
        for i in range(len(lst) - 1, 0, -1):
            j = self.randbelow(i + 1)
            lst[i], lst[j] = lst[j], lst[i]

    def choice(self, seq: Sequence[T]) -> T:
        """Return ``seq[randbelow(len(seq))]``; raises ``IndexError`` if ``seq`` is empty."""
        if len(seq) == 0:
            raise IndexError("choice: cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def choice_weighted(self, weights: Sequence[float]) -> int:
        """Return index ``i`` with probability ``weights[i] / sum(weights)``.

        Weights must be finite and ``>= 0`` with a positive sum. Exactly one
        ``random()`` draw is consumed. The sum is accumulated left to right with plain
        float additions (not ``sum()``, which is compensated from Python 3.12 on and
        would differ from the C loop). If rounding lets the scan run past the end, the
        last index with a positive weight is returned.
        """
        ws = [float(w) for w in weights]
        total = 0.0
        last_positive = -1
        for i, w in enumerate(ws):
            if not (w >= 0.0 and math.isfinite(w)):
                raise ValueError(f"choice_weighted: weight {i} is {w!r}; need finite >= 0")
            if w > 0.0:
                last_positive = i
            total += w
        if not (total > 0.0 and math.isfinite(total)):
            raise ValueError("choice_weighted: weights must have a finite positive sum")
        target = self.random() * total
        acc = 0.0
        for i, w in enumerate(ws):
            acc += w
            if target < acc:
                return i
        return last_positive

    # -- state --------------------------------------------------------------

    def getstate(self) -> tuple[int, int, int, int]:
        """Return the four state words; feed them to :meth:`setstate` to resume."""
        return (self._s0, self._s1, self._s2, self._s3)

    def setstate(self, state: tuple[int, int, int, int]) -> None:
        """Restore a state returned by :meth:`getstate` (of either engine)."""
        words = tuple(operator.index(w) for w in state)
        if len(words) != 4:
            raise ValueError(f"setstate: expected 4 words, got {len(words)}")
        if any(not 0 <= w <= MASK64 for w in words):
            raise ValueError("setstate: every word must be in [0, 2**64)")
        if not any(words):
            raise ValueError("setstate: the all-zero state is invalid for xoshiro256**")
        self._s0, self._s1, self._s2, self._s3 = words

    def spawn(self) -> Rng:
        """Return a new, independent generator seeded with ``self.next_u64()``."""
        return Rng(self.next_u64())

    # -- pickling (e.g. for joblib workers) ---------------------------------

    def __reduce__(self) -> tuple[object, ...]:
        return (Rng, (0,), self.getstate())

    def __setstate__(self, state: tuple[int, int, int, int]) -> None:
        self.setstate(state)

    def __repr__(self) -> str:
        return f"<valdora_ai.rng.Rng (pure) state={self.getstate()!r}>"
