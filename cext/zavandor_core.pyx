# The compiled Gnomes of Zavandor core: the rules of valdora_ai/games/zavandor/rules.py
# in C, for worlds (the real game and determinizations) and belief states (an observer's
# view: its reveals are chance nodes over the ids the observer cannot rule out, each
# with the continuation of the action it interrupted, as in the reference).
#
# This file holds the C rules (setup, legal steps, chance outcomes, apply, scoring,
# play-outs) over the structs below, all `noexcept nogil`. zavandor_greedy.pxi ports
# heuristics.py (the greedy policy and the score estimate, float for float);
# zavandor_state.pxi is the Python face (ZavandorData -> ZData, CompiledZavandorState);
# zavandor_sample.pxi draws determinizations (info.fill_unknown) from a belief state.
# Every C function mirrors the reference method named in its docstring;
# tests/test_zavandor_parity.py runs both engines in lockstep.
#
# No number of the data file is written here: the component tables come from the loaded
# ZavandorData. The step layout, the phases and the heuristic weights are read from
# their Python modules when this module is imported (module-level C globals), so they
# have one definition. The DEF sizes below are capacities, checked against the data
# when its tables are built.

from libc.math cimport pow
from libc.stdint cimport int8_t, uint8_t, uint32_t

from rng cimport RngState, rng_below, rng_choice_weighted, rng_shuffle_ints

from valdora_ai.games.zavandor import data as _D
from valdora_ai.games.zavandor import heuristics as _H
from valdora_ai.games.zavandor import rules as _R
from valdora_ai.games.zavandor import steps as _S

DEF NG = 4          # gem types (data.N_GEMS, checked at import)
DEF MAXP = 4        # players
DEF MAXS = 32       # board spaces = mining-rights tiles (data.MAX_SPACES)
DEF MAXC = 16       # cards per deck
DEF MAXDISP = 3     # face-up cards per deck
DEF MAXTR = 6       # trader cards
DEF MAXMK = 8       # markers on one Emeromobile
DEF MAXPMK = 64     # markers one player holds
DEF MAXOWN = 32     # cards one player owns
DEF MAXREM = 8      # removed setup cards
DEF MAXREC = 8      # chance steps one step can record
DEF MAXSTEPS = 128  # legal steps at one node
DEF MAXCHOICE = 4096  # mining choices (decision 13) at one miner

if _D.N_GEMS != NG:
    raise ImportError("valdora_ai._zavandor_core was built for another number of gem types")

# ----------------------------------------------------------------- shared constants
cdef int SAMPLE_BASE = _S.SAMPLE_BASE
cdef int BUY_GEM_BASE = _S.BUY_GEM_BASE
cdef int SELL_GEM_BASE = _S.SELL_GEM_BASE
cdef int DRAW_BASE = _S.DRAW_BASE
cdef int BUY_TILE_BASE = _S.BUY_TILE_BASE
cdef int BUY_ITEM_BASE = _S.BUY_ITEM_BASE
cdef int ITEM_SLOTS = _S.ITEM_SLOTS
cdef int HAND_SLOT = _S.HAND_SLOT
cdef int TAKE_TRADER_BASE = _S.TAKE_TRADER_BASE
cdef int USE_TRADER_BASE = _S.USE_TRADER_BASE
cdef int TAKE_GOLD = _S.TAKE_GOLD
cdef int COUNT_BASE = _S.COUNT_BASE
cdef int MARKER_BASE = _S.MARKER_BASE
cdef int KEEP_BASE = _S.KEEP_BASE
cdef int ORDER_BASE = _S.ORDER_BASE
cdef int PRISMS_BASE = _S.PRISMS_BASE
cdef int MINE_USE_BASE = _S.MINE_USE_BASE
cdef int WILD_BASE = _S.WILD_BASE
cdef int CHANCE_BASE = _S.CHANCE_BASE
cdef int STEP_LIMIT = _S.STEP_LIMIT

cdef int CHANCE = _R.CHANCE
cdef int TERMINAL = _R.TERMINAL
cdef int WORLD = _R.WORLD
cdef int EMPTY = _R.EMPTY
cdef int ACTION = _R.ACTION
cdef int MARKER = _R.MARKER
cdef int BUY_COUNT = _R.BUY_COUNT
cdef int SELL_COUNT = _R.SELL_COUNT
cdef int TRADE_COUNT = _R.TRADE_COUNT
cdef int KEEP = _R.KEEP
cdef int ORDER = _R.ORDER
cdef int PRISMS = _R.PRISMS
cdef int MINE_USE = _R.MINE_USE
cdef int WILD = _R.WILD
cdef int OVER = _R.OVER
cdef int CONT_NONE = _R.CONT_NONE
cdef int CONT_END_ACTION = _R.CONT_END_ACTION
cdef int CONT_TAKE_TILE = _R.CONT_TAKE_TILE
cdef int CONT_PAY_ITEM = _R.CONT_PAY_ITEM
cdef int UNKNOWN = _R.UNKNOWN

cdef int N_DISTRICTS = _D.N_DISTRICTS
cdef int CENTER = _D.CENTER
cdef int ARTIFACT = _D.ARTIFACT
# card kinds: 0 a jewel, 1 + the index in data.ARTIFACT_KINDS for an artifact
cdef int K_GNOMUNCULUS = 1 + _D.ARTIFACT_KINDS.index("gnomunculus")
cdef int K_ALCHEMISTER = 1 + _D.ARTIFACT_KINDS.index("alchemister")
cdef int K_CONVERTOR = 1 + _D.ARTIFACT_KINDS.index("convertor")
cdef int K_EMEROMOBILE = 1 + _D.ARTIFACT_KINDS.index("emeromobile")
cdef int K_HOOVERMATIC = 1 + _D.ARTIFACT_KINDS.index("hoovermatic")

# What a pending chance node reveals (rules.Reveal's first word): a world has only the
# setup's ("gnome",), ("start",); a belief state also the ids its observer learns.
DEF R_GNOME = 0     # ("gnome",)
DEF R_START = 1     # ("start",)
DEF R_TILE = 2      # ("tile", space)
DEF R_DRAWN = 3     # ("drawn", index)
DEF R_DISPLAY = 4   # ("display", deck, slot, level)
DEF R_HELD = 5      # ("held", seat)
DEF R_HAND = 6      # ("hand", seat)
DEF MAXREV = 4      # reveals pending at once (two setup reveals, two drawn cards)

DEF POLICY_RANDOM = 0
DEF POLICY_GREEDY = 1
DEF POLICY_QUICK = 2  # the former greedy (heuristics.quick_step)


# ----------------------------------------------------------------- structs
ctypedef struct Slot:  # rules.Slot: [deck, level, id, knowledge mask]
    int8_t deck
    int8_t level
    int8_t id
    uint8_t mask


