# Included by valdora_core.pyx: the greedy baseline policy and the final-score estimate
# in C, a line-by-line port of valdora_ai/games/valdora/heuristics.py (the
# specification: read its module docstring for what the policy does and why).
#
# Parity contract (tests/test_greedy_parity.py): given the same state and the same rng
# stream, core_greedy_step returns the step greedy_step returns and consumes the same
# draws; core_estimate_scores returns the same doubles as estimate_final_scores. To keep
# the floating-point results bit-identical, every expression below is evaluated in the
# Python order (C doubles are Python floats; the build does not contract to FMA on
# x86-64), sorts are stable with Python's tie order, and only public fields are read
# (never BookState.hidden), so world and belief states get the same decision.
#
# Mapping: _Model -> GModel (by value: a copy is a struct assignment), _Needs -> GNeeds,
# _Plan -> GPlan (only its first step is ever played, so only that and the step count
# are kept), _Context -> GCtx (rebuilt per call on the stack, no shared cache, so the
# functions stay reentrant under nogil); _Tables is in CoreData (valdora_tables.pxi).
# GCache holds what depends on one model only, so a move decision (about a hundred
# plans for at most five models) computes it at most five times.

from libc.stdint cimport int8_t, uint8_t, uint32_t

# The tuning weights are heuristics' own (valdora_ai/games/valdora/weights.py), generated
# into valdora_constants.pxd with a G_ prefix (BUY_BASE etc. are step codes here).
cdef enum:
    G_MAX_MISSING = MAX_HELD_COMMISSIONS * MAX_GEMS  # (held index, gem) pairs still to load


cdef struct GCtx:
    # heuristics._Tables (the parts not already in CoreData) and _Context
    # (the data-only tables, animals, dedicated, gem_item and coin_worth, are in CoreData)
    const CoreState* s
    const CoreData* d
    int gem_supply[MAX_GEMS]        # gems on roads and in the discard, per gem
    int8_t hire[MAX_COLOURS]        # ValdoraState.hire_colour, per patron colour


cdef struct GModel:
    # heuristics._Model: what one player owns; held[] are commission faces
    int seat
    int coins
    int provisions
    int space
    int n_held
    int8_t held[MAX_HELD_COMMISSIONS]
    int8_t load[MAX_ITEMS]
    int craftsmen[MAX_COLOURS]


cdef struct GNeeds:
    # heuristics._Needs
    int spare[MAX_GEMS]
    int ready[MAX_HELD_COMMISSIONS]
    int missing_count[MAX_HELD_COMMISSIONS]
    int n_missing
    int8_t miss_index[G_MAX_MISSING]
    int8_t miss_gem[G_MAX_MISSING]


cdef struct GCache:
    # What depends only on one model (and the state), computed at most once per model
    # and decision instead of once per space planned for it: a move decision plans
    # about a hundred spaces for only five models. Pure functions, so the values are the
    # ones the reference recomputes each time.
    int flags                       # G_HAS_* bits
    GNeeds nd
    uint32_t worth_known            # faces whose worth[] is computed (with G_HAS_WORTH)
    uint32_t value_known            # faces whose values[] is computed (with G_SOME_VALUES)
    double worth[MAX_FACES]         # _delivery_worth of each commission face
    double values[MAX_FACES]        # _commission_value of each commission face
    double eq_values[MAX_FACES]     # _equipment_values, for the items in eq_wanted
    int eq_wanted[MAX_FACES]
    int n_wanted                    # _plan_loads' `wanted`, sorted: (share, gem) pairs
    double w_share[G_MAX_MISSING]
    int w_gem[G_MAX_MISSING]
    int any_excess                  # some commission face has values[face] > BUY_MIN
    double excess[MAX_FACES]        # _plan_commissions' excess (0.0: absent)
    int eq_any_excess
    double eq_excess[MAX_FACES]     # _plan_equipment's excess (0.0: absent)
    double plan_value[MAX_SPACES]   # _plan(m, space).value (no action yet), by space
    uint8_t has_plan[MAX_SPACES]
    int n_empty_dedicated           # the player's empty dedicated tools, in CoreData order
    int8_t empty_dedicated[MAX_ITEMS]


cdef enum:
    G_HAS_NEEDS = 1
    G_HAS_WORTH = 2
    G_HAS_VALUES = 4
    G_HAS_EQUIPMENT = 8
    G_HAS_WANTED = 16
    G_HAS_PLANS = 32
    G_SOME_VALUES = 64
    G_HAS_DEDICATED = 128


cdef struct GPlan:
    # heuristics._Plan: value, first step (-1: none), step count, the player after it
    double value
    int first
    int n_steps
    int has_after
    GModel after


# ---------------------------------------------------------------- tables and models
cdef void _g_ctx(GCtx* c, const CoreState* s) noexcept nogil:
    """_Context for one call: gems on the roads and in the discard, craftsmen hired."""
    cdef const CoreData* d = s.data
    cdef int i, g, r
    c.s = s
    c.d = d
    for g in range(MAX_GEMS):  # fixed-size loops: the compiler vectorizes them
        c.gem_supply[g] = s.discard[g]
    for r in range(d.n_roads):
        for g in range(MAX_GEMS):
            c.gem_supply[g] += s.road[r][g]
    for i in range(d.n_colours):
        c.hire[i] = _hire_colour(s, i)


cdef inline double _g_coin_loss(const GCtx* c, int coins, int paid) noexcept nogil:
    """VPE lost by paying `paid` of `coins` coins."""
    cdef int after
    if paid <= 0:
        return 0.0
    after = coins - paid
    return c.d.coin_worth[coins] - c.d.coin_worth[after if after > 0 else 0]


