# Included by valdora_core.pyx: the greedy policy in C.
#
# A line-by-line port of valdora_ai/games/valdora/heuristics.py::greedy_step (the
# specification; read its docstrings for the why). Same decisions from the same rng
# stream: the floating-point expressions keep the reference's order of operations, and
# sorts keep Python's (tuple order, stability). The tuning constants are read from the
# heuristics module at import, never restated here. tests/test_parity.py compares both.

from libc.string cimport memcmp, memcpy

from valdora_ai.games.valdora import heuristics as _heuristics

DEF MAX_PLAN_STEPS = 24   # deliveries <= 3, loads <= missing (9) + dedicated (7)
DEF MAX_MISSING = 24      # (held index, gem) pairs: 3 commissions x at most 8 gems


cdef struct GreedyConsts:
    double lookahead
    int lookahead_plans
    double deliver_base, need_load_base, need_load_share, spare_load, spare_gold
    double buy_base, buy_share, buy_min, turn_min
    int max_pages
    double return_margin, workshop_option, workshop_progress, equip_base, animal_base
    double equip_need, provisions_value, no_gem_factor, r_slot, r_no_slot


cdef GreedyConsts G


cdef _load_constants():
    h = _heuristics
    G.lookahead = h.LOOKAHEAD
    G.lookahead_plans = h.LOOKAHEAD_PLANS
    G.deliver_base = h.DELIVER_BASE
    G.need_load_base = h.NEED_LOAD_BASE
    G.need_load_share = h.NEED_LOAD_SHARE
    G.spare_load = h.SPARE_LOAD
    G.spare_gold = h.SPARE_GOLD
    G.buy_base = h.BUY_BASE
    G.buy_share = h.BUY_SHARE
    G.buy_min = h.BUY_MIN
    G.turn_min = h.TURN_MIN
    G.max_pages = h.MAX_PAGES
    G.return_margin = h.RETURN_MARGIN
    G.workshop_option = h.WORKSHOP_OPTION
    G.workshop_progress = h.WORKSHOP_PROGRESS
    G.equip_base = h.EQUIP_BASE
    G.animal_base = h.ANIMAL_BASE
    G.equip_need = h.EQUIP_NEED
    G.provisions_value = h.PROVISIONS_VALUE
    G.no_gem_factor = h.NO_GEM_FACTOR
    G.r_slot = h.R_SLOT
    G.r_no_slot = h.R_NO_SLOT


_load_constants()


cdef struct Model:  # heuristics._Model: what one player owns, for plans
    int seat
    int coins
    int provisions
    int space
    int8_t load[MAX_ITEMS]
    int8_t held[MAX_HELD]           # commission faces, in the player's order
    int n_held
    uint8_t craftsmen[MAX_COLOURS]


cdef struct Plan:  # heuristics._Plan
    double value
    int32_t steps[MAX_PLAN_STEPS]
    int n_steps
    bint has_after
    Model after


cdef struct Needs:  # heuristics._Needs
    int8_t spare[MAX_GEMS]
    bint ready[MAX_HELD]
    int8_t missing_i[MAX_MISSING]
    int8_t missing_gem[MAX_MISSING]
    int n_missing
    int missing_count[MAX_HELD]


cdef struct Ctx:  # heuristics._Context
    const CoreState* s
    int gem_supply[MAX_GEMS]
    # _delivery_worth depends on the model only through seat and craftsmen: cached for
    # the deciding player's own (a pure function, so the cache changes no decision)
    int worth_seat
    uint8_t worth_craftsmen[MAX_COLOURS]
    double worth[MAX_FACES]
    # _Needs of the deciding player's own model (plans of other models compute theirs)
    const Model* base_model
    Needs base_needs
    # the same for the model whose look-ahead _best_next is evaluating (NULL otherwise)
    const Model* alt_model
    Needs alt_needs
    double alt_worth[MAX_FACES]


cdef inline void _nothing(Plan* p) noexcept nogil:
    p.value = 0.0
    p.n_steps = 0
    p.has_after = 0


cdef inline void _better(Plan* best, const Plan* b) noexcept nogil:
    if b.value > best.value:
        best[0] = b[0]