ctypedef struct ZData:  # the ZavandorData tables and the rule options
    int n_tiles
    int8_t tile_gem[MAXS]
    int8_t tile_wild[MAXS]
    int8_t tile_vp[MAXS]
    int8_t tile_light[MAXS]
    int n_spaces
    int8_t space_district[MAXS]
    int8_t space_cost[MAXS][NG]
    uint32_t district_spaces[MAXS]  # each district's spaces as bits (index: district)
    # Costs packed one byte a gem (each at most data.MAX_COUNT): _shortfall.
    uint32_t space_cost_packed[MAXS]
    uint32_t card_cost_packed[2][MAXC]
    uint32_t all_spaces  # every space as bits
    int n_cards[2]
    int8_t card_level[2][MAXC]
    int8_t card_cost[2][MAXC][NG]
    int8_t card_vp[2][MAXC]
    int8_t card_kind[2][MAXC]
    int card_value[2][MAXC]
    int8_t card_bold[2][MAXC]
    int8_t n_card_markers[2][MAXC]
    int8_t card_markers[2][MAXC][MAXMK]
    int n_traders
    int8_t trader_a[MAXTR]
    int8_t trader_b[MAXTR]
    int start_gold, actions_per_round, gem_trade_max, trader_max, take_gold, sample_cost
    int price_min, price_max
    int start_prices[NG]
    int vp_target[MAXP + 1]
    int removed_level_1[MAXP + 1]
    int hoover_num[MAXP + 1]
    int hoover_den[MAXP + 1]
    int display_size, correction_round, correction_gems_per_step
    bint expert_discount, prism_raises_price, hoover_per_gem
    int emero_floor, max_rounds


ctypedef struct Reveal:  # rules.Reveal: (what, a, b, c), unused arguments 0
    int8_t what
    int8_t a
    int8_t b
    int8_t c


ctypedef struct ZState:  # the fields of rules.ZavandorState (a world or a belief state)
    const ZData* d
    int n, observer, viewer, round, start, gnome, current, phase
    int actions_left[MAXP]
    int gold[MAXP]
    int gems[MAXP][NG]
    int prisms[MAXP]
    int n_markers[MAXP]
    int8_t markers[MAXP][MAXPMK]
    int trader[MAXP]
    int n_tiles[MAXP]
    int8_t tiles[MAXP][MAXS]
    int n_owned[MAXP]
    int8_t owned_deck[MAXP][MAXOWN]
    int8_t owned_id[MAXP][MAXOWN]
    int samples[MAXP]
    int cur[NG]
    int tgt[NG]
    int8_t board[MAXS]
    uint8_t known[MAXS]
    # Derived from board and known, kept up to date where they change (_board_masks):
    # the spaces with a tile, and each seat's spaces whose tile it knows, as bits.
    uint32_t filled
    uint32_t known_by[MAXP]
    # Derived from tiles, kept up to date where a tile is taken (_count_tiles): each
    # seat's tiles of each gem type, and its wilds.
    int tile_count[MAXP][NG]
    int tile_wilds[MAXP]
    int n_pile[2]
    Slot piles[2][MAXC]  # bottom first
    int8_t display[2][MAXDISP]
    int discount[MAXDISP][2]
    bint has_hand[MAXP]
    Slot hand[MAXP]
    int n_removed
    Slot removed[MAXREM]
    int n_drawn
    Slot drawn[2]
    int n_returning
    Slot returning[2]
    bint tile_bought, end_triggered, capped
    int pend_gem, pend_marker, pend_space, pend_deck, pend_slot, pend_colour
    int pend_cost[NG]
    int pend_used[NG]
    int mine_pos, n_mine_used, mine_wilds
    int mine_used[NG]
    int mine_picks[NG]
    int n_reveals
    Reveal reveals[MAXREV]  # pending, the next first
    int cont
    bint recording
    int n_rec
    int rec[MAXREC]


ctypedef struct Choice:  # one (tiles used per gem type, wilds used) of mining_choices
    int8_t used[NG]
    int8_t wilds


# ----------------------------------------------------------------- small helpers
cdef inline int _imax(int a, int b) noexcept nogil:
    return a if a >= b else b


cdef inline int _imin(int a, int b) noexcept nogil:
    return a if a <= b else b


cdef inline int ceil_div(int a, int b) noexcept nogil:
    """rules.ceil_div for a >= 0, b > 0."""
    return (a + b - 1) // b


cdef inline int mined_by_tiles(int count) noexcept nogil:
    """rules.mined_by_tiles: 1 gem for the first tile of a type, 2 for each further one."""
    return 2 * count - 1 if count else 0


cdef inline void _sort(int* a, int n) noexcept nogil:
    """Insertion sort, ascending (the lists are short)."""
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef inline int _vp(const ZState* s, int seat) noexcept nogil:
    """ZavandorState.vp: mining-rights tiles, artifacts and jewelry."""
    cdef int i, total = 0
    for i in range(s.n_tiles[seat]):
        total += s.d.tile_vp[s.tiles[seat][i]]
    for i in range(s.n_owned[seat]):
        total += s.d.card_vp[s.owned_deck[seat][i]][s.owned_id[seat][i]]
    return total


cdef inline int _count_kind(const ZState* s, int seat, int kind) noexcept nogil:
    cdef int i, count = 0
    for i in range(s.n_owned[seat]):
        if s.d.card_kind[s.owned_deck[seat][i]][s.owned_id[seat][i]] == kind:
            count += 1
    return count


cdef inline int _alchemy(const ZState* s, int seat) noexcept nogil:
    """Alchemister gold `seat` takes each mining round."""
    cdef int i, deck, ident, total = 0
    for i in range(s.n_owned[seat]):
        deck = s.owned_deck[seat][i]
        ident = s.owned_id[seat][i]
        if s.d.card_kind[deck][ident] == K_ALCHEMISTER:
            total += s.d.card_value[deck][ident]
    return total


cdef inline int _clamp(const ZState* s, int price) noexcept nogil:
    """ZavandorState.clamp: prices stay within the data's bounds."""
    return _imax(s.d.price_min, _imin(s.d.price_max, price))


cdef void _board_masks(ZState* s) noexcept nogil:
    """Set ZState.filled and known_by from board and known (a new or converted state)."""
    cdef int sp, q
    s.filled = 0
    for q in range(MAXP):
        s.known_by[q] = 0
    for sp in range(s.d.n_spaces):
        if s.board[sp] != EMPTY:
            s.filled |= 1u << sp
        for q in range(s.n):
            if s.known[sp] >> q & 1:
                s.known_by[q] |= 1u << sp


cdef inline bint _buyable(const ZState* s, int space) noexcept nogil:
    """A space of ZavandorState.buyable_spaces."""
    cdef int district = s.d.space_district[space]
    return s.board[space] != EMPTY and (district == s.gnome or district == CENTER)


cdef inline void _item_cost(const ZState* s, int deck, int slot, int ident, int* cost
                            ) noexcept nogil:
    """ZavandorState.item_cost: less the upright discount gems on a face-up artifact."""
    cdef int g, bold
    for g in range(NG):
        cost[g] = s.d.card_cost[deck][ident][g]
    if deck == ARTIFACT and slot < HAND_SLOT and s.d.expert_discount:
        bold = s.d.card_bold[deck][ident]
        cost[bold] = _imax(0, cost[bold] - s.discount[slot][0])


cdef inline uint32_t _item_cost_packed(const ZState* s, int deck, int slot, int ident
                                       ) noexcept nogil:
    """_item_cost, one byte a gem."""
    cdef uint32_t cost = s.d.card_cost_packed[deck][ident]
    cdef int bold, shift, old
    if deck == ARTIFACT and slot < HAND_SLOT and s.d.expert_discount:
        bold = s.d.card_bold[deck][ident]
        shift = 8 * bold
        old = (cost >> shift) & 0xFF
        cost = (cost & ~(<uint32_t>0xFF << shift)) | (<uint32_t>_imax(0, old - s.discount[slot][0])
                                                    << shift)
    return cost


cdef inline bint _can_pay_item(const ZState* s, int seat, int deck, int slot, int ident,
                               uint32_t gems, bint gems_fit) noexcept nogil:
    """Whether `seat` can pay for the item (prisms standing in), packed when its gems fit."""
    cdef int cost[NG]
    if gems_fit:
        return _shortfall(_item_cost_packed(s, deck, slot, ident), gems) <= s.prisms[seat]
    _item_cost(s, deck, slot, ident, cost)
    return _can_pay(s, seat, cost)


