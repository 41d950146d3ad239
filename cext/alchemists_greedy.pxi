# Included by alchemists_core.pyx: the greedy policy and the score estimate of
# valdora_ai/games/alchemists/heuristics.py in C, bit for bit (same float operations in
# the same order; setup.py turns off fused multiply-adds).


cdef inline bint _in(const int* steps, int n, int step) noexcept nogil:
    cdef int i
    for i in range(n):
        if steps[i] == step:
            return True
    return False


cdef double _progress(const Tab* t, const St* s) noexcept nogil:
    cdef int size = t.deck_size[s.n] - t.face_up
    if size:
        return 1.0 - <double>s.deck_count / <double>size
    return 1.0


cdef int _sell_threshold(const St* s, const Pl* p) noexcept nogil:
    cdef int i, filled = 0
    if s.end_triggered or s.deck_count <= s.n * 2:
        return 0
    for i in range(NCELL):
        if p.chest[i] != EMPTY:
            filled += 1
    if filled == 9:
        return 0
    if filled == 8:
        return 3
    if filled == 7:
        return 5
    return 9


cdef int _best_tokens(const Tab* t, const Pl* p, int line, int* best_tokens) noexcept nogil:
    """heuristics._best_tokens: the best bonus, and in `best_tokens` the fewest tokens
    reaching it (candidates in itertools.product order)."""
    cdef int cards[LLEN]
    cdef int kinds[3]
    cdef int places[3]
    cdef int tokens[LLEN]
    cdef int n_kinds = 0, i, j, combos = 1, code, used, bonus, best = -1, best_used = 0
    cdef bint bad
    for i in range(LLEN):
        cards[i] = p.chest[LINES[line][i]]
        best_tokens[i] = NONE
    for i in range(N_TOKENS):
        if p.tokens[i]:
            kinds[n_kinds] = i
            n_kinds += 1
    for i in range(n_kinds):
        combos *= 4
    for code in range(combos):
        j = code
        for i in range(n_kinds - 1, -1, -1):  # the last kind varies fastest
            places[i] = j % 4 - 1
            j //= 4
        bad = False
        used = 0
        for i in range(LLEN):
            tokens[i] = NONE
        for i in range(n_kinds):
            if places[i] == NONE:
                continue
            used += 1
            if tokens[places[i]] != NONE or t.multi[cards[places[i]]]:
                bad = True
                break
            tokens[places[i]] = kinds[i]
        if bad:
            continue
        bonus = _line_bonus(t, cards, tokens)
        if bonus > best or (bonus == best and used < best_used):
            best, best_used = bonus, used
            for i in range(LLEN):
                best_tokens[i] = tokens[i]
    return best


# The lines through each cell, ascending (the order _placement adds them up in).
cdef int CELL_LINES[NCELL][NLINE]
cdef int N_CELL_LINES[NCELL]
for _cell in range(NCELL):
    N_CELL_LINES[_cell] = 0
    for _i in range(NLINE):
        if _cell in _S.LINES[_i]:
            CELL_LINES[_cell][N_CELL_LINES[_cell]] = _i
            N_CELL_LINES[_cell] += 1


cdef double _placement(const Tab* t, const Pl* p, int card, int* where) noexcept nogil:
    """heuristics._placement: (agreement, cell) of the empty cell sharing the most."""
    cdef double best = -1.0, agreement
    cdef int best_cell = -1, cell, line, j, k, other, wild
    for cell in range(NCELL):
        if p.chest[cell] != EMPTY:
            continue
        agreement = 0.0
        for j in range(N_CELL_LINES[cell]):
            line = CELL_LINES[cell][j]
            for k in range(LLEN):
                other = p.chest[LINES[line][k]]
                if other == EMPTY:
                    continue
                wild = t.multi[card] or t.multi[other]
                agreement += MATCH0 * (1.0 if wild or t.shape[other] == t.shape[card] else 0.0)
                agreement += MATCH1 * (1.0 if wild or (t.colours[other] & t.colours[card])
                                       else 0.0)
                agreement += MATCH2 * (1.0 if wild or t.level[other] == t.level[card] else 0.0)
        if agreement > best or (agreement == best and -cell > -best_cell):
            best, best_cell = agreement, cell
    where[0] = best_cell
    return best


