# The compiled core of The Valley of Alchemists: valdora_ai/games/alchemists/rules.py and
# heuristics.py in C.
#
# The reference engine is the specification: every C function mirrors the reference
# method named in its docstring, and tests/test_alchemists_parity.py runs both engines in
# lockstep. Component numbers come from the loaded AlchemistsData (AlchTables), step
# codes and the chest's lines from valdora_ai.games.alchemists.steps at import time, so
# nothing the data file or steps.py holds is written twice. Everything below the tables
# is `noexcept nogil` C over plain structs; AlchemistsCompiledState is the Python face.

cimport cython
from libc.string cimport memset

from rng cimport RngState, rng_below, rng_choice_weighted, rng_shuffle_ints

from valdora_ai.games.refusals import illegal_step, not_a_code, step_code
from valdora_ai.errors import ValdoraError
from valdora_ai.games.state_check import check_as_position
from valdora_ai.games.alchemists import steps as _S
from valdora_ai.games.alchemists import rules as _R

DEF MAXC = 128      # elixir cards (data.MAX_CARDS)
DEF MAXI = 4        # ingredient types
DEF MAXD = 6        # decoction colours
DEF MAXT = 10       # skill track spaces
DEF MAXF = 10       # face-up spaces
DEF MAXP = 4        # players
DEF NCELL = 9
DEF NLINE = 8
DEF LLEN = 3
DEF MAXSTEPS = 640  # more than any position's legal steps (chance: at most MAXC)
DEF MAXMARK = 64

# Rule constants, read once from the Python modules that define them.
cdef int EMPTY = _R.EMPTY
cdef int NONE = _R.NONE
cdef int CHANCE = _R.CHANCE
cdef int TERMINAL = _R.TERMINAL
cdef int SETUP = _R.SETUP
cdef int CHOOSE = _R.CHOOSE
cdef int BREWING = _R.BREWING
cdef int MAKING = _R.MAKING
cdef int SELLING = _R.SELLING
cdef int END = _S.END
cdef int STOP = _S.STOP
cdef int SKILL_BASE = _S.SKILL_BASE
cdef int COLLECT_BASE = _S.COLLECT_BASE
cdef int BREW_BASE = _S.BREW_BASE
cdef int MAKE_BASE = _S.MAKE_BASE
cdef int REARRANGE_BASE = _S.REARRANGE_BASE
cdef int SELL_BASE = _S.SELL_BASE
cdef int TOKEN_BASE = _S.TOKEN_BASE
cdef int TRANSFORM_BASE = _S.TRANSFORM_BASE
cdef int TRANSFORM_END = _S.TRANSFORM_BASE + _S.MAX_DECOCTIONS ** 2 * _S.TRANSFORM_PAIR_STRIDE
cdef int CHANCE_BASE = _S.CHANCE_BASE
cdef int STEP_LIMIT = _S.STEP_LIMIT
cdef int STRIDE = _S.TRANSFORM_PAIR_STRIDE
cdef int MAX_DEC_CODES = _S.MAX_DECOCTIONS
cdef int N_TOKENS = _S.N_TOKENS
cdef int SHAPE_TOKEN = _S.SHAPE_TOKEN
cdef int COLOUR_TOKEN = _S.COLOUR_TOKEN
cdef int LEVEL_TOKEN = _S.LEVEL_TOKEN
cdef int TRANSFORM_TOKEN = _S.TRANSFORM_TOKEN
cdef int PAIRS[6][2]
cdef int LINES[NLINE][LLEN]
cdef int MAX_LEVEL = _R.MAX_LEVEL

# The greedy policy's weights, read from heuristics.py (the one place they live).
from valdora_ai.games.alchemists import heuristics as _H
cdef double SKILL_WEIGHT = _H.SKILL_WEIGHT
cdef double MATCH0 = _H.MATCH_WEIGHTS[0]
cdef double MATCH1 = _H.MATCH_WEIGHTS[1]
cdef double MATCH2 = _H.MATCH_WEIGHTS[2]

