# Included by zavandor_core.pyx: valdora_ai/games/zavandor/heuristics.py in C, for
# worlds. Every float expression keeps the reference's operand order (setup.py turns
# off fused multiply-add), so the greedy steps and the estimates agree to the bit.

cdef double GOLD_PER_VP = _H.GOLD_PER_VP
cdef double ACTION_WORTH = _H.ACTION_WORTH
cdef double FUTURE_GOLD = _H.FUTURE_GOLD
cdef double MINED_GEM = _H.MINED_GEM
cdef int MAX_SAMPLES = _H.MAX_SAMPLES
cdef double CONTESTED = _H.CONTESTED
# pow(CONTESTED, rivals) for each possible count of rivals (fewer than the players),
# worked out once by the same libm pow the reference's `**` uses: the same doubles.
cdef double CONTESTED_POW[MAXP]
for _rivals in range(MAXP):
    CONTESTED_POW[_rivals] = pow(CONTESTED, _rivals)
cdef double MIN_PACE = _H.MIN_PACE
cdef double FIRST_PACE = _H.FIRST_PACE
cdef double MAX_ROUNDS_LEFT = _H.MAX_ROUNDS_LEFT
cdef double MISSING_GEM = _H.MISSING_GEM
cdef double AFFORDABLE_SHARE = _H.AFFORDABLE_SHARE
cdef int SAMPLE_GOLD = _H.SAMPLE_GOLD
cdef double MARKER_WORTH = _H.MARKER_WORTH
cdef double WEALTH_SHARE = _H.WEALTH_SHARE
cdef int MIN_BUY = _H.MIN_BUY
cdef double BUY_WEIGHT = _H.BUY_WEIGHT

DEF MAXPLANS = MAXS + 2 * MAXDISP + 1


ctypedef struct Plan:  # heuristics._plans: (net value, buying step, cost)
    double net
    int step
    int cost[NG]


cdef double _rounds_left(const ZState* s) noexcept nogil:
    """heuristics.rounds_left: mining rounds still to come, from the leader's pace."""
    cdef int leader = 0, q
    cdef double pace, x
    if s.end_triggered or s.phase == OVER:
        return 0.0
    for q in range(s.n):
        leader = _imax(leader, _vp(s, q))
    if s.round > 1:
        x = <double>leader / <double>_imax(1, s.round - 1)
        pace = x if x > MIN_PACE else MIN_PACE
    else:
        pace = FIRST_PACE
    x = <double>(_target_vp(s) - leader) / pace
    if not x < MAX_ROUNDS_LEFT:
        x = MAX_ROUNDS_LEFT
    return x if x > 0.0 else 0.0


cdef inline double _avg_price(const ZState* s) noexcept nogil:
    cdef int g, total = 0
    for g in range(NG):
        total += s.cur[g]
    return <double>total / <double>NG


cdef inline int _top_price(const ZState* s) noexcept nogil:
    cdef int g, top = s.cur[0]
    for g in range(1, NG):
        top = _imax(top, s.cur[g])
    return top


ctypedef struct TileValues:
    # What _value_tile reads that stays the same for every space in one _positive_plans,
    # and the value of an unseen face per district kind (centre or not), once each.
    int counts[NG]
    double avg_price
    double left
    bint has_unseen[2]
    double unseen[2]
    bint has_pool[2]  # a belief state's UNKNOWN faces, per district kind
    double pool[2]


cdef void _tile_values(const ZState* s, int seat, double left, TileValues* v) noexcept nogil:
    """TileValues for `seat`'s purchases now, `left` rounds to come."""
    cdef int wilds
    _tile_counts(s, seat, v.counts, &wilds)
    v.avg_price = _avg_price(s)
    v.left = left
    v.has_unseen[0] = v.has_unseen[1] = False
    v.has_pool[0] = v.has_pool[1] = False


cdef inline double _tile_term_of(const ZState* s, const TileValues* v, int t) noexcept nogil:
    cdef int owned = v.counts[s.d.tile_gem[t]]
    return (s.d.tile_vp[t] * GOLD_PER_VP
            + (mined_by_tiles(owned + 1) - mined_by_tiles(owned) + s.d.tile_wild[t])
            * MINED_GEM * v.avg_price * v.left)


cdef inline double _tile_term(const ZState* s, const TileValues* v, int sp) noexcept nogil:
    return _tile_term_of(s, v, s.board[sp])