cdef double _value(const Tab* t, const St* s, const Pl* p, int card) noexcept nogil:
    cdef int where
    cdef double skill = SKILL_WEIGHT * (1.0 - _progress(t, s)) * <double>t.bonus_sum[card]
    return <double>t.ep[card] + skill + 0.5 * _placement(t, p, card, &where)


cdef bint _gap(const Tab* t, const Pl* p, int card, int* gap) noexcept nogil:
    """heuristics._ingredient_gap into `gap`; True when any ingredient is missing."""
    cdef int c, k, missing
    cdef bint any_gap = False
    for k in range(t.n_ing):
        gap[k] = 0
    for c in range(t.n_dec):
        missing = t.cost[card][c] - _held(p, c)
        if missing < 0:
            missing = 0
        for k in range(t.n_ing):
            gap[k] += missing * t.recipes[c][k]
    for k in range(t.n_ing):
        gap[k] = gap[k] - p.ing[k]
        if gap[k] < 0:
            gap[k] = 0
        if gap[k]:
            any_gap = True
    return any_gap


cdef double _actions_needed(const Tab* t, const Pl* p, int card) noexcept nogil:
    cdef int gap[MAXI]
    cdef int k, v, collects = 0, brews = 0
    _gap(t, p, card, gap)
    for k in range(t.n_ing):
        v = _skill_value(t, p, k)
        collects += (gap[k] + v - 1) // v
    for k in range(t.n_dec):
        if t.cost[card][k] > _held(p, k):
            brews = 1
    return <double>(1 + brews) + <double>collects / 2.0


cdef int _targets(const Tab* t, const St* s, const Pl* p, int* out) noexcept nogil:
    """heuristics._targets: face-up cards by value per action needed, best first."""
    cdef double rates[MAXF]
    cdef int n = 0, i, j, card
    cdef double r
    for i in range(NCELL):
        if p.chest[i] == EMPTY:
            break
    else:
        return 0
    for i in range(t.face_up):
        card = s.face_up[i]
        if card == EMPTY:
            continue
        r = -(_value(t, s, p, card) / _actions_needed(t, p, card))
        j = n
        while j > 0 and (rates[j - 1] > r or (rates[j - 1] == r and out[j - 1] > card)):
            rates[j] = rates[j - 1]
            out[j] = out[j - 1]
            j -= 1
        rates[j] = r
        out[j] = card
        n += 1
    return n


cdef int _setup_point(const Tab* t, const St* s, const Pl* p, const int* legal,
                      int n_legal) noexcept nogil:
    cdef int water = t.n_ing - 1, i, k, c, card, best = -1, arg
    cdef int need[MAXI]
    if _in(legal, n_legal, SKILL_BASE + water) and p.skills[water] == 0:
        return SKILL_BASE + water
    for k in range(t.n_ing):
        need[k] = 0
    for i in range(t.face_up):
        card = s.face_up[i]
        if card == EMPTY:
            continue
        for c in range(t.n_dec):
            for k in range(t.n_ing):
                need[k] += t.cost[card][c] * t.recipes[c][k]
    for i in range(n_legal):
        if SKILL_BASE <= legal[i] < COLLECT_BASE:
            arg = legal[i] - SKILL_BASE
            if best < 0 or need[arg] > need[best - SKILL_BASE]:
                best = legal[i]
    return best if best >= 0 else legal[0]


cdef int _greedy_sell(const Tab* t, const St* s, const Pl* p, const int* legal,
                      int n_legal) noexcept nogil:
    cdef int i, k, line, bonus, worth, best = 0, best_bonus = -1, best_worth = 0
    cdef int tokens[LLEN]
    for i in range(n_legal):
        if not (SELL_BASE <= legal[i] < TOKEN_BASE):
            continue
        line = legal[i] - SELL_BASE
        bonus = _best_tokens(t, p, line, tokens)
        worth = bonus
        for k in range(LLEN):
            worth += t.ep[p.chest[LINES[line][k]]]
        if bonus > best_bonus or (bonus == best_bonus and worth > best_worth):
            best, best_bonus, best_worth = legal[i], bonus, worth
    if best and best_bonus >= _sell_threshold(s, p):
        return best
    return 0