assert _S.CELLS == NCELL and _S.LINE_LENGTH == LLEN and len(_S.LINES) == NLINE
assert _S.SLOTS <= MAXF and len(_S.PAIRS) <= 6
for _i, _pair in enumerate(_S.PAIRS):
    PAIRS[_i][0], PAIRS[_i][1] = _pair
# The collect steps for each set of ingredient types that would give a positive amount
# (as bits): two pairs collect the same amounts exactly when the same types of theirs
# are in the set, so the first pair of each distinct non-empty overlap is listed.
cdef int N_COLLECTS[1 << MAXI]
cdef int COLLECTS[1 << MAXI][6]
for _mask in range(1 << MAXI):
    _kept = []
    for _i, _pair in enumerate(_S.PAIRS):
        _overlap = _mask & sum(1 << _t for _t in _pair)
        if _overlap and _overlap not in _kept:
            _kept.append(_overlap)
            COLLECTS[_mask][N_COLLECTS[_mask]] = _i
            N_COLLECTS[_mask] += 1
cdef unsigned int LINE_MASK[NLINE]  # each line's cells as bits
for _i, _line in enumerate(_S.LINES):
    LINES[_i][0], LINES[_i][1], LINES[_i][2] = _line
    LINE_MASK[_i] = sum(1 << _cell for _cell in _line)

DEF POLICY_RANDOM = 0
DEF POLICY_GREEDY = 1
DEF POLICY_QUICK = 2  # the former greedy (heuristics.quick_step)
_POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY, "quick": POLICY_QUICK}
DEF BUNDLE = 3  # heuristics.BUNDLE
cdef double MAKE_COST = _H.MAKE_COST
cdef int BUNDLE_AMONG = _H.BUNDLE_AMONG


cdef struct Tab:
    int n_ing, n_dec, n_shapes, track_len, start_points, ing_limit, dec_limit, actions
    int shape_bonus, colour_bonus, level_bonus, face_up, n_cards
    int stall_safeguard, stall_rounds
    int track[MAXT]
    int recipes[MAXD][MAXI]
    int deck_size[MAXP + 1]
    int colours[MAXC]
    int multi[MAXC]
    int shape[MAXC]
    int level[MAXC]
    int cost[MAXC][MAXD]
    int bonus[MAXC][MAXI]
    int ep[MAXC]
    int bonus_sum[MAXC]
    # Byte-packed counts (one byte a colour or type, every count below 128: the data's
    # limits are at most data.MAX_LIMIT), so "holds at least" is one subtraction: see _covers.
    unsigned long long cost_packed[MAXC]
    unsigned long long recipe_packed[MAXD]


cdef struct Pl:
    int skills[MAXI]
    int ing[MAXI]
    int dec[MAXD]
    int moved_from, moved_to, moved
    int tokens[4]
    signed char chest[NCELL]
    signed char sold[MAXC]
    int n_sold
    signed char markers[MAXMARK]
    int n_markers


cdef struct St:
    int n, current, phase, actions_left, order, points_left, sale_line
    int sale_tokens[LLEN]
    int refilling, rounds, turns, end_triggered, capped, over
    int deck_count, world, box_len
    signed char deck[MAXC]  # top card last
    signed char box[MAXC]
    signed char face_up[MAXF]
    Pl players[MAXP]


cdef unsigned long long BYTE_HIGH = (<unsigned long long>0x80808080u << 32) | 0x80808080u


cdef inline unsigned long long _packed(const int* counts, int n) noexcept nogil:
    """Counts 0..127 packed one byte each, the first in the lowest byte."""
    cdef unsigned long long packed = 0
    cdef int i
    for i in range(n):
        packed |= (<unsigned long long>counts[i]) << (8 * i)
    return packed


cdef inline bint _covers(unsigned long long have, unsigned long long need) noexcept nogil:
    """Every byte of `have` at least the same byte of `need` (SWAR: with each byte's high
    bit set first, a byte's subtraction never borrows from the next, and its high bit
    survives exactly when have >= need there)."""
    return ((have | BYTE_HIGH) - need) & BYTE_HIGH == BYTE_HIGH


