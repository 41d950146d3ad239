# C-level interface of the compiled Valdora core (module valdora_ai._valdora_core).
#
# The reference engine (valdora_ai/games/valdora/rules.py) is the specification; this
# core must agree with it step for step (tests/test_parity.py). Everything here is a
# fixed-size C struct without Python objects, so copying a state is one struct
# assignment and every rules function can run `nogil`.
#
# Two structs:
#
# * CoreData: the component data (board, cards, items, craftsmen, scoring), filled once
#   per ComponentData from the reference tables (valdora_core.pyx: CoreTables). Nothing
#   of the game is hard-coded in C; the MAX_* bounds below are checked when a data file
#   is loaded (a data file beyond them raises DataError naming the bound).
# * CoreState: one position. It points at its CoreData (read-only, kept alive by the
#   Python object owning the state).
#
# Encodings (the same integers as the reference):
#
# * step codes: valdora_ai/games/valdora/steps.py (END 0 ... CHANCE_BASE + face).
# * a card on a stack or held by a player: `type * 2 + side` (side 0: front face up,
#   1: back face up); `type` indexes the card set's distinct (front, back) pairs.
# * item load: NOT_OWNED (-2), EMPTY (-1) or a gem index.
# * top_front: UNSEEN (-1) or a face index (item or commission face).
#
# The functions return an error value where they can fail; all are noexcept nogil.
# Preconditions (core_step_problem(s, step) == STEP_OK for core_apply, which any legal
# step meets; not a chance node for core_determinize) are the caller's to uphold;
# ValdoraCompiledState.apply checks the first, as the reference `apply` does (stepcheck.py).

from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint64_t

from rng cimport RngState

# Shared with the reference engine, defined once in valdora_ai/games/valdora/constants.py
# (data bounds, space and card set kinds, rules codes, step codes) and weights.py (the
# greedy weights, G_*): setup.py generates this .pxd from them (compiled_constants.py).
from valdora_constants cimport *

cdef enum:
    # Capacities of the C structs that data files cannot reach (the bounds a data file
    # must keep, MAX_PLAYERS, MAX_BOOKS, ..., are in constants.py).
    MAX_COMPLETED = MAX_COMMISSION_CARDS  # completed commissions of one player
    MAX_STACK = 64        # cards on one stack: returned commissions move between books,
                          # so one stack may hold every card of its kind
    MAX_STEPS = 512       # capacity of a legal-step buffer (bound shown in the .pyx)

    # playout policies
    POLICY_RANDOM = 0
    POLICY_GREEDY = 1
    POLICY_QUICK = 2      # the greedy policy with G_QUICK_LOOKAHEAD_PLANS


cdef struct CardSetData:
    int8_t kind                     # SET_EQUIPMENT or SET_COMMISSION
    int16_t n_types
    int16_t size                    # cards per book = sum(copies)
    int8_t front[MAX_TYPES]         # face of each type's front
    int8_t back[MAX_TYPES]          # face of each type's back
    uint8_t copies[MAX_TYPES]       # cards of each type in one book
    int8_t type_of[MAX_FACES][MAX_FACES]  # (front, back) -> type, -1 if none


cdef struct CoreData:
    # board
    int16_t n_spaces
    int8_t kind[MAX_SPACES]         # K_* of each space
    int8_t ships[MAX_SPACES]        # loads allowed per action (harbours; 0 elsewhere)
    int8_t patron[MAX_SPACES]       # colour of a patron house, -1 elsewhere
    int8_t book_at[MAX_SPACES]      # index into CoreState.books, -1 without a book
    int8_t road_at[MAX_SPACES]      # index into CoreState.road, -1 if not a road
    uint64_t reach_plain[MAX_SPACES]  # bit d: d reachable without spending provisions
    uint64_t reach_prov[MAX_SPACES]   # bit d: reachable only by spending them
    int16_t start_space
    int16_t n_roads
    int16_t road_space[MAX_ROADS]   # space of each road slot (data.road_spaces order)
    # gems, items, craftsmen
    int8_t n_gems
    uint8_t gem_count[MAX_GEMS]
    int8_t n_items
    int8_t item_loads[MAX_ITEMS]    # gem index, or ANY_GEM
    int8_t item_cost[MAX_ITEMS]     # coins per load
    int8_t start_item
    int8_t n_colours
    uint8_t colour_count[MAX_COLOURS]
    uint8_t colour_removed3[MAX_COLOURS]   # tiles removed in a 3-player game
    uint8_t workshop_needs[MAX_COLOURS]
    int16_t workshop_vp[MAX_COLOURS]
    # commission faces
    int8_t n_faces
    int8_t face_patron[MAX_FACES]
    int8_t face_coins[MAX_FACES]
    int8_t face_n_gems[MAX_FACES]
    int8_t face_gems[MAX_FACES][MAX_GEMS]
    int16_t face_vp[MAX_FACES]
    # card sets: 0 equipment, 1 commission (indexed by SET_*)
    CardSetData sets[2]
    int8_t n_books
    int16_t book_space[MAX_BOOKS]   # data.book_spaces order
    int8_t book_set[MAX_BOOKS]      # SET_* of each book
    # numbers
    int8_t players_min
    int8_t players_max
    int16_t coins_total
    int8_t coin_cap
    int8_t start_coins_first
    int16_t bonus_count
    int16_t bonus_vp
    int16_t vp_per_colour
    int16_t vp_per_gem
    int16_t gems_per_road
    int32_t max_rounds
    int8_t equipment_gem
    # greedy policy tables, copied from heuristics._Tables (cext/valdora_greedy.pxi)
    int8_t gem_item[MAX_GEMS]       # the dedicated item loading each gem, -1 if none
    int8_t animals[MAX_ITEMS]       # any-gem items, cheapest load first
    int8_t n_animals
    int8_t dedicated[MAX_ITEMS]     # single-gem items, in item order
    int8_t n_dedicated
    double coin_worth[MAX_COIN_CAP + 2]  # concave worth of holding c coins