cdef inline double _coin_loss(const CoreData* d, int coins, int paid) noexcept nogil:
    cdef int after
    if paid <= 0:
        return 0.0
    after = coins - paid
    return d.coin_worth[coins] - d.coin_worth[after if after > 0 else 0]


cdef void _model_of(const CoreState* s, int seat, Model* m) noexcept nogil:
    cdef const PlayerState* p = &s.players[seat]
    cdef int i
    m.seat = seat
    m.coins = p.coins
    m.provisions = p.provisions
    m.space = p.space
    for i in range(MAX_ITEMS):
        m.load[i] = p.load[i]
    m.n_held = p.n_commissions
    for i in range(p.n_commissions):
        m.held[i] = _face(&s.data.sets[SET_COMMISSION], p.commissions[i])
    for i in range(MAX_COLOURS):
        m.craftsmen[i] = p.craftsmen[i]


cdef double _delivery_worth(const CoreState* s, const Model* m, int face) noexcept nogil:
    cdef const CoreData* d = s.data
    cdef double value = <double>d.face_vp[face]
    cdef int colour = _hire_colour(s, d.face_patron[face])
    cdef int have
    if colour >= 0:
        have = m.craftsmen[colour]
        if have == 0:
            value += d.vp_per_colour
        if s.workshop_owner[colour] < 0:
            if have + 1 >= d.workshop_needs[colour]:
                value += d.workshop_vp[colour] + G.workshop_option
            else:
                value += G.workshop_progress * (have + 1) / d.workshop_needs[colour]
    if s.workshop_owner[d.face_patron[face]] == m.seat and s.bonus_left:
        value += d.bonus_vp
    return value


cdef inline double _worth(const Ctx* ctx, const Model* m, int face) noexcept nogil:
    if m == ctx.alt_model:
        return ctx.alt_worth[face]
    if m.seat == ctx.worth_seat and memcmp(m.craftsmen, ctx.worth_craftsmen,
                                           MAX_COLOURS) == 0:
        return ctx.worth[face]
    return _delivery_worth(ctx.s, m, face)


cdef inline void _needs_of(const Ctx* ctx, const Model* m, Needs* nd) noexcept nogil:
    if m == ctx.base_model:
        nd[0] = ctx.base_needs
    elif m == ctx.alt_model:
        nd[0] = ctx.alt_needs
    else:
        _needs(ctx.s.data, m, nd)


cdef void _needs(const CoreData* d, const Model* m, Needs* nd) noexcept nogil:
    cdef int order[MAX_HELD]
    cdef int i, j, k, t, face, gem, short, coins = m.coins
    for i in range(MAX_GEMS):
        nd.spare[i] = 0
    for i in range(d.n_items):
        if m.load[i] >= 0:
            nd.spare[m.load[i]] += 1
    nd.n_missing = 0
    for i in range(m.n_held):  # sorted by (gem count, index): a stable insertion sort
        order[i] = i
        nd.ready[i] = 0
        nd.missing_count[i] = 0
    for i in range(1, m.n_held):
        t = order[i]
        j = i - 1
        while j >= 0 and d.face_n_gems[m.held[order[j]]] > d.face_n_gems[m.held[t]]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = t
    for k in range(m.n_held):
        i = order[k]
        face = m.held[i]
        if d.face_n_gems[face] == 0:
            if coins >= d.face_coins[face]:
                coins -= d.face_coins[face]
                nd.ready[i] = 1
            continue
        short = 0
        for j in range(d.face_n_gems[face]):
            gem = d.face_gems[face][j]
            if nd.spare[gem]:
                nd.spare[gem] -= 1
            else:
                short += 1
                nd.missing_i[nd.n_missing] = i
                nd.missing_gem[nd.n_missing] = gem
                nd.n_missing += 1
        nd.missing_count[i] = short
        nd.ready[i] = short == 0


cdef int _free_slot(const CoreData* d, const int8_t* load, int coins, int gem,
                    const int8_t* spare, int* cost) noexcept nogil:
    """heuristics._free_slot: the item that could take `gem` now (-1), its cost."""
    cdef int item = d.gem_item[gem]
    cdef int k, animal, carried
    cost[0] = 0
    if item >= 0 and load[item] == EMPTY:
        return item
    for k in range(d.n_animals):
        animal = d.animals[k]
        if load[animal] == EMPTY and coins >= d.item_cost[animal]:
            cost[0] = d.item_cost[animal]
            return animal
    for k in range(d.n_animals):
        animal = d.animals[k]
        carried = load[animal]
        if carried >= 0 and carried != gem and spare[carried] and coins >= d.item_cost[animal]:
            cost[0] = d.item_cost[animal]
            return animal
    return -1


