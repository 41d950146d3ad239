# Included by zavandor_core.pyx: the Python face of a ZState.
#
# ZTables turns a loaded ZavandorData and the rule Options into a ZData (refusing data
# past the struct's capacities); CompiledZavandorState offers the reference state's
# API for everything agents and services use (the games.base.State protocol, winners,
# the greedy policy, the estimate, the play-outs) and exact conversions both ways.
# Everything that reads a state's internals converts to the reference first.

cimport cython

from valdora_ai.games.refusals import illegal_step, not_a_code, step_code
from valdora_ai.errors import IllegalMoveError, ValdoraError
from valdora_ai.games.state_check import check_as_position
from valdora_ai.games.zavandor.rules import ZavandorState

_POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY, "quick": POLICY_QUICK}
_TABLES = {}  # (id(data), options) -> ZTables (which holds `data`, so the id stays its)
# rules.Reveal's first words, by their R_* number; how many arguments each carries
_REVEALS = ("gnome", "start", "tile", "drawn", "display", "held", "hand")
_REVEAL_ARGS = (0, 0, 1, 1, 3, 1, 1)


cdef inline void _rng_in(RngState* r, rng) except *:
    """Copy a Python Rng's state (either engine) into `r`."""
    words = rng.getstate()
    r.s[0], r.s[1], r.s[2], r.s[3] = words[0], words[1], words[2], words[3]


cdef inline void _rng_out(RngState* r, rng) except *:
    rng.setstate((r.s[0], r.s[1], r.s[2], r.s[3]))


cdef _capacity(bint ok, str what):
    if not ok:
        raise ValdoraError(f"the compiled Zavandor core holds at most {what}; "
                           "use VALDORA_PURE_PYTHON=1 for this data file")


cdef class ZTables:
    """The component tables and options of one (data, options) pair, in C."""

    cdef ZData d
    cdef readonly object data
    cdef readonly object options

    def __init__(self, data, options):
        cdef int i, g, deck, k
        self.data, self.options = data, options
        d = &self.d
        _capacity(len(data.tiles) <= MAXS and len(data.spaces) <= MAXS, f"{MAXS} tiles")
        _capacity(data.players_max <= MAXP, f"{MAXP} players")
        _capacity(data.display_size <= MAXDISP, f"{MAXDISP} face-up cards")
        _capacity(len(data.traders) <= MAXTR, f"{MAXTR} traders")
        d.n_tiles = len(data.tiles)
        for i, tile in enumerate(data.tiles):
            d.tile_gem[i], d.tile_wild[i] = tile.gem, tile.wild
            d.tile_vp[i], d.tile_light[i] = tile.vp, tile.light
        d.n_spaces = len(data.spaces)
        d.all_spaces = <uint32_t>((1ull << d.n_spaces) - 1)
        for i, space in enumerate(data.spaces):
            d.space_district[i] = space.district
            d.district_spaces[space.district] |= 1u << i
            for g in range(NG):
                d.space_cost[i][g] = space.cost[g]
                d.space_cost_packed[i] |= (<uint32_t>space.cost[g]) << (8 * g)
        markers = 0
        for deck in range(2):
            cards = data.decks[deck]
            _capacity(len(cards) <= MAXC, f"{MAXC} cards a deck")
            d.n_cards[deck] = len(cards)
            for i, card in enumerate(cards):
                d.card_level[deck][i], d.card_vp[deck][i] = card.level, card.vp
                for g in range(NG):
                    d.card_cost[deck][i][g] = card.cost[g]
                    d.card_cost_packed[deck][i] |= (<uint32_t>card.cost[g]) << (8 * g)
                d.card_kind[deck][i] = (0 if card.kind == "jewel"
                                        else 1 + _D.ARTIFACT_KINDS.index(card.kind))
                d.card_value[deck][i], d.card_bold[deck][i] = card.value, card.bold
                _capacity(len(card.markers) <= MAXMK, f"{MAXMK} markers a card")
                d.n_card_markers[deck][i] = len(card.markers)
                for k, value in enumerate(card.markers):
                    d.card_markers[deck][i][k] = value
                markers += len(card.markers)
        _capacity(markers <= MAXPMK, f"{MAXPMK} markers in all")
        d.n_traders = len(data.traders)
        for i, (a, b) in enumerate(data.traders):
            d.trader_a[i], d.trader_b[i] = a, b
        d.start_gold, d.actions_per_round = data.start_gold, data.actions_per_round
        d.gem_trade_max, d.trader_max = data.gem_trade_max, data.trader_max
        d.take_gold, d.sample_cost = data.take_gold, data.sample_cost
        d.price_min, d.price_max = data.price_min, data.price_max
        for g in range(NG):
            d.start_prices[g] = data.start_prices[g]
        for n in range(data.players_min, data.players_max + 1):
            d.vp_target[n] = data.vp_target[n]
            d.removed_level_1[n] = data.removed_level_1[n]
            d.hoover_num[n], d.hoover_den[n] = data.hoover_rate[n]
        _capacity(2 * max(data.removed_level_1.values()) <= MAXREM, f"{MAXREM} removed cards")
        d.display_size = data.display_size
        d.correction_round = data.correction_round
        d.correction_gems_per_step = data.correction_gems_per_step
        d.expert_discount = options.expert_discount
        d.prism_raises_price = options.prism_raises_price
        d.hoover_per_gem = options.hoover_per_gem
        d.emero_floor, d.max_rounds = options.emero_floor, options.max_rounds


