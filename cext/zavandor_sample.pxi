# Included by zavandor_core.pyx after zavandor_state.pxi: determinization in C.
#
# z_fill_unknown is info.fill_unknown over a ZState whose unknown ids are UNKNOWN: the
# same classes (tiles by back, dark first; cards by deck and level in the order of
# their first unknown slot), the same candidate pools and the same Fisher-Yates
# shuffles from the same generator, so both engines sample the same world from the same
# seed (tests/test_zavandor_determinize.py checks them in lockstep). ZavandorSampler
# holds one such state (a belief state, or info.present_of's present) and hands out
# compiled worlds sampled from it.

DEF MAXSLOTS = 2 * MAXC + MAXP + MAXREM + 4  # piles, hands, removed, drawn, returning
DEF FILL_OK = 0
DEF FILL_TILES = 1  # a tile class has as many candidates as unknown places
DEF FILL_CARDS = 2  # likewise a card class



cdef int _card_slots(ZState* s, Slot** out) noexcept nogil:
    """ZavandorState.card_slots, in its order: piles (bottom first), hands, removed,
    drawn, returning."""
    cdef int n = 0, deck, i, q
    for deck in range(2):
        for i in range(s.n_pile[deck]):
            out[n] = &s.piles[deck][i]
            n += 1
    for q in range(s.n):
        if s.has_hand[q]:
            out[n] = &s.hand[q]
            n += 1
    for i in range(s.n_removed):
        out[n] = &s.removed[i]
        n += 1
    for i in range(s.n_drawn):
        out[n] = &s.drawn[i]
        n += 1
    for i in range(s.n_returning):
        out[n] = &s.returning[i]
        n += 1
    return n


cdef int z_fill_unknown(ZState* s, RngState* rng, int* places, int* candidates
                        ) noexcept nogil:
    """info.fill_unknown: every UNKNOWN tile and card gets an id, a uniform shuffle per
    class of the ids nothing in `s` rules out (ZavandorState.tile_pool, card_pool).
    FILL_OK, or FILL_TILES / FILL_CARDS with `places` and `candidates` of the first
    class whose counts differ (the state is then partly filled, as the reference's)."""
    cdef const ZData* d = s.d
    cdef Slot* slots[MAXSLOTS]
    cdef int n_slots = _card_slots(s, slots)
    cdef bint tile_seen[MAXS]
    cdef bint card_seen[2][MAXC]
    cdef int place[MAXSLOTS]
    cdef int pool[MAXSLOTS]
    cdef int key_deck[MAXSLOTS]
    cdef int key_level[MAXSLOTS]
    cdef int slot_key[MAXSLOTS]
    cdef int n_keys = 0, n_place, n_pool, q, i, k, t, deck, light
    for t in range(d.n_tiles):
        tile_seen[t] = False
    for q in range(s.n):
        for i in range(s.n_tiles[q]):
            tile_seen[s.tiles[q][i]] = True
    for i in range(d.n_spaces):
        if s.board[i] >= 0:
            tile_seen[s.board[i]] = True
    for deck in range(2):
        for i in range(d.n_cards[deck]):
            card_seen[deck][i] = False
        for i in range(d.display_size):
            if s.display[deck][i] >= 0:
                card_seen[deck][s.display[deck][i]] = True
    for q in range(s.n):
        for i in range(s.n_owned[q]):
            card_seen[s.owned_deck[q][i]][s.owned_id[q][i]] = True
    for i in range(n_slots):  # seen ids; the classes in order of first appearance
        slot_key[i] = -1
        if slots[i].id >= 0:
            card_seen[slots[i].deck][slots[i].id] = True
        elif slots[i].id == UNKNOWN:
            k = 0
            while k < n_keys and not (key_deck[k] == slots[i].deck
                                      and key_level[k] == slots[i].level):
                k += 1
            if k == n_keys:
                key_deck[k], key_level[k] = slots[i].deck, slots[i].level
                n_keys += 1
            slot_key[i] = k
    for light in range(2):
        n_place = n_pool = 0
        for i in range(d.n_spaces):
            if s.board[i] == UNKNOWN and (d.space_district[i] == CENTER) == light:
                place[n_place] = i
                n_place += 1
        if not n_place:
            continue
        for t in range(d.n_tiles):
            if d.tile_light[t] == light and not tile_seen[t]:
                pool[n_pool] = t
                n_pool += 1
        if n_pool != n_place:
            places[0], candidates[0] = n_place, n_pool
            return FILL_TILES
        rng_shuffle_ints(rng, pool, n_pool)
        for i in range(n_place):
            s.board[place[i]] = pool[i]
    for k in range(n_keys):
        n_place = n_pool = 0
        for i in range(n_slots):
            if slot_key[i] == k:
                place[n_place] = i
                n_place += 1
        deck = key_deck[k]
        for i in range(d.n_cards[deck]):
            if d.card_level[deck][i] == key_level[k] and not card_seen[deck][i]:
                pool[n_pool] = i
                n_pool += 1
        if n_pool != n_place:
            places[0], candidates[0] = n_place, n_pool
            return FILL_CARDS
        rng_shuffle_ints(rng, pool, n_pool)
        for i in range(n_place):
            slots[place[i]].id = pool[i]
    return FILL_OK


@cython.final
cdef class ZavandorSampler:
    """Compiled worlds sampled from one state with unknown ids (info.fill_unknown in C).

    Made by CompiledZavandorState.sampler from a belief state (the observation's, for
    determinize) or from info.present_of's present (the future sampler); the state is
    converted once, so a sample is a struct copy and the shuffles. Each sample is a
    world (observer WORLD) keeping the state's viewer, as the reference's."""

    cdef ZState s
    cdef ZTables tables

    def sample(self, rng):
        """A world with every unknown id drawn: the reference's world from the same
        generator state, which ends where the reference leaves it."""
        cdef CompiledZavandorState world = CompiledZavandorState.__new__(
            CompiledZavandorState)
        cdef RngState r
        cdef int failed, places = 0, candidates = 0
        world.s = self.s
        world.s.observer = WORLD
        world.tables = self.tables
        _rng_in(&r, rng)
        failed = z_fill_unknown(&world.s, &r, &places, &candidates)
        _rng_out(&r, rng)
        if failed != FILL_OK:
            what = "tiles" if failed == FILL_TILES else "cards"
            raise ValdoraError(f"inconsistent observation: {places} unknown {what} for "
                               f"{candidates} candidates")
        return world

    def __repr__(self):
        return f"<ZavandorSampler {self.s.n} players, viewer {self.s.viewer}>"
