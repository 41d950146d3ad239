# Included by valdora_core.pyx: the reference ComponentData copied into C tables.
#
# Component data is never written into the C code: CoreTables reads every number from
# a validated ComponentData (the TOML file) once, and checks it fits the fixed bounds
# of valdora_core.pxd, raising DataError naming the bound otherwise.

from valdora_ai.errors import DataError
from valdora_ai.games.valdora.data import CARD_KIND_CODES, SPACE_KIND_CODES


cdef class CoreTables:
    """The C tables of one ComponentData (see `tables_for`, which caches them)."""

    cdef CoreData d
    cdef readonly object data

    def __init__(self, data):
        self.data = data
        _fill(&self.d, data)


cdef _bound(int value, int limit, str what):
    if value > limit:
        raise DataError(f"the compiled core supports at most {limit} {what}, "
                        f"the data has {value}")


cdef _fill(CoreData* d, data):
    cdef int s, g, i, c, f, t, b, a
    spaces = data.spaces
    _bound(len(spaces), MAX_SPACES, "spaces")
    _bound(len(data.gems), MAX_GEMS, "gem colours")
    _bound(len(data.items), MAX_ITEMS, "items")
    _bound(len(data.colours), MAX_COLOURS, "craftsman colours")
    _bound(len(data.commissions), MAX_FACES, "commission faces")
    _bound(len(data.book_spaces), MAX_BOOKS, "books")
    _bound(len(data.road_spaces), MAX_ROADS, "road spaces")
    _bound(data.players_max, MAX_PLAYERS, "players")
    _bound(sum(gem.count for gem in data.gems), 2048, "gems")
    _bound(max(gem.count for gem in data.gems), 255, "gems of one colour")
    _bound(max(col.count for col in data.colours), 255, "craftsmen of one colour")
    _bound(data.coins_total, 30000, "coins")
    d.n_spaces = len(spaces)
    for s in range(MAX_SPACES):
        d.kind[s] = K_CITY
        d.ships[s] = 0
        d.patron[s] = -1
        d.book_at[s] = -1
        d.road_at[s] = -1
        d.reach_plain[s] = 0
        d.reach_prov[s] = 0
    for s, space in enumerate(spaces):
        d.kind[s] = SPACE_KIND_CODES[space.kind]
        d.ships[s] = min(space.ships, 127)
        d.patron[s] = space.patron
        for a in data.reach_plain[s]:
            d.reach_plain[s] |= (<uint64_t>1) << a
        for a in data.reach_provisioned[s]:
            d.reach_prov[s] |= (<uint64_t>1) << a
    d.start_space = data.start_space
    d.n_roads = len(data.road_spaces)
    for i, s in enumerate(data.road_spaces):
        d.road_space[i] = s
        d.road_at[s] = i
    d.n_gems = len(data.gems)
    for g, gem in enumerate(data.gems):
        d.gem_count[g] = gem.count
    d.n_items = len(data.items)
    for i, item in enumerate(data.items):
        d.item_loads[i] = item.loads
        d.item_cost[i] = item.load_cost
        if item.start:
            d.start_item = i
    d.n_colours = len(data.colours)
    for c, col in enumerate(data.colours):
        d.colour_count[c] = col.count
        d.colour_removed3[c] = col.removed_with_3
        d.workshop_needs[c] = min(col.workshop_needs, 255)
        d.workshop_vp[c] = col.workshop_vp
    d.n_faces = len(data.commissions)
    for f, face in enumerate(data.commissions):
        d.face_patron[f] = face.patron
        d.face_coins[f] = face.coins
        d.face_n_gems[f] = len(face.gems)
        for g, gem_index in enumerate(face.gems):
            d.face_gems[f][g] = gem_index
        d.face_vp[f] = face.vp
    for kind, k in CARD_KIND_CODES.items():
        _fill_set(&d.sets[k], data.card_set(kind), k)
    commission_cards = 0
    d.n_books = len(data.book_spaces)
    for b, s in enumerate(data.book_spaces):
        d.book_space[b] = s
        d.book_at[s] = b
        d.book_set[b] = CARD_KIND_CODES[data.card_sets[spaces[s].book].kind]
        if d.book_set[b] == SET_COMMISSION:
            commission_cards += d.sets[SET_COMMISSION].size
    _bound(commission_cards, MAX_COMPLETED, "commission cards")
    _bound(commission_cards, MAX_STACK, "commission cards (one stack may hold them all)")
    d.players_min = data.players_min
    d.players_max = data.players_max
    d.coins_total = data.coins_total
    _bound(data.coin_cap, MAX_COIN_CAP, "coins per player")
    d.coin_cap = data.coin_cap
    d.start_coins_first = data.start_coins_first
    d.bonus_count = min(data.bonus_count, 30000)
    d.bonus_vp = data.bonus_vp
    d.vp_per_colour = data.vp_per_colour
    d.vp_per_gem = data.vp_per_gem
    d.gems_per_road = data.gems_per_road
    d.max_rounds = min(data.max_rounds, 1 << 30)
    d.equipment_gem = data.equipment_gem
    _fill_greedy(d, data)


cdef _fill_greedy(CoreData* d, data):
    """The greedy policy's derived tables, taken from the reference heuristics."""
    from valdora_ai.games.valdora.heuristics import _tables

    tb = _tables(data)
    for g in range(MAX_GEMS):
        d.gem_item[g] = tb.gem_item[g] if g < len(tb.gem_item) else -1
    d.n_animals = len(tb.animals)
    for i, item in enumerate(tb.animals):
        d.animals[i] = item
    d.n_dedicated = len(tb.dedicated)
    for i, item in enumerate(tb.dedicated):
        d.dedicated[i] = item
    for i, worth in enumerate(tb.coin_worth):
        d.coin_worth[i] = worth


cdef _fill_set(CardSetData* cs, cards, int kind):
    cdef int t, a, b
    _bound(len(cards.types), MAX_TYPES, "card types per book")
    _bound(cards.size, MAX_BOOK_CARDS, "cards per book")
    cs.kind = kind
    cs.n_types = len(cards.types)
    cs.size = cards.size
    for a in range(MAX_FACES):
        for b in range(MAX_FACES):
            cs.type_of[a][b] = -1
    for t, (a, b) in enumerate(cards.types):
        cs.front[t] = a
        cs.back[t] = b
        cs.copies[t] = cards.copies[t]
        cs.type_of[a][b] = t


_TABLES = {}


def tables_for(data):
    """The CoreTables of a ComponentData, built once per data object."""
    entry = _TABLES.get(id(data))
    if entry is None or entry.data is not data:
        entry = _TABLES[id(data)] = CoreTables(data)
    return entry