cdef void _g_model(const GCtx* c, int seat, GModel* m) noexcept nogil:
    """_Model.of: the player's coins, load, held faces, provisions, craftsmen, space."""
    cdef const PlayerState* p = &c.s.players[seat]
    cdef const CardSetData* cs = &c.d.sets[SET_COMMISSION]
    cdef int i
    m.seat = seat
    m.coins = p.coins
    m.provisions = p.provisions
    m.space = p.space
    m.n_held = p.n_commissions
    for i in range(p.n_commissions):
        m.held[i] = _face(cs, p.commissions[i])
    for i in range(MAX_ITEMS):
        m.load[i] = p.load[i]
    for i in range(MAX_COLOURS):
        m.craftsmen[i] = p.craftsmen[i]


cdef inline void _g_nothing(GPlan* plan) noexcept nogil:
    plan.value = 0.0
    plan.first = -1
    plan.n_steps = 0
    plan.has_after = 0


# ---------------------------------------------------------------- commission worth
cdef double _g_delivery_worth(const GCtx* c, const GModel* m, int face) noexcept nogil:
    """_delivery_worth: points, a new colour, a workshop or progress, a bonus tile."""
    cdef const CoreData* d = c.d
    cdef const CoreState* s = c.s
    cdef double value = <double>d.face_vp[face]
    cdef int colour = c.hire[d.face_patron[face]]
    cdef int have
    if colour >= 0:
        have = m.craftsmen[colour]
        if have == 0:
            value += d.vp_per_colour
        if s.workshop_owner[colour] < 0:
            if have + 1 >= d.workshop_needs[colour]:
                value += d.workshop_vp[colour] + G_WORKSHOP_OPTION
            else:
                value += G_WORKSHOP_PROGRESS * (have + 1) / d.workshop_needs[colour]
    if s.workshop_owner[d.face_patron[face]] == m.seat and s.bonus_left:
        value += d.bonus_vp
    return value


cdef void _g_needs(const GCtx* c, const GModel* m, GNeeds* nd) noexcept nogil:
    """_Needs: single-gem commissions served first, then the rest in held order."""
    cdef const CoreData* d = c.d
    cdef int order[MAX_HELD_COMMISSIONS]
    cdef int i, j, k, x, face, gem, short, coins = m.coins
    for i in range(MAX_GEMS):
        nd.spare[i] = 0
    for i in range(d.n_items):
        if m.load[i] >= 0:
            nd.spare[m.load[i]] += 1
    nd.n_missing = 0
    for i in range(m.n_held):  # stable insertion sort by gem count
        nd.ready[i] = 0
        nd.missing_count[i] = 0
        j = i
        while j > 0 and d.face_n_gems[m.held[order[j - 1]]] > d.face_n_gems[m.held[i]]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    for k in range(m.n_held):
        x = order[k]
        face = m.held[x]
        if d.face_n_gems[face] == 0:
            if coins >= d.face_coins[face]:
                coins -= d.face_coins[face]
                nd.ready[x] = 1
            continue
        short = 0
        for j in range(d.face_n_gems[face]):
            gem = d.face_gems[face][j]
            if nd.spare[gem]:
                nd.spare[gem] -= 1
            else:
                short += 1
                nd.miss_index[nd.n_missing] = x
                nd.miss_gem[nd.n_missing] = gem
                nd.n_missing += 1
        nd.missing_count[x] = short
        nd.ready[x] = short == 0


cdef inline const GNeeds* _g_needs_of(const GCtx* c, const GModel* m, GCache* k) noexcept nogil:
    if not k.flags & G_HAS_NEEDS:
        _g_needs(c, m, &k.nd)
        k.flags |= G_HAS_NEEDS
    return &k.nd


cdef inline double _g_worth_of(const GCtx* c, const GModel* m, GCache* k,
                               int face) noexcept nogil:
    """_delivery_worth of `face`, computed once per model and only for the faces asked."""
    if not k.flags & G_HAS_WORTH:
        k.worth_known = 0
        k.flags |= G_HAS_WORTH
    if not (k.worth_known >> face) & 1:
        k.worth[face] = _g_delivery_worth(c, m, face)
        k.worth_known |= (<uint32_t>1) << face
    return k.worth[face]


cdef int _g_free_slot(const GCtx* c, const int8_t* load, int coins, int gem,
                      const int* spare, int* cost) noexcept nogil:
    """_free_slot: the item that could take `gem` now (its coin cost in *cost), or -1."""
    cdef const CoreData* d = c.d
    cdef int item = c.d.gem_item[gem]
    cdef int k, animal, carried
    cost[0] = 0
    if item >= 0 and load[item] == EMPTY:
        return item
    for k in range(c.d.n_animals):
        animal = c.d.animals[k]
        if load[animal] == EMPTY and coins >= d.item_cost[animal]:
            cost[0] = d.item_cost[animal]
            return animal
    for k in range(c.d.n_animals):
        animal = c.d.animals[k]
        carried = load[animal]
        if (carried >= 0 and carried != gem and spare[carried]
                and coins >= d.item_cost[animal]):
            cost[0] = d.item_cost[animal]
            return animal
    return -1


cdef double _g_readiness(const GCtx* c, const GModel* m, const GNeeds* nd,
                         int face) noexcept nogil:
    """_readiness: rough chance (0..1) that the player can pay `face` soon."""
    cdef const CoreData* d = c.d
    cdef int spare[MAX_GEMS]
    cdef int8_t load[MAX_ITEMS]
    cdef int i, gem, item, cost, coins = m.coins
    cdef double ready = 1.0
    cdef double factor
    if d.face_n_gems[face] == 0:
        return G_READY_CHANCE if m.coins - 1 >= d.face_coins[face] else G_COIN_SHORT_CHANCE
    for i in range(MAX_GEMS):
        spare[i] = nd.spare[i]
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    for i in range(d.face_n_gems[face]):
        gem = d.face_gems[face][i]
        if spare[gem]:
            spare[gem] -= 1
            continue
        item = _g_free_slot(c, load, coins, gem, spare, &cost)
        if item >= 0:
            load[item] = gem
            coins -= cost
            factor = G_R_SLOT
        else:
            factor = G_R_NO_SLOT
        if not c.gem_supply[gem]:
            factor *= G_NO_GEM_FACTOR
        ready *= factor
    return ready