cdef double _value_tile(const ZState* s, int seat, int space, TileValues* v) noexcept nogil:
    """heuristics._value_tile in a world: a face `seat` has not seen is valued at the
    average of the tiles of that back still unseen by `seat` (the same for every such
    space of a district kind)."""
    cdef int sp, n = 0
    cdef bint light = s.d.space_district[space] == CENTER
    cdef double total = 0.0
    cdef int pool[MAXS]
    if s.board[space] == UNKNOWN:  # a belief state: the tiles it may be (tile_pool)
        if not v.has_pool[light]:
            n = _tile_pool(s, space, pool)
            for sp in range(n):
                total += _tile_term_of(s, v, pool[sp])
            v.pool[light] = total / n
            v.has_pool[light] = True
        return v.pool[light]
    if (s.known[space] >> seat) & 1:
        total += _tile_term(s, v, space)  # the reference's sum and count over this space
        return total / 1
    if not v.has_unseen[light]:
        for sp in range(s.d.n_spaces):
            if (s.board[sp] >= 0 and not ((s.known[sp] >> seat) & 1)
                    and (s.d.space_district[sp] == CENTER) == light):
                total += _tile_term(s, v, sp)
                n += 1
        v.unseen[light] = total / n
        v.has_unseen[light] = True
    return v.unseen[light]


cdef double _value_card(const ZState* s, int seat, int deck, int ident, double left
                        ) noexcept nogil:
    """heuristics._value_card."""
    cdef int kind = s.d.card_kind[deck][ident], q, others = 0, g, count, wilds
    cdef int counts[NG]
    cdef double value = s.d.card_vp[deck][ident] * GOLD_PER_VP, more
    if kind == K_GNOMUNCULUS:
        value += ACTION_WORTH * (left + 1)
    elif kind == K_ALCHEMISTER:
        value += s.d.card_value[deck][ident] * FUTURE_GOLD * left
    elif kind == K_CONVERTOR:
        value += s.d.card_value[deck][ident] * _top_price(s)
    elif kind == K_EMEROMOBILE:
        more = left + 1
        if not more < s.d.n_card_markers[deck][ident]:
            more = s.d.n_card_markers[deck][ident]
        value += MARKER_WORTH * more
    elif kind == K_HOOVERMATIC:
        for q in range(s.n):
            if q != seat:
                _tile_counts(s, q, counts, &wilds)
                count = 0
                for g in range(NG):
                    count += counts[g]
                others += mined_by_tiles(count) + wilds
        value += others * FUTURE_GOLD * left
    return value


cdef void _order_desc(const int* key, int* order) noexcept nogil:
    """sorted(range(NG), key=lambda g: -key[g]): the gem types, largest key first
    (a stable sort: ties keep their order)."""
    cdef int g, i, j, x
    for g in range(NG):
        order[g] = g
    for i in range(1, NG):
        x = order[i]
        j = i - 1
        while j >= 0 and key[order[j]] < key[x]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x


cdef void _missing_by(const ZState* s, int seat, const int* cost, const int* dear,
                      int* out) noexcept nogil:
    """heuristics._missing, given `dear`: the gem types by price, _order_desc(s.cur)."""
    cdef int g, i, use, prisms = s.prisms[seat]
    for g in range(NG):
        out[g] = _imax(0, cost[g] - s.gems[seat][g])
    for i in range(NG):
        g = dear[i]
        use = _imin(prisms, out[g])
        out[g] -= use
        prisms -= use


cdef void _missing(const ZState* s, int seat, const int* cost, int* out) noexcept nogil:
    """heuristics._missing: prisms cover the dearest shortfalls first."""
    cdef int dear[NG]
    _order_desc(s.cur, dear)
    _missing_by(s, seat, cost, dear, out)


cdef inline int _sum_missing(const ZState* s, int seat, const int* cost,
                             const int* dear) noexcept nogil:
    cdef int missing[NG]
    _missing_by(s, seat, cost, dear, missing)
    return missing[0] + missing[1] + missing[2] + missing[3]


cdef inline int _purchases(const ZState* s, const int* missing) noexcept nogil:
    """heuristics._purchases: gem-buying actions still needed for `missing`."""
    cdef int g, most = s.d.gem_trade_max, total = 0
    for g in range(NG):
        total += (missing[g] + most - 1) // most
    return total