cdef double _readiness(const Ctx* ctx, const Model* m, const Needs* nd, int face) noexcept nogil:
    cdef const CoreData* d = ctx.s.data
    cdef int8_t spare[MAX_GEMS]
    cdef int8_t load[MAX_ITEMS]
    cdef int i, gem, item, cost, coins = m.coins
    cdef double ready = 1.0, factor
    if d.face_n_gems[face] == 0:
        return 0.9 if m.coins - 1 >= d.face_coins[face] else 0.5
    for i in range(MAX_GEMS):
        spare[i] = nd.spare[i]
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    for i in range(d.face_n_gems[face]):
        gem = d.face_gems[face][i]
        if spare[gem]:
            spare[gem] -= 1
            continue
        item = _free_slot(d, load, coins, gem, spare, &cost)
        if item >= 0:
            load[item] = gem
            coins -= cost
            factor = G.r_slot
        else:
            factor = G.r_no_slot
        if not ctx.gem_supply[gem]:
            factor *= G.no_gem_factor
        ready *= factor
    return ready


cdef void _plan_delivery(const Ctx* ctx, const Model* m, int patron, Plan* out) noexcept nogil:
    cdef const CoreState* s = ctx.s
    cdef const CoreData* d = s.data
    cdef const Model* cur
    cdef int i = 0, k, j, face, gem, carrier, animal, item, colour
    cdef long mask
    cdef double worth
    _nothing(out)
    while True:
        cur = &out.after if out.has_after else m
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
                for j in range(d.n_animals):
                    animal = d.animals[j]
                    if cur.load[animal] == gem and not (mask >> animal) & 1:
                        carrier = animal
                        break
                if carrier < 0:
                    for j in range(d.n_dedicated):
                        item = d.dedicated[j]
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
        worth = _worth(ctx, cur, face)
        if not out.has_after:
            out.after = m[0]
            out.has_after = 1
        out.value += G.deliver_base + worth
        out.steps[out.n_steps] = COMPLETE_BASE + i * 128 + <int>mask
        out.n_steps += 1
        out.after.coins -= d.face_coins[face]
        for item in range(d.n_items):
            if (mask >> item) & 1:
                out.after.load[item] = EMPTY
        for j in range(i, out.after.n_held - 1):
            out.after.held[j] = out.after.held[j + 1]
        out.after.n_held -= 1
        colour = _hire_colour(s, patron)
        if colour >= 0:
            out.after.craftsmen[colour] += 1
    if not out.n_steps:
        _nothing(out)


cdef void _plan_loads(const Ctx* ctx, const Model* m, const uint8_t* source, int max_loads,
                      Plan* out) noexcept nogil:
    cdef const CoreData* d = ctx.s.data
    cdef Needs nd
    cdef int avail[MAX_GEMS]
    cdef int8_t load[MAX_ITEMS]
    cdef int8_t spare[MAX_GEMS]
    cdef double shares[MAX_MISSING]
    cdef int gems[MAX_MISSING]
    cdef int n_wanted = 0, i, j, k, gem, item, cost, old, face, coins = m.coins
    cdef double share, gain, worth, value = 0.0
    cdef int n_steps = 0
    _needs_of(ctx, m, &nd)
    for i in range(MAX_GEMS):
        avail[i] = source[i]
        spare[i] = nd.spare[i]
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    _nothing(out)
    if nd.n_missing:
        for k in range(nd.n_missing):
            i = nd.missing_i[k]
            gem = nd.missing_gem[k]
            face = m.held[i]
            worth = _worth(ctx, m, face)
            share = worth / d.face_n_gems[face]
            if nd.missing_count[i] == 1:
                share *= 1.5
            # insert keeping (share, gem) descending, as list.sort(reverse=True)
            j = n_wanted
            while j > 0 and (shares[j - 1] < share or (shares[j - 1] == share
                                                       and gems[j - 1] < gem)):
                shares[j] = shares[j - 1]
                gems[j] = gems[j - 1]
                j -= 1
            shares[j] = share
            gems[j] = gem
            n_wanted += 1
        for k in range(n_wanted):
            share = shares[k]
            gem = gems[k]
            if n_steps >= max_loads:
                break
            if not avail[gem]:
                continue
            item = _free_slot(d, load, coins, gem, spare, &cost)
            if item < 0:
                continue
            gain = G.need_load_base + G.need_load_share * share - _coin_loss(d, coins, cost)
            if gain <= 0:
                continue
            old = load[item]
            if old >= 0:
                spare[old] -= 1
                gain -= d.vp_per_gem
            value += gain
            coins -= cost
            avail[gem] -= 1
            load[item] = gem
            out.steps[n_steps] = LOAD_BASE + gem * 8 + item
            n_steps += 1
    for k in range(d.n_dedicated):
        item = d.dedicated[k]
        if n_steps >= max_loads:
            break
        gem = d.item_loads[item]
        if load[item] == EMPTY and avail[gem]:
            avail[gem] -= 1
            load[item] = gem
            value += G.spare_gold if gem == d.equipment_gem else G.spare_load
            out.steps[n_steps] = LOAD_BASE + gem * 8 + item
            n_steps += 1
    if not n_steps:
        return
    out.n_steps = n_steps
    out.value = value
    out.has_after = 1
    out.after = m[0]
    for i in range(MAX_ITEMS):
        out.after.load[i] = load[i]
    out.after.coins = coins