cdef double _g_commission_value(const GCtx* c, const GModel* m, GCache* k, const GNeeds* nd,
                                int face) noexcept nogil:
    """_commission_value: VPE of buying commission `face` for 1 coin."""
    cdef double worth = _g_worth_of(c, m, k, face)
    cdef double ready = _g_readiness(c, m, nd, face)
    return G_BUY_BASE + G_BUY_SHARE * worth * ready - _g_coin_loss(c, m.coins, 1)


cdef inline double _g_value_of(const GCtx* c, const GModel* m, GCache* k, const GNeeds* nd,
                               int face) noexcept nogil:
    """_commission_value of `face`, computed once per model and only for the faces asked
    (a purchase needs the two visible ones; only a page turn needs them all)."""
    if not k.flags & G_SOME_VALUES:
        k.value_known = 0
        k.flags |= G_SOME_VALUES
    if not (k.value_known >> face) & 1:
        k.values[face] = _g_commission_value(c, m, k, nd, face)
        k.value_known |= (<uint32_t>1) << face
    return k.values[face]


cdef double _g_hold_value(const GCtx* c, const GModel* m, GCache* cache, const GNeeds* nd,
                          int index) noexcept nogil:
    """_hold_value: VPE of keeping held commission `index`."""
    cdef double worth = _g_worth_of(c, m, cache, m.held[index])
    cdef double ready = 1.0
    cdef int k, cost
    if nd.ready[index]:
        return worth
    for k in range(nd.n_missing):
        if nd.miss_index[k] == index:
            if _g_free_slot(c, m.load, m.coins, nd.miss_gem[k], nd.spare, &cost) >= 0:
                ready *= G_R_SLOT
            else:
                ready *= G_R_NO_SLOT
    return G_BUY_SHARE * worth * ready


# ---------------------------------------------------------------- plans
cdef void _g_plan_delivery(const GCtx* c, const GModel* m, int patron,
                           GPlan* out) noexcept nogil:
    """_plan_delivery: complete every held commission of `patron` payable now."""
    cdef const CoreData* d = c.d
    cdef const GModel* cur
    cdef int i = 0, k, j, face, gem, carrier, item, mask, colour
    cdef double worth
    _g_nothing(out)
    while True:
        if out.has_after:
            cur = &out.after
        else:
            cur = m
        if i >= cur.n_held:
            break
        face = cur.held[i]
        if d.face_patron[face] != patron:
            i += 1
            continue
        mask = 0
        if d.face_n_gems[face]:
            for k in range(d.face_n_gems[face]):
                gem = d.face_gems[face][k]
                carrier = -1
                for j in range(c.d.n_animals):
                    item = c.d.animals[j]
                    if cur.load[item] == gem and not (mask >> item) & 1:
                        carrier = item
                        break
                if carrier < 0:
                    for j in range(c.d.n_dedicated):
                        item = c.d.dedicated[j]
                        if cur.load[item] == gem and not (mask >> item) & 1:
                            carrier = item
                            break
                if carrier < 0:
                    mask = -1
                    break
                mask |= 1 << carrier
            if mask < 0:
                i += 1
                continue
        elif cur.coins < d.face_coins[face]:
            i += 1
            continue
        worth = _g_delivery_worth(c, cur, face)
        if not out.has_after:
            out.after = m[0]
            out.has_after = 1
        out.value += G_DELIVER_BASE + worth
        if out.n_steps == 0:
            out.first = COMPLETE_BASE + i * COMPLETE_STRIDE + mask
        out.n_steps += 1
        out.after.coins -= d.face_coins[face]
        for item in range(MAX_ITEMS):
            if (mask >> item) & 1:
                out.after.load[item] = EMPTY
        for j in range(i, out.after.n_held - 1):
            out.after.held[j] = out.after.held[j + 1]
        out.after.n_held -= 1
        colour = c.hire[patron]
        if colour >= 0:
            out.after.craftsmen[colour] += 1
    if out.n_steps == 0:
        _g_nothing(out)


cdef void _g_wanted(const GCtx* c, const GModel* m, GCache* cache,
                    const GNeeds* nd) noexcept nogil:
    """_plan_loads' `wanted`: each missing gem with its share of its commission's worth
    (x G_LAST_GEM_FACTOR when it is the last one missing), sorted as Python's sort(reverse=True)."""
    cdef const CoreData* d = c.d
    cdef int i, j, k, face, gem, n = 0
    cdef double share
    for k in range(nd.n_missing):
        i = nd.miss_index[k]
        gem = nd.miss_gem[k]
        face = m.held[i]
        share = _g_worth_of(c, m, cache, face) / d.face_n_gems[face]
        if nd.missing_count[i] == 1:
            share *= G_LAST_GEM_FACTOR
        j = n  # insertion, descending by (share, gem)
        while j > 0 and (cache.w_share[j - 1] < share
                         or (cache.w_share[j - 1] == share and cache.w_gem[j - 1] < gem)):
            cache.w_share[j] = cache.w_share[j - 1]
            cache.w_gem[j] = cache.w_gem[j - 1]
            j -= 1
        cache.w_share[j] = share
        cache.w_gem[j] = gem
        n += 1
    cache.n_wanted = n
    cache.flags |= G_HAS_WANTED