cdef inline bint _can_pay(const ZState* s, int seat, const int* cost) noexcept nogil:
    """ZavandorState.can_pay: prisms stand in for missing gems."""
    cdef int g, missing = 0
    for g in range(NG):
        missing += _imax(0, cost[g] - s.gems[seat][g])
    return missing <= s.prisms[seat]


cdef inline uint32_t _packed_gems(const ZState* s, int seat, bint* fits) noexcept nogil:
    """The seat's gems one byte a type, and whether every count fits (below 128)."""
    cdef uint32_t packed = 0
    cdef int g
    fits[0] = True
    for g in range(NG):
        fits[0] = fits[0] and s.gems[seat][g] < 128
        packed |= (<uint32_t>(s.gems[seat][g] & 0x7F)) << (8 * g)
    return packed


cdef inline int _shortfall(uint32_t cost, uint32_t gems) noexcept nogil:
    """The sum over the four bytes of max(0, cost - gems), each byte below 128 (SWAR:
    with each cost byte's high bit set first a byte's subtraction never borrows, and
    its high bit survives exactly where cost >= gems, which masks the shortfalls)."""
    cdef uint32_t d = (cost | 0x80808080u) - gems
    cdef uint32_t ge = d & 0x80808080u
    cdef uint32_t short = d & (ge - (ge >> 7))
    short = (short & 0x00FF00FFu) + ((short >> 8) & 0x00FF00FFu)
    return <int>((short & 0xFFFFu) + (short >> 16))


cdef inline bint _can_pay8(const ZState* s, int seat, const int8_t* cost) noexcept nogil:
    cdef int c[NG]
    cdef int g
    for g in range(NG):
        c[g] = cost[g]
    return _can_pay(s, seat, c)


cdef inline int _unit_price(const ZState* s, int gem, int marker) noexcept nogil:
    """ZavandorState.unit_price: with an Emeromobile marker (decision 10's floor)."""
    if not marker:
        return s.cur[gem]
    return _imax(s.d.emero_floor, s.cur[gem] - marker)


cdef inline int _target_vp(const ZState* s) noexcept nogil:
    return s.d.vp_target[s.n]


# ----------------------------------------------------------------- queries
cdef int z_current_player(const ZState* s) noexcept nogil:
    if s.phase == OVER:
        return TERMINAL
    if s.n_reveals:
        return CHANCE
    return s.current


cdef int _tile_pool(const ZState* s, int space, int* out) noexcept nogil:
    """ZavandorState.tile_pool: the tiles of the space's back nobody's id rules out
    (none on the board with an id, none owned), ascending."""
    cdef bint seen[MAXS]
    cdef int t, q, i, n = 0
    cdef bint light = s.d.space_district[space] == CENTER
    for t in range(s.d.n_tiles):
        seen[t] = False
    for q in range(s.n):
        for i in range(s.n_tiles[q]):
            seen[s.tiles[q][i]] = True
    for i in range(s.d.n_spaces):
        if s.board[i] >= 0:
            seen[s.board[i]] = True
    for t in range(s.d.n_tiles):
        if (s.d.tile_light[t] != 0) == light and not seen[t]:
            out[n] = t
            n += 1
    return n


cdef inline void _see_slot(const Slot* slot, int deck, bint* seen) noexcept nogil:
    if slot.deck == deck and slot.id >= 0:
        seen[slot.id] = True


cdef int _card_pool(const ZState* s, int deck, int level, int* out) noexcept nogil:
    """ZavandorState.card_pool: the cards of that deck and level no id rules out."""
    cdef bint seen[MAXC]
    cdef int i, q, n = 0, dk
    for i in range(s.d.n_cards[deck]):
        seen[i] = False
    for q in range(s.n):
        for i in range(s.n_owned[q]):
            if s.owned_deck[q][i] == deck:
                seen[s.owned_id[q][i]] = True
        if s.has_hand[q]:
            _see_slot(&s.hand[q], deck, seen)
    for i in range(s.d.display_size):
        if s.display[deck][i] >= 0:
            seen[s.display[deck][i]] = True
    for dk in range(2):
        for i in range(s.n_pile[dk]):
            _see_slot(&s.piles[dk][i], deck, seen)
    for i in range(s.n_removed):
        _see_slot(&s.removed[i], deck, seen)
    for i in range(s.n_drawn):
        _see_slot(&s.drawn[i], deck, seen)
    for i in range(s.n_returning):
        _see_slot(&s.returning[i], deck, seen)
    for i in range(s.d.n_cards[deck]):
        if s.d.card_level[deck][i] == level and not seen[i]:
            out[n] = i
            n += 1
    return n


cdef int _affordable_hand_ids(const ZState* s, int p, int* out) noexcept nogil:
    """ZavandorState._affordable_hand_ids: the ids `p`'s unknown hand card can have and
    `p` can pay for."""
    cdef int pool[MAXC]
    cdef int cost[NG]
    cdef int n = _card_pool(s, s.hand[p].deck, s.hand[p].level, pool), i, m = 0
    for i in range(n):
        _item_cost(s, s.hand[p].deck, HAND_SLOT, pool[i], cost)
        if _can_pay(s, p, cost):
            out[m] = pool[i]
            m += 1
    return m


cdef int z_chance_values(const ZState* s, int* out) noexcept nogil:
    """ZavandorState._reveal_values of the next pending reveal, ascending (all equally
    likely); how many."""
    cdef const Reveal* r = &s.reveals[0]
    cdef int i
    if r.what == R_GNOME or r.what == R_START:
        for i in range(N_DISTRICTS if r.what == R_GNOME else s.n):
            out[i] = i
        return N_DISTRICTS if r.what == R_GNOME else s.n
    if r.what == R_TILE:
        return _tile_pool(s, r.a, out)
    if r.what == R_DRAWN:
        return _card_pool(s, s.drawn[r.a].deck, s.drawn[r.a].level, out)
    if r.what == R_DISPLAY:
        return _card_pool(s, r.a, r.c, out)
    if r.what == R_HELD:
        return _card_pool(s, s.hand[r.a].deck, s.hand[r.a].level, out)
    return _affordable_hand_ids(s, r.a, out)  # R_HAND


cdef int _prism_options(const ZState* s, int* low) noexcept nogil:
    """ZavandorState._prism_options: the options are low[0] .. low[0] + count - 1."""
    cdef int p = s.current, c = s.pend_colour, g, later = 0, used = 0, high
    for g in range(c + 1, NG):
        later += _imax(0, s.pend_cost[g] - s.gems[p][g])
    for g in range(NG):
        used += s.pend_used[g]
    low[0] = _imax(0, s.pend_cost[c] - s.gems[p][c])
    high = _imin(s.pend_cost[c], s.prisms[p] - used - later)
    return _imax(0, high - low[0] + 1)


cdef extern from *:
    int __builtin_ctz(unsigned int x) noexcept nogil  # GCC and Clang: trailing zero bits


cdef inline int _lowest_bit(uint32_t x) noexcept nogil:
    """The index of the lowest set bit of x (x != 0)."""
    return __builtin_ctz(x)


cdef inline int _write_bits(int* out, int n, uint32_t bits, int base) noexcept nogil:
    """Write base + i for each set bit i of `bits`, lowest first, from out[n]; the new n."""
    while bits:
        out[n] = base + _lowest_bit(bits)
        n += 1
        bits &= bits - 1
    return n


