"""The integers both engines share, defined once: data bounds, rule codes, step codes.

Every top-level ``NAME = number`` here is also a compile-time constant of the compiled
core under the same name: the build (``cext/generate_constants.py``, run by setup.py)
writes them into the generated ``valdora_constants.pxd`` that ``cext/valdora_core.pxd``
cimports. Change a value here, rebuild, and both engines change. Plain literals only:
the build reads this file without importing the package.

The modules that give these numbers their meaning re-export them under the same names
(``data.MAX_ITEMS``, ``rules.EMPTY``, ``steps.BUY_BASE``); read them there.
"""

# ---------------------------------------------------------------- data bounds (data.py)
MAX_ITEMS = 7  # a completion step encodes its paying items as a 7-bit mask
MAX_GEMS = 8
MAX_SPACES = 64  # reach sets are 64-bit masks in the compiled core
MAX_PLAYERS = 5
MAX_COLOURS = 8
MAX_FACES = 32  # commission faces, and items (equipment faces)
MAX_TYPES = 32  # distinct (front, back) card types of one card set
MAX_BOOK_CARDS = 48  # cards in one book
MAX_COMMISSION_CARDS = 64  # in all commission books together (a player may complete all)
MAX_BOOKS = 6
MAX_ROADS = 16
MAX_PIECES = 255  # gems of one colour, craftsman tiles of one colour (8-bit counters)
MAX_COINS = 30_000
MAX_COIN_CAP = 126  # coins one player may hold (data.coin_cap)
MAX_NUMBER = 10_000  # any other count, cost or VP value: sums of them fit 32 bits
ANY_GEM = -1  # an item that loads any colour (horse, cart)

# Space kinds and card set kinds, as codes (data.SPACE_KIND_CODES, data.CARD_KIND_CODES).
K_CITY = 0
K_ROAD = 1
K_HARBOUR = 2
K_MINE = 3
K_PATRON = 4
SET_EQUIPMENT = 0
SET_COMMISSION = 1

# ---------------------------------------------------------------- rules (rules.py)
CHANCE = -1  # `current_player` at a chance node
TERMINAL = -2  # `current_player` once the game is over
NOT_OWNED = -2  # an item slot of a player who does not own that item
EMPTY = -1  # an owned item carrying no gem
UNSEEN = -1  # `Book.top_front` when the top hidden card's front is not yet seen
MAX_HELD_COMMISSIONS = 3
# Turn phases, and the action chosen in the action phase.
MOVE = 0
ACTION = 1
NO_ACTION = 0
PURCHASE = 1
LOADING = 2
DELIVERY = 3
# Reveals pending at a chance node (belief states only).
NO_REVEAL = 0
REVEAL_BACK = 1
REVEAL_FRONT = 2

# ---------------------------------------------------------------- step codes (steps.py)
END = 0
PROVISIONS = 1
SILVER = 2
TURN_BASE = 3
BUY_BASE = 5
BUY_STRIDE = 8  # BUY_BASE + side * BUY_STRIDE + source
NO_SOURCE = 7  # the `source` of a commission purchase (paid with a coin)
RETURN_BASE = 21
RETURN_STRIDE = 2  # RETURN_BASE + index * RETURN_STRIDE + side
MOVE_BASE = 32
LOAD_BASE = 96
LOAD_STRIDE = 8  # LOAD_BASE + gem * LOAD_STRIDE + item
COMPLETE_BASE = 160
COMPLETE_STRIDE = 128  # COMPLETE_BASE + index * COMPLETE_STRIDE + mask (2 ** MAX_ITEMS)
CHANCE_BASE = 600
LEFT = 0
RIGHT = 1