cdef double _commission_value(const Ctx* ctx, const Model* m, const Needs* nd,
                              int face) noexcept nogil:
    cdef double worth = _worth(ctx, m, face)
    cdef double ready = _readiness(ctx, m, nd, face)
    return G.buy_base + G.buy_share * worth * ready - _coin_loss(ctx.s.data, m.coins, 1)


cdef double _hold_value(const Ctx* ctx, const Model* m, const Needs* nd, int index) noexcept nogil:
    cdef const CoreData* d = ctx.s.data
    cdef int face = m.held[index]
    cdef double worth = _worth(ctx, m, face)
    cdef double ready = 1.0
    cdef int k, item, cost
    if nd.ready[index]:
        return worth
    for k in range(nd.n_missing):
        if nd.missing_i[k] == index:
            item = _free_slot(d, m.load, m.coins, nd.missing_gem[k], nd.spare, &cost)
            ready *= G.r_slot if item >= 0 else G.r_no_slot
    return G.buy_share * worth * ready


cdef double _expected(const int32_t* faces, const int32_t* weights, int n,
                      const double* excess) noexcept nogil:
    """heuristics._expected_excess over (CHANCE_BASE + face, weight) pairs."""
    cdef long total = 0
    cdef double acc = 0.0
    cdef int k
    for k in range(n):
        total += weights[k]
        acc += weights[k] * excess[faces[k] - CHANCE_BASE]
    return acc / total if total else 0.0


cdef int _candidates(const CoreState* s, int b, int back, int32_t* faces,
                     int32_t* weights) noexcept nogil:
    """Book.back_candidates (back=1) or Book.front_candidates (back=0) of book b."""
    cdef CoreState probe
    probe.data = s.data
    probe.books[b] = s.books[b]
    probe.reveal_book = b
    probe.reveal = REVEAL_BACK if back else REVEAL_FRONT
    return core_chance_weights(&probe, faces, weights)


cdef double _turn_gain(const CoreState* s, int b, int side, const double* excess) noexcept nogil:
    cdef const BookState* bk = &s.books[b]
    cdef const CardSetData* cs = &s.data.sets[s.data.book_set[b]]
    cdef int32_t faces[MAX_FACES]
    cdef int32_t weights[MAX_FACES]
    cdef double moved, below
    cdef int n
    if side == 0:
        if not bk.n_left:
            return 0.0
        moved = excess[_face(cs, bk.left[bk.n_left - 1] ^ 1)]
        below = excess[_face(cs, bk.left[bk.n_left - 2])] if bk.n_left > 1 else 0.0
        return moved if moved >= below else below
    if bk.n_right:
        moved = excess[_face(cs, bk.right[bk.n_right - 1] ^ 1)]
        if bk.n_right > 1:
            below = excess[_face(cs, bk.right[bk.n_right - 2])]
        elif bk.hidden_count:
            if bk.top_front != UNSEEN:
                below = excess[bk.top_front]
            else:
                n = _candidates(s, b, 0, faces, weights)
                below = _expected(faces, weights, n, excess)
        else:
            below = 0.0
        return moved if moved >= below else below
    if not bk.hidden_count or bk.top_front == UNSEEN:
        return 0.0
    n = _candidates(s, b, 1, faces, weights)
    moved = _expected(faces, weights, n, excess)
    if bk.hidden_count > 1:
        n = _candidates(s, b, 0, faces, weights)
        below = _expected(faces, weights, n, excess)
    else:
        below = 0.0
    return moved if moved >= below else below