cdef int _legal_actions(const ZState* s, int* out) noexcept nogil:
    cdef int p = s.current, n = 0, sp, g, k, deck, slot, ident, t, cheapest, price, low, high
    cdef int bit = 1 << p
    cdef uint32_t filled, unseen, buyable, taken
    cdef bint gems_fit
    cdef uint32_t gems = _packed_gems(s, p, &gems_fit)
    cdef int ids[MAXC]
    cdef bint held
    # Written out in ascending order, group after group (as the step codes run), so the
    # list needs no sort; spaces as bit masks. Hot in random play-outs.
    filled = s.filled
    unseen = s.d.all_spaces & ~s.known_by[p]
    if s.gold[p] >= s.d.sample_cost:
        n = _write_bits(out, n, filled & unseen, SAMPLE_BASE)
    for g in range(NG):
        cheapest = s.cur[g]
        for k in range(s.n_markers[p]):
            price = _unit_price(s, g, s.markers[p][k])
            if price < cheapest:
                cheapest = price
        if cheapest <= s.gold[p]:
            out[n] = BUY_GEM_BASE + g
            n += 1
    for g in range(NG):
        if s.gems[p][g]:
            out[n] = SELL_GEM_BASE + g
            n += 1
    for deck in range(2):
        if s.n_pile[deck]:
            out[n] = DRAW_BASE + deck
            n += 1
    buyable = filled & s.d.district_spaces[CENTER]  # _buyable's spaces
    if 0 <= s.gnome < N_DISTRICTS:
        buyable |= filled & s.d.district_spaces[s.gnome]
    while buyable:
        sp = _lowest_bit(buyable)
        buyable &= buyable - 1
        if (_shortfall(s.d.space_cost_packed[sp], gems) <= s.prisms[p] if gems_fit
                else _can_pay8(s, p, s.d.space_cost[sp])):
            out[n] = BUY_TILE_BASE + sp
            n += 1
    for deck in range(2):
        for slot in range(s.d.display_size):
            ident = s.display[deck][slot]
            if ident >= 0 and _can_pay_item(s, p, deck, slot, ident, gems, gems_fit):
                out[n] = BUY_ITEM_BASE + deck * ITEM_SLOTS + slot
                n += 1
        if s.has_hand[p] and s.hand[p].deck == deck:  # the hand slot follows the display's
            if s.hand[p].id == UNKNOWN:  # a belief state: some id it may have is payable
                held = _affordable_hand_ids(s, p, ids) > 0
            else:
                held = _can_pay_item(s, p, deck, HAND_SLOT, s.hand[p].id, gems, gems_fit)
            if held:
                out[n] = BUY_ITEM_BASE + deck * ITEM_SLOTS + HAND_SLOT
                n += 1
    taken = 0
    for k in range(s.n):
        if s.trader[k] >= 0:
            taken |= 1u << s.trader[k]
    n = _write_bits(out, n, ((1u << s.d.n_traders) - 1) & ~taken, TAKE_TRADER_BASE)
    if s.trader[p] >= 0:
        t = s.trader[p]
        low = _imin(s.d.trader_a[t], s.d.trader_b[t])
        high = _imax(s.d.trader_a[t], s.d.trader_b[t])
        if s.gems[p][low]:
            out[n] = USE_TRADER_BASE + low
            n += 1
        if s.gems[p][high]:
            out[n] = USE_TRADER_BASE + high
            n += 1
    out[n] = TAKE_GOLD
    n += 1
    return n


cdef int z_legal_steps(const ZState* s, int* out) noexcept nogil:
    """ZavandorState.legal_steps: ascending."""
    cdef int n = 0, p = s.current, k, v, unit, top, low, count
    cdef bint seen
    if s.phase == OVER:
        return 0
    if s.n_reveals:
        n = z_chance_values(s, out)
        for k in range(n):
            out[k] += CHANCE_BASE
        return n
    if s.phase == ACTION:
        return _legal_actions(s, out)
    if s.phase == MARKER:
        if s.cur[s.pend_gem] <= s.gold[p]:
            out[n] = MARKER_BASE
            n += 1
        for k in range(s.n_markers[p]):  # sorted: skip repeats
            v = s.markers[p][k]
            seen = k > 0 and s.markers[p][k - 1] == v
            if not seen and _unit_price(s, s.pend_gem, v) <= s.gold[p]:
                out[n] = MARKER_BASE + v
                n += 1
        return n
    if s.phase == BUY_COUNT:
        unit = _unit_price(s, s.pend_gem, s.pend_marker)
        for k in range(1, s.d.gem_trade_max + 1):
            if k * unit <= s.gold[p]:
                out[n] = COUNT_BASE + k
                n += 1
        return n
    if s.phase == SELL_COUNT or s.phase == TRADE_COUNT:
        top = s.d.gem_trade_max if s.phase == SELL_COUNT else s.d.trader_max
        top = _imin(top, s.gems[p][s.pend_gem])
        for k in range(1, top + 1):
            out[k - 1] = COUNT_BASE + k
        return top
    if s.phase == KEEP:
        out[0] = KEEP_BASE
        out[1] = KEEP_BASE + 1
        return 2
    if s.phase == ORDER:
        out[0] = ORDER_BASE
        out[1] = ORDER_BASE + 1
        return 2
    if s.phase == PRISMS:
        count = _prism_options(s, &low)
        for k in range(count):
            out[k] = PRISMS_BASE + low + k
        return count
    if s.phase == MINE_USE:
        count = _mine_use_options(s, out)
        for k in range(count):
            out[k] += MINE_USE_BASE
        return count
    for k in range(NG):  # WILD
        out[k] = WILD_BASE + k
    return NG


cdef bint z_is_legal(const ZState* s, int step) noexcept nogil:
    cdef int buf[MAXSTEPS]
    cdef int n = z_legal_steps(s, buf), i
    for i in range(n):
        if buf[i] == step:
            return True
    return False


# ----------------------------------------------------------------- mining (decision 13)
cdef int _hoover_owners(const ZState* s, int seat) noexcept nogil:
    """How many Hoovermatics the players other than `seat` own."""
    cdef int q, count = 0
    for q in range(s.n):
        if q != seat:
            count += _count_kind(s, q, K_HOOVERMATIC)
    return count


cdef int _mining_fee(const ZState* s, int owners, int gems, int units) noexcept nogil:
    """ZavandorState.mining_fee: gold a miner owes the `owners` Hoovermatics of the
    other players (_hoover_owners, counted once by the caller: it reads every card)."""
    cdef int mined
    if not owners:
        return 0
    mined = gems if s.d.hoover_per_gem else units
    return ceil_div(mined * s.d.hoover_num[s.n], s.d.hoover_den[s.n]) * owners


cdef void _tile_counts(const ZState* s, int seat, int* counts, int* wilds) noexcept nogil:
    """ZavandorState.tile_counts (kept up to date in the state: _count_tiles)."""
    cdef int g
    for g in range(NG):
        counts[g] = s.tile_count[seat][g]
    wilds[0] = s.tile_wilds[seat]


cdef void _count_tiles(ZState* s) noexcept nogil:
    """Set ZState.tile_count and tile_wilds from the tiles (a new or converted state)."""
    cdef int q, g, i, t
    for q in range(MAXP):
        for g in range(NG):
            s.tile_count[q][g] = 0
        s.tile_wilds[q] = 0
        for i in range(s.n_tiles[q] if q < s.n else 0):
            t = s.tiles[q][i]
            s.tile_count[q][s.d.tile_gem[t]] += 1
            s.tile_wilds[q] += s.d.tile_wild[t]