cdef void _g_plan_loads(const GCtx* c, const GModel* m, GCache* cache, const uint8_t* source,
                        int max_loads, GPlan* out) noexcept nogil:
    """_plan_loads: gems held commissions miss (most valuable first), then free gems
    onto empty dedicated tools."""
    cdef const CoreData* d = c.d
    cdef const GNeeds* nd = _g_needs_of(c, m, cache)
    cdef int avail[MAX_GEMS]
    cdef int8_t load[MAX_ITEMS]
    cdef int spare[MAX_GEMS]
    cdef int i, k, gem, item, cost, old, coins = m.coins
    cdef double share, gain, value = 0.0
    cdef int n_steps = 0, first = -1
    for i in range(MAX_GEMS):
        avail[i] = source[i]
        spare[i] = nd.spare[i]
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    if nd.n_missing:
        if not cache.flags & G_HAS_WANTED:
            _g_wanted(c, m, cache, nd)
        for k in range(cache.n_wanted):
            if n_steps >= max_loads:
                break
            share = cache.w_share[k]
            gem = cache.w_gem[k]
            if not avail[gem]:
                continue
            item = _g_free_slot(c, load, coins, gem, spare, &cost)
            if item < 0:
                continue
            gain = G_NEED_LOAD_BASE + G_NEED_LOAD_SHARE * share - _g_coin_loss(c, coins, cost)
            if gain <= 0:
                continue
            old = load[item]
            if old >= 0:  # reloading an animal: its spare gem goes to the discard
                spare[old] -= 1
                gain -= d.vp_per_gem
            value += gain
            coins -= cost
            avail[gem] -= 1
            load[item] = gem
            if n_steps == 0:
                first = LOAD_BASE + gem * LOAD_STRIDE + item
            n_steps += 1
    if not cache.flags & G_HAS_DEDICATED:
        cache.n_empty_dedicated = 0
        for k in range(c.d.n_dedicated):
            item = c.d.dedicated[k]
            if m.load[item] == EMPTY:
                cache.empty_dedicated[cache.n_empty_dedicated] = item
                cache.n_empty_dedicated += 1
        cache.flags |= G_HAS_DEDICATED
    for k in range(cache.n_empty_dedicated):  # the others are owned by others or loaded
        if n_steps >= max_loads:
            break
        item = cache.empty_dedicated[k]
        gem = d.item_loads[item]
        if load[item] == EMPTY and avail[gem]:
            avail[gem] -= 1
            load[item] = gem
            value += G_SPARE_GOLD if gem == d.equipment_gem else G_SPARE_LOAD
            if n_steps == 0:
                first = LOAD_BASE + gem * LOAD_STRIDE + item
            n_steps += 1
    if n_steps == 0:
        _g_nothing(out)
        return
    out.value = value
    out.first = first
    out.n_steps = n_steps
    out.has_after = 1
    out.after = m[0]
    for i in range(d.n_items):
        out.after.load[i] = load[i]
    out.after.coins = coins


cdef inline double _g_ex(const double* excess, int face) noexcept nogil:
    """excess.get(face, 0.0) (absent faces hold 0.0)."""
    if face < 0 or face >= MAX_FACES:
        return 0.0
    return excess[face]


cdef double _g_expected_back(const GCtx* c, int b, const double* excess) noexcept nogil:
    """_expected_excess over Book.back_candidates (card-type order)."""
    cdef const BookState* bk = &c.s.books[b]
    cdef const CardSetData* cs = &c.d.sets[c.d.book_set[b]]
    cdef int t, total = 0
    cdef double acc = 0.0
    for t in range(cs.n_types):
        if cs.front[t] == bk.top_front and bk.pool[t]:
            total += bk.pool[t]
            acc += <double>bk.pool[t] * _g_ex(excess, cs.back[t])
    return acc / total if total else 0.0


cdef double _g_expected_front(const GCtx* c, int b, const double* excess) noexcept nogil:
    """_expected_excess over Book.front_candidates (faces ascending)."""
    cdef const BookState* bk = &c.s.books[b]
    cdef const CardSetData* cs = &c.d.sets[c.d.book_set[b]]
    cdef int weights[MAX_FACES]
    cdef int t, f, total = 0
    cdef int n_faces = c.d.n_faces if cs.kind == SET_COMMISSION else c.d.n_items
    cdef double acc = 0.0
    for f in range(MAX_FACES):
        weights[f] = 0
    for t in range(cs.n_types):
        if bk.pool[t]:
            weights[cs.front[t]] += bk.pool[t]
    for f in range(n_faces):
        if weights[f]:
            total += weights[f]
            acc += <double>weights[f] * excess[f]
    return acc / total if total else 0.0


cdef double _g_turn_gain(const GCtx* c, int b, int side, const double* excess) noexcept nogil:
    """_turn_gain: expected best excess value visible after turning `side`."""
    cdef const BookState* bk = &c.s.books[b]
    cdef const CardSetData* cs = &c.d.sets[c.d.book_set[b]]
    cdef double moved, below
    if side == 0:
        if not bk.n_left:
            return 0.0
        moved = _g_ex(excess, _face(cs, bk.left[bk.n_left - 1] ^ 1))
        below = _g_ex(excess, _face(cs, bk.left[bk.n_left - 2])) if bk.n_left > 1 else 0.0
        return below if below > moved else moved
    if bk.n_right:
        moved = _g_ex(excess, _face(cs, bk.right[bk.n_right - 1] ^ 1))
        if bk.n_right > 1:
            below = _g_ex(excess, _face(cs, bk.right[bk.n_right - 2]))
        elif bk.hidden_count:
            if bk.top_front != UNSEEN:
                below = _g_ex(excess, bk.top_front)
            else:
                below = _g_expected_front(c, b, excess)
        else:
            below = 0.0
        return below if below > moved else moved
    if not bk.hidden_count or bk.top_front == UNSEEN:
        return 0.0
    moved = _g_expected_back(c, b, excess)
    below = _g_expected_front(c, b, excess) if bk.hidden_count > 1 else 0.0
    return below if below > moved else moved