cdef int _positive_plans(const ZState* s, int seat, Plan* out, bint quick) noexcept nogil:
    """heuristics._plans with a positive net value, best first (ties: lower step)."""
    cdef Plan candidates[MAXPLANS]
    cdef double values[MAXPLANS]
    cdef double left = _rounds_left(s), net
    cdef int n = 0, m = 0, sp, g, deck, slot, ident, i, j, spent, missing, rivals, q
    cdef int dear[NG]  # the prices' order, the same for every _missing below
    cdef int gaps[NG]
    cdef int tiles_in[MAXS]  # buyable tiles per district (only the gnome's and CENTER)
    cdef TileValues tiles
    cdef Plan x
    _tile_values(s, seat, left, &tiles)
    tiles_in[CENTER] = 0
    if 0 <= s.gnome < N_DISTRICTS:
        tiles_in[s.gnome] = 0
    for sp in range(s.d.n_spaces):
        if _buyable(s, sp):
            tiles_in[s.d.space_district[sp]] += 1
            for g in range(NG):
                candidates[n].cost[g] = s.d.space_cost[sp][g]
            candidates[n].step = BUY_TILE_BASE + sp
            values[n] = _value_tile(s, seat, sp, &tiles)
            n += 1
    for deck in range(2):
        for slot in range(s.d.display_size):
            ident = s.display[deck][slot]
            if ident >= 0:
                _item_cost(s, deck, slot, ident, candidates[n].cost)
                candidates[n].step = BUY_ITEM_BASE + deck * ITEM_SLOTS + slot
                values[n] = _value_card(s, seat, deck, ident, left)
                n += 1
    if s.has_hand[seat] and s.hand[seat].id >= 0:
        deck = s.hand[seat].deck
        _item_cost(s, deck, HAND_SLOT, s.hand[seat].id, candidates[n].cost)
        candidates[n].step = BUY_ITEM_BASE + deck * ITEM_SLOTS + HAND_SLOT
        values[n] = _value_card(s, seat, deck, s.hand[seat].id, left)
        n += 1
    _order_desc(s.cur, dear)
    for i in range(n):
        spent = 0
        for g in range(NG):
            spent += candidates[i].cost[g] * s.cur[g]
        _missing_by(s, seat, candidates[i].cost, dear, gaps)
        missing = gaps[0] + gaps[1] + gaps[2] + gaps[3]
        net = values[i] - spent - MISSING_GEM * missing * GOLD_PER_VP
        if net > 0 and (candidates[i].step < BUY_ITEM_BASE
                        or (candidates[i].step - BUY_ITEM_BASE) % ITEM_SLOTS != HAND_SLOT):
            rivals = 0
            for q in range(s.n):
                if q != seat and _sum_missing(s, q, candidates[i].cost, dear) < missing:
                    rivals += 1
            if not quick and candidates[i].step < BUY_ITEM_BASE:  # a tile: one a rival
                rivals = _imax(0, rivals - (tiles_in[
                    s.d.space_district[candidates[i].step - BUY_TILE_BASE]] - 1))
            net *= CONTESTED_POW[rivals]
        if net > 0:
            if not quick:
                net /= 1 + BUY_WEIGHT * _purchases(s, gaps)
            candidates[i].net = net
            x = candidates[i]
            j = m - 1
            while j >= 0 and (out[j].net < x.net or (out[j].net == x.net and out[j].step > x.step)):
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = x
            m += 1
    return m


cdef inline bint _in(const int* legal, int n, int step) noexcept nogil:
    cdef int i
    for i in range(n):
        if legal[i] == step:
            return True
    return False


cdef int _sample_before(const ZState* s, int p, int step, const int* legal, int n
                        ) noexcept nogil:
    """heuristics._sample_before: -1 for none."""
    cdef int district, sp, known = 0
    if not BUY_TILE_BASE <= step < BUY_ITEM_BASE:
        return -1
    district = s.d.space_district[step - BUY_TILE_BASE]
    if district == CENTER or s.gold[p] < SAMPLE_GOLD:
        return -1
    for sp in range(s.d.n_spaces):
        if _buyable(s, sp) and s.d.space_district[sp] == district:
            known += (s.known[sp] >> p) & 1
    if known >= MAX_SAMPLES:
        return -1
    for sp in range(s.d.n_spaces):
        if (_buyable(s, sp) and s.d.space_district[sp] == district
                and _in(legal, n, SAMPLE_BASE + sp)):
            return SAMPLE_BASE + sp
    return -1


cdef int _greedy_action(const ZState* s, int p, const int* legal, int n, bint quick
                        ) noexcept nogil:
    """heuristics._action."""
    cdef Plan plans[MAXPLANS]
    cdef int n_plans = _positive_plans(s, p, plans, quick), i, g, x, sample
    cdef int missing[NG]
    cdef int order[NG]
    for i in range(n_plans):
        if _in(legal, n, plans[i].step):
            if plans[i].net >= AFFORDABLE_SHARE * plans[0].net:
                sample = _sample_before(s, p, plans[i].step, legal, n)
                return sample if sample >= 0 else plans[i].step
            break
    if n_plans:
        _missing(s, p, plans[0].cost, missing)
        _order_desc(missing, order)
        for i in range(NG):
            g = order[i]
            if missing[g] and _in(legal, n, BUY_GEM_BASE + g):
                return BUY_GEM_BASE + g
        x = s.cur[0]
        for g in range(1, NG):
            x = _imin(x, s.cur[g])
        if s.gold[p] < x:
            _order_desc(s.cur, order)
            for i in range(NG):
                g = order[i]
                if s.gems[p][g] > plans[0].cost[g] and _in(legal, n, SELL_GEM_BASE + g):
                    return SELL_GEM_BASE + g
    return TAKE_GOLD