cdef class AlchTables:
    """The loaded AlchemistsData and Options as C tables (the numbers stay in the file)."""

    cdef Tab t
    cdef readonly object data
    cdef readonly object options

    def __init__(self, data, options):
        cdef int i, c, k
        self.data, self.options = data, options
        memset(&self.t, 0, sizeof(Tab))
        track = data.tracks[options.track]
        if (len(data.ingredients) > MAXI or len(data.decoctions) > MAXD
                or len(track) > MAXT or len(data.elixirs) > MAXC or data.face_up > MAXF):
            raise ValdoraError("the component data exceed the compiled core's tables")
        self.t.n_ing = len(data.ingredients)
        self.t.n_dec = len(data.decoctions)
        self.t.n_shapes = len(data.shapes)
        self.t.track_len = len(track)
        for i, v in enumerate(track):
            self.t.track[i] = v
        self.t.start_points = data.start_points
        for c, recipe in enumerate(data.recipes):
            for i, v in enumerate(recipe):
                self.t.recipes[c][i] = v
            self.t.recipe_packed[c] = _packed(self.t.recipes[c], MAXI)
        self.t.ing_limit = data.ingredient_limit
        self.t.dec_limit = data.decoction_limit
        self.t.actions = data.actions_per_turn
        self.t.shape_bonus = data.shape_bonus
        self.t.colour_bonus = data.colour_bonus
        self.t.level_bonus = data.level_bonus
        for k, v in data.deck_size.items():
            self.t.deck_size[k] = v
        self.t.face_up = data.face_up
        self.t.n_cards = len(data.elixirs)
        for c, card in enumerate(data.elixirs):
            self.t.colours[c] = card.colours
            self.t.multi[c] = card.multi
            self.t.shape[c] = card.shape
            self.t.level[c] = card.level
            for i, v in enumerate(card.cost):
                self.t.cost[c][i] = v
            self.t.cost_packed[c] = _packed(self.t.cost[c], MAXD)
            for i, v in enumerate(card.bonus):
                self.t.bonus[c][i] = v
            self.t.bonus_sum[c] = sum(card.bonus)
            self.t.ep[c] = card.ep
        self.t.stall_safeguard = options.stall_safeguard
        self.t.stall_rounds = options.stall_rounds


_tables_cache = {}


def tables_for(data, options):
    """The AlchTables of (data, options), built once per pair."""
    key = (id(data), options)
    found = _tables_cache.get(key)
    if found is None or found.data is not data:
        found = _tables_cache[key] = AlchTables(data, options)
    return found


# ===================================================================== rules (rules.py)
cdef inline int _held(const Pl* p, int colour) noexcept nogil:
    """Player.held: decoctions counting as `colour`, transformed ones included."""
    return p.dec[colour] + (p.moved if colour == p.moved_to else 0)


cdef inline int _total_dec(const Tab* t, const Pl* p) noexcept nogil:
    cdef int c, total = p.moved
    for c in range(t.n_dec):
        total += p.dec[c]
    return total


cdef inline int _skill_value(const Tab* t, const Pl* p, int track) noexcept nogil:
    return t.track[p.skills[track]]


cdef int _unseen(const Tab* t, const St* s, int* out) noexcept nogil:
    """AlchemistsState.unseen: the cards never face up, ascending."""
    cdef char known[MAXC]
    cdef int i, j, n = 0
    cdef const Pl* p
    memset(known, 0, MAXC)
    for i in range(t.face_up):
        if s.face_up[i] != EMPTY:
            known[s.face_up[i]] = 1
    for j in range(s.n):
        p = &s.players[j]
        for i in range(NCELL):
            if p.chest[i] != EMPTY:
                known[p.chest[i]] = 1
        for i in range(p.n_sold):
            known[p.sold[i]] = 1
    for i in range(t.n_cards):
        if not known[i]:
            out[n] = i
            n += 1
    return n


cdef void _collect_amounts(const Tab* t, const Pl* p, int pair, int* amounts) noexcept nogil:
    """AlchemistsState.collect_amounts (VII.1)."""
    cdef int k, tr, room, v
    for k in range(t.n_ing):
        amounts[k] = 0
    for k in range(2):
        tr = PAIRS[pair][k]
        if tr < t.n_ing:
            room = t.ing_limit - p.ing[tr]
            v = _skill_value(t, p, tr)
            amounts[tr] = v if v < room else room