def tables_for(data, options):
    """The ZTables of (data, options), built once per pair."""
    key = (id(data), options)
    tables = _TABLES.get(key)
    if tables is None or tables.data is not data:
        tables = _TABLES[key] = ZTables(data, options)
    return tables


cdef list _slot(const Slot* s):
    return [s.deck, s.level, s.id, s.mask]


cdef void _slot_in(Slot* s, slot) except *:
    s.deck, s.level, s.id, s.mask = slot


cdef bint _reveal_in_range(const ZState* s, const Reveal* r):
    """The place a pending reveal fills exists (so the core never reads past a table)."""
    if r.what == R_TILE:
        return 0 <= r.a < s.d.n_spaces
    if r.what == R_DRAWN:
        return 0 <= r.a < s.n_drawn
    if r.what == R_DISPLAY:
        return 0 <= r.a < 2 and 0 <= r.b < s.d.display_size and r.c >= 0
    if r.what == R_HELD or r.what == R_HAND:
        return 0 <= r.a < s.n and s.has_hand[r.a]
    return True


cdef ZTables _load(ZState* s, state):
    """Fill `s` from the reference `state` (its ids as they are, UNKNOWN included);
    returns the tables `s.d` points into, which the caller keeps alive."""
    cdef ZTables tables
    cdef int q, g, i, deck
    reveals = [r[0] for r in state.reveals]
    if state.observer == WORLD and (reveals not in ([], ["start"], ["gnome", "start"])
                                    or state.cont != CONT_NONE):
        raise ValdoraError("a world has no pending reveals but the setup's")
    _capacity(len(reveals) <= MAXREV, f"{MAXREV} pending reveals")
    tables = tables_for(state.data, state.opts)
    s.d = &tables.d
    s.n, s.observer, s.viewer, s.round = state.n, state.observer, state.viewer, state.round
    s.start, s.gnome, s.current, s.phase = state.start, state.gnome, state.current, state.phase
    for q in range(s.n):
        s.actions_left[q], s.gold[q] = state.actions_left[q], state.gold[q]
        s.prisms[q], s.trader[q], s.samples[q] = (state.prisms[q], state.trader[q],
                                                  state.samples[q])
        for g in range(NG):
            s.gems[q][g] = state.gems[q][g]
        _capacity(len(state.markers[q]) <= MAXPMK, f"{MAXPMK} markers a player")
        s.n_markers[q] = len(state.markers[q])
        for i, value in enumerate(state.markers[q]):
            s.markers[q][i] = value
        s.n_tiles[q] = len(state.tiles[q])
        for i, tile in enumerate(state.tiles[q]):
            s.tiles[q][i] = tile
        _capacity(len(state.owned[q]) <= MAXOWN, f"{MAXOWN} cards a player")
        s.n_owned[q] = len(state.owned[q])
        for i, (deck, ident) in enumerate(state.owned[q]):
            s.owned_deck[q][i], s.owned_id[q][i] = deck, ident
        s.has_hand[q] = state.hand[q] is not None
        if s.has_hand[q]:
            _slot_in(&s.hand[q], state.hand[q])
    for g in range(NG):
        s.cur[g], s.tgt[g] = state.cur[g], state.tgt[g]
    for i in range(len(state.board)):
        s.board[i], s.known[i] = state.board[i], state.known[i]
    _board_masks(s)
    _count_tiles(s)
    for deck in range(2):
        s.n_pile[deck] = len(state.piles[deck])
        for i, slot in enumerate(state.piles[deck]):
            _slot_in(&s.piles[deck][i], slot)
        for i in range(MAXDISP):
            s.display[deck][i] = state.display[deck][i] if i < len(state.display[deck]) \
                else EMPTY
    for i, (upright, sideways) in enumerate(state.discount):
        s.discount[i][0], s.discount[i][1] = upright, sideways
    s.n_removed = len(state.removed)
    for i, slot in enumerate(state.removed):
        _slot_in(&s.removed[i], slot)
    s.n_drawn = len(state.drawn)
    for i, slot in enumerate(state.drawn):
        _slot_in(&s.drawn[i], slot)
    s.n_returning = len(state.returning)
    for i, slot in enumerate(state.returning):
        _slot_in(&s.returning[i], slot)
    s.tile_bought, s.end_triggered, s.capped = (state.tile_bought, state.end_triggered,
                                                state.capped)
    s.pend_gem, s.pend_marker, s.pend_space = (state.pend_gem, state.pend_marker,
                                               state.pend_space)
    s.pend_deck, s.pend_slot, s.pend_colour = (state.pend_deck, state.pend_slot,
                                               state.pend_colour)
    for g in range(NG):
        s.pend_cost[g], s.pend_used[g] = state.pend_cost[g], state.pend_used[g]
        s.mine_picks[g] = state.mine_picks[g]
        s.mine_used[g] = state.mine_used[g] if g < len(state.mine_used) else 0
    s.mine_pos, s.mine_wilds = state.mine_pos, state.mine_wilds
    s.n_mine_used = len(state.mine_used)
    s.n_reveals = len(reveals)
    for i, reveal in enumerate(state.reveals):
        if reveal[0] not in _REVEALS or len(reveal) != 1 + _REVEAL_ARGS[_REVEALS.index(reveal[0])]:
            raise ValdoraError(f"reveals[{i}]: unknown reveal {reveal!r}")
        s.reveals[i].what = _REVEALS.index(reveal[0])
        args = tuple(reveal[1:]) + (0, 0, 0)
        s.reveals[i].a, s.reveals[i].b, s.reveals[i].c = args[0], args[1], args[2]
        if not _reveal_in_range(s, &s.reveals[i]):
            raise ValdoraError(f"reveals[{i}]: {reveal!r} names no hidden place of this "
                               "position")
    s.cont = state.cont
    s.recording = False
    s.n_rec = 0
    return tables


