# Compiled twin of valdora_ai/rng.py, built as valdora_ai._rng.
#
# The algorithm lives in rng.pxd (cdef inline functions, cimported below); this module
# wraps it in a Python-level class `Rng` with exactly the API of valdora_ai.rng.Rng.
# Compiler directives are set once, in setup.py.

import operator

from valdora_ai.rng import check_seed

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.math cimport isfinite
from libc.stdint cimport uint32_t, uint64_t

from rng cimport (
    RngState,
    rng_below,
    rng_choice_weighted,
    rng_next,
    rng_random,
    rng_seed,
)

__all__ = ["Rng"]

cdef object _TWO_POW_32 = 1 << 32
cdef object _MASK64 = (1 << 64) - 1


cdef class Rng:
    """xoshiro256** generator; the compiled twin of ``valdora_ai.rng.Rng``.

    Same seed, same stream as the pure-Python reference. Compiled code that needs a
    generator in a hot loop should keep its own ``RngState`` and use the inline
    functions from rng.pxd directly; ``getstate``/``setstate`` move a stream between
    this class, the pure class and such a raw state.
    """

    cdef RngState state

    def __init__(self, seed):
        """Seed the generator (ValdoraError for anything `check_seed` refuses)."""
        cdef uint64_t s = check_seed(seed)
        rng_seed(&self.state, s)

    def next_u64(self):
        """Return the next raw 64-bit output, an int in ``[0, 2**64)``."""
        return rng_next(&self.state)

    def randbelow(self, n):
        """Return an unbiased int in ``[0, n)``; requires ``1 <= n < 2**32``."""
        if not 1 <= n < _TWO_POW_32:
            raise ValueError(f"randbelow: n must satisfy 1 <= n < 2**32, got {n}")
        return rng_below(&self.state, <uint32_t>n)

    def random(self):
        """Return a float in ``[0.0, 1.0)`` built from the top 53 bits of one draw."""
        return rng_random(&self.state)

    def shuffle(self, lst):
        """Shuffle ``lst`` in place (Fisher-Yates, from the last index down to 1)."""
        cdef Py_ssize_t i, j
        cdef Py_ssize_t n = len(lst)
        if n > _TWO_POW_32:
            raise ValueError(f"shuffle: at most 2**32 items, got {n}")
        for i in range(n - 1, 0, -1):
            j = rng_below(&self.state, <uint32_t>(i + 1))
            lst[i], lst[j] = lst[j], lst[i]

    def choice(self, seq):
        """Return ``seq[randbelow(len(seq))]``; raises ``IndexError`` if ``seq`` is empty."""
        cdef Py_ssize_t n = len(seq)
        if n == 0:
            raise IndexError("choice: cannot choose from an empty sequence")
        if n >= _TWO_POW_32:
            raise ValueError(f"randbelow: n must satisfy 1 <= n < 2**32, got {n}")
        return seq[rng_below(&self.state, <uint32_t>n)]

    def choice_weighted(self, weights):
        """Return index ``i`` with probability ``weights[i] / sum(weights)``.

        Same validation, same single ``random()`` draw and same left-to-right
        summation as the reference implementation.
        """
        cdef list ws = [float(w) for w in weights]
        cdef Py_ssize_t n = len(ws)
        cdef Py_ssize_t i
        cdef Py_ssize_t result
        cdef double w
        cdef double total = 0.0
        cdef double* buf
        for i in range(n):
            w = ws[i]
            if not (w >= 0.0 and isfinite(w)):
                raise ValueError(f"choice_weighted: weight {i} is {ws[i]!r}; need finite >= 0")
            total += w
        if not (total > 0.0 and isfinite(total)):
            raise ValueError("choice_weighted: weights must have a finite positive sum")
        buf = <double*>PyMem_Malloc(n * sizeof(double))
        if buf == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                buf[i] = ws[i]
            result = rng_choice_weighted(&self.state, buf, n)
        finally:
            PyMem_Free(buf)
        return result

    def getstate(self):
        """Return the four state words; feed them to :meth:`setstate` to resume."""
        return (self.state.s[0], self.state.s[1], self.state.s[2], self.state.s[3])

    def setstate(self, state):
        """Restore a state returned by :meth:`getstate` (of either engine)."""
        cdef uint64_t w0, w1, w2, w3
        if (type(state) is tuple and len(state) == 4 and type(state[0]) is int
                and type(state[1]) is int and type(state[2]) is int
                and type(state[3]) is int):
            # The compiled cores hand a stream back after every call into C: four
            # ints that fit take this path; anything else gets the checks below.
            try:
                w0, w1, w2, w3 = state[0], state[1], state[2], state[3]
            except OverflowError:
                pass
            else:
                if w0 | w1 | w2 | w3:
                    self.state.s[0], self.state.s[1] = w0, w1
                    self.state.s[2], self.state.s[3] = w2, w3
                    return
        words = tuple(operator.index(w) for w in state)
        if len(words) != 4:
            raise ValueError(f"setstate: expected 4 words, got {len(words)}")
        if any(not 0 <= w <= _MASK64 for w in words):
            raise ValueError("setstate: every word must be in [0, 2**64)")
        if not any(words):
            raise ValueError("setstate: the all-zero state is invalid for xoshiro256**")
        for i in range(4):
            self.state.s[i] = <uint64_t>words[i]

    def spawn(self):
        """Return a new, independent generator seeded with ``self.next_u64()``."""
        return Rng(rng_next(&self.state))

    def __reduce__(self):
        return (Rng, (0,), self.getstate())

    def __setstate__(self, state):
        self.setstate(state)

    def __repr__(self):
        return f"<valdora_ai._rng.Rng (compiled) state={self.getstate()!r}>"