cdef inline int _board_dec(const Tab* t, const Pl* p, int colour) noexcept nogil:
    return t.dec_limit - p.dec[colour] - (p.moved if colour == p.moved_from else 0)


# The pieces an action phase's legal list is made of, in _legal's order after its first
# step (END or STOP): computed once, then written out whole (_legal) or counted and drawn
# from (_random_step).
cdef struct Parts:
    int first           # END or STOP
    int n_collect
    int collect[6]      # pair indices
    int n_brew
    int brew[MAXD]      # colours
    int n_cards
    int cards[MAXF]     # face-up spaces to make from
    int n_cells
    unsigned int cells  # the empty chest cells to make into, as bits
    int rearranging     # CHOOSE: rearrange steps are listed
    int n_rearrange
    int n_sell
    int sell[NLINE]     # lines
    int n_transform     # (src, dst, count) steps; 0 without the transform token


cdef void _parts(const Tab* t, const St* s, Parts* q) noexcept nogil:
    """The parts of the legal list of CHOOSE, BREWING or MAKING (AlchemistsState.legal_steps).

    Hot in random play-outs, so the loops read locals: the collects from a table by the
    types that would give a positive amount (COLLECTS), the chest as a bit mask of its
    empty cells, and whether a player can pay or brew as one packed comparison."""
    cdef int k, i, c, tr, first, empties = 0, n_dec = t.n_dec
    cdef int empty = EMPTY, phase = s.phase
    cdef int n_collect = 0, n_brew = 0, n_cards = 0, n_cells = 0, n_sell = 0, n_rearrange = 0
    cdef int transform = 0, card, full
    cdef unsigned int mask, empty_cells = 0
    cdef unsigned long long held = 0, ingredients
    cdef const Pl* p = &s.players[s.current]
    q.first = END if phase == CHOOSE else STOP
    if phase == CHOOSE:
        mask = 0
        for tr in range(t.n_ing):
            if t.ing_limit > p.ing[tr] and _skill_value(t, p, tr) > 0:
                mask |= 1u << tr
        n_collect = N_COLLECTS[mask]
        for k in range(n_collect):
            q.collect[k] = COLLECTS[mask][k]
    for i in range(NCELL):
        if p.chest[i] == empty:
            empty_cells |= 1u << i
    if phase == CHOOSE or phase == BREWING:
        first = s.order if phase == BREWING and s.order > 0 else 0
        ingredients = _packed(p.ing, MAXI)
        for c in range(first, n_dec):
            if (_covers(ingredients, t.recipe_packed[c]) and _held(p, c) < t.dec_limit
                    and _board_dec(t, p, c) > 0):
                q.brew[n_brew] = c
                n_brew += 1
    if phase == CHOOSE or phase == MAKING:
        q.cells = empty_cells
        n_cells = _popcount(empty_cells)
        if n_cells:
            for c in range(n_dec):
                held |= (<unsigned long long>_held(p, c)) << (8 * c)
            first = s.order + 1 if phase == MAKING else 0
            for i in range(first, t.face_up):
                card = s.face_up[i]
                if card != empty and _covers(held, t.cost_packed[card]):
                    q.cards[n_cards] = i
                    n_cards += 1
    if phase == CHOOSE:
        for i in range(NCELL):  # a card to an empty cell before it, or any cell after it
            full = 1 - (empty_cells >> i & 1u)
            n_rearrange += full * (empties + NCELL - 1 - i)
            empties += 1 - full
        for k in range(NLINE):
            if not empty_cells & LINE_MASK[k]:
                q.sell[n_sell] = k
                n_sell += 1
    if p.tokens[TRANSFORM_TOKEN]:
        for c in range(n_dec):
            transform += (n_dec - 1) * p.dec[c]
    q.n_collect, q.n_brew, q.n_cards, q.n_cells = n_collect, n_brew, n_cards, n_cells
    q.rearranging, q.n_rearrange, q.n_sell, q.n_transform = (
        phase == CHOOSE, n_rearrange, n_sell, transform)