cdef void _turn_plan(const CoreState* s, const Model* m, int b, int pages_turned,
                     const double* excess, Plan* out) noexcept nogil:
    cdef int cost = 1 if pages_turned else 0
    cdef int best_side = -1, side
    cdef double best_gain = 0.0, gain
    _nothing(out)
    if pages_turned >= G.max_pages:
        return
    if cost and m.coins < 2 + cost:
        return
    for side in range(2):
        if _visible(s, b, side) == NO_FACE:
            continue
        gain = _turn_gain(s, b, side, excess)
        if gain > best_gain:
            best_side = side
            best_gain = gain
    gain = best_gain - _coin_loss(s.data, m.coins, cost)
    if best_side < 0 or gain <= G.turn_min:
        return
    out.value = G.buy_min * 0.5 + gain
    out.steps[0] = TURN_BASE + best_side
    out.n_steps = 1


cdef void _plan_commissions(const Ctx* ctx, const Model* m, int b, int pages_turned,
                            Plan* out) noexcept nogil:
    cdef const CoreState* s = ctx.s
    cdef const CoreData* d = s.data
    cdef Needs nd
    cdef double values[MAX_FACES]
    cdef double excess[MAX_FACES]
    cdef double vis_value[2]
    cdef int vis_side[2]
    cdef int n_vis = 0, face, side, i, worst, other_side, n_excess = 0
    cdef double best_value, worst_value, hold, value, tv
    _nothing(out)
    if m.coins < 1:
        return
    _needs_of(ctx, m, &nd)
    for side in range(2):  # the other faces' values only when a page turn is weighed
        face = _visible(s, b, side)
        if face != NO_FACE:
            vis_value[n_vis] = _commission_value(ctx, m, &nd, face)
            vis_side[n_vis] = side
            n_vis += 1
    if n_vis == 2 and (vis_value[0] < vis_value[1] or (vis_value[0] == vis_value[1]
                                                      and vis_side[0] < vis_side[1])):
        tv = vis_value[0]
        vis_value[0] = vis_value[1]
        vis_value[1] = tv
        i = vis_side[0]
        vis_side[0] = vis_side[1]
        vis_side[1] = i
    if n_vis and vis_value[0] > G.buy_min:
        best_value = vis_value[0]
        side = vis_side[0]
        if m.n_held < MAX_HELD:
            out.has_after = 1
            out.after = m[0]
            out.after.held[out.after.n_held] = _visible(s, b, side)
            out.after.n_held += 1
            out.after.coins -= 1
            out.steps[0] = BUY_BASE + side * 8 + NO_SOURCE
            out.n_steps = 1
            value = best_value
            if (n_vis > 1 and vis_value[1] > G.buy_min and out.after.coins >= 1
                    and out.after.n_held < MAX_HELD):
                other_side = vis_side[1]
                out.after.held[out.after.n_held] = _visible(s, b, other_side)
                out.after.n_held += 1
                out.after.coins -= 1
                value += vis_value[1]
                out.steps[1] = BUY_BASE + other_side * 8 + NO_SOURCE
                out.n_steps = 2
            out.value = value
            return
        worst = -1
        worst_value = 0.0
        for i in range(m.n_held):
            hold = _hold_value(ctx, m, &nd, i)
            if worst < 0 or hold < worst_value:
                worst = i
                worst_value = hold
        if not nd.ready[worst] and best_value - worst_value > G.return_margin:
            out.has_after = 1
            out.after = m[0]
            for i in range(worst, out.after.n_held - 1):
                out.after.held[i] = out.after.held[i + 1]
            out.after.n_held -= 1
            out.after.held[out.after.n_held] = _visible(s, b, side)
            out.after.n_held += 1
            out.after.coins -= 1
            out.value = best_value - worst_value
            out.steps[0] = RETURN_BASE + worst * 2 + (1 - side)
            out.steps[1] = BUY_BASE + side * 8 + NO_SOURCE
            out.n_steps = 2
        return
    if m.n_held >= MAX_HELD:
        return
    for face in range(MAX_FACES):
        excess[face] = 0.0
    for face in range(d.n_faces):
        values[face] = _commission_value(ctx, m, &nd, face)
        if values[face] > G.buy_min:
            excess[face] = values[face] - G.buy_min
            n_excess += 1
    if not n_excess:
        return
    _turn_plan(s, m, b, pages_turned, excess, out)