cdef inline int _choice_gems(const int* used, int w) noexcept nogil:
    cdef int g, gems = w
    for g in range(NG):
        gems += mined_by_tiles(used[g])
    return gems


cdef inline int _choice_fee(const ZState* s, int owners, const int* used, int w) noexcept nogil:
    cdef int g, units = w
    for g in range(NG):
        units += used[g]
    return _mining_fee(s, owners, _choice_gems(used, w), units)


cdef bint _next_selection(int* used, const int* counts) noexcept nogil:
    """The next tuple of itertools.product(range(c + 1) for c in counts), the last
    position moving fastest; False (and all zeros) after the last one."""
    cdef int g = NG - 1
    while g >= 0 and used[g] == counts[g]:
        used[g] = 0
        g -= 1
    if g < 0:
        return False
    used[g] += 1
    return True


cdef bint _full_mining(const ZState* s, int seat, Choice* out) noexcept nogil:
    """The miner's one mining choice when it can pay the fee for using every tile (the
    common case; then it is the whole of ZavandorState.mining_choices), else False."""
    cdef int counts[NG]
    cdef int g, wilds
    _tile_counts(s, seat, counts, &wilds)
    if _choice_fee(s, _hoover_owners(s, seat), counts, wilds) > s.gold[seat]:
        return False
    for g in range(NG):
        out.used[g] = counts[g]
    out.wilds = wilds
    return True


cdef int _mining_choices(const ZState* s, int seat, Choice* out) noexcept nogil:
    """ZavandorState.mining_choices, in the reference's (itertools.product) order: the
    affordable choices with the largest yield (two passes: the yield, then the choices)."""
    cdef int counts[NG]
    cdef int used[NG]
    cdef int wilds, gold = s.gold[seat], n = 0, g, w, most = -1, owners
    if _full_mining(s, seat, out):
        return 1
    owners = _hoover_owners(s, seat)
    _tile_counts(s, seat, counts, &wilds)
    for g in range(NG):
        used[g] = 0
    while True:
        for w in range(wilds + 1):
            if _choice_fee(s, owners, used, w) <= gold:
                most = _imax(most, _choice_gems(used, w))
        if not _next_selection(used, counts):
            break
    while True:
        for w in range(wilds + 1):
            if _choice_gems(used, w) == most and _choice_fee(s, owners, used, w) <= gold:
                if n < MAXCHOICE:
                    for g in range(NG):
                        out[n].used[g] = used[g]
                    out[n].wilds = w
                n += 1
        if not _next_selection(used, counts):
            return _imin(n, MAXCHOICE)


cdef bint _matches(const ZState* s, const Choice* c, int k) noexcept nogil:
    cdef int g
    for g in range(k):
        if c.used[g] != s.mine_used[g]:
            return False
    return True


cdef int _mine_use_options(const ZState* s, int* out) noexcept nogil:
    """ZavandorState._mine_use_options: sorted, without repeats. The common case, one
    choice, needs no room for thousands (a large frame costs a page probe each 4 kB)."""
    cdef Choice one
    if _full_mining(s, (s.start + s.mine_pos) % s.n, &one):
        return _options_among(s, &one, 1, out)
    return _options_among_all(s, out)


cdef int _options_among_all(const ZState* s, int* out) noexcept nogil:
    cdef Choice choices[MAXCHOICE]
    return _options_among(s, choices, _mining_choices(s, (s.start + s.mine_pos) % s.n,
                                                      choices), out)


cdef int _options_among(const ZState* s, const Choice* choices, int n, int* out
                        ) noexcept nogil:
    """The next tile counts the mining choices that match those used so far allow."""
    cdef int k = s.n_mine_used, i, j, m = 0, v
    cdef bint seen
    for i in range(n):
        if _matches(s, &choices[i], k):
            v = choices[i].used[k]
            seen = False
            for j in range(m):
                if out[j] == v:
                    seen = True
            if not seen:
                out[m] = v
                m += 1
    _sort(out, m)
    return m


cdef int _chosen_wilds(const ZState* s) noexcept nogil:
    """The wilds of the first choice whose tile counts are the ones used."""
    cdef Choice one
    if _full_mining(s, (s.start + s.mine_pos) % s.n, &one):
        return one.wilds if _matches(s, &one, NG) else 0
    return _chosen_wilds_among_all(s)


cdef int _chosen_wilds_among_all(const ZState* s) noexcept nogil:
    cdef Choice choices[MAXCHOICE]
    cdef int n = _mining_choices(s, (s.start + s.mine_pos) % s.n, choices), i
    for i in range(n):
        if _matches(s, &choices[i], NG):
            return choices[i].wilds
    return 0


cdef void _next_miner(ZState* s) noexcept nogil:
    """ZavandorState._next_miner: mine for each player from the start player."""
    cdef int g
    while s.mine_pos < s.n:
        s.n_mine_used = 0
        for g in range(NG):
            s.mine_used[g] = 0
            s.mine_picks[g] = 0
        s.current = (s.start + s.mine_pos) % s.n
        if not _advance_mining_choice(s):
            return
    _end_round(s)


cdef bint _advance_mining_choice(ZState* s) noexcept nogil:
    """ZavandorState._advance_mining_choice: True when this miner is done."""
    cdef int options[MAXS + 1]
    cdef int count, wilds
    while s.n_mine_used < NG:
        count = _mine_use_options(s, options)
        if count > 1:
            s.phase = MINE_USE
            return False
        s.mine_used[s.n_mine_used] = options[0]
        s.n_mine_used += 1
    wilds = _chosen_wilds(s)
    if wilds:
        s.mine_wilds = wilds
        s.phase = WILD
        return False
    _mine(s, (s.start + s.mine_pos) % s.n, False)
    return True


cdef void _mine(ZState* s, int seat, bint advance) noexcept nogil:
    """ZavandorState._mine: pay the Hoovermatic owners, take gems, then Alchemister gold."""
    cdef int gains[NG]
    cdef int g, q, k, units = 0, total = 0, owners, fee
    for g in range(NG):
        gains[g] = mined_by_tiles(s.mine_used[g]) + s.mine_picks[g]
        units += s.mine_used[g] + s.mine_picks[g]
        total += gains[g]
    owners = _hoover_owners(s, seat)
    if owners:
        fee = _mining_fee(s, owners, total, units) // owners
        for q in range(s.n):
            if q != seat:
                for k in range(_count_kind(s, q, K_HOOVERMATIC)):
                    s.gold[seat] -= fee
                    s.gold[q] += fee
    for g in range(NG):
        s.gems[seat][g] += gains[g]
        if gains[g]:
            s.tgt[g] = _clamp(s, s.tgt[g] - gains[g])
    s.gold[seat] += _alchemy(s, seat)
    s.phase = ACTION
    s.mine_pos += 1
    if advance:
        _next_miner(s)


# ----------------------------------------------------------------- turn order, rounds
cdef void _clear_pending(ZState* s) noexcept nogil:
    cdef int g
    s.pend_gem = s.pend_marker = s.pend_space = -1
    s.pend_deck = s.pend_slot = s.pend_colour = -1
    for g in range(NG):
        s.pend_cost[g] = 0
        s.pend_used[g] = 0


cdef void _end_action(ZState* s) noexcept nogil:
    """ZavandorState._end_action: check the end, pass to the next player with actions."""
    cdef int p = s.current, i, q
    if s.n_reveals:
        s.cont = CONT_END_ACTION
        return
    _clear_pending(s)
    s.phase = ACTION
    s.actions_left[p] -= 1
    for q in range(s.n):
        if _vp(s, q) >= _target_vp(s):
            s.end_triggered = True
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if s.actions_left[q] > 0:
            s.current = q
            return
    if s.end_triggered or s.round >= s.d.max_rounds:
        s.capped = not s.end_triggered
        s.phase = OVER
        return
    s.mine_pos = 0
    _next_miner(s)