cdef void _g_turn_plan(const GCtx* c, const GModel* m, int b, int pages_turned,
                       const double* excess, GPlan* out) noexcept nogil:
    """_turn_plan: turn the page with the best expected outcome, if worth it."""
    cdef int side, cost, best_side = -1
    cdef double gain, best_gain = 0.0
    _g_nothing(out)
    if pages_turned >= G_MAX_PAGES:
        return
    cost = 1 if pages_turned else 0
    if cost and m.coins < G_PAGE_RESERVE + cost:
        return
    for side in range(2):
        if _visible(c.s, b, side) == NO_FACE:
            continue
        gain = _g_turn_gain(c, b, side, excess)
        if gain > best_gain:
            best_side = side
            best_gain = gain
    gain = best_gain - _g_coin_loss(c, m.coins, cost)
    if best_side < 0 or gain <= G_TURN_MIN:
        return
    out.value = G_BUY_MIN * G_TURN_SHARE + gain
    out.first = TURN_BASE + best_side
    out.n_steps = 1


cdef void _g_plan_commissions(const GCtx* c, const GModel* m, GCache* cache, int b,
                              int pages_turned, GPlan* out) noexcept nogil:
    """_plan_commissions: buy visible commissions worth it (returning a poor held one
    at the limit), else turn a page toward a good one."""
    cdef const CoreData* d = c.d
    cdef const GNeeds* nd
    cdef double v_value[2]
    cdef int v_side[2]
    cdef int n_vis = 0, side, face, i, worst
    cdef double best_value, worst_value, hold, tv, value
    _g_nothing(out)
    if m.coins < 1:
        return
    nd = _g_needs_of(c, m, cache)
    for side in range(2):
        face = _visible(c.s, b, side)
        if face != NO_FACE:
            v_value[n_vis] = _g_value_of(c, m, cache, nd, face)
            v_side[n_vis] = side
            n_vis += 1
    if n_vis == 2 and v_value[1] >= v_value[0]:  # sort(reverse=True) of (value, side)
        tv = v_value[0]
        v_value[0] = v_value[1]
        v_value[1] = tv
        v_side[0] = 1
        v_side[1] = 0
    if n_vis and v_value[0] > G_BUY_MIN:
        best_value = v_value[0]
        side = v_side[0]
        if m.n_held < MAX_HELD_COMMISSIONS:
            out.has_after = 1
            out.after = m[0]
            out.after.held[out.after.n_held] = _visible(c.s, b, side)
            out.after.n_held += 1
            out.after.coins -= 1
            out.first = BUY_BASE + side * BUY_STRIDE + NO_SOURCE
            out.n_steps = 1
            out.value = best_value
            if (n_vis > 1 and v_value[1] > G_BUY_MIN and out.after.coins >= 1
                    and out.after.n_held < MAX_HELD_COMMISSIONS):
                out.after.held[out.after.n_held] = _visible(c.s, b, v_side[1])
                out.after.n_held += 1
                out.after.coins -= 1
                out.value += v_value[1]
                out.n_steps = 2
            return
        worst = -1
        worst_value = 0.0
        for i in range(m.n_held):
            hold = _g_hold_value(c, m, cache, nd, i)
            if worst < 0 or hold < worst_value:
                worst = i
                worst_value = hold
        if not nd.ready[worst] and best_value - worst_value > G_RETURN_MARGIN:
            out.has_after = 1
            out.after = m[0]
            for i in range(worst, out.after.n_held - 1):
                out.after.held[i] = out.after.held[i + 1]
            out.after.held[out.after.n_held - 1] = _visible(c.s, b, side)
            out.after.coins -= 1
            out.value = best_value - worst_value
            out.first = RETURN_BASE + worst * RETURN_STRIDE + (1 - side)
            out.n_steps = 2
        return
    if m.n_held >= MAX_HELD_COMMISSIONS:
        return
    if not cache.flags & G_HAS_VALUES:
        cache.any_excess = 0
        for face in range(MAX_FACES):
            cache.excess[face] = 0.0
        for face in range(d.n_faces):
            value = _g_value_of(c, m, cache, nd, face)
            if value > G_BUY_MIN:
                cache.excess[face] = value - G_BUY_MIN
                cache.any_excess = 1
        cache.flags |= G_HAS_VALUES
    if not cache.any_excess:
        return
    _g_turn_plan(c, m, b, pages_turned, cache.excess, out)


cdef void _g_equipment_values(const GCtx* c, const GModel* m, GCache* cache, const GNeeds* nd,
                              double* values, int* wanted) noexcept nogil:
    """_equipment_values: VPE of owning each item the player lacks (wanted[item])."""
    cdef const CoreData* d = c.d
    cdef int8_t load[MAX_ITEMS]
    cdef double u_share[G_MAX_MISSING]
    cdef int u_gem[G_MAX_MISSING]
    cdef int n_u = 0, k, i, gem, item, cost, loads, face, coins = m.coins
    cdef double value
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    for k in range(nd.n_missing):
        i = nd.miss_index[k]
        gem = nd.miss_gem[k]
        item = _g_free_slot(c, load, coins, gem, nd.spare, &cost)
        if item >= 0:
            load[item] = gem
            coins -= cost
        else:
            face = m.held[i]
            u_share[n_u] = _g_worth_of(c, m, cache, face) / d.face_n_gems[face]
            u_gem[n_u] = gem
            n_u += 1
    for item in range(MAX_FACES):
        wanted[item] = 0
    for item in range(d.n_items):
        if m.load[item] != NOT_OWNED:
            continue
        loads = d.item_loads[item]
        if loads == ANY_GEM:
            value = G_ANIMAL_BASE - d.item_cost[item] / G_ANIMAL_COST_DIVISOR
        else:
            value = G_EQUIP_BASE if c.gem_supply[loads] else G_EQUIP_BASE * G_NO_GEM_FACTOR
        for k in range(n_u):
            if loads == u_gem[k] or loads == ANY_GEM:
                value += G_EQUIP_NEED + G_EQUIP_NEED_SHARE * u_share[k]
                break
        values[item] = value
        wanted[item] = 1