cdef int _sale_token(const Tab* t, const St* s, const Pl* p, const int* legal,
                     int n_legal) noexcept nogil:
    cdef int tokens[LLEN]
    cdef int i, step
    _best_tokens(t, p, s.sale_line, tokens)
    for i in range(LLEN):
        step = TOKEN_BASE + tokens[i] * LLEN + i if tokens[i] != NONE else -1
        if _in(legal, n_legal, step) and s.sale_tokens[i] == NONE:
            return step
    return STOP


cdef int _greedy_make(const Tab* t, const St* s, const Pl* p, const int* legal,
                      int n_legal) noexcept nogil:
    cdef char slots[MAXF]
    cdef int i, slot, card, cell, best = 0
    cdef double value, best_value = 0.0
    memset(slots, 0, MAXF)
    for i in range(n_legal):
        if MAKE_BASE <= legal[i] < REARRANGE_BASE:
            slots[(legal[i] - MAKE_BASE) // NCELL] = 1
    for slot in range(t.face_up):
        if not slots[slot]:
            continue
        card = s.face_up[slot]
        value = _value(t, s, p, card)
        if not best or value > best_value:
            _placement(t, p, card, &cell)
            best, best_value = MAKE_BASE + slot * NCELL + cell, value
    return best


cdef int _greedy_brew(const Tab* t, const St* s, const Pl* p, const int* legal, int n_legal,
                      int plan, const int* targets, int n) noexcept nogil:
    """heuristics' brewing toward the first `plan` of `targets` (_targets' n cards)."""
    cdef int gap[MAXI]
    cdef int i, c
    if n > plan:
        n = plan
    if not n:
        return 0
    if s.phase == CHOOSE and _gap(t, p, targets[0], gap):
        return 0
    for i in range(n):
        for c in range(t.n_dec):
            if t.cost[targets[i]][c] > _held(p, c) and _in(legal, n_legal, BREW_BASE + c):
                return BREW_BASE + c
    return 0


cdef int _greedy_collect(const Tab* t, const St* s, const Pl* p, const int* legal,
                         int n_legal, const int* targets, int n) noexcept nogil:
    """heuristics' collecting toward the first two of `targets` (_targets' n cards)."""
    cdef int gaps[2][MAXI]
    cdef int amounts[MAXI]
    cdef int covered[2]
    cdef int i, g, k, total, c0 = 0, csum = 0, camount = 0
    cdef int best = -1, a, m
    if n > 2:
        n = 2
    if not n:
        return 0
    for g in range(n):
        _gap(t, p, targets[g], gaps[g])
    for i in range(n_legal):
        if not (COLLECT_BASE <= legal[i] < BREW_BASE):
            continue
        _collect_amounts(t, p, legal[i] - COLLECT_BASE, amounts)
        total = 0
        for g in range(n):
            covered[g] = 0
            for k in range(t.n_ing):
                a, m = amounts[k], gaps[g][k]
                covered[g] += a if a < m else m
            total += covered[g]
        a = 0
        for k in range(t.n_ing):
            a += amounts[k]
        # key (covered[0], sum(covered), sum(amounts), -step): later steps lose ties
        if total and (best < 0 or covered[0] > c0 or (covered[0] == c0 and (
                total > csum or (total == csum and a > camount)))):
            best, c0, csum, camount = legal[i], covered[0], total, a
    return best if best >= 0 else 0


cdef int _chance_pick(const Tab* t, const St* s, RngState* rng) noexcept nogil:
    """A refill draw by its probability: one rng draw, as Rng.choice_weighted."""
    cdef int cards[MAXC]
    cdef double weights[MAXC]
    cdef int n = _unseen(t, s, cards), i
    for i in range(n):
        weights[i] = 1.0 / n
    return CHANCE_BASE + cards[rng_choice_weighted(rng, weights, n)]


cdef int _quick_step(const Tab* t, const St* s, RngState* rng) noexcept nogil:
    """heuristics.quick_step (the former greedy)."""
    cdef int legal[MAXSTEPS]
    cdef int targets[MAXF]  # _targets is pure: one list serves every brew and collect
    cdef int n, step, n_targets
    cdef const Pl* p
    if s.refilling:
        return _chance_pick(t, s, rng)
    n = _legal(t, s, legal)
    p = &s.players[s.current]
    if s.phase == SETUP:
        return _setup_point(t, s, p, legal, n)
    if s.phase == SELLING:
        return _sale_token(t, s, p, legal, n)
    if s.phase == MAKING:
        return _greedy_make(t, s, p, legal, n) or STOP
    if s.phase == BREWING:
        n_targets = _targets(t, s, p, targets)
        return _greedy_brew(t, s, p, legal, n, 3, targets, n_targets) or STOP
    step = _greedy_sell(t, s, p, legal, n)
    if not step:
        step = _greedy_make(t, s, p, legal, n)
    if step:
        return step
    n_targets = _targets(t, s, p, targets)
    step = _greedy_brew(t, s, p, legal, n, 3, targets, n_targets)
    if not step:
        step = _greedy_collect(t, s, p, legal, n, targets, n_targets)
    if not step:
        step = _greedy_brew(t, s, p, legal, n, t.face_up, targets, n_targets)
    return step


# ------------------------------------------------------------------- bundles
cdef void _bundle_missing(const Tab* t, const Pl* p, const int* cost, int* missing) noexcept nogil:
    """heuristics._missing."""
    cdef int c, m
    for c in range(t.n_dec):
        m = cost[c] - _held(p, c)
        missing[c] = m if m > 0 else 0


cdef void _bundle_gap(const Tab* t, const Pl* p, const int* missing, int* gap) noexcept nogil:
    """heuristics._gap: ingredients per type still to collect for brewing `missing`."""
    cdef int c, k
    for k in range(t.n_ing):
        gap[k] = 0
    for c in range(t.n_dec):
        for k in range(t.n_ing):
            gap[k] += missing[c] * t.recipes[c][k]
    for k in range(t.n_ing):
        gap[k] -= p.ing[k]
        if gap[k] < 0:
            gap[k] = 0


cdef inline double _bundle_actions(const Tab* t, const int* held, const int* skill,
                                   const int* ing, const int* cost, double make) noexcept nogil:
    """heuristics._actions, from the mover's decoctions held per colour, skill values and
    ingredients (read once per bundle choice: this runs for every candidate bundle)."""
    cdef int missing[MAXD]
    cdef int c, k, m, any_missing = 0, collects = 0, most = 0, need, g
    for c in range(t.n_dec):
        m = cost[c] - held[c]
        missing[c] = m if m > 0 else 0
        any_missing |= m > 0
    if not any_missing:
        return make
    for k in range(t.n_ing):
        need = 0
        for c in range(t.n_dec):
            need += missing[c] * t.recipes[c][k]
        g = need - ing[k]
        if g > 0:
            collects += (g + skill[k] - 1) // skill[k]
        if need > most:
            most = need
    return make + <double>((most + t.ing_limit - 1) // t.ing_limit) + <double>collects / 2.0


cdef int _choose_bundle(const Tab* t, const St* s, const Pl* p, double make, int among,
                        int* bundle) noexcept nogil:
    """heuristics._choose_bundle into `bundle`; its size (0: none)."""
    cdef int cards[MAXF]
    cdef double values[MAXF]
    cdef int cost[MAXD]
    cdef int idx[3]
    cdef int held[MAXD]
    cdef int skill[MAXI]
    cdef char chosen[MAXF]
    cdef double alone[MAXF]
    cdef int n = 0, free = 0, i, j, c, size, k, best_n = 0, top, over
    cdef double best = 0.0, total, rate
    for c in range(t.n_dec):
        held[c] = _held(p, c)
    for k in range(t.n_ing):
        skill[k] = _skill_value(t, p, k)
    for i in range(NCELL):
        if p.chest[i] == EMPTY:
            free += 1
    for i in range(t.face_up):  # the face-up cards by id, as sorted(cards)
        if s.face_up[i] == EMPTY:
            continue
        j = n
        while j > 0 and cards[j - 1] > s.face_up[i]:
            cards[j] = cards[j - 1]
            j -= 1
        cards[j] = s.face_up[i]
        n += 1
    for i in range(n):
        values[i] = _value(t, s, p, cards[i])
    if among and n > among:  # the `among` best alone (ties: lower id), kept by id
        for i in range(n):
            chosen[i] = 0
            alone[i] = values[i] / _bundle_actions(t, held, skill, p.ing, t.cost[cards[i]],
                                                   make)
        for k in range(among):
            j = -1
            for i in range(n):
                if not chosen[i] and (j < 0 or alone[i] > alone[j]):
                    j = i
            chosen[j] = 1
        j = 0
        for i in range(n):
            if chosen[i]:
                cards[j], values[j] = cards[i], values[i]
                j += 1
        n = among
    top = BUNDLE if BUNDLE < free else free
    for size in range(1, top + 1):
        if size > n:
            break
        for k in range(size):  # itertools.combinations order
            idx[k] = k
        while True:
            for c in range(t.n_dec):
                cost[c] = 0
                for k in range(size):
                    cost[c] += t.cost[cards[idx[k]]][c]
            over = 0
            for c in range(t.n_dec):
                if cost[c] > t.dec_limit:
                    over = 1
            if not over:
                total = 0.0
                for k in range(size):
                    total += values[idx[k]]
                rate = total / _bundle_actions(t, held, skill, p.ing, cost, make)
                if rate > best:
                    best, best_n = rate, size
                    for k in range(size):
                        bundle[k] = cards[idx[k]]
            k = size - 1
            while k >= 0 and idx[k] == k + n - size:
                k -= 1
            if k < 0:
                break
            idx[k] += 1
            for j in range(k + 1, size):
                idx[j] = idx[j - 1] + 1
    return best_n


cdef int _first_make(const Tab* t, const St* s, const Pl* p, const int* legal, int n_legal,
                     const int* bundle, int n_bundle) noexcept nogil:
    """heuristics._first_make: the bundle's card in the lowest legal face-up space."""
    cdef char slots[MAXF]
    cdef int i, slot, cell
    memset(slots, 0, MAXF)
    for i in range(n_legal):
        if MAKE_BASE <= legal[i] < REARRANGE_BASE:
            slots[(legal[i] - MAKE_BASE) // NCELL] = 1
    for slot in range(t.face_up):
        if slots[slot] and _in(bundle, n_bundle, s.face_up[slot]):
            _placement(t, p, s.face_up[slot], &cell)
            return MAKE_BASE + slot * NCELL + cell
    return 0


cdef int _first_brew(const Tab* t, const int* legal, int n_legal, const int* wanted) noexcept nogil:
    """heuristics._first_brew."""
    cdef int c
    for c in range(t.n_dec):
        if wanted[c] and _in(legal, n_legal, BREW_BASE + c):
            return BREW_BASE + c
    return 0


cdef int _best_collect(const Tab* t, const Pl* p, const int* legal, int n_legal,
                       const int* gap, int* covered) noexcept nogil:
    """heuristics._best_collect: the step (0: none), its coverage into `covered`."""
    cdef int amounts[MAXI]
    cdef int i, k, cov, total, best = 0, best_cov = 0, best_total = 0
    for i in range(n_legal):
        if not (COLLECT_BASE <= legal[i] < BREW_BASE):
            continue
        _collect_amounts(t, p, legal[i] - COLLECT_BASE, amounts)
        cov, total = 0, 0
        for k in range(t.n_ing):
            cov += amounts[k] if amounts[k] < gap[k] else gap[k]
            total += amounts[k]
        if best == 0 or cov > best_cov or (cov == best_cov and (
                total > best_total or (total == best_total and legal[i] < best))):
            best, best_cov, best_total = legal[i], cov, total
    covered[0] = best_cov
    return best


cdef int _bundle_transform(const Tab* t, const Pl* p, const int* legal, int n_legal,
                           const int* missing, const int* cost) noexcept nogil:
    """heuristics._transform."""
    cdef int c, target = -1, lacking = 0, count, source, extra, step, best = 0, spare = 0
    for c in range(t.n_dec):
        if missing[c]:
            lacking += 1
            target = c
    if lacking != 1:
        return 0
    count = missing[target]
    for source in range(t.n_dec):
        if source == target:
            continue
        extra = p.dec[source] - cost[source]
        step = TRANSFORM_BASE + (source * MAX_DEC_CODES + target) * STRIDE + count - 1
        if extra >= count and extra > spare and _in(legal, n_legal, step):
            best, spare = step, extra
    return best


cdef int _greedy_step(const Tab* t, const St* s, RngState* rng) noexcept nogil:
    """heuristics.greedy_step: work towards the best bundle."""
    cdef int legal[MAXSTEPS]
    cdef int bundle[BUNDLE]
    cdef int cost[MAXD]
    cdef int missing[MAXD]
    cdef int gap[MAXI]
    cdef int n, n_bundle, c, k, step, covered, affordable
    cdef const Pl* p
    if s.refilling or not (s.phase == CHOOSE or s.phase == BREWING or s.phase == MAKING):
        return _quick_step(t, s, rng)
    p = &s.players[s.current]
    n = _legal(t, s, legal)
    n_bundle = _choose_bundle(t, s, p, MAKE_COST, BUNDLE_AMONG, bundle)
    if not n_bundle:
        return _quick_step(t, s, rng)
    for c in range(t.n_dec):
        cost[c] = 0
        for k in range(n_bundle):
            cost[c] += t.cost[bundle[k]][c]
    if s.phase == MAKING:
        return (_first_make(t, s, p, legal, n, bundle, n_bundle)
                or _greedy_make(t, s, p, legal, n) or STOP)
    _bundle_missing(t, p, cost, missing)
    if s.phase == BREWING:
        return _first_brew(t, legal, n, missing) or STOP
    step = _greedy_sell(t, s, p, legal, n)
    if step:
        return step
    affordable = 1
    for c in range(t.n_dec):
        if missing[c]:
            affordable = 0
    if affordable:
        return _first_make(t, s, p, legal, n, bundle, n_bundle) or _quick_step(t, s, rng)
    step = _bundle_transform(t, p, legal, n, missing, cost)
    if step:
        return step
    _bundle_gap(t, p, missing, gap)
    step = _best_collect(t, p, legal, n, gap, &covered)
    if not covered:
        step = _first_brew(t, legal, n, missing)
    return step or _quick_step(t, s, rng)


cdef void _estimate(const Tab* t, const St* s, double* out) noexcept nogil:
    """heuristics.estimate_final_scores."""
    cdef int seat, line, k, bonus, best, filled
    cdef int tokens[LLEN]
    cdef const Pl* p
    cdef double materials
    for seat in range(s.n):
        if s.over:
            out[seat] = <double>_score(t, s, seat)
            continue
        p = &s.players[seat]
        best = 0
        for line in range(NLINE):
            filled = 1
            for k in range(LLEN):
                if p.chest[LINES[line][k]] == EMPTY:
                    filled = 0
            if filled:
                bonus = _best_tokens(t, p, line, tokens)
                if bonus > best:
                    best = bonus
        k = 0
        for line in range(t.n_ing):
            k += p.ing[line]
        materials = <double>k / 6.0 + <double>_total_dec(t, p) / 2.0
        out[seat] = <double>_score(t, s, seat) + 0.5 * <double>best + 0.5 * materials


# ------------------------------------------------------------------- play-outs
cdef int _policy_step(const Tab* t, St* s, int policy, RngState* rng) noexcept nogil:
    if s.refilling:
        return _chance_pick(t, s, rng)
    if policy == POLICY_GREEDY:
        return _greedy_step(t, s, rng)
    if policy == POLICY_QUICK:
        return _quick_step(t, s, rng)
    return _random_step(t, s, rng)


cdef long _playout(const Tab* t, St* s, int policy, RngState* rng,
                   long max_steps) noexcept nogil:
    """valdora_ai.playout's reference loops, draw for draw."""
    cdef long played = 0
    while not s.over and played < max_steps:
        _apply(t, s, _policy_step(t, s, policy, rng))
        played += 1
    return played


cdef void _rollout(const Tab* t, St* s, int policy, RngState* rng, int searcher,
                   int depth) noexcept nogil:
    """valdora_ai.search.rollout.reference_rollout, draw for draw."""
    cdef int previous = _current_player(s), current, turns_done = 0
    while not s.over:
        current = _current_player(s)
        if current != CHANCE and current != previous:
            if previous == searcher:
                turns_done += 1
                if 0 <= depth < turns_done:
                    return
            previous = current
        _apply(t, s, _policy_step(t, s, policy, rng))
