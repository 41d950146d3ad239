# The compiled Valdora core: the rules of valdora_ai/games/valdora/rules.py in C.
#
# This file holds the C rules (setup, legal steps, chance outcomes, apply, scoring,
# determinization, the greedy policy and score estimate (valdora_greedy.pxi), playouts), all
# `noexcept nogil` over the structs of valdora_core.pxd. The Python-facing side is
# included at the end: valdora_tables.pxi (ComponentData -> CoreData) and valdora_state.pxi (ValdoraCompiledState, the
# class with the reference state's API). Every function mirrors the reference method
# named in its docstring; tests/test_parity.py runs both engines in lockstep.

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

from rng cimport RngState, rng_below, rng_choice_weighted
from valdora_core cimport *

DEF NO_FACE = -100  # `_visible` of an empty stack


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int valdora_ctz64(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i;
    }
    #else
    #define valdora_ctz64(x) __builtin_ctzll(x)
    #endif
    """
    int valdora_ctz64(unsigned long long x) noexcept nogil  # index of the lowest set bit


# ----------------------------------------------------------------- small helpers
cdef inline int _face(const CardSetData* cs, int card) noexcept nogil:
    """Book.face: the face up of a card (type*2 + side)."""
    if card & 1:
        return cs.back[card >> 1]
    return cs.front[card >> 1]


cdef inline void _sort(int32_t* a, int n) noexcept nogil:
    """Insertion sort, ascending (the lists are short)."""
    cdef int i, j
    cdef int32_t x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef inline void _shuffle(uint8_t* a, int n, RngState* rng) noexcept nogil:
    """Rng.shuffle: Fisher-Yates from the last index down to 1."""
    cdef int i, j
    cdef uint8_t t
    i = n - 1
    while i > 0:
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i -= 1


cdef inline int _visible(const CoreState* s, int b, int side) noexcept nogil:
    """Book.visible: the face on top of a stack, NO_FACE when the stack is empty."""
    cdef const BookState* bk = &s.books[b]
    cdef const CardSetData* cs = &s.data.sets[s.data.book_set[b]]
    if side == 0:
        return _face(cs, bk.left[bk.n_left - 1]) if bk.n_left else NO_FACE
    if bk.n_right:
        return _face(cs, bk.right[bk.n_right - 1])
    if bk.hidden_count:
        return bk.top_front
    return NO_FACE


cdef inline int _others_at(const CoreState* s, int space) noexcept nogil:
    cdef int seat, count = 0
    for seat in range(s.n):
        if seat != s.current and s.players[seat].space == space:
            count += 1
    return count


cdef inline uint8_t* _load_source(CoreState* s) noexcept nogil:
    """ValdoraState._load_source: the road here, or the discard."""
    cdef int space = s.players[s.current].space
    if s.data.kind[space] == K_ROAD:
        return s.road[s.data.road_at[space]]
    return s.discard


# ----------------------------------------------------------------- setup
cdef void _start_turn(CoreState* s) noexcept nogil:
    s.phase = MOVE
    s.action = NO_ACTION
    s.pages_turned = 0
    s.loads_done = 0


cdef void core_new(CoreState* s, const CoreData* d, int n_players, RngState* rng) noexcept nogil:
    """ValdoraState.new: set up a game, consuming `rng` exactly as the reference."""
    cdef uint8_t bag[2048]
    cdef int g, c, r, b, t, k, i, n_bag = 0, coins = 0
    cdef BookState* bk
    cdef const CardSetData* cs
    s.data = d
    s.n = n_players
    for i in range(n_players):
        s.players[i].space = d.start_space
        s.players[i].coins = d.start_coins_first + i
        coins += s.players[i].coins
        s.players[i].provisions = 0
        for k in range(MAX_ITEMS):
            s.players[i].load[k] = NOT_OWNED
        s.players[i].load[d.start_item] = EMPTY
        s.players[i].n_equipment = 0
        s.players[i].n_commissions = 0
        s.players[i].n_completed = 0
        for c in range(MAX_COLOURS):
            s.players[i].craftsmen[c] = 0
        s.players[i].n_workshops = 0
        s.players[i].bonus = 0
    s.bank = d.coins_total - coins
    for g in range(MAX_GEMS):
        s.discard[g] = 0
    for g in range(d.n_gems):
        for k in range(d.gem_count[g]):
            bag[n_bag] = g
            n_bag += 1
    _shuffle(bag, n_bag, rng)
    for r in range(MAX_ROADS):
        for g in range(MAX_GEMS):
            s.road[r][g] = 0
    for r in range(d.n_roads):
        for k in range(r * d.gems_per_road, (r + 1) * d.gems_per_road):
            s.road[r][bag[k]] += 1
    for b in range(d.n_books):
        bk = &s.books[b]
        cs = &d.sets[d.book_set[b]]
        bk.n_left = 0
        bk.n_right = 0
        bk.is_world = 1
        k = 0
        for t in range(MAX_TYPES):
            bk.pool[t] = 0
        for t in range(cs.n_types):
            bk.pool[t] = cs.copies[t]
            for i in range(cs.copies[t]):
                bk.hidden[k] = t
                k += 1
        _shuffle(bk.hidden, k, rng)
        bk.hidden_count = k
        bk.top_front = cs.front[bk.hidden[k - 1]] if k else UNSEEN
    for c in range(MAX_COLOURS):
        s.supply[c] = 0
        s.workshop_owner[c] = -1
    for c in range(d.n_colours):
        s.supply[c] = d.colour_count[c] - (d.colour_removed3[c] if n_players == 3 else 0)
    s.bonus_left = d.bonus_count
    s.current = 0
    _start_turn(s)
    s.reveal = NO_REVEAL
    s.reveal_book = -1
    s.pending_step = -1
    s.rounds = 0
    s.turns = 0
    s.end_triggered = 0
    s.capped = 0
    s.over = 0


# ----------------------------------------------------------------- queries
cdef int core_current_player(const CoreState* s) noexcept nogil:
    if s.over:
        return TERMINAL
    if s.reveal != NO_REVEAL:
        return CHANCE
    return s.current


cdef int core_chance_weights(const CoreState* s, int32_t* steps, int32_t* weights) noexcept nogil:
    """ValdoraState._reveal_weights as (CHANCE_BASE + face, weight); returns the count.

    Backs in card-type order (Book.back_candidates); fronts ascending by face
    (Book.front_candidates).
    """
    cdef const BookState* bk = &s.books[s.reveal_book]
    cdef const CardSetData* cs = &s.data.sets[s.data.book_set[s.reveal_book]]
    cdef int32_t acc[MAX_FACES]
    cdef int t, f, n = 0
    if s.reveal == REVEAL_BACK:
        for t in range(cs.n_types):
            if cs.front[t] == bk.top_front and bk.pool[t]:
                steps[n] = CHANCE_BASE + cs.back[t]
                weights[n] = bk.pool[t]
                n += 1
        return n
    for f in range(MAX_FACES):
        acc[f] = 0
    for t in range(cs.n_types):
        acc[cs.front[t]] += bk.pool[t]
    for f in range(MAX_FACES):
        if acc[f]:
            steps[n] = CHANCE_BASE + f
            weights[n] = acc[f]
            n += 1
    return n


cdef int _legal_moves(const CoreState* s, int32_t* out) noexcept nogil:
    """ValdoraState._legal_moves: ascending destinations whose encounters are payable."""
    cdef const PlayerState* p = &s.players[s.current]
    cdef uint64_t reach = s.data.reach_plain[p.space]
    cdef uint64_t occupied = 0  # spaces with another pawn: only those cost coins
    cdef int dest, seat, n = 0
    cdef bint rich = p.coins >= s.n - 1  # can pay every pawn it could meet
    for seat in range(s.n):
        if seat != s.current:
            occupied |= (<uint64_t>1) << s.players[seat].space
    if p.provisions:
        reach |= s.data.reach_prov[p.space]
    while reach:  # set bits, ascending
        dest = valdora_ctz64(reach)
        reach &= reach - 1
        if (rich or not (occupied >> dest) & 1 or s.data.kind[dest] == K_MINE
                or p.coins >= _others_at(s, dest)):
            out[n] = MOVE_BASE + dest
            n += 1
    if n == 0:
        out[0] = END
        n = 1
    return n


cdef int _legal_purchases(const CoreState* s, int32_t* out) noexcept nogil:
    cdef const PlayerState* p = &s.players[s.current]
    cdef int b = s.data.book_at[p.space]
    cdef int kind = s.data.book_set[b]
    cdef int side, face, item, i, n = 0
    cdef bint turn_affordable = s.pages_turned == 0 or p.coins >= 1
    for side in range(2):
        face = _visible(s, b, side)
        if face == NO_FACE:
            continue
        if turn_affordable:
            out[n] = TURN_BASE + side
            n += 1
        if kind == SET_EQUIPMENT:
            if p.load[face] == NOT_OWNED:
                for item in range(s.data.n_items):
                    if p.load[item] == s.data.equipment_gem:
                        out[n] = BUY_BASE + side * BUY_STRIDE + item
                        n += 1
        elif p.n_commissions < MAX_HELD_COMMISSIONS and p.coins >= 1:
            out[n] = BUY_BASE + side * BUY_STRIDE + NO_SOURCE
            n += 1
    if kind == SET_COMMISSION and p.n_commissions == MAX_HELD_COMMISSIONS:
        for i in range(MAX_HELD_COMMISSIONS):
            for side in range(2):
                out[n] = RETURN_BASE + i * RETURN_STRIDE + side
                n += 1
    return n


cdef int _legal_loads(const CoreState* s, int32_t* out) noexcept nogil:
    """ValdoraState._legal_loads: each gem onto a matching item, empty or reloaded."""
    cdef const PlayerState* p = &s.players[s.current]
    cdef int space = p.space
    cdef const uint8_t* available
    cdef int gem, item, loads, carried, n = 0
    cdef bint reload
    if s.data.kind[space] != K_ROAD and s.loads_done >= s.data.ships[space]:
        return 0
    available = _load_source(<CoreState*>s)
    for gem in range(s.data.n_gems):
        if not available[gem]:
            continue
        for item in range(s.data.n_items):
            carried = p.load[item]
            loads = s.data.item_loads[item]
            if carried == NOT_OWNED or (loads != gem and loads != ANY_GEM):
                continue
            reload = loads == ANY_GEM and carried != EMPTY and carried != gem
            if (carried == EMPTY or reload) and p.coins >= s.data.item_cost[item]:
                out[n] = LOAD_BASE + gem * LOAD_STRIDE + item
                n += 1
    return n


cdef int _legal_deliveries(const CoreState* s, int32_t* out) noexcept nogil:
    """ValdoraState._legal_deliveries with _payment_masks (sorted masks per index)."""
    cdef const PlayerState* p = &s.players[s.current]
    cdef const CardSetData* cs = &s.data.sets[SET_COMMISSION]
    cdef int patron = s.data.patron[p.space]
    cdef int32_t masks[MAX_STEPS]
    cdef int32_t grown[MAX_STEPS]
    cdef int index, face, k, j, item, gem, n_masks, n_grown, n = 0
    for index in range(p.n_commissions):
        face = _face(cs, p.commissions[index])
        if s.data.face_patron[face] != patron:
            continue
        if s.data.face_coins[face]:
            if p.coins >= s.data.face_coins[face]:
                out[n] = COMPLETE_BASE + index * COMPLETE_STRIDE
                n += 1
            continue
        masks[0] = 0
        n_masks = 1
        for k in range(s.data.face_n_gems[face]):
            gem = s.data.face_gems[face][k]
            n_grown = 0
            for j in range(n_masks):
                for item in range(s.data.n_items):
                    if p.load[item] == gem and n_grown < MAX_STEPS:
                        grown[n_grown] = masks[j] | (1 << item)
                        n_grown += 1
            for j in range(n_grown):
                masks[j] = grown[j]
            n_masks = n_grown
        _sort(masks, n_masks)
        for j in range(n_masks):
            out[n] = COMPLETE_BASE + index * COMPLETE_STRIDE + masks[j]
            n += 1
    return n


cdef int _action_steps(const CoreState* s, int32_t* out, int only) noexcept nogil:
    """The action phase's legal steps into `out`, unsorted; returns the count. With
    `only` >= 0 just END and the generator whose codes include `only` run: enough to
    test whether `only` is legal (each generator's codes lie in its own range)."""
    cdef const PlayerState* p = &s.players[s.current]
    cdef int space = p.space
    cdef int kind = s.data.kind[space]
    cdef bint every = only < 0
    cdef int n = 1
    out[0] = END
    if ((every or TURN_BASE <= only < MOVE_BASE)
            and (s.action == NO_ACTION or s.action == PURCHASE) and s.data.book_at[space] >= 0):
        n += _legal_purchases(s, out + n)
    if ((every or LOAD_BASE <= only < COMPLETE_BASE)
            and (s.action == NO_ACTION or s.action == LOADING)
            and (kind == K_ROAD or kind == K_HARBOUR or s.data.ships[space])):
        n += _legal_loads(s, out + n)
    if ((every or COMPLETE_BASE <= only < CHANCE_BASE)
            and (s.action == NO_ACTION or s.action == DELIVERY) and kind == K_PATRON):
        n += _legal_deliveries(s, out + n)
    if s.action == NO_ACTION:
        if kind == K_CITY and not p.provisions:
            out[n] = PROVISIONS
            n += 1
        if kind == K_MINE and p.coins < s.data.coin_cap and s.bank:
            out[n] = SILVER
            n += 1
    return n


cdef int core_legal_steps(const CoreState* s, int32_t* out) noexcept nogil:
    """ValdoraState.legal_steps into `out` (MAX_STEPS entries); returns the count.

    Bound: 64 moves, or END + 2 turns + 2*7 buys + 6 returns + 8*7 loads + 3 completions
    of at most 12 masks each + 2 = 116 action steps; both below MAX_STEPS.
    """
    cdef int32_t weights[MAX_FACES]
    cdef int n
    if s.over:
        return 0
    if s.reveal != NO_REVEAL:
        return core_chance_weights(s, out, weights)
    if s.phase == MOVE:
        return _legal_moves(s, out)
    n = _action_steps(s, out, -1)
    _sort(out, n)
    return n


# ----------------------------------------------------------------- applying
cdef void _end_turn(CoreState* s) noexcept nogil:
    """ValdoraState._end_turn: next seat; the end trigger and the round cap."""
    s.turns += 1
    if s.current == s.n - 1:
        s.rounds += 1
        if s.end_triggered:
            s.over = 1
        elif s.rounds >= s.data.max_rounds:
            s.over = 1
            s.capped = 1
    s.current = (s.current + 1) % s.n
    _start_turn(s)


cdef void _apply_move(CoreState* s, int dest) noexcept nogil:
    cdef PlayerState* p = &s.players[s.current]
    cdef int seat
    if not ((s.data.reach_plain[p.space] >> dest) & 1):
        p.provisions = 0
    if s.data.kind[dest] != K_MINE:
        for seat in range(s.n):
            if seat != s.current and s.players[seat].space == dest:
                p.coins -= 1
                if s.players[seat].coins < s.data.coin_cap:
                    s.players[seat].coins += 1
                else:
                    s.bank += 1
    p.space = dest
    s.phase = ACTION


cdef void _apply_silver(CoreState* s) noexcept nogil:
    cdef PlayerState* p = &s.players[s.current]
    cdef int taken = s.data.coin_cap - p.coins
    if s.bank < taken:
        taken = s.bank
    p.coins += taken
    s.bank -= taken
    _end_turn(s)


cdef void _pin_top_hidden(BookState* bk, int card_type) noexcept nogil:
    """Book.pin_top_hidden: the top hidden card becomes known (it is about to move)."""
    bk.hidden_count -= 1  # in a world this also pops hidden[], whose top is card_type
    bk.pool[card_type] -= 1
    bk.right[bk.n_right] = card_type * 2
    bk.n_right += 1
    bk.top_front = UNSEEN


cdef void _expose(CoreState* s, int b) noexcept nogil:
    """ValdoraState._expose: show the front of a newly exposed hidden card."""
    cdef BookState* bk = &s.books[b]
    if bk.n_right or not bk.hidden_count or bk.top_front != UNSEEN:
        return
    if not bk.is_world:
        s.reveal = REVEAL_FRONT
        s.reveal_book = b
    else:
        bk.top_front = s.data.sets[s.data.book_set[b]].front[bk.hidden[bk.hidden_count - 1]]


cdef void _apply_page_step(CoreState* s, int step) noexcept nogil:
    """ValdoraState._apply_page_step: turning pages and buying."""
    cdef PlayerState* p = &s.players[s.current]
    cdef int b = s.data.book_at[p.space]
    cdef BookState* bk = &s.books[b]
    cdef const CardSetData* cs = &s.data.sets[s.data.book_set[b]]
    cdef bint is_turn = step < BUY_BASE
    cdef int side = step - TURN_BASE if is_turn else (step - BUY_BASE) // BUY_STRIDE
    cdef int card, face, source
    if side == 1 and bk.n_right == 0:  # the top hidden card moves
        if not bk.is_world:
            s.reveal = REVEAL_BACK
            s.reveal_book = b
            s.pending_step = step
            return
        _pin_top_hidden(bk, bk.hidden[bk.hidden_count - 1])
    s.action = PURCHASE
    if side == 0:
        bk.n_left -= 1
        card = bk.left[bk.n_left]
    else:
        bk.n_right -= 1
        card = bk.right[bk.n_right]
    if is_turn:
        if s.pages_turned:
            p.coins -= 1
            s.bank += 1
        s.pages_turned += 1
        if side == 0:
            bk.right[bk.n_right] = card ^ 1
            bk.n_right += 1
        else:
            bk.left[bk.n_left] = card ^ 1
            bk.n_left += 1
    else:
        face = _face(cs, card)
        if cs.kind == SET_EQUIPMENT:
            source = (step - BUY_BASE) % BUY_STRIDE
            s.discard[p.load[source]] += 1
            p.load[source] = EMPTY
            p.load[face] = EMPTY
            p.equipment[p.n_equipment] = card
            p.n_equipment += 1
        else:
            p.coins -= 1
            s.bank += 1
            p.commissions[p.n_commissions] = card
            p.n_commissions += 1
    _expose(s, b)


cdef void _apply_reveal(CoreState* s, int face) noexcept nogil:
    cdef BookState* bk = &s.books[s.reveal_book]
    cdef const CardSetData* cs = &s.data.sets[s.data.book_set[s.reveal_book]]
    cdef int step
    if s.reveal == REVEAL_FRONT:
        bk.top_front = face
        s.reveal = NO_REVEAL
        return
    _pin_top_hidden(bk, cs.type_of[bk.top_front][face])
    s.reveal = NO_REVEAL
    step = s.pending_step
    s.pending_step = -1
    _apply_page_step(s, step)


cdef void _apply_return(CoreState* s, int index, int side) noexcept nogil:
    cdef PlayerState* p = &s.players[s.current]
    cdef BookState* bk = &s.books[s.data.book_at[p.space]]
    cdef int card = p.commissions[index]
    cdef int i
    for i in range(index, p.n_commissions - 1):
        p.commissions[i] = p.commissions[i + 1]
    p.n_commissions -= 1
    if side == 0:
        bk.left[bk.n_left] = card
        bk.n_left += 1
    else:
        bk.right[bk.n_right] = card
        bk.n_right += 1
    s.action = PURCHASE


cdef void _apply_load(CoreState* s, int gem, int item) noexcept nogil:
    cdef PlayerState* p = &s.players[s.current]
    cdef int carried = p.load[item]
    cdef int cost = s.data.item_cost[item]
    if carried != EMPTY:
        s.discard[carried] += 1
    _load_source(s)[gem] -= 1
    p.load[item] = gem
    p.coins -= cost
    s.bank += cost
    s.loads_done += 1
    s.action = LOADING


cdef int _hire_colour(const CoreState* s, int patron) noexcept nogil:
    """ValdoraState.hire_colour (the greedy heuristics use it too)."""
    cdef int offset, colour, n = s.data.n_colours
    for offset in range(n):
        colour = (patron + offset) % n
        if s.supply[colour]:
            return colour
    return -1


cdef void _apply_delivery(CoreState* s, int index, int mask) noexcept nogil:
    """ValdoraState._apply_delivery: commission, craftsman, workshop, bonus tile."""
    cdef PlayerState* p = &s.players[s.current]
    cdef const CoreData* d = s.data
    cdef int card = p.commissions[index]
    cdef int face = _face(&d.sets[SET_COMMISSION], card)
    cdef int patron = d.face_patron[face]
    cdef int i, item, colour, with_tiles
    cdef bint had_workshop
    for i in range(index, p.n_commissions - 1):
        p.commissions[i] = p.commissions[i + 1]
    p.n_commissions -= 1
    if d.face_coins[face]:
        p.coins -= d.face_coins[face]
        s.bank += d.face_coins[face]
    for item in range(d.n_items):
        if (mask >> item) & 1:
            s.discard[p.load[item]] += 1
            p.load[item] = EMPTY
    p.completed[p.n_completed] = card
    p.n_completed += 1
    had_workshop = s.workshop_owner[patron] == s.current
    colour = _hire_colour(s, patron)
    if colour >= 0:
        s.supply[colour] -= 1
        p.craftsmen[colour] += 1
        if s.workshop_owner[colour] < 0 and p.craftsmen[colour] >= d.workshop_needs[colour]:
            s.workshop_owner[colour] = s.current
            p.workshops[p.n_workshops] = colour
            p.n_workshops += 1
        with_tiles = 0
        for i in range(d.n_colours):
            if s.supply[i]:
                with_tiles += 1
        if with_tiles <= 1:
            s.end_triggered = 1
    if had_workshop and s.bonus_left:
        s.bonus_left -= 1
        p.bonus += 1
    s.action = DELIVERY


cdef void core_apply(CoreState* s, int step) noexcept nogil:
    """ValdoraState.apply: apply a legal step (not checked)."""
    if s.reveal != NO_REVEAL:
        _apply_reveal(s, step - CHANCE_BASE)
    elif MOVE_BASE <= step < LOAD_BASE:
        _apply_move(s, step - MOVE_BASE)
    elif step == END:
        _end_turn(s)
    elif step == PROVISIONS:
        s.players[s.current].provisions = 1
        _end_turn(s)
    elif step == SILVER:
        _apply_silver(s)
    elif step < RETURN_BASE:
        _apply_page_step(s, step)
    elif step < MOVE_BASE:
        _apply_return(s, (step - RETURN_BASE) // RETURN_STRIDE,
                      (step - RETURN_BASE) % RETURN_STRIDE)
    elif step < COMPLETE_BASE:
        _apply_load(s, (step - LOAD_BASE) // LOAD_STRIDE, (step - LOAD_BASE) % LOAD_STRIDE)
    else:
        _apply_delivery(s, (step - COMPLETE_BASE) // COMPLETE_STRIDE,
                        (step - COMPLETE_BASE) % COMPLETE_STRIDE)


# ----------------------------------------------------------------- checking
# stepcheck.py's problems, with the same numbers.
cdef enum:
    STEP_OK = 0
    NOT_A_CODE = 1
    GAME_OVER = 2
    NOT_AN_OUTCOME = 3
    NOT_A_DECISION = 4
    CANNOT_APPLY = 5


cdef bint _is_step_code(const CoreData* d, long long step) noexcept nogil:
    """stepcheck.is_step_code: a code of the layout naming only what the data has."""
    cdef int source
    if step < 0:
        return False
    if step < BUY_BASE:
        return True
    if step < RETURN_BASE:
        source = (step - BUY_BASE) % BUY_STRIDE
        return source < d.n_items or source == NO_SOURCE
    if step < MOVE_BASE:
        return (step - RETURN_BASE) // RETURN_STRIDE < MAX_HELD_COMMISSIONS
    if step < LOAD_BASE:
        return step - MOVE_BASE < d.n_spaces
    if step < COMPLETE_BASE:
        return ((step - LOAD_BASE) // LOAD_STRIDE < d.n_gems
                and (step - LOAD_BASE) % LOAD_STRIDE < d.n_items)
    if step < CHANCE_BASE:
        return ((step - COMPLETE_BASE) // COMPLETE_STRIDE < MAX_HELD_COMMISSIONS
                and (step - COMPLETE_BASE) % COMPLETE_STRIDE < (1 << d.n_items))
    return step - CHANCE_BASE < d.n_items or step - CHANCE_BASE < d.n_faces


cdef bint _applicable(const CoreState* s, int step) noexcept nogil:
    """stepcheck._applicable: what a decision step acts on exists (cards, gems,
    commissions, the coins it pays)."""
    cdef const PlayerState* p = &s.players[s.current]
    cdef const BookState* bk
    cdef int b, side, source, index, mask, item, face, dest
    if MOVE_BASE <= step < LOAD_BASE:
        dest = step - MOVE_BASE
        return s.data.kind[dest] == K_MINE or p.coins >= _others_at(s, dest)
    if TURN_BASE <= step < MOVE_BASE:
        b = s.data.book_at[p.space]
        if b < 0:
            return False
        bk = &s.books[b]
        if step >= RETURN_BASE:
            return (s.data.book_set[b] == SET_COMMISSION
                    and (step - RETURN_BASE) // RETURN_STRIDE < p.n_commissions)
        side = step - TURN_BASE if step < BUY_BASE else (step - BUY_BASE) // BUY_STRIDE
        if (bk.n_left == 0) if side == 0 else (bk.n_right == 0 and bk.hidden_count == 0):
            return False
        if step < BUY_BASE:
            return s.pages_turned == 0 or p.coins >= 1
        source = (step - BUY_BASE) % BUY_STRIDE
        if s.data.book_set[b] == SET_COMMISSION:
            return source == NO_SOURCE and p.n_commissions < MAX_HELD_COMMISSIONS and p.coins >= 1
        return (source != NO_SOURCE and p.load[source] >= 0
                and p.n_equipment < s.data.n_items - 1)
    if LOAD_BASE <= step < COMPLETE_BASE:
        item = (step - LOAD_BASE) % LOAD_STRIDE
        b = (step - LOAD_BASE) // LOAD_STRIDE  # the gem
        return (p.load[item] != NOT_OWNED
                and s.data.item_loads[item] in (b, ANY_GEM)
                and _load_source(<CoreState*>s)[b] > 0
                and p.coins >= s.data.item_cost[item])
    if COMPLETE_BASE <= step < CHANCE_BASE:
        index = (step - COMPLETE_BASE) // COMPLETE_STRIDE
        mask = (step - COMPLETE_BASE) % COMPLETE_STRIDE
        if index >= p.n_commissions:
            return False
        face = _face(&s.data.sets[SET_COMMISSION], p.commissions[index])
        if p.coins < s.data.face_coins[face]:
            return False
        for item in range(s.data.n_items):
            if (mask >> item) & 1 and p.load[item] < 0:
                return False
    return True


cdef int core_step_problem(const CoreState* s, long long step) noexcept nogil:
    """stepcheck.step_problem: STEP_OK, or why core_apply must not apply `step`."""
    cdef int32_t steps[MAX_FACES]
    cdef int32_t weights[MAX_FACES]
    cdef int i, n
    if not _is_step_code(s.data, step):
        return NOT_A_CODE
    if s.over:
        return GAME_OVER
    if s.reveal != NO_REVEAL:
        n = core_chance_weights(s, steps, weights)
        for i in range(n):
            if steps[i] == step:
                return STEP_OK
        return NOT_AN_OUTCOME
    if step >= CHANCE_BASE:
        return NOT_A_DECISION
    return STEP_OK if _applicable(s, <int>step) else CANNOT_APPLY


# ----------------------------------------------------------------- scoring
cdef void core_score(const CoreState* s, int seat, int32_t* parts) noexcept nogil:
    """ValdoraState.score_lines for one seat: commissions, craftsmen, workshops,
    bonus, gems, coins (parts[0..5])."""
    cdef const CoreData* d = s.data
    cdef const PlayerState* p = &s.players[seat]
    cdef int i
    for i in range(6):
        parts[i] = 0
    for i in range(p.n_completed):
        parts[0] += d.face_vp[_face(&d.sets[SET_COMMISSION], p.completed[i])]
    for i in range(d.n_colours):
        if p.craftsmen[i]:
            parts[1] += d.vp_per_colour
    for i in range(p.n_workshops):
        parts[2] += d.workshop_vp[p.workshops[i]]
    parts[3] = d.bonus_vp * p.bonus
    for i in range(d.n_items):
        if p.load[i] >= 0:
            parts[4] += d.vp_per_gem
    parts[5] = p.coins


cdef int core_total(const CoreState* s, int seat) noexcept nogil:
    cdef int32_t parts[6]
    core_score(s, seat, parts)
    return parts[0] + parts[1] + parts[2] + parts[3] + parts[4]


# ----------------------------------------------------------------- information
cdef void core_forget_order(CoreState* s) noexcept nogil:
    """info.observation: drop the hidden order of every book (a belief state)."""
    cdef int b
    for b in range(s.data.n_books):
        s.books[b].is_world = 0


cdef void core_determinize(CoreState* s, RngState* rng) noexcept nogil:
    """info.determinize / sample_hidden_order for every book, same rng draws.

    Precondition: not a chance node.
    """
    cdef BookState* bk
    cdef const CardSetData* cs
    cdef int b, t, i, k, total, pick, top, at
    for b in range(s.data.n_books):
        bk = &s.books[b]
        cs = &s.data.sets[s.data.book_set[b]]
        bk.is_world = 1
        if not bk.hidden_count:
            continue
        k = 0
        for t in range(cs.n_types):
            for i in range(bk.pool[t]):
                bk.hidden[k] = t
                k += 1
        if bk.top_front == UNSEEN:
            _shuffle(bk.hidden, k, rng)
            continue
        total = 0
        for t in range(cs.n_types):
            if bk.pool[t] and cs.front[t] == bk.top_front:
                total += bk.pool[t]
        pick = rng_below(rng, total)
        top = -1
        for t in range(cs.n_types):
            if bk.pool[t] and cs.front[t] == bk.top_front:
                if pick < bk.pool[t]:
                    top = t
                    break
                pick -= bk.pool[t]
        at = 0  # rest.remove(top): the first card of that type
        while bk.hidden[at] != top:
            at += 1
        for i in range(at, k - 1):
            bk.hidden[i] = bk.hidden[i + 1]
        _shuffle(bk.hidden, k - 1, rng)
        bk.hidden[k - 1] = top


include "valdora_greedy.pxi"


# ----------------------------------------------------------------- playouts
cdef void _policy_step(CoreState* s, int policy, RngState* rng) noexcept nogil:
    """One play-out step: a chance outcome drawn by rng_choice_weighted over the exact
    probabilities, else the policy's decision (POLICY_RANDOM: legal[rng_below(count)],
    the random agent's rule; POLICY_GREEDY and POLICY_QUICK: core_greedy_step with
    their look-ahead plans)."""
    cdef int32_t steps[MAX_STEPS]
    cdef int32_t weights[MAX_FACES]
    cdef double probs[MAX_FACES]
    cdef int n, i, total
    if s.reveal != NO_REVEAL:
        n = core_chance_weights(s, steps, weights)
        total = 0
        for i in range(n):
            total += weights[i]
        for i in range(n):
            probs[i] = <double>weights[i] / <double>total
        core_apply(s, steps[rng_choice_weighted(rng, probs, n)])
    elif policy == POLICY_GREEDY:
        core_apply(s, core_greedy_step(s, rng, G_LOOKAHEAD_PLANS))
    elif policy == POLICY_QUICK:
        core_apply(s, core_greedy_step(s, rng, G_QUICK_LOOKAHEAD_PLANS))
    else:
        n = core_legal_steps(s, steps)
        core_apply(s, steps[rng_below(rng, n)])


cdef long core_playout(CoreState* s, int policy, RngState* rng, long max_steps) noexcept nogil:
    """Play at most `max_steps` steps with `policy` (see _policy_step); returns the steps
    played, or -1 for an unknown policy. valdora_ai.playout is the reference."""
    cdef long played = 0
    if not POLICY_RANDOM <= policy <= POLICY_QUICK:
        return -1
    while not s.over and played < max_steps:
        _policy_step(s, policy, rng)
        played += 1
    return played


cdef int core_rollout(CoreState* s, int policy, RngState* rng, int searcher,
                      int depth) noexcept nogil:
    """Play on with `policy` until `searcher` has finished `depth` turns after the
    current one (a turn ends when the player to move changes), or to the end when
    `depth` < 0. Returns 0, or -1 for an unknown policy.
    valdora_ai.search.rollout.reference_rollout is the reference, draw for draw."""
    cdef int previous = core_current_player(s)
    cdef int current, turns_done = 0
    if not POLICY_RANDOM <= policy <= POLICY_QUICK:
        return -1
    while not s.over:
        current = core_current_player(s)
        if current != CHANCE and current != previous:
            if previous == searcher:
                turns_done += 1
                if 0 <= depth < turns_done:
                    return 0
            previous = current
        _policy_step(s, policy, rng)
    return 0


cdef int core_apply_revealing(CoreState* s, int step, int32_t* revealed) noexcept nogil:
    """Apply `step` to a world; write the chance steps it made public to `revealed`
    and return their number (0, 1 or 2). valdora_ai.games.valdora.reveals is the
    reference: the back of the top hidden card when it moves, then the front of the
    hidden card it uncovers."""
    cdef int b, side, hidden_before, front_before, n = 0
    cdef bint pinned
    cdef BookState* bk
    if step < TURN_BASE or step >= RETURN_BASE:
        core_apply(s, step)
        return 0
    b = s.data.book_at[s.players[s.current].space]
    if b < 0 or not s.books[b].is_world:
        core_apply(s, step)
        return 0
    bk = &s.books[b]
    side = step - TURN_BASE if step < BUY_BASE else (step - BUY_BASE) // BUY_STRIDE
    hidden_before = bk.hidden_count
    front_before = bk.top_front
    if (bk.n_left if side == 0 else bk.n_right) == 0 and hidden_before:
        revealed[n] = CHANCE_BASE + s.data.sets[s.data.book_set[b]].back[
            bk.hidden[hidden_before - 1]]
        n += 1
    core_apply(s, step)
    pinned = bk.hidden_count < hidden_before
    if (bk.hidden_count and bk.n_right == 0 and bk.top_front != UNSEEN
            and (pinned or front_before == UNSEEN)):
        revealed[n] = CHANCE_BASE + bk.top_front
        n += 1
    return n


# The shared generator, re-exported: backend.make_rng takes `Rng` from this module.
from valdora_ai._rng import Rng  # noqa: F401

# Which shared constants this core was compiled with (compiled_constants.digest): the
# backend refuses a core built from other values than the installed Python sources.
CONSTANTS_DIGEST = (<bytes>VALDORA_CONSTANTS_DIGEST).decode("ascii")

include "valdora_tables.pxi"
include "valdora_state.pxi"