cdef void _g_plan_equipment(const GCtx* c, const GModel* m, GCache* cache, int b,
                            int pages_turned, GPlan* out) noexcept nogil:
    """_plan_equipment: buy visible equipment the player wants with spare gold (from an
    animal first); else turn a page toward such equipment."""
    cdef const CoreData* d = c.d
    cdef const GNeeds* nd = _g_needs_of(c, m, cache)
    cdef const double* values = cache.eq_values
    cdef const int* wanted = cache.eq_wanted
    cdef int sources[MAX_ITEMS]
    cdef double c_value[2]
    cdef int c_side[2]
    cdef int c_face[2]
    cdef int gold = d.equipment_gem
    cdef int n_src = 0, promised = 0, n_cand = 0, k, item, side, face
    cdef double cost, tv
    _g_nothing(out)
    for k in range(c.d.n_animals):
        if m.load[c.d.animals[k]] == gold:
            sources[n_src] = c.d.animals[k]
            n_src += 1
    for k in range(c.d.n_dedicated):
        if m.load[c.d.dedicated[k]] == gold:
            sources[n_src] = c.d.dedicated[k]
            n_src += 1
    if n_src == 0:
        return
    for item in range(d.n_items):
        if m.load[item] == gold:
            promised += 1
    promised -= nd.spare[gold]
    if not cache.flags & G_HAS_EQUIPMENT:
        _g_equipment_values(c, m, cache, nd, cache.eq_values, cache.eq_wanted)
        cache.eq_any_excess = 0
        for face in range(MAX_FACES):
            cache.eq_excess[face] = 0.0
        for item in range(d.n_items):
            if wanted[item] and values[item] - d.vp_per_gem > G_BUY_MIN:
                cache.eq_excess[item] = values[item] - d.vp_per_gem - G_BUY_MIN
                cache.eq_any_excess = 1
        cache.flags |= G_HAS_EQUIPMENT
    for side in range(2):
        face = _visible(c.s, b, side)
        if face != NO_FACE and 0 <= face < MAX_FACES and wanted[face]:
            c_value[n_cand] = values[face]
            c_side[n_cand] = side
            c_face[n_cand] = face
            n_cand += 1
    if n_cand == 2 and c_value[1] >= c_value[0]:  # (value, side, face) descending
        tv = c_value[0]
        c_value[0] = c_value[1]
        c_value[1] = tv
        k = c_face[0]
        c_face[0] = c_face[1]
        c_face[1] = k
        c_side[0] = 1
        c_side[1] = 0
    for k in range(n_cand):
        cost = d.vp_per_gem + (G_PROMISED_GOLD if n_src <= promised else 0.0)
        if c_value[k] - cost <= G_BUY_MIN:
            continue
        out.has_after = 1
        out.after = m[0]
        out.after.load[sources[0]] = EMPTY
        out.after.load[c_face[k]] = EMPTY
        out.value = 0.0 + (c_value[k] - cost)
        out.first = BUY_BASE + c_side[k] * BUY_STRIDE + sources[0]
        out.n_steps = 1
        return  # the other side changes after a purchase: re-plan then
    if not cache.eq_any_excess:
        return
    _g_turn_plan(c, m, b, pages_turned, cache.eq_excess, out)


cdef inline void _g_keep(GPlan** best, GPlan** cand) noexcept nogil:
    """_better without copying: the candidate buffer becomes the best when strictly
    better (the plan-sized struct copy showed in profiles)."""
    cdef GPlan* x
    if cand[0].value > best[0].value:
        x = best[0]
        best[0] = cand[0]
        cand[0] = x


cdef GPlan* _g_plan_in(const GCtx* c, const GModel* m, GCache* cache, int space, int action,
                       int pages_turned, int loads_done, GPlan* buf_a,
                       GPlan* buf_b) noexcept nogil:
    """_plan: the best action for player `m` at `space`, given the turn so far
    (`cache`: m's GCache, flags 0 the first time). Works in the two buffers and returns
    the one holding the best plan."""
    cdef const CoreData* d = c.d
    cdef const CoreState* s = c.s
    cdef GPlan* best = buf_a
    cdef GPlan* cand = buf_b
    cdef int kind = d.kind[space]
    cdef int b, gained
    cdef double value
    _g_nothing(best)
    if kind == K_PATRON and (action == NO_ACTION or action == DELIVERY):
        _g_plan_delivery(c, m, d.patron[space], cand)
        _g_keep(&best, &cand)
    if action == NO_ACTION or action == LOADING:
        if kind == K_ROAD:
            _g_plan_loads(c, m, cache, s.road[d.road_at[space]], G_ROAD_MAX_LOADS, cand)
            _g_keep(&best, &cand)
        elif d.ships[space] and d.ships[space] > loads_done:
            _g_plan_loads(c, m, cache, s.discard, d.ships[space] - loads_done, cand)
            _g_keep(&best, &cand)
    b = d.book_at[space]
    if b >= 0 and (action == NO_ACTION or action == PURCHASE):
        if d.book_set[b] == SET_COMMISSION:
            _g_plan_commissions(c, m, cache, b, pages_turned, cand)
        else:
            _g_plan_equipment(c, m, cache, b, pages_turned, cand)
        _g_keep(&best, &cand)
    if action == NO_ACTION:
        if kind == K_CITY and not m.provisions:
            if G_PROVISIONS_VALUE > best.value:
                best.value = G_PROVISIONS_VALUE
                best.first = PROVISIONS
                best.n_steps = 1
                best.has_after = 1
                best.after = m[0]
                best.after.provisions = 1
        elif kind == K_MINE and m.coins < d.coin_cap and s.bank:
            gained = d.coin_cap - m.coins
            if s.bank < gained:
                gained = s.bank
            value = c.d.coin_worth[m.coins + gained] - c.d.coin_worth[m.coins]
            if value > best.value:
                best.value = value
                best.first = SILVER
                best.n_steps = 1
                best.has_after = 1
                best.after = m[0]
                best.after.coins += gained
    return best