cdef void _equipment_values(const Ctx* ctx, const Model* m, const Needs* nd, double* values,
                            bint* has) noexcept nogil:
    cdef const CoreData* d = ctx.s.data
    cdef double u_share[MAX_MISSING]
    cdef int u_gem[MAX_MISSING]
    cdef int8_t load[MAX_ITEMS]
    cdef int n_u = 0, k, i, gem, item, cost, face, loads, coins = m.coins
    cdef double value
    for i in range(MAX_ITEMS):
        load[i] = m.load[i]
    for k in range(nd.n_missing):
        i = nd.missing_i[k]
        gem = nd.missing_gem[k]
        item = _free_slot(d, load, coins, gem, nd.spare, &cost)
        if item >= 0:
            load[item] = gem
            coins -= cost
        else:
            face = m.held[i]
            u_share[n_u] = _worth(ctx, m, face) / d.face_n_gems[face]
            u_gem[n_u] = gem
            n_u += 1
    for item in range(MAX_FACES):
        has[item] = 0
        values[item] = 0.0
    for item in range(d.n_items):
        if m.load[item] != NOT_OWNED:
            continue
        loads = d.item_loads[item]
        if loads == ANY_GEM:
            value = G.animal_base - d.item_cost[item] / 3.0
        else:
            value = G.equip_base if ctx.gem_supply[loads] else G.equip_base * G.no_gem_factor
        for k in range(n_u):
            if loads == u_gem[k] or loads == ANY_GEM:
                value += G.equip_need + 0.5 * u_share[k]
                break
        values[item] = value
        has[item] = 1


cdef void _plan_equipment(const Ctx* ctx, const Model* m, int b, int pages_turned,
                          Plan* out) noexcept nogil:
    cdef const CoreState* s = ctx.s
    cdef const CoreData* d = s.data
    cdef Needs nd
    cdef int sources[MAX_ITEMS]
    cdef double values[MAX_FACES]
    cdef bint has[MAX_FACES]
    cdef double excess[MAX_FACES]
    cdef double c_value[2]
    cdef int c_side[2]
    cdef int c_face[2]
    cdef int n_sources = 0, k, item, gold = d.equipment_gem, promised = 0, n_c = 0
    cdef int side, face, source, n_excess = 0, ti
    cdef double cost, tv
    _nothing(out)
    _needs_of(ctx, m, &nd)
    for k in range(d.n_animals):
        if m.load[d.animals[k]] == gold:
            sources[n_sources] = d.animals[k]
            n_sources += 1
    for k in range(d.n_dedicated):
        if m.load[d.dedicated[k]] == gold:
            sources[n_sources] = d.dedicated[k]
            n_sources += 1
    if not n_sources:
        return
    for item in range(d.n_items):
        if m.load[item] == gold:
            promised += 1
    promised -= nd.spare[gold]
    _equipment_values(ctx, m, &nd, values, has)
    for side in range(2):
        face = _visible(s, b, side)
        if face != NO_FACE and face >= 0 and has[face]:
            c_value[n_c] = values[face]
            c_side[n_c] = side
            c_face[n_c] = face
            n_c += 1
    if n_c == 2 and (c_value[0] < c_value[1] or (c_value[0] == c_value[1] and (
            c_side[0] < c_side[1] or (c_side[0] == c_side[1] and c_face[0] < c_face[1])))):
        tv = c_value[0]
        c_value[0] = c_value[1]
        c_value[1] = tv
        ti = c_side[0]
        c_side[0] = c_side[1]
        c_side[1] = ti
        ti = c_face[0]
        c_face[0] = c_face[1]
        c_face[1] = ti
    for k in range(n_c):
        cost = d.vp_per_gem + (4.0 if n_sources <= promised else 0.0)
        if c_value[k] - cost <= G.buy_min:
            continue
        source = sources[0]
        out.has_after = 1
        out.after = m[0]
        out.after.load[source] = EMPTY
        out.after.load[c_face[k]] = EMPTY
        out.value = c_value[k] - cost
        out.steps[0] = BUY_BASE + c_side[k] * 8 + source
        out.n_steps = 1
        return
    for face in range(MAX_FACES):
        excess[face] = 0.0
    for item in range(d.n_items):
        if has[item] and values[item] - d.vp_per_gem > G.buy_min:
            excess[item] = values[item] - d.vp_per_gem - G.buy_min
            n_excess += 1
    if not n_excess:
        return
    _turn_plan(s, m, b, pages_turned, excess, out)


