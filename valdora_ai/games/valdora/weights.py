"""The greedy policy's and the score estimate's tuning weights, defined once.

Read :mod:`valdora_ai.games.valdora.heuristics` for what each weight does. Every value is
in victory-point equivalents (VPE) unless its comment says otherwise; they are
hand-tuned for the default component data.

Every top-level ``NAME = number`` here is also a compile-time constant of the compiled
core, as ``G_NAME`` (``G_`` because some names, like ``BUY_BASE``, are step codes in
C): the build (``cext/generate_constants.py``, run by setup.py) writes them into the
generated ``valdora_constants.pxd``. Tuples stay Python-side tables that reach the
core through ``CoreData`` (``COIN_MARGINAL`` as ``coin_worth``). Plain literals only:
the build reads this file without importing the package.
"""

LOOKAHEAD = 0.5  # weight of the best action value reachable next turn
LOOKAHEAD_PLANS = 4  # destinations whose look-ahead is taken after applying their plan
QUICK_LOOKAHEAD_PLANS = 0  # ... in the quick play-out policy (at most LOOKAHEAD_PLANS)
DELIVER_BASE = 10.0  # tempo premium of a delivery, on top of what it is worth
NEED_LOAD_BASE = 4.0  # tempo premium of loading a gem a held commission misses
NEED_LOAD_SHARE = 0.6  # share of a commission's worth credited per gem loaded for it
LAST_GEM_FACTOR = 1.5  # ... times this for the gem that completes the commission
ROAD_MAX_LOADS = 99  # loads planned at most on a road (the rules set no limit there)
SPARE_LOAD = 1.0  # a gem on an empty dedicated tool: 1 VP at the end, maybe useful
SPARE_GOLD = 2.0  # a gold on the empty pan: it also pays for equipment
BUY_BASE = 2.0  # tempo premium of buying a card
BUY_SHARE = 0.5  # share of a commission's worth credited when buying it
BUY_MIN = 2.5  # a card is bought only when its value exceeds this
TURN_MIN = 0.5  # a page is turned only when its expected gain exceeds this
TURN_SHARE = 0.5  # a page worth turning: this share of BUY_MIN plus its expected gain
MAX_PAGES = 3  # pages turned at most in one visit (the first is free)
PAGE_RESERVE = 2  # coins a paid page must leave for buying and moving
RETURN_MARGIN = 4.0  # a held commission is returned for a visible one worth this much more
WORKSHOP_OPTION = 6.0  # expected bonus tiles of a freshly opened workshop
WORKSHOP_PROGRESS = 2.0  # a craftsman toward an unowned workshop (times share of need)
EQUIP_BASE = 2.0  # a dedicated tool nobody needs yet: future commissions, spare gems
ANIMAL_BASE = 3.0  # a horse or cart: loads any colour (less its load cost / divisor)
ANIMAL_COST_DIVISOR = 3.0
EQUIP_NEED = 4.0  # equipment that lets the player load a gem its commissions miss
EQUIP_NEED_SHARE = 0.5  # ... plus this share of that commission's worth per gem
PROMISED_GOLD = 4.0  # paying equipment with a gold a held commission is promised
PROVISIONS_VALUE = 1.0  # provisions: a longer move next turn
ENCOUNTER_PENALTY = 0.5  # per other player on a destination, besides the coins paid
TIE_TOLERANCE = 1e-9  # destinations valued within this of the best are tied
FUTURE_PER_DELIVERY = 7.5  # estimate: points per future delivery (fitted)
FUTURE_PER_COLOUR = 8.0  # estimate: points per colour those deliveries may add
NO_GEM_FACTOR = 0.3  # readiness factor for a gem that lies nowhere on roads or discard
NEAR_WORKSHOP_SHARE = 0.3  # estimate: share of a workshop's VP one craftsman short of it
# Worth of the 1st, 2nd, ... coin held (the last entry repeats for a larger cap): the
# first coins matter most (a commission, an encounter, a page), the sixth hardly.
COIN_MARGINAL = (2.5, 2.0, 1.5, 1.0, 0.6, 0.4)

# Readiness: the chance a held commission is paid soon (see heuristics._readiness).
READY_CHANCE = 0.9  # it can be paid now
COIN_SHORT_CHANCE = 0.5  # a silver commission the player cannot pay keeping a coin
# ... and per gem it asks for:
R_SLOT = 0.6  # a free item can take it (dedicated, or an animal the player can pay)
R_NO_SLOT = 0.25  # the player would first need more equipment