cdef inline void _g_plan(const GCtx* c, const GModel* m, GCache* cache, int space, int action,
                         int pages_turned, int loads_done, GPlan* out) noexcept nogil:
    """_plan into `out`."""
    cdef GPlan spare
    cdef GPlan* best = _g_plan_in(c, m, cache, space, action, pages_turned, loads_done, out,
                                  &spare)
    if best != out:
        out[0] = best[0]


# ---------------------------------------------------------------- the greedy policy
cdef double _g_plan_value(const GCtx* c, const GModel* m, GCache* cache,
                         int space) noexcept nogil:
    """_plan(m, space).value at the start of a turn, computed once per model and space."""
    cdef GPlan buf_a, buf_b
    cdef int k
    if not cache.flags & G_HAS_PLANS:
        for k in range(MAX_SPACES):
            cache.has_plan[k] = 0
        cache.flags |= G_HAS_PLANS
    if not cache.has_plan[space]:
        cache.plan_value[space] = _g_plan_in(c, m, cache, space, NO_ACTION, 0, 0, &buf_a,
                                             &buf_b).value
        cache.has_plan[space] = 1
    return cache.plan_value[space]


cdef inline uint64_t _g_reach(const CoreData* d, const GModel* m, int space) noexcept nogil:
    if m.provisions:
        return d.reach_plain[space] | d.reach_prov[space]
    return d.reach_plain[space]


cdef double _g_best_next(const GCtx* c, const GModel* m, GCache* cache,
                         int space) noexcept nogil:
    """best_next: the best plan value reachable from `space` next turn for `m` (0.0 at
    least). Spaces ascending: the order does not change a maximum."""
    cdef uint64_t reach = _g_reach(c.d, m, space)
    cdef double value, best = 0.0
    while reach:
        value = _g_plan_value(c, m, cache, valdora_ctz64(reach))
        best = value if value > best else best
        reach &= reach - 1
    return best


cdef void _g_best_next_all(const GCtx* c, const GModel* m, GCache* cache,
                           const int32_t* legal, int n_legal, double* out) noexcept nogil:
    """_g_best_next for every legal destination: the spaces any of them reaches are
    planned first, so the maxima are then plain lookups."""
    cdef uint64_t reach, union = 0
    cdef int k
    cdef double value, best
    for k in range(n_legal):
        union |= _g_reach(c.d, m, legal[k] - MOVE_BASE)
    while union:
        _g_plan_value(c, m, cache, valdora_ctz64(union))
        union &= union - 1
    for k in range(n_legal):
        reach = _g_reach(c.d, m, legal[k] - MOVE_BASE)
        best = 0.0
        while reach:
            value = cache.plan_value[valdora_ctz64(reach)]
            best = value if value > best else best
            reach &= reach - 1
        out[k] = best


cdef bint _g_same_model(const GModel* a, const GModel* b) noexcept nogil:
    """Equal for planning: every field a plan reads (the space is the plan's argument)."""
    cdef int i
    if (a.seat != b.seat or a.coins != b.coins or a.provisions != b.provisions
            or a.n_held != b.n_held):
        return False
    for i in range(a.n_held):
        if a.held[i] != b.held[i]:
            return False
    for i in range(MAX_ITEMS):
        if a.load[i] != b.load[i]:
            return False
    for i in range(MAX_COLOURS):
        if a.craftsmen[i] != b.craftsmen[i]:
            return False
    return True


cdef void _g_provisioned_cache(const CoreData* d, const GCache* cache,
                               GCache* out) noexcept nogil:
    """The GCache of a model that differs from `cache`'s only by having provisions:
    plans read `provisions` only to offer them in a city, so everything else carries
    over (the look-ahead after taking provisions then plans only the cities again)."""
    cdef int k
    out[0] = cache[0]
    for k in range(d.n_spaces):
        if d.kind[k] == K_CITY:
            out.has_plan[k] = 0


cdef int _g_choose_move(const GCtx* c, const GModel* m, const int32_t* legal, int n_legal,
                        RngState* rng, int lookahead_plans) noexcept nogil:
    """_choose_move: each destination's plan, minus encounter coins, plus a look-ahead
    (after the plan for the best `lookahead_plans`, at most G_LOOKAHEAD_PLANS); ties
    (within G_TIE_TOLERANCE, in sorted order) broken by one rng_below draw. Identical
    models after different plans share one GCache (same plans, same values)."""
    cdef const CoreData* d = c.d
    cdef const CoreState* s = c.s
    cdef GPlan plans[MAX_SPACES]
    cdef int others[MAX_SPACES]
    cdef double value[MAX_SPACES]
    cdef double next_now[MAX_SPACES]
    cdef int order[MAX_SPACES]
    cdef int ties[MAX_SPACES]
    cdef GCache cache
    cdef GCache after_cache[G_LOOKAHEAD_PLANS]
    cdef const GModel* after_model[G_LOOKAHEAD_PLANS]
    cdef GCache* ac
    cdef int k, j, x, dest, seat, n_after = 0, n_ties = 0
    cdef double top
    cache.flags = G_HAS_PLANS
    for k in range(MAX_SPACES):
        cache.has_plan[k] = 0
        others[k] = 0
    for seat in range(s.n):
        if seat != m.seat:
            others[s.players[seat].space] += 1
    for k in range(n_legal):
        dest = legal[k] - MOVE_BASE
        _g_plan(c, m, &cache, dest, NO_ACTION, 0, 0, &plans[k])
        cache.plan_value[dest] = plans[k].value
        cache.has_plan[dest] = 1
        value[k] = plans[k].value
        if d.kind[dest] != K_MINE and others[dest]:
            value[k] -= (_g_coin_loss(c, m.coins, others[dest])
                         + G_ENCOUNTER_PENALTY * others[dest])
    _g_best_next_all(c, m, &cache, legal, n_legal, next_now)
    for k in range(n_legal):
        value[k] += G_LOOKAHEAD * next_now[k]
    for k in range(n_legal):  # stable sort, descending value (Python: key=-value)
        j = k
        while j > 0 and value[order[j - 1]] < value[k]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = k
    for j in range(n_legal if n_legal < lookahead_plans else lookahead_plans):
        x = order[j]
        if plans[x].has_after:
            dest = legal[x] - MOVE_BASE
            ac = NULL
            for k in range(n_after):
                if _g_same_model(after_model[k], &plans[x].after):
                    ac = &after_cache[k]
                    break
            if ac == NULL:
                ac = &after_cache[n_after]
                if plans[x].first == PROVISIONS:
                    _g_provisioned_cache(d, &cache, ac)
                else:
                    ac.flags = 0
                after_model[n_after] = &plans[x].after
                n_after += 1
            value[x] = (value[x] - G_LOOKAHEAD * next_now[x]
                        + G_LOOKAHEAD * _g_best_next(c, &plans[x].after, ac, dest))
    top = value[order[0]]
    for j in range(1, n_legal):
        if value[order[j]] > top:
            top = value[order[j]]
    for j in range(n_legal):
        if value[order[j]] >= top - G_TIE_TOLERANCE:
            ties[n_ties] = legal[order[j]]
            n_ties += 1
    if n_ties == 1:
        return ties[0]
    return ties[rng_below(rng, n_ties)]


