# C-level interface of the Valdora random generator (module valdora_ai._rng).
#
# Algorithm: xoshiro256** seeded by four splitmix64 outputs; it must stay bit-identical
# to the reference in valdora_ai/rng.py (tests/test_rng.py compares the streams).
#
# The functions are defined here as `cdef inline`, not just declared, on purpose:
#
# * Cython finds a .pxd by the cimported module name. This file is named `rng.pxd`
#   but its extension is built as `valdora_ai._rng`, so a declaration-only .pxd is
#   never paired with rng.pyx (no C-API gets exported), and a module doing
#   `from rng cimport rng_next` would try `import rng` at run time and fail.
#   Inline functions need no run-time import, so any module in cext/ can simply
#
#       from rng cimport RngState, rng_seed, rng_next, rng_below, rng_random
#
#   (setup.py puts cext/ on Cython's include path).
# * The generator sits in the innermost loops (rollouts, shuffles); inlining lets the
#   C compiler keep the state in registers instead of calling through a pointer.
#
# All functions are `noexcept nogil`; callers must uphold the preconditions noted below,
# nothing is checked here.

from libc.float cimport DBL_MAX
from libc.stdint cimport uint32_t, uint64_t


cdef struct RngState:
    uint64_t s[4]


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t _splitmix64(uint64_t* state) noexcept nogil:
    """Advance a splitmix64 state in place and return its next output."""
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void rng_seed(RngState* r, uint64_t seed) noexcept nogil:
    """Seed `r` from a 64-bit seed (callers reduce Python ints modulo 2**64 first)."""
    cdef uint64_t sm = seed
    r.s[0] = _splitmix64(&sm)
    r.s[1] = _splitmix64(&sm)
    r.s[2] = _splitmix64(&sm)
    r.s[3] = _splitmix64(&sm)


cdef inline uint64_t rng_next(RngState* r) noexcept nogil:
    """Next raw 64-bit output of xoshiro256**."""
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result


cdef inline uint32_t rng_below(RngState* r, uint32_t n) noexcept nogil:
    """Unbiased integer in [0, n). Precondition: n >= 1.

    Same rejection rule as the reference: accept x < limit with
    limit = (2**64 // n) * n = 2**64 - (2**64 % n); when 2**64 % n == 0 every x is
    accepted. (0 - n) % n computes 2**64 % n in unsigned 64-bit arithmetic.
    """
    cdef uint64_t n64 = n
    cdef uint64_t rem = (<uint64_t>0 - n64) % n64
    cdef uint64_t limit
    cdef uint64_t x = rng_next(r)
    if rem != 0:
        limit = <uint64_t>0 - rem
        while x >= limit:
            x = rng_next(r)
    return <uint32_t>(x % n64)


cdef inline void rng_shuffle_ints(RngState* r, int* a, int n) noexcept nogil:
    """Rng.shuffle over `a[0:n]`: Fisher-Yates from the last index down to 1."""
    cdef int i = n - 1, j, t
    while i > 0:
        j = rng_below(r, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i -= 1


cdef inline double rng_random(RngState* r) noexcept nogil:
    """Float in [0, 1): the top 53 bits of one draw times 2**-53 (exact)."""
    return <double>(rng_next(r) >> 11) * (1.0 / 9007199254740992.0)


cdef inline Py_ssize_t rng_choice_weighted(
    RngState* r, const double* weights, Py_ssize_t n
) noexcept nogil:
    """Index i with probability weights[i] / sum(weights), using one rng_random() draw.

    Returns -1, without consuming a draw, if a weight is negative, NaN or infinite, or
    if the sum is not finite and positive. Summation is left to right, as in the
    reference; if rounding lets the scan run off the end, the last positive index wins.
    """
    cdef double total = 0.0
    cdef double acc = 0.0
    cdef double target
    cdef double w
    cdef Py_ssize_t i
    cdef Py_ssize_t last_positive = -1
    for i in range(n):
        w = weights[i]
        if not (w >= 0.0 and w <= DBL_MAX):
            return -1
        if w > 0.0:
            last_positive = i
        total += w
    if not (total > 0.0 and total <= DBL_MAX):
        return -1
    target = rng_random(r) * total
    for i in range(n):
        acc += weights[i]
        if target < acc:
            return i
    return last_positive