cdef int _rearrange_step(const Pl* p, int k) noexcept nogil:
    """The k-th rearrange step of _legal's list (0 <= k < Parts.n_rearrange)."""
    cdef int i, j, empties = 0, size
    for i in range(NCELL):
        if p.chest[i] == EMPTY:
            empties += 1
            continue
        size = empties + NCELL - 1 - i
        if k < size:
            if k >= empties:
                return REARRANGE_BASE + i * NCELL + i + 1 + k - empties
            for j in range(i):
                if p.chest[j] == EMPTY:
                    if k == 0:
                        return REARRANGE_BASE + i * NCELL + j
                    k -= 1
        k -= size
    return -1


cdef int _transform_step(const Tab* t, const Pl* p, int k) noexcept nogil:
    """The k-th transform step of _legal's list (0 <= k < Parts.n_transform)."""
    cdef int src, dst
    for src in range(t.n_dec):
        for dst in range(t.n_dec):
            if dst == src or not p.dec[src]:
                continue
            if k < p.dec[src]:
                return TRANSFORM_BASE + (src * MAX_DEC_CODES + dst) * STRIDE + k
            k -= p.dec[src]
    return -1


cdef int _legal(const Tab* t, const St* s, int* out) noexcept nogil:
    """AlchemistsState.legal_steps, ascending as the reference lists them."""
    cdef int n = 0, k, i, j, cell, src, dst, cnt
    cdef const Pl* p
    cdef Parts q
    if s.over:
        return 0
    if s.refilling:
        n = _unseen(t, s, out)
        for k in range(n):
            out[k] += CHANCE_BASE
        return n
    p = &s.players[s.current]
    if s.phase == SETUP:
        for k in range(t.n_ing):
            if k >= s.order and p.skills[k] < t.track_len - 1:
                out[n] = SKILL_BASE + k
                n += 1
        if n == 0:
            out[0] = END
            n = 1
        return n
    if s.phase == SELLING:
        out[0] = STOP
        n = 1
        for k in range(s.order + 1, N_TOKENS):
            if not p.tokens[k]:
                continue
            for i in range(LLEN):
                cell = p.chest[LINES[s.sale_line][i]]
                if s.sale_tokens[i] == NONE and not t.multi[cell]:
                    out[n] = TOKEN_BASE + k * LLEN + i
                    n += 1
        return n
    _parts(t, s, &q)
    out[0] = q.first
    n = 1
    for k in range(q.n_collect):
        out[n] = COLLECT_BASE + q.collect[k]
        n += 1
    for k in range(q.n_brew):
        out[n] = BREW_BASE + q.brew[k]
        n += 1
    for i in range(q.n_cards):
        for j in range(NCELL):
            if q.cells >> j & 1u:
                out[n] = MAKE_BASE + q.cards[i] * NCELL + j
                n += 1
    if q.rearranging:
        for i in range(NCELL):
            if p.chest[i] == EMPTY:
                continue
            cell = REARRANGE_BASE + i * NCELL
            for j in range(i):
                if p.chest[j] == EMPTY:
                    out[n] = cell + j
                    n += 1
            for j in range(i + 1, NCELL):
                out[n] = cell + j
                n += 1
    for k in range(q.n_sell):
        out[n] = SELL_BASE + q.sell[k]
        n += 1
    if q.n_transform:
        for src in range(t.n_dec):
            if not p.dec[src]:
                continue
            for dst in range(t.n_dec):
                if dst == src:
                    continue
                for cnt in range(1, p.dec[src] + 1):
                    out[n] = TRANSFORM_BASE + (src * MAX_DEC_CODES + dst) * STRIDE + cnt - 1
                    n += 1
    return n