cdef int _closest(const int* legal, int n, int base, int target) noexcept nogil:
    """min(legal, key=|argument - target|): the first closest."""
    cdef int i, best = legal[0], dist, best_dist = abs(legal[0] - base - target)
    for i in range(1, n):
        dist = abs(legal[i] - base - target)
        if dist < best_dist:
            best, best_dist = legal[i], dist
    return best


cdef int _greedy_keep(const ZState* s, int p, const int* legal, int n) noexcept nogil:
    """heuristics._keep."""
    cdef double left = _rounds_left(s), value, best_value = 0.0
    cdef int best = legal[0], i, g, spent
    cdef int cost[NG]
    cdef bint first = True
    cdef const Slot* slot
    for i in range(n):
        slot = &s.drawn[legal[i] - KEEP_BASE]
        if slot.id < 0:
            continue
        _item_cost(s, slot.deck, HAND_SLOT, slot.id, cost)
        spent = 0
        for g in range(NG):
            spent += cost[g] * s.cur[g]
        value = _value_card(s, p, slot.deck, slot.id, left) - spent
        if first or value > best_value:
            best, best_value, first = legal[i], value, False
    return best


cdef int z_greedy_step(const ZState* s, RngState* rng, bint quick) noexcept nogil:
    """heuristics.greedy_step (`quick`: heuristics.quick_step)."""
    cdef int legal[MAXSTEPS]
    cdef int n = z_legal_steps(s, legal), p = s.current, g, best, need
    cdef Plan plans[MAXPLANS]
    cdef int n_plans
    cdef int missing[NG]
    cdef bint any_missing
    if s.n_reveals:
        return legal[rng_below(rng, n)]
    if s.phase == ACTION:
        return _greedy_action(s, p, legal, n, quick)
    if s.phase == MARKER:
        return legal[n - 1]
    if s.phase == BUY_COUNT:
        n_plans = _positive_plans(s, p, plans, quick)
        need = 0
        if n_plans:
            _missing(s, p, plans[0].cost, missing)
            need = missing[s.pend_gem]
        return _closest(legal, n, COUNT_BASE, _imax(need, MIN_BUY))
    if s.phase == SELL_COUNT or s.phase == TRADE_COUNT:
        n_plans = _positive_plans(s, p, plans, quick)
        need = plans[0].cost[s.pend_gem] if n_plans else 0
        return _closest(legal, n, COUNT_BASE, _imax(1, s.gems[p][s.pend_gem] - need))
    if s.phase == KEEP:
        return _greedy_keep(s, p, legal, n)
    if s.phase == PRISMS:
        return legal[0]
    if s.phase == MINE_USE:
        return legal[n - 1]
    if s.phase == WILD:
        n_plans = _positive_plans(s, p, plans, quick)
        if n_plans:
            _missing(s, p, plans[0].cost, missing)
            any_missing = False
            best = 0
            for g in range(NG):
                any_missing = any_missing or missing[g] != 0
                if (missing[g] > missing[best]
                        or (missing[g] == missing[best] and s.cur[g] > s.cur[best])):
                    best = g
            if any_missing:
                return WILD_BASE + best
        best = 0
        for g in range(1, NG):
            if s.tgt[g] > s.tgt[best]:
                best = g
        return WILD_BASE + best
    return legal[0]  # ORDER


cdef void z_estimate(const ZState* s, double* out) noexcept nogil:
    """heuristics.estimate_final_scores."""
    cdef double left, avg, income
    cdef int q, g, wealth, mined, wilds, top
    cdef int counts[NG]
    if s.phase == OVER:
        for q in range(s.n):
            out[q] = _vp(s, q)
        return
    left = _rounds_left(s)
    avg = _avg_price(s)
    top = _top_price(s)
    for q in range(s.n):
        wealth = s.gold[q]
        for g in range(NG):
            wealth += s.gems[q][g] * s.cur[g]
        wealth += s.prisms[q] * top
        _tile_counts(s, q, counts, &wilds)
        mined = wilds
        for g in range(NG):
            mined += mined_by_tiles(counts[g])
        income = (mined * avg + _alchemy(s, q)) * left
        out[q] = _vp(s, q) + WEALTH_SHARE * (wealth + income) / GOLD_PER_VP