cdef void _end_round(ZState* s) noexcept nogil:
    """ZavandorState._end_round."""
    cdef int g, q
    for g in range(NG):
        s.cur[g] = s.tgt[g]
    if s.d.expert_discount:
        _add_discounts(s)
    if s.tile_bought:
        _move_gnome(s)
    s.tile_bought = False
    s.start = (s.start + 1) % s.n
    s.round += 1
    if s.round == s.d.correction_round:
        _correct_market(s)
    for q in range(s.n):
        s.actions_left[q] = s.d.actions_per_round + _count_kind(s, q, K_GNOMUNCULUS)
    s.current = s.start
    s.phase = ACTION


cdef void _add_discounts(ZState* s) noexcept nogil:
    """ZavandorState._add_discounts (expert rule, decision 18)."""
    cdef int slot, ident
    for slot in range(s.d.display_size):
        ident = s.display[ARTIFACT][slot]
        if ident < 0:
            continue
        if s.discount[slot][1]:
            s.discount[slot][0] += 1
            s.discount[slot][1] = 0
        elif s.discount[slot][0] < s.d.card_cost[ARTIFACT][ident][s.d.card_bold[ARTIFACT][ident]]:
            s.discount[slot][1] = 1


cdef void _move_gnome(ZState* s) noexcept nogil:
    """ZavandorState._move_gnome: to the next district that still has a tile."""
    cdef int step, district, sp
    for step in range(1, N_DISTRICTS + 1):
        district = (s.gnome + step) % N_DISTRICTS
        for sp in range(s.d.n_spaces):
            if s.board[sp] != EMPTY and s.d.space_district[sp] == district:
                s.gnome = district
                return


cdef void _correct_market(ZState* s) noexcept nogil:
    """ZavandorState._correct_market: the round-2 correction (decision 14)."""
    cdef int top = s.cur[0], g, q, owned, drop
    for g in range(1, NG):
        top = _imax(top, s.cur[g])
    for q in range(s.n):
        s.gold[q] += top
    for g in range(NG):
        if s.cur[g] == top:
            owned = 0
            for q in range(s.n):
                owned += s.gems[q][g]
            drop = owned // s.d.correction_gems_per_step
            s.cur[g] = _clamp(s, s.cur[g] - drop)
            s.tgt[g] = _clamp(s, s.tgt[g] - drop)


# ----------------------------------------------------------------- apply
cdef inline void _reveal(ZState* s, int what, int a, int b, int c, int value, int mask,
                         bint public) noexcept nogil:
    """ZavandorState._reveal: a belief state whose observer did not know the id passes
    through the chance node (what, a, b, c); a world records the chance step the
    viewer's belief state would take."""
    cdef int bit = 0 if s.viewer == WORLD else 1 << s.viewer
    if (mask & bit) or not (public or s.current == s.viewer):
        return
    if s.observer != WORLD:
        if s.n_reveals < MAXREV:
            s.reveals[s.n_reveals].what = what
            s.reveals[s.n_reveals].a = a
            s.reveals[s.n_reveals].b = b
            s.reveals[s.n_reveals].c = c
            s.n_reveals += 1
    elif s.recording and s.n_rec < MAXREC:
        s.rec[s.n_rec] = CHANCE_BASE + value
        s.n_rec += 1


cdef void _apply_count(ZState* s, int p, int k) noexcept nogil:
    """ZavandorState._apply_count: buy, sell or trade `k` gems."""
    cdef int g = s.pend_gem, t, other, i, j
    if s.phase == BUY_COUNT:
        s.gold[p] -= k * _unit_price(s, g, s.pend_marker)
        s.gems[p][g] += k
        if s.pend_marker:
            for i in range(s.n_markers[p]):
                if s.markers[p][i] == s.pend_marker:
                    for j in range(i, s.n_markers[p] - 1):
                        s.markers[p][j] = s.markers[p][j + 1]
                    s.n_markers[p] -= 1
                    break
        s.tgt[g] = _clamp(s, s.tgt[g] + 1)
    elif s.phase == SELL_COUNT:
        s.gold[p] += k * s.cur[g]
        s.gems[p][g] -= k
        s.tgt[g] = _clamp(s, s.tgt[g] - 1)
    else:
        t = s.trader[p]
        other = s.d.trader_b[t] if g == s.d.trader_a[t] else s.d.trader_a[t]
        s.gems[p][g] -= k
        s.gems[p][other] += k
    _end_action(s)


cdef void _return_cards(ZState* s, const Slot* cards, int n) noexcept nogil:
    """ZavandorState._return_cards: under their piles, the first one lowest."""
    cdef int i, j, deck
    for i in range(n - 1, -1, -1):
        deck = cards[i].deck
        for j in range(s.n_pile[deck], 0, -1):
            s.piles[deck][j] = s.piles[deck][j - 1]
        s.piles[deck][0] = cards[i]
        s.n_pile[deck] += 1


cdef void _keep(ZState* s, int p, int index) noexcept nogil:
    """ZavandorState._keep."""
    cdef Slot back[2]
    cdef int n_back = 0, i
    for i in range(s.n_drawn):
        if i != index:
            back[n_back] = s.drawn[i]
            n_back += 1
    if s.has_hand[p]:
        back[n_back] = s.hand[p]
        n_back += 1
    s.hand[p] = s.drawn[index]
    s.has_hand[p] = True
    s.n_drawn = 0
    if n_back == 2 and back[0].deck == back[1].deck:
        s.returning[0] = back[0]
        s.returning[1] = back[1]
        s.n_returning = 2
        s.phase = ORDER
        return
    _return_cards(s, back, n_back)
    _end_action(s)


cdef void _draw(ZState* s, int p, int deck) noexcept nogil:
    """ZavandorState._draw: draw up to 2 cards; keep one."""
    cdef int i
    s.pend_deck = deck
    s.n_drawn = _imin(2, s.n_pile[deck])
    for i in range(s.n_drawn):
        s.n_pile[deck] -= 1
        s.drawn[i] = s.piles[deck][s.n_pile[deck]]
    for i in range(s.n_drawn):
        _reveal(s, R_DRAWN, i, 0, 0, s.drawn[i].id, s.drawn[i].mask, False)
        s.drawn[i].mask |= 1 << p
    if s.n_drawn == 2:
        s.phase = KEEP
        return
    if s.n_reveals:  # the single drawn card is revealed in the hand
        s.n_reveals = 1
        s.reveals[0].what = R_HELD
        s.reveals[0].a = p
        s.reveals[0].b = s.reveals[0].c = 0
    _keep(s, p, 0)


cdef inline int _pending_card_id(const ZState* s) noexcept nogil:
    if s.pend_slot == HAND_SLOT:
        return s.hand[s.current].id
    return s.display[s.pend_deck][s.pend_slot]


cdef void _begin_payment(ZState* s, const int* cost) noexcept nogil:
    cdef int g
    for g in range(NG):
        s.pend_cost[g] = cost[g]
        s.pend_used[g] = 0
    s.pend_colour = 0
    _advance_payment(s)


cdef void _advance_payment(ZState* s) noexcept nogil:
    """ZavandorState._advance_payment: settle forced prism counts; stop at a choice."""
    cdef int low, count
    while s.pend_colour < NG:
        count = _prism_options(s, &low)
        if count > 1:
            s.phase = PRISMS
            return
        s.pend_used[s.pend_colour] = low
        s.pend_colour += 1
    _pay(s)