cdef int core_greedy_step(const CoreState* s, RngState* rng,
                          int lookahead_plans) noexcept nogil:
    """heuristics.greedy_step: the greedy policy's next step for the player to move
    (G_LOOKAHEAD_PLANS: greedy; G_QUICK_LOOKAHEAD_PLANS: the quick policy).

    Reads public information only (a world or a belief state gives the same step) and
    draws from `rng` only to break ties between destinations. Preconditions: not a
    chance node, not terminal, 0 <= lookahead_plans <= G_LOOKAHEAD_PLANS.
    """
    cdef GCtx c
    cdef GModel m
    cdef GPlan plan
    cdef GCache cache
    cdef int32_t legal[MAX_STEPS]
    cdef int n, k
    _g_ctx(&c, s)
    _g_model(&c, s.current, &m)
    if s.phase == ACTION:
        cache.flags = 0
        _g_plan(&c, &m, &cache, m.space, s.action, s.pages_turned, s.loads_done, &plan)
        if plan.n_steps:  # legal_steps' membership, from the one generator that can hold it
            n = _action_steps(s, legal, plan.first)
            for k in range(n):
                if legal[k] == plan.first:
                    return plan.first
        return END
    n = core_legal_steps(s, legal)
    if n == 1 and legal[0] == END:
        return END
    return _g_choose_move(&c, &m, legal, n, rng, lookahead_plans)


# ---------------------------------------------------------------- score estimate
cdef void core_estimate_scores(const CoreState* s, double* out) noexcept nogil:
    """heuristics.estimate_final_scores into out[0:s.n] (see its docstring)."""
    cdef const CoreData* d = s.data
    cdef const CardSetData* cs = &d.sets[SET_COMMISSION]
    cdef const PlayerState* p
    cdef GCtx c
    cdef GModel m
    cdef GNeeds nd
    cdef int total = 0, biggest = 0, left, seat, i, k, lacking, face, cost
    cdef double share, time_factor, points, chance, gain, expected, future
    _g_ctx(&c, s)
    for i in range(d.n_colours):
        total += s.supply[i]
        if i == 0 or s.supply[i] > biggest:
            biggest = s.supply[i]
    left = 0 if s.over else total - biggest
    share = <double>left / s.n
    time_factor = share if share < 1.0 else 1.0
    for seat in range(s.n):
        p = &s.players[seat]
        _g_model(&c, seat, &m)
        points = 0.0
        for i in range(p.n_completed):
            points += d.face_vp[_face(cs, p.completed[i])]
        lacking = 0
        for i in range(d.n_colours):
            if p.craftsmen[i]:
                points += d.vp_per_colour
            elif s.supply[i]:
                lacking += 1
        for i in range(p.n_workshops):
            points += d.workshop_vp[p.workshops[i]]
        points += d.bonus_vp * p.bonus
        for i in range(d.n_items):
            if p.load[i] >= 0:
                points += d.vp_per_gem
        if not s.over:
            _g_needs(&c, &m, &nd)
            expected = 0.0
            for i in range(m.n_held):
                face = m.held[i]
                if nd.ready[i]:
                    chance = G_READY_CHANCE
                else:
                    chance = 1.0
                    for k in range(nd.n_missing):
                        if nd.miss_index[k] == i:
                            if _g_free_slot(&c, m.load, m.coins, nd.miss_gem[k], nd.spare,
                                            &cost) >= 0:
                                chance *= G_R_SLOT
                            else:
                                chance *= G_R_NO_SLOT
                chance *= time_factor
                gain = (_g_delivery_worth(&c, &m, face)
                        - d.vp_per_gem * (d.face_n_gems[face] - nd.missing_count[i]))
                points += chance * gain
                expected += chance
            for i in range(d.n_colours):
                if (s.workshop_owner[i] < 0 and s.supply[i]
                        and p.craftsmen[i] == d.workshop_needs[i] - 1):
                    points += G_NEAR_WORKSHOP_SHARE * d.workshop_vp[i]
            future = share - expected
            if future > 0:
                points += (G_FUTURE_PER_DELIVERY * future
                           + G_FUTURE_PER_COLOUR * (future if future < lacking else lacking))
        out[seat] = points