cdef void _plan(const Ctx* ctx, const Model* m, int space, int action, int pages_turned,
                int loads_done, Plan* best) noexcept nogil:
    """heuristics._plan: the best action for `m` at `space`."""
    cdef const CoreState* s = ctx.s
    cdef const CoreData* d = s.data
    cdef int kind = d.kind[space]
    cdef int b, gained
    cdef Plan cand
    _nothing(best)
    if kind == K_PATRON and (action == NO_ACTION or action == DELIVERY):
        _plan_delivery(ctx, m, d.patron[space], &cand)
        _better(best, &cand)
    if action == NO_ACTION or action == LOADING:
        if kind == K_ROAD:
            _plan_loads(ctx, m, s.road[d.road_at[space]], 99, &cand)
            _better(best, &cand)
        elif d.ships[space] and d.ships[space] > loads_done:
            _plan_loads(ctx, m, s.discard, d.ships[space] - loads_done, &cand)
            _better(best, &cand)
    b = d.book_at[space]
    if b >= 0 and (action == NO_ACTION or action == PURCHASE):
        if d.book_set[b] == SET_COMMISSION:
            _plan_commissions(ctx, m, b, pages_turned, &cand)
        else:
            _plan_equipment(ctx, m, b, pages_turned, &cand)
        _better(best, &cand)
    if action == NO_ACTION:
        if kind == K_CITY and not m.provisions:
            _nothing(&cand)
            cand.value = G.provisions_value
            cand.steps[0] = STEP_PROVISIONS
            cand.n_steps = 1
            cand.has_after = 1
            cand.after = m[0]
            cand.after.provisions = 1
            _better(best, &cand)
        elif kind == K_MINE and m.coins < d.coin_cap and s.bank:
            gained = d.coin_cap - m.coins
            if s.bank < gained:
                gained = s.bank
            _nothing(&cand)
            cand.value = d.coin_worth[m.coins + gained] - d.coin_worth[m.coins]
            cand.steps[0] = STEP_SILVER
            cand.n_steps = 1
            cand.has_after = 1
            cand.after = m[0]
            cand.after.coins += gained
            _better(best, &cand)


cdef double _best_next(const Ctx* ctx, const Model* m, const Model* model, int space,
                       double* base, bint* known) noexcept nogil:
    """_choose_move.best_next: the best plan value reachable from `space` next turn
    (for `model`, or for `m` with the cached base values when model is NULL)."""
    cdef const CoreData* d = ctx.s.data
    cdef uint64_t reach
    cdef int provisions = m.provisions if model == NULL else model.provisions
    cdef int pass_no, nxt, k
    cdef double best = 0.0, value
    cdef Plan plan
    cdef Ctx* cache = <Ctx*>ctx  # only the look-ahead model's caches change
    if model != NULL:
        for k in range(d.n_faces):
            cache.alt_worth[k] = _worth(ctx, model, k)
        _needs(d, model, &cache.alt_needs)
        cache.alt_model = model
    for pass_no in range(2 if provisions else 1):
        reach = d.reach_plain[space] if pass_no == 0 else d.reach_prov[space]
        while reach:  # set bits, ascending
            nxt = valdora_ctz64(reach)
            reach &= reach - 1
            if model == NULL:
                if not known[nxt]:
                    _plan(ctx, m, nxt, NO_ACTION, 0, 0, &plan)
                    base[nxt] = plan.value
                    known[nxt] = 1
                value = base[nxt]
            else:
                _plan(ctx, model, nxt, NO_ACTION, 0, 0, &plan)
                value = plan.value
            if value > best:
                best = value
    cache.alt_model = NULL
    return best