cdef void _pay(ZState* s) noexcept nogil:
    """ZavandorState._pay: gems and prisms; target prices rise (decisions 9, 15)."""
    cdef int p = s.current, g, real, rise, space
    for g in range(NG):
        real = s.pend_cost[g] - s.pend_used[g]
        s.gems[p][g] -= real
        s.prisms[p] -= s.pend_used[g]
        rise = real + (s.pend_used[g] if s.d.prism_raises_price else 0)
        if rise:
            s.tgt[g] = _clamp(s, s.tgt[g] + rise)
    s.phase = ACTION
    if s.pend_space >= 0:
        space = s.pend_space
        _reveal(s, R_TILE, space, 0, 0, s.board[space], s.known[space], True)
        if s.n_reveals:
            s.cont = CONT_TAKE_TILE
            return
        _take_tile(s)
    else:
        _take_item(s, p)


cdef void _take_tile(ZState* s) noexcept nogil:
    """ZavandorState._take_tile."""
    cdef int p = s.current, space = s.pend_space, k
    s.n_tiles[p] += 1
    s.tiles[p][s.n_tiles[p] - 1] = s.board[space]
    s.tile_count[p][s.d.tile_gem[s.board[space]]] += 1
    s.tile_wilds[p] += s.d.tile_wild[s.board[space]]
    s.board[space] = EMPTY
    s.known[space] = 0
    s.filled &= ~(1u << space)
    for k in range(s.n):
        s.known_by[k] &= ~(1u << space)
    s.tile_bought = True
    _end_action(s)


cdef void _take_item(ZState* s, int p) noexcept nogil:
    """ZavandorState._take_item: a face-up card is replaced from the pile at once."""
    cdef int deck = s.pend_deck, slot = s.pend_slot, ident = _pending_card_id(s)
    cdef int kind, k, i, j, v
    cdef Slot top
    if slot == HAND_SLOT:
        s.has_hand[p] = False
    else:
        if deck == ARTIFACT:
            s.discount[slot][0] = 0
            s.discount[slot][1] = 0
        if s.n_pile[deck]:
            s.n_pile[deck] -= 1
            top = s.piles[deck][s.n_pile[deck]]
            s.display[deck][slot] = top.id
            _reveal(s, R_DISPLAY, deck, slot, top.level, top.id, top.mask, True)
        else:
            s.display[deck][slot] = EMPTY
    s.owned_deck[p][s.n_owned[p]] = deck
    s.owned_id[p][s.n_owned[p]] = ident
    s.n_owned[p] += 1
    kind = s.d.card_kind[deck][ident]
    if kind == K_GNOMUNCULUS:
        s.actions_left[p] += 1
    elif kind == K_CONVERTOR:
        s.prisms[p] += s.d.card_value[deck][ident]
    elif kind == K_EMEROMOBILE:
        for k in range(s.d.n_card_markers[deck][ident]):  # insert, keeping them sorted
            v = s.d.card_markers[deck][ident][k]
            i = s.n_markers[p]
            while i > 0 and s.markers[p][i - 1] > v:
                i -= 1
            for j in range(s.n_markers[p], i, -1):
                s.markers[p][j] = s.markers[p][j - 1]
            s.markers[p][i] = v
            s.n_markers[p] += 1
    _end_action(s)


cdef void _resolve(ZState* s, int value) noexcept nogil:
    """ZavandorState._resolve: the next pending reveal gets `value`; once none is left,
    the action goes on where it stopped (the continuation)."""
    cdef Reveal r = s.reveals[0]
    cdef int i, cont
    cdef int cost[NG]
    for i in range(1, s.n_reveals):
        s.reveals[i - 1] = s.reveals[i]
    s.n_reveals -= 1
    if r.what == R_GNOME:
        s.gnome = value
    elif r.what == R_START:
        s.start = s.current = value
    elif r.what == R_TILE:
        s.board[r.a] = value
    elif r.what == R_DRAWN:
        s.drawn[r.a].id = value
    elif r.what == R_DISPLAY:
        s.display[r.a][r.b] = value
    else:  # R_HAND, R_HELD
        s.hand[r.a].id = value
    if not s.n_reveals:
        cont = s.cont
        s.cont = CONT_NONE
        if cont == CONT_END_ACTION:
            _end_action(s)
        elif cont == CONT_TAKE_TILE:
            _take_tile(s)
        elif cont == CONT_PAY_ITEM:
            _item_cost(s, s.pend_deck, s.pend_slot, _pending_card_id(s), cost)
            _begin_payment(s, cost)


cdef void z_apply(ZState* s, int step) noexcept nogil:
    """ZavandorState.apply: `step` must be legal (the Python face checks)."""
    cdef int p = s.current, arg, hand_slot, space, low, count, g
    cdef int cost[NG]
    cdef Slot tmp
    if s.n_reveals:
        _resolve(s, step - CHANCE_BASE)
        return
    if step < BUY_GEM_BASE:  # sample
        s.gold[p] -= s.d.sample_cost
        s.samples[p] += 1
        _reveal(s, R_TILE, step, 0, 0, s.board[step], s.known[step], False)
        s.known[step] |= 1 << p
        s.known_by[p] |= 1u << step
    elif step < SELL_GEM_BASE:  # buy_gem
        s.pend_gem = step - BUY_GEM_BASE
        if s.n_markers[p]:
            s.phase = MARKER
        else:
            s.pend_marker = 0
            s.phase = BUY_COUNT
    elif step < DRAW_BASE:  # sell_gem
        s.pend_gem = step - SELL_GEM_BASE
        s.phase = SELL_COUNT
    elif step < BUY_TILE_BASE:  # draw
        _draw(s, p, step - DRAW_BASE)
    elif step < BUY_ITEM_BASE:  # buy_tile
        s.pend_space = step - BUY_TILE_BASE
        for g in range(NG):
            cost[g] = s.d.space_cost[s.pend_space][g]
        _begin_payment(s, cost)
    elif step < TAKE_TRADER_BASE:  # buy_item
        arg = step - BUY_ITEM_BASE
        s.pend_deck = arg // ITEM_SLOTS
        s.pend_slot = arg % ITEM_SLOTS
        if s.pend_slot == HAND_SLOT:
            _reveal(s, R_HAND, p, 0, 0, s.hand[p].id, s.hand[p].mask, True)
            if s.n_reveals:
                s.cont = CONT_PAY_ITEM
                return
        _item_cost(s, s.pend_deck, s.pend_slot, _pending_card_id(s), cost)
        _begin_payment(s, cost)
    elif step < USE_TRADER_BASE:  # take_trader
        s.trader[p] = step - TAKE_TRADER_BASE
        _end_action(s)
    elif step < TAKE_GOLD:  # use_trader
        s.pend_gem = step - USE_TRADER_BASE
        s.phase = TRADE_COUNT
    elif step == TAKE_GOLD:
        s.gold[p] += s.d.take_gold
        _end_action(s)
    elif step < MARKER_BASE:  # count
        _apply_count(s, p, step - COUNT_BASE)
    elif step < KEEP_BASE:  # marker
        s.pend_marker = step - MARKER_BASE
        s.phase = BUY_COUNT
    elif step < ORDER_BASE:  # keep
        _keep(s, p, step - KEEP_BASE)
    elif step < PRISMS_BASE:  # order
        if step - ORDER_BASE == 1:
            tmp = s.returning[0]
            s.returning[0] = s.returning[1]
            s.returning[1] = tmp
        _return_cards(s, s.returning, s.n_returning)
        s.n_returning = 0
        _end_action(s)
    elif step < MINE_USE_BASE:  # prisms
        s.pend_used[s.pend_colour] = step - PRISMS_BASE
        s.pend_colour += 1
        _advance_payment(s)
    elif step < WILD_BASE:  # mine_use
        s.mine_used[s.n_mine_used] = step - MINE_USE_BASE
        s.n_mine_used += 1
        if _advance_mining_choice(s):
            _next_miner(s)
    else:  # wild
        s.mine_picks[step - WILD_BASE] += 1
        s.mine_wilds -= 1
        if not s.mine_wilds:
            _mine(s, (s.start + s.mine_pos) % s.n, True)