cdef struct BookState:
    # Invariants: n_left + n_right + hidden_count + cards held by players = set size;
    # sum(pool) == hidden_count; when is_world, hidden[0:hidden_count] is the hidden
    # order (bottom first) and the multiset of pool; the hidden cards lie below
    # right[]; top_front != UNSEEN whenever hidden_count > 0, n_right == 0 and no
    # REVEAL_FRONT is pending on this book.
    uint8_t left[MAX_STACK]         # cards (type*2+side), bottom first
    uint8_t right[MAX_STACK]        # known cards lying on the hidden ones, bottom first
    uint8_t hidden[MAX_BOOK_CARDS]  # world only: hidden card types, bottom first
    uint8_t pool[MAX_TYPES]         # hidden cards per type (public)
    uint8_t n_left
    uint8_t n_right
    uint8_t hidden_count
    int8_t top_front                # front of the top hidden card, or UNSEEN
    uint8_t is_world                # 1: hidden[] holds the true order; 0: belief


cdef struct PlayerState:
    # Invariants: load[start_item] != NOT_OWNED; each bought equipment card's face up
    # face is an owned item; n_commissions <= MAX_HELD_COMMISSIONS.
    int8_t space
    int8_t coins                    # 0 .. coin_cap
    uint8_t provisions
    int8_t load[MAX_ITEMS]          # NOT_OWNED, EMPTY or the gem carried
    uint8_t equipment[MAX_ITEMS]    # bought equipment cards, in purchase order
    uint8_t n_equipment
    uint8_t commissions[MAX_HELD_COMMISSIONS]   # incomplete commission cards, in purchase order
    uint8_t n_commissions
    uint8_t completed[MAX_COMPLETED]  # completed commission cards, in order
    uint8_t n_completed
    uint8_t craftsmen[MAX_COLOURS]  # tiles hired per colour
    int8_t workshops[MAX_COLOURS]   # colours, in the order the workshops were opened
    uint8_t n_workshops
    int16_t bonus                   # bonus tiles taken


cdef struct CoreState:
    # Invariants: the conservation laws of invariants.py (gems, coins, craftsmen,
    # bonus tiles, cards) hold; reveal != NO_REVEAL only in a belief book
    # (books[reveal_book].is_world == 0); pending_step >= 0 only with REVEAL_BACK.
    const CoreData* data            # component tables; never NULL in a live state
    int8_t n                        # players
    int8_t current                  # seat to move
    int8_t phase                    # MOVE or ACTION
    int8_t action                   # NO_ACTION, PURCHASE, LOADING or DELIVERY
    int16_t pages_turned            # pages turned this turn
    int16_t loads_done              # loads this turn
    int8_t reveal                   # NO_REVEAL, REVEAL_BACK or REVEAL_FRONT
    int8_t reveal_book              # book being revealed, -1 when none
    int16_t pending_step            # page step waiting on a REVEAL_BACK, -1 when none
    int16_t bank                    # coins in the bank
    int16_t bonus_left              # bonus tiles left
    uint8_t discard[MAX_GEMS]       # gems in the discard, per gem
    uint8_t road[MAX_ROADS][MAX_GEMS]  # gems on each road slot, per gem
    uint8_t supply[MAX_COLOURS]     # craftsman tiles left, per colour
    int8_t workshop_owner[MAX_COLOURS]  # seat owning each colour's workshop, -1
    int32_t rounds                  # complete rounds played
    int32_t turns                   # turns played
    uint8_t end_triggered
    uint8_t capped                  # ended by data.max_rounds
    uint8_t over
    BookState books[MAX_BOOKS]
    PlayerState players[MAX_PLAYERS]


# The rules functions (core_new, core_legal_steps, core_chance_weights, core_apply,
# core_score, core_determinize, core_playout, ...) are defined in valdora_core.pyx, not
# declared here: this file holds types only, so any module in cext/ may
# `from valdora_core cimport *` without a run-time import (see rng.pxd for why), and C
# code that needs the rules (e.g. a compiled policy) is `include`d into valdora_core.pyx.