cdef int _random_step(const Tab* t, const St* s, RngState* rng) noexcept nogil:
    """``legal[rng_below(rng, len(legal))]`` of _legal's list, one draw as the reference's
    random policy makes it, but in an action phase without writing the list out: the
    parts are counted and only the drawn step is built (most of an action list is
    rearrange steps, which a random play-out seldom draws)."""
    cdef int legal[MAXSTEPS]
    cdef int n, k, made
    cdef Parts q
    if s.over or s.refilling or s.phase == SETUP or s.phase == SELLING:
        n = _legal(t, s, legal)
        return legal[rng_below(rng, n)]
    _parts(t, s, &q)
    made = q.n_cards * q.n_cells
    n = 1 + q.n_collect + q.n_brew + made + q.n_rearrange + q.n_sell + q.n_transform
    k = rng_below(rng, n)
    if k == 0:
        return q.first
    k -= 1
    if k < q.n_collect:
        return COLLECT_BASE + q.collect[k]
    k -= q.n_collect
    if k < q.n_brew:
        return BREW_BASE + q.brew[k]
    k -= q.n_brew
    if k < made:
        return MAKE_BASE + q.cards[k // q.n_cells] * NCELL + _nth_bit(q.cells, k % q.n_cells)
    k -= made
    if k < q.n_rearrange:
        return _rearrange_step(&s.players[s.current], k)
    k -= q.n_rearrange
    if k < q.n_sell:
        return SELL_BASE + q.sell[k]
    return _transform_step(t, &s.players[s.current], k - q.n_sell)


cdef int _line_bonus(const Tab* t, const int* cards, const int* tokens) noexcept nogil:
    """rules.line_bonus: each attribute takes its best naming (VII.5)."""
    cdef unsigned int shapes = 0xFFFFFFFF, levels = 0xFFFFFFFF
    cdef int sets[LLEN][MAXD * MAXD]
    cdef int sizes[LLEN]
    cdef int i, c, c2, card, tok, n_kept, best = 0, shared, a, b, d
    cdef int kept[2]
    cdef unsigned int all_shapes = (1u << t.n_shapes) - 1
    cdef unsigned int all_levels = ((1u << (MAX_LEVEL + 1)) - 1) & ~1u
    for i in range(LLEN):
        card, tok = cards[i], tokens[i]
        if t.multi[card] or tok == SHAPE_TOKEN:
            shapes &= all_shapes
        else:
            shapes &= 1u << t.shape[card]
        if t.multi[card] or tok == LEVEL_TOKEN:
            levels &= all_levels
        else:
            levels &= 1u << t.level[card]
        sizes[i] = 0
        if t.multi[card]:
            for c in range(t.n_dec):
                sets[i][sizes[i]] = 1 << c
                sizes[i] += 1
        elif tok == COLOUR_TOKEN:
            n_kept = 0
            for c in range(t.n_dec):
                if t.colours[card] >> c & 1:
                    kept[n_kept] = 1 << c
                    n_kept += 1
            if n_kept == 1:
                for c in range(t.n_dec):
                    sets[i][sizes[i]] = 1 << c
                    sizes[i] += 1
            else:
                for c2 in range(n_kept):
                    for c in range(t.n_dec):
                        sets[i][sizes[i]] = kept[c2] | 1 << c
                        sizes[i] += 1
        else:
            sets[i][0] = t.colours[card]
            sizes[i] = 1
    for a in range(sizes[0]):
        for b in range(sizes[1]):
            for d in range(sizes[2]):
                shared = _popcount(sets[0][a] & sets[1][b] & sets[2][d])
                if shared > best:
                    best = shared
    return ((t.shape_bonus if shapes else 0) + (t.level_bonus if levels else 0)
            + t.colour_bonus * best)


cdef inline int _popcount(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline int _nth_bit(unsigned int x, int k) noexcept nogil:
    """The index of the k-th (from 0) set bit of x, lowest first."""
    while k:
        x &= x - 1
        k -= 1
    return _lowest_bit(x)


cdef extern from *:
    int __builtin_ctz(unsigned int x) noexcept nogil  # GCC and Clang: trailing zero bits


cdef inline int _lowest_bit(unsigned int x) noexcept nogil:
    """The index of the lowest set bit of x (x != 0)."""
    return __builtin_ctz(x)


cdef void _pass_turn(const Tab* t, St* s) noexcept nogil:
    """AlchemistsState._pass_turn (IX and the stall safeguard)."""
    s.turns += 1
    if s.current == s.n - 1:
        s.rounds += 1
        if s.end_triggered:
            s.over = 1
        elif t.stall_safeguard and s.rounds >= t.stall_rounds:
            s.over = s.capped = 1
    s.current = (s.current + 1) % s.n
    s.actions_left = t.actions


cdef void _determinize(const Tab* t, St* s, RngState* rng) noexcept nogil:
    """info.determinize on a belief state with at least deck_count unseen cards: the
    unseen cards (ascending) shuffled as Rng.shuffle shuffles, the first deck_count
    the deck (top last), the rest the box, ascending."""
    cdef int cards[MAXC]
    cdef char boxed[MAXC]
    cdef int n = _unseen(t, s, cards), i
    rng_shuffle_ints(rng, cards, n)
    for i in range(s.deck_count):
        s.deck[i] = cards[i]
    memset(boxed, 0, MAXC)
    for i in range(s.deck_count, n):
        boxed[cards[i]] = 1
    s.box_len = 0
    for i in range(t.n_cards):  # the box in ascending order
        if boxed[i]:
            s.box[s.box_len] = i
            s.box_len += 1
    s.world = 1


cdef void _place(St* s, int card) noexcept nogil:
    cdef int i = 0
    while s.face_up[i] != EMPTY:
        i += 1
    s.face_up[i] = card
    s.deck_count -= 1
    if not s.deck_count:
        s.end_triggered = 1


cdef inline bint _has_empty_space(const Tab* t, const St* s) noexcept nogil:
    cdef int i
    for i in range(t.face_up):
        if s.face_up[i] == EMPTY:
            return True
    return False


cdef void _refill(const Tab* t, St* s) noexcept nogil:
    """AlchemistsState._refill: a belief state stops at a chance node per draw."""
    while s.deck_count and _has_empty_space(t, s):
        if not s.world:
            s.refilling = 1
            return
        _place(s, s.deck[s.deck_count - 1])
    _pass_turn(t, s)


cdef inline void _end_turn(const Tab* t, St* s) noexcept nogil:
    s.phase = CHOOSE
    s.order = NONE
    _refill(t, s)


cdef inline void _after_action(const Tab* t, St* s) noexcept nogil:
    s.phase = CHOOSE
    s.order = NONE
    if not s.actions_left:
        _end_turn(t, s)


cdef void _next_setup_seat(const Tab* t, St* s) noexcept nogil:
    s.order = NONE
    s.points_left = t.start_points
    if s.current == s.n - 1:
        s.current = 0
        s.phase = CHOOSE
    else:
        s.current += 1


cdef void _score_sale(const Tab* t, St* s, Pl* p) noexcept nogil:
    """AlchemistsState._score_sale (VII.5)."""
    cdef int cards[LLEN]
    cdef int i, bonus
    for i in range(LLEN):
        cards[i] = p.chest[LINES[s.sale_line][i]]
    bonus = _line_bonus(t, cards, s.sale_tokens)
    if bonus:
        p.markers[p.n_markers] = bonus
        p.n_markers += 1
    for i in range(LLEN):
        if s.sale_tokens[i] != NONE:
            p.tokens[s.sale_tokens[i]] = 0
    for i in range(LLEN):
        p.chest[LINES[s.sale_line][i]] = EMPTY
        p.sold[p.n_sold] = cards[i]
        p.n_sold += 1
        s.sale_tokens[i] = NONE
    s.sale_line = NONE


cdef void _spend(Pl* p, int colour, int need) noexcept nogil:
    cdef int used
    if colour == p.moved_to and need:
        used = need if need < p.moved else p.moved
        p.moved -= used
        need -= used
        if not p.moved:
            p.moved_from = p.moved_to = NONE
    p.dec[colour] -= need


cdef void _apply(const Tab* t, St* s, int step) noexcept nogil:
    """AlchemistsState.apply: a legal step (trusted)."""
    cdef Pl* p
    cdef int arg, k, card, slot, cell, top, v, src, dst, cnt, tmp
    cdef int amounts[MAXI]
    if s.refilling:
        s.refilling = 0
        _place(s, step - CHANCE_BASE)
        _refill(t, s)
        return
    p = &s.players[s.current]
    if step == END:
        if s.phase == SETUP:
            _next_setup_seat(t, s)
        else:
            _end_turn(t, s)
    elif step == STOP:
        if s.phase == SELLING:
            _score_sale(t, s, p)
        _after_action(t, s)
    elif step < COLLECT_BASE:
        arg = step - SKILL_BASE
        p.skills[arg] += 1
        s.order = arg
        s.points_left -= 1
        if not s.points_left:
            _next_setup_seat(t, s)
    elif step < BREW_BASE:
        s.actions_left -= 1
        _collect_amounts(t, p, step - COLLECT_BASE, amounts)
        for k in range(t.n_ing):
            p.ing[k] += amounts[k]
        _after_action(t, s)
    elif step < MAKE_BASE:
        arg = step - BREW_BASE
        if s.phase == CHOOSE:
            s.actions_left -= 1
            s.phase = BREWING
        for k in range(t.n_ing):
            p.ing[k] -= t.recipes[arg][k]
        p.dec[arg] += 1
        s.order = arg
    elif step < REARRANGE_BASE:
        slot, cell = divmod(step - MAKE_BASE, NCELL)
        if s.phase == CHOOSE:
            s.actions_left -= 1
            s.phase = MAKING
        card = s.face_up[slot]
        for k in range(t.n_dec):
            _spend(p, k, t.cost[card][k])
        top = t.track_len - 1
        for k in range(t.n_ing):
            v = p.skills[k] + t.bonus[card][k]
            p.skills[k] = v if v < top else top
        p.chest[cell] = card
        s.face_up[slot] = EMPTY
        s.order = slot
    elif step < SELL_BASE:
        s.actions_left -= 1
        src, dst = divmod(step - REARRANGE_BASE, NCELL)
        tmp = p.chest[src]
        p.chest[src] = p.chest[dst]
        p.chest[dst] = tmp
        _after_action(t, s)
    elif step < TOKEN_BASE:
        s.actions_left -= 1
        s.phase = SELLING
        s.sale_line = step - SELL_BASE
        s.order = NONE
    elif step < TRANSFORM_BASE:
        k, cell = divmod(step - TOKEN_BASE, LLEN)
        s.sale_tokens[cell] = k
        s.order = k
    else:
        arg, cnt = divmod(step - TRANSFORM_BASE, STRIDE)
        src, dst = divmod(arg, MAX_DEC_CODES)
        p.tokens[TRANSFORM_TOKEN] = 0
        p.dec[src] -= cnt + 1
        p.moved_from, p.moved_to, p.moved = src, dst, cnt + 1
        if s.phase == BREWING or s.phase == MAKING:
            s.order = NONE


cdef int _current_player(const St* s) noexcept nogil:
    if s.over:
        return TERMINAL
    if s.refilling:
        return CHANCE
    return s.current


cdef void _score_parts(const Tab* t, const St* s, int seat, int* parts) noexcept nogil:
    """AlchemistsState.score_lines for one seat: sold, markers, chest, decoctions, made,
    held decoctions, held ingredients."""
    cdef const Pl* p = &s.players[seat]
    cdef int i, total_dec = _total_dec(t, p)
    memset(parts, 0, 7 * sizeof(int))
    for i in range(p.n_sold):
        parts[0] += t.ep[p.sold[i]]
    for i in range(p.n_markers):
        parts[1] += p.markers[i]
    parts[4] = p.n_sold
    for i in range(NCELL):
        if p.chest[i] != EMPTY:
            parts[2] += t.ep[p.chest[i]]
            parts[4] += 1
    parts[3] = total_dec // 2
    parts[5] = total_dec
    for i in range(t.n_ing):
        parts[6] += p.ing[i]


cdef int _score(const Tab* t, const St* s, int seat) noexcept nogil:
    cdef int parts[7]
    _score_parts(t, s, seat, parts)
    return parts[0] + parts[1] + parts[2] + parts[3]


include "alchemists_greedy.pxi"
include "alchemists_state.pxi"