# ----------------------------------------------------------------- setup
cdef void z_new(ZState* s, const ZData* d, int n, RngState* rng) noexcept nogil:
    """ZavandorState.new: set up a world, consuming `rng` as the reference does."""
    cdef int ids[MAXS]
    cdef int spaces[MAXS]
    cdef int light, k, m, i, deck, level, top_level, pos, value
    s.d = d
    s.n = n
    s.viewer = WORLD
    s.round = 1
    s.start = s.gnome = s.current = -1
    s.phase = ACTION
    for i in range(n):
        s.actions_left[i] = d.actions_per_round
        s.gold[i] = d.start_gold
        for k in range(NG):
            s.gems[i][k] = 0
        s.prisms[i] = 0
        s.n_markers[i] = 0
        s.trader[i] = -1
        s.n_tiles[i] = 0
        s.n_owned[i] = 0
        s.samples[i] = 0
        s.has_hand[i] = False
    for k in range(NG):
        s.cur[k] = s.tgt[k] = d.start_prices[k]
    for i in range(d.n_spaces):
        s.known[i] = 0
    for i in range(MAXDISP):
        s.discount[i][0] = s.discount[i][1] = 0
    s.n_removed = s.n_drawn = s.n_returning = 0
    s.tile_bought = s.end_triggered = s.capped = False
    _clear_pending(s)
    s.mine_pos = s.n_mine_used = s.mine_wilds = 0
    for k in range(NG):
        s.mine_used[k] = s.mine_picks[k] = 0
    s.observer = WORLD
    s.n_reveals = 2
    s.reveals[0].what = R_GNOME
    s.reveals[1].what = R_START
    s.reveals[0].a = s.reveals[0].b = s.reveals[0].c = 0
    s.reveals[1].a = s.reveals[1].b = s.reveals[1].c = 0
    s.cont = CONT_NONE
    s.recording = False
    s.n_rec = 0
    for light in range(2):
        m = 0
        for i in range(d.n_spaces):
            if (d.space_district[i] == CENTER) == light:
                spaces[m] = i
                m += 1
        k = 0
        for i in range(d.n_tiles):
            if d.tile_light[i] == light:
                ids[k] = i
                k += 1
        rng_shuffle_ints(rng, ids, k)
        for i in range(m):
            s.board[spaces[i]] = ids[i]
    _board_masks(s)
    _count_tiles(s)
    for deck in range(2):
        s.n_pile[deck] = 0
        top_level = 0
        for i in range(d.n_cards[deck]):
            top_level = _imax(top_level, d.card_level[deck][i])
        for level in range(top_level, 0, -1):  # bottom first: the highest level lowest
            k = 0
            for i in range(d.n_cards[deck]):
                if d.card_level[deck][i] == level:
                    ids[k] = i
                    k += 1
            if k == 0:
                continue
            rng_shuffle_ints(rng, ids, k)
            if level == 1:
                for i in range(d.removed_level_1[n]):
                    k -= 1
                    s.removed[s.n_removed].deck = deck
                    s.removed[s.n_removed].level = 1
                    s.removed[s.n_removed].id = ids[k]
                    s.removed[s.n_removed].mask = 0
                    s.n_removed += 1
            for i in range(k):
                s.piles[deck][s.n_pile[deck]].deck = deck
                s.piles[deck][s.n_pile[deck]].level = level
                s.piles[deck][s.n_pile[deck]].id = ids[i]
                s.piles[deck][s.n_pile[deck]].mask = 0
                s.n_pile[deck] += 1
        for pos in range(MAXDISP):
            s.display[deck][pos] = EMPTY
        for pos in range(d.display_size):
            if s.n_pile[deck]:
                s.n_pile[deck] -= 1
                s.display[deck][pos] = s.piles[deck][s.n_pile[deck]].id
    while s.n_reveals:
        value = rng_below(rng, z_chance_values(s, ids))
        z_apply(s, CHANCE_BASE + ids[value])


# ----------------------------------------------------------------- scoring
cdef int _tiebreak_gold(const ZState* s, int seat) noexcept nogil:
    """ZavandorState.tiebreak_gold: gold plus gems at current prices, prisms at the top."""
    cdef int g, top = s.cur[0], total = s.gold[seat]
    for g in range(NG):
        total += s.gems[seat][g] * s.cur[g]
        top = _imax(top, s.cur[g])
    return total + s.prisms[seat] * top


cdef int z_winners(const ZState* s, bint* won) noexcept nogil:
    """ZavandorState.winners: most VP, then tie-break gold; how many share the win."""
    cdef int q, best_vp = -1, best_gold = 0, count = 0
    cdef bint first = True
    for q in range(s.n):
        best_vp = _imax(best_vp, _vp(s, q))
    for q in range(s.n):
        if _vp(s, q) == best_vp and (first or _tiebreak_gold(s, q) > best_gold):
            best_gold = _tiebreak_gold(s, q)
            first = False
    for q in range(s.n):
        won[q] = _vp(s, q) == best_vp and _tiebreak_gold(s, q) == best_gold
        count += won[q]
    return count


include "zavandor_greedy.pxi"


# ----------------------------------------------------------------- play-outs
cdef int _chance_pick(const ZState* s, RngState* rng) noexcept nogil:
    """playout._chance_step: choice_weighted over the (equal) exact probabilities."""
    cdef double weights[MAXS]
    cdef int values[MAXS]
    cdef int n = z_chance_values(s, values), i
    for i in range(n):
        weights[i] = 1.0 / n
    return CHANCE_BASE + values[<int>rng_choice_weighted(rng, weights, n)]


cdef inline int _policy_step(ZState* s, int policy, RngState* rng) noexcept nogil:
    cdef int buf[MAXSTEPS]
    cdef int n
    if policy != POLICY_RANDOM:
        return z_greedy_step(s, rng, policy == POLICY_QUICK)
    n = z_legal_steps(s, buf)
    return buf[rng_below(rng, n)]


cdef long z_playout(ZState* s, int policy, RngState* rng, long max_steps) noexcept nogil:
    """playout.reference_random_playout / reference_greedy_playout."""
    cdef long played = 0
    while s.phase != OVER and played < max_steps:
        if s.n_reveals:
            z_apply(s, _chance_pick(s, rng))
        else:
            z_apply(s, _policy_step(s, policy, rng))
        played += 1
    return played


cdef void z_rollout(ZState* s, int policy, RngState* rng, int searcher, int depth
                    ) noexcept nogil:
    """search.rollout.reference_rollout without a deadline."""
    cdef int previous = z_current_player(s), current, turns_done = 0
    while s.phase != OVER:
        current = z_current_player(s)
        if current == CHANCE:
            z_apply(s, _chance_pick(s, rng))
            continue
        if current != previous:
            if previous == searcher:
                turns_done += 1
                if 0 <= depth < turns_done:
                    break
            previous = current
        z_apply(s, _policy_step(s, policy, rng))


include "zavandor_state.pxi"
include "zavandor_sample.pxi"