@cython.freelist(64)
cdef class CompiledZavandorState:
    """A Gnomes of Zavandor world or belief state in a C struct: the reference state's
    API at C speed.

    `apply` refuses an illegal step (IllegalMoveError) instead of breaking the struct;
    `play` is the same. A belief state (an observer's view, UNKNOWN where hidden) passes
    through chance nodes over the ids its observer cannot rule out, as the reference's,
    and `sampler` draws determinizations from one in C (zavandor_sample.pxi).
    """

    cdef ZState s
    cdef ZTables tables

    # ------------------------------------------------------------- construction
    @staticmethod
    def new(data, options, int n_players, rng):
        """ZavandorState.new: set up a world, consuming `rng` as the reference does."""
        cdef CompiledZavandorState self = CompiledZavandorState.__new__(CompiledZavandorState)
        cdef RngState r
        if not data.players_min <= n_players <= data.players_max:
            raise ValdoraError(f"{n_players} players: the data allows "
                               f"{data.players_min} to {data.players_max}")
        self.tables = tables_for(data, options)
        _rng_in(&r, rng)
        z_new(&self.s, &self.tables.d, n_players, &r)
        _rng_out(&r, rng)
        return self

    @staticmethod
    def from_reference(state, bint check=True):
        """The world `state` (a reference ZavandorState) in C. With `check` (the
        default) a state whose position would not load is refused, as a PositionError
        naming the field (games.state_check); the engine passes False for states it
        made itself."""
        if check:
            from valdora_ai.games.zavandor import position
            check_as_position(state, position.position_to_json, position.position_from_json)
        try:
            return CompiledZavandorState._convert(state)
        except OverflowError as exc:  # a field the position leaves out: stale scratch
            raise ValdoraError(f"a number in the state does not fit the compiled core: "
                               f"{exc}") from None

    @staticmethod
    def _convert(state):
        """from_reference without the check (OverflowError on a number too large)."""
        cdef CompiledZavandorState self = CompiledZavandorState.__new__(CompiledZavandorState)
        self.tables = _load(&self.s, state)
        return self

    @staticmethod
    def sampler(state):
        """A ZavandorSampler of `state`, a state (reference, or a compiled belief state:
        a struct copy) whose UNKNOWN ids are to be drawn (a belief state not at a
        chance node, or info.present_of's present)."""
        cdef ZavandorSampler sampler = ZavandorSampler.__new__(ZavandorSampler)
        cdef CompiledZavandorState fast
        if isinstance(state, CompiledZavandorState):
            fast = state
            sampler.s = fast.s
            sampler.tables = fast.tables
        else:
            sampler.tables = _load(&sampler.s, state)
        return sampler

    def _repr_svg_(self):
        """The board picture, so a position shows itself in Jupyter (public part only)."""
        return self.to_reference()._repr_svg_()

    def to_reference(self):
        """The reference ZavandorState equal to this world or belief state."""
        cdef ZState* s = &self.s
        cdef int q, i, deck
        ref = ZavandorState.__new__(ZavandorState)
        ref.data, ref.opts, ref.n = self.tables.data, self.tables.options, s.n
        ref.observer, ref.viewer, ref.recording = s.observer, s.viewer, None
        ref.round, ref.start, ref.gnome, ref.current, ref.phase = (s.round, s.start, s.gnome,
                                                                   s.current, s.phase)
        ref.actions_left = [s.actions_left[q] for q in range(s.n)]
        ref.gold = [s.gold[q] for q in range(s.n)]
        ref.gems = [[s.gems[q][g] for g in range(NG)] for q in range(s.n)]
        ref.prisms = [s.prisms[q] for q in range(s.n)]
        ref.markers = [[s.markers[q][i] for i in range(s.n_markers[q])] for q in range(s.n)]
        ref.trader = [s.trader[q] for q in range(s.n)]
        ref.tiles = [[s.tiles[q][i] for i in range(s.n_tiles[q])] for q in range(s.n)]
        ref.owned = [[(s.owned_deck[q][i], s.owned_id[q][i]) for i in range(s.n_owned[q])]
                     for q in range(s.n)]
        ref.samples = [s.samples[q] for q in range(s.n)]
        ref.cur = [s.cur[g] for g in range(NG)]
        ref.tgt = [s.tgt[g] for g in range(NG)]
        ref.board = [s.board[i] for i in range(s.d.n_spaces)]
        ref.known = [s.known[i] for i in range(s.d.n_spaces)]
        ref.piles = [[_slot(&s.piles[deck][i]) for i in range(s.n_pile[deck])]
                     for deck in range(2)]
        ref.display = [[s.display[deck][i] for i in range(s.d.display_size)]
                       for deck in range(2)]
        ref.discount = [[s.discount[i][0], s.discount[i][1]] for i in range(s.d.display_size)]
        ref.hand = [_slot(&s.hand[q]) if s.has_hand[q] else None for q in range(s.n)]
        ref.removed = [_slot(&s.removed[i]) for i in range(s.n_removed)]
        ref.drawn = [_slot(&s.drawn[i]) for i in range(s.n_drawn)]
        ref.returning = [_slot(&s.returning[i]) for i in range(s.n_returning)]
        ref.tile_bought, ref.end_triggered, ref.capped = (bool(s.tile_bought),
                                                          bool(s.end_triggered), bool(s.capped))
        ref.pend_gem, ref.pend_marker, ref.pend_space = s.pend_gem, s.pend_marker, s.pend_space
        ref.pend_deck, ref.pend_slot, ref.pend_colour = s.pend_deck, s.pend_slot, s.pend_colour
        ref.pend_cost = [s.pend_cost[g] for g in range(NG)]
        ref.pend_used = [s.pend_used[g] for g in range(NG)]
        ref.mine_pos, ref.mine_wilds = s.mine_pos, s.mine_wilds
        ref.mine_used = [s.mine_used[g] for g in range(s.n_mine_used)]
        ref.mine_picks = [s.mine_picks[g] for g in range(NG)]
        ref.mine_choices = []  # derived, as position_from_json has it: the miner's
        if s.phase == MINE_USE or s.phase == WILD:
            ref.mine_choices = self._mine_choices()
        ref.reveals = [self._reveal(i) for i in range(s.n_reveals)]
        ref.cont = s.cont
        return ref

    def _reveal(self, int i):
        """The pending reveal `i` as the reference's tuple."""
        cdef Reveal* r = &self.s.reveals[i]
        return (_REVEALS[r.what], r.a, r.b, r.c)[:1 + _REVEAL_ARGS[r.what]]

    def _mine_choices(self):
        """ZavandorState.mine_choices of the current miner."""
        cdef Choice choices[MAXCHOICE]
        cdef int n = _mining_choices(&self.s, (self.s.start + self.s.mine_pos) % self.s.n,
                                     choices), i
        return [(tuple(choices[i].used[g] for g in range(NG)), choices[i].wilds)
                for i in range(n)]

    cpdef CompiledZavandorState copy(self):
        cdef CompiledZavandorState other = CompiledZavandorState.__new__(CompiledZavandorState)
        other.s = self.s
        other.tables = self.tables
        other.s.recording = False
        other.s.n_rec = 0
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        """A struct copy (the tables are shared, immutable)."""
        return self.copy()

    def __reduce__(self):
        return (CompiledZavandorState.from_reference, (self.to_reference(), False))

    # ------------------------------------------------------------- the State protocol
    @property
    def current_player(self):
        return z_current_player(&self.s)

    cpdef list legal_steps(self):
        cdef int buf[MAXSTEPS]
        cdef int n = z_legal_steps(&self.s, buf), i
        return [buf[i] for i in range(n)]

    def chance_outcomes(self):
        """(chance step, exact probability) pairs at a chance node: all uniform."""
        cdef int values[MAXS]
        cdef int n, i
        if self.s.phase == OVER or not self.s.n_reveals:
            return []
        n = z_chance_values(&self.s, values)
        return [(CHANCE_BASE + values[i], 1.0 / n) for i in range(n)]

    cdef int _legal(self, step) except -1:
        """`step` as a code z_apply may apply here, else the reference's error."""
        cdef int code
        if type(step) is not int:
            step = step_code(step)
        if not 0 <= step < STEP_LIMIT:
            raise not_a_code(step)
        code = step
        if not z_is_legal(&self.s, code):
            from valdora_ai.games.zavandor.notation import describe_step

            raise illegal_step(self.to_reference(), code, describe_step, _S.kind,
                               self.legal_steps())
        return code

    def apply(self, step):
        """Apply a legal step (an illegal one raises IllegalMoveError)."""
        z_apply(&self.s, self._legal(step))

    def play(self, step):
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        z_apply(&self.s, self._legal(step))

    def apply_revealing(self, step):
        """game.apply_revealing in C: apply `step`; the chance steps the viewer's
        belief state would have passed through, in order."""
        cdef int code = self._legal(step), i
        self.s.recording = True
        self.s.n_rec = 0
        z_apply(&self.s, code)
        self.s.recording = False
        return tuple(self.s.rec[i] for i in range(self.s.n_rec))

    def is_terminal(self):
        return self.s.phase == OVER

    def is_chance_node(self):
        return self.s.phase != OVER and self.s.n_reveals > 0

    def scores(self):
        return [_vp(&self.s, q) for q in range(self.s.n)]

    def vp(self, int seat):
        return _vp(&self.s, seat)

    def winners(self):
        cdef bint won[MAXP]
        z_winners(&self.s, won)
        return [q for q in range(self.s.n) if won[q]]

    def returns(self):
        """Zeros before the end; then 1 split among the winners."""
        cdef bint won[MAXP]
        cdef int count
        if self.s.phase != OVER:
            return [0.0] * self.s.n
        count = z_winners(&self.s, won)
        return [1.0 / count if won[q] else 0.0 for q in range(self.s.n)]

    # ------------------------------------------------------------- the hot loops in C
    def greedy_step(self, rng):
        """heuristics.greedy_step in C: the same step from the same rng stream."""
        return self._policy_step(rng, False)

    def quick_step(self, rng):
        """heuristics.quick_step (the former greedy) in C: the same step, the same draws."""
        return self._policy_step(rng, True)

    cdef int _policy_step(self, rng, bint quick) except -1:
        cdef RngState r
        cdef int step
        if self.s.phase == OVER:
            raise ValdoraError("the game is over: no greedy step")
        _rng_in(&r, rng)
        step = z_greedy_step(&self.s, &r, quick)
        _rng_out(&r, rng)
        return step

    def estimate_final_scores(self):
        """heuristics.estimate_final_scores in C: the same floats, one per seat."""
        cdef double out[MAXP]
        z_estimate(&self.s, out)
        return [out[q] for q in range(self.s.n)]

    def playout(self, rng, long max_steps=1 << 30, str policy="random"):
        """Play on in place with `policy` ("random", "greedy" or "quick"); returns the steps
        played (valdora_ai.playout has the reference loops)."""
        cdef RngState r
        cdef long played
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} (known: random, greedy, "
                               "quick)")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            played = z_playout(&self.s, code, &r, max_steps)
        _rng_out(&r, rng)
        return played

    def rollout(self, rng, str policy, int searcher, int depth):
        """Play on in place until `searcher` has finished `depth` turns after the
        current one (to the end when `depth` < 0); search.rollout.reference_rollout
        is the reference loop, draw for draw."""
        cdef RngState r
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} (known: random, greedy, "
                               "quick)")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            z_rollout(&self.s, code, &r, searcher, depth)
        _rng_out(&r, rng)

    def copy_loop(self, long n):
        """Copy this state `n` times (the bench's c_copies section); returns `n`."""
        cdef CompiledZavandorState other
        cdef long i
        for i in range(n):
            other = self.copy()
        return n

    # ------------------------------------------------------------- read-only facts
    @property
    def data(self):
        return self.tables.data

    @property
    def opts(self):
        return self.tables.options

    @property
    def n(self):
        return self.s.n

    @property
    def observer(self):
        return self.s.observer

    @property
    def viewer(self):
        return self.s.viewer

    @property
    def round(self):
        return self.s.round

    @property
    def capped(self):
        return bool(self.s.capped)

    @property
    def end_triggered(self):
        return bool(self.s.end_triggered)

    def target_vp(self):
        return _target_vp(&self.s)

    def __getattr__(self, name):
        """Any other attribute of the reference state, as a read-only snapshot (the
        state converted on access: hot paths use the methods above)."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.to_reference(), name)

    def __repr__(self):
        player = z_current_player(&self.s)
        who = {CHANCE: "chance", TERMINAL: "over"}.get(player, f"seat {self.s.current}")
        return f"<CompiledZavandorState {self.s.n} players, round {self.s.round}, {who}>"