cdef int _choose_move(const Ctx* ctx, const Model* m, const int32_t* legal, int n_legal,
                      RngState* rng) noexcept nogil:
    cdef const CoreData* d = ctx.s.data
    cdef double base[MAX_SPACES]
    cdef bint known[MAX_SPACES]
    cdef int others[MAX_SPACES]
    cdef Plan plans[MAX_SPACES]
    cdef double score[MAX_SPACES]
    cdef double ahead[MAX_SPACES]   # best_next(None, dest), pure: computed once
    cdef int order[MAX_SPACES]
    cdef int ties[MAX_SPACES]
    cdef int i, j, t, seat, dest, n_ties = 0, top_count
    cdef double value, top
    for i in range(MAX_SPACES):
        known[i] = 0
        others[i] = 0
    for seat in range(ctx.s.n):
        if seat != m.seat:
            others[ctx.s.players[seat].space] += 1
    for i in range(n_legal):
        dest = legal[i] - MOVE_BASE
        _plan(ctx, m, dest, NO_ACTION, 0, 0, &plans[i])
        base[dest] = plans[i].value
        known[dest] = 1
        value = plans[i].value
        if d.kind[dest] != K_MINE and others[dest]:
            value -= _coin_loss(d, m.coins, others[dest]) + 0.5 * others[dest]
        score[i] = value
    for i in range(n_legal):
        ahead[i] = _best_next(ctx, m, NULL, legal[i] - MOVE_BASE, base, known)
        score[i] += G.lookahead * ahead[i]
    for i in range(n_legal):  # stable sort by descending score (key=-score)
        order[i] = i
    for i in range(1, n_legal):
        t = order[i]
        j = i - 1
        while j >= 0 and score[order[j]] < score[t]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = t
    top_count = G.lookahead_plans if G.lookahead_plans < n_legal else n_legal
    for j in range(top_count):
        i = order[j]
        if plans[i].has_after:
            dest = legal[i] - MOVE_BASE
            score[i] = (score[i] - G.lookahead * ahead[i]
                        + G.lookahead * _best_next(ctx, m, &plans[i].after, dest, base, known))
    top = score[order[0]]
    for j in range(1, n_legal):
        if score[order[j]] > top:
            top = score[order[j]]
    for j in range(n_legal):
        if score[order[j]] >= top - 1e-9:
            ties[n_ties] = legal[order[j]]
            n_ties += 1
    if n_ties == 1:
        return ties[0]
    return ties[rng_below(rng, n_ties)]


cdef int core_greedy_step(const CoreState* s, RngState* rng) noexcept nogil:
    """heuristics.greedy_step. Precondition: a decision node (not chance, not over)."""
    cdef Ctx ctx
    cdef Model m
    cdef Plan plan
    cdef int32_t legal[MAX_STEPS]
    cdef int n, g, r, k
    ctx.s = s
    for g in range(MAX_GEMS):
        ctx.gem_supply[g] = s.discard[g]
        for r in range(s.data.n_roads):
            ctx.gem_supply[g] += s.road[r][g]
    _model_of(s, s.current, &m)
    ctx.worth_seat = m.seat
    memcpy(ctx.worth_craftsmen, m.craftsmen, MAX_COLOURS)
    for k in range(s.data.n_faces):
        ctx.worth[k] = _delivery_worth(s, &m, k)
    ctx.base_model = &m
    ctx.alt_model = NULL
    _needs(s.data, &m, &ctx.base_needs)
    n = core_legal_steps(s, legal)
    if s.phase == PHASE_ACTION:
        _plan(&ctx, &m, m.space, s.action, s.pages_turned, s.loads_done, &plan)
        if plan.n_steps:
            for k in range(n):
                if legal[k] == plan.steps[0]:
                    return plan.steps[0]
        return STEP_END
    if n == 1 and legal[0] == STEP_END:
        return STEP_END
    return _choose_move(&ctx, &m, legal, n, rng)
