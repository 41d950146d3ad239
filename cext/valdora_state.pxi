# Included by valdora_core.pyx: ValdoraCompiledState, the Python face of a CoreState.
#
# It offers the reference ValdoraState's API for everything agents and services use
# (the games.base.State protocol plus score_lines, winners, turns, rounds, capped) and
# exact conversions both ways (to_reference / from_reference). Everything that reads a
# state's internals (position JSON, observations' JSON, heuristics) converts to the
# reference first, so those formats keep one specification.

cimport cython
from cpython.long cimport PyLong_AsLongLongAndOverflow

from valdora_ai.errors import IllegalMoveError, ValdoraError
from valdora_ai.games.state_check import check_as_position
from valdora_ai.games.valdora.rules import Book, Player, ScoreLine, ValdoraState
from valdora_ai.games.refusals import step_code
from valdora_ai.games.valdora.stepcheck import play_error, step_error


_POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY, "quick": POLICY_QUICK}


cdef inline void _rng_in(RngState* r, rng) except *:
    """Copy a Python Rng's state (either engine) into `r`."""
    cdef int i
    for i, word in enumerate(rng.getstate()):
        r.s[i] = word


cdef inline void _rng_out(RngState* r, rng) except *:
    rng.setstate((r.s[0], r.s[1], r.s[2], r.s[3]))


cdef int _step_code(step) except -1:
    """stepcheck.step_code, then the code's range: a number core_apply can index with,
    or NOT_A_CODE's error (any int past the layout is no code of any game)."""
    cdef long long code
    cdef int overflow = 0
    if type(step) is not int:
        step = step_code(step)
    code = PyLong_AsLongLongAndOverflow(step, &overflow)
    if overflow or not 0 <= code < CHANCE_BASE + MAX_FACES:
        raise step_error(None, step, NOT_A_CODE)
    return <int>code


@cython.freelist(64)
cdef class ValdoraCompiledState:
    """A Valdora position in a C struct: the reference state's API at C speed.

    `apply` skips the legality check (refusing what would break the struct, see
    stepcheck), `play` checks, as in the reference. Attributes of the reference state
    that are lists of objects (`books`, `players`, `road`, ...) are read-only snapshots
    converted on access; hot paths use the methods.
    """

    cdef CoreState s
    cdef CoreTables tables

    # ------------------------------------------------------------- construction
    @staticmethod
    def new(data, int n_players, rng):
        """ValdoraState.new: set up a game, consuming `rng` as the reference does."""
        cdef ValdoraCompiledState self = ValdoraCompiledState.__new__(ValdoraCompiledState)
        cdef RngState r
        self.tables = tables_for(data)
        if not data.players_min <= n_players <= data.players_max:
            raise ValdoraError(f"{n_players} players: the data allows "
                               f"{data.players_min} to {data.players_max}")
        _rng_in(&r, rng)
        core_new(&self.s, &self.tables.d, n_players, &r)
        _rng_out(&r, rng)
        return self

    cpdef ValdoraCompiledState copy(self):
        cdef ValdoraCompiledState other = ValdoraCompiledState.__new__(ValdoraCompiledState)
        other.s = self.s
        other.tables = self.tables
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        """A struct copy (the tables are shared, immutable): pyspiel clones by deep copy."""
        return self.copy()

    def __reduce__(self):
        return (ValdoraCompiledState.from_reference, (self.to_reference(), False))

    # ------------------------------------------------------------- the State protocol
    @property
    def current_player(self):
        return core_current_player(&self.s)

    cpdef list legal_steps(self):
        cdef int32_t buf[MAX_STEPS]
        cdef int n = core_legal_steps(&self.s, buf)
        return [buf[i] for i in range(n)]

    def chance_outcomes(self):
        """(chance step, exact probability) pairs at a chance node."""
        cdef int32_t steps[MAX_FACES]
        cdef int32_t weights[MAX_FACES]
        cdef int n, i, total = 0
        if self.s.over or self.s.reveal == NO_REVEAL:
            return []
        n = core_chance_weights(&self.s, steps, weights)
        for i in range(n):
            total += weights[i]
        return [(steps[i], <double>weights[i] / <double>total) for i in range(n)]

    def apply(self, step):
        """Apply a step without checking its legality: `play` is the checked version.

        Numbers that would break the state's structure are still refused
        (IllegalMoveError, see stepcheck), exactly as by the reference.
        """
        core_apply(&self.s, self._checked(step))

    def play(self, step):
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        cdef int code = _step_code(step)
        cdef list legal = self.legal_steps()
        if code not in legal:
            raise play_error(self, code, legal, core_step_problem(&self.s, code))
        core_apply(&self.s, code)

    cdef int _checked(self, step) except -1:
        """`step` as a code core_apply may apply here, else the reference's error."""
        cdef int code = _step_code(step)
        cdef int problem = core_step_problem(&self.s, code)
        if problem:
            raise step_error(self, code, problem)
        return code

    def is_terminal(self):
        return bool(self.s.over)

    def is_chance_node(self):
        return not self.s.over and self.s.reveal != NO_REVEAL

    def score_lines(self):
        cdef int32_t p[6]
        lines = []
        for seat in range(self.s.n):
            core_score(&self.s, seat, p)
            lines.append(ScoreLine(commissions=p[0], craftsmen=p[1], workshops=p[2],
                                   bonus=p[3], gems=p[4], coins=p[5]))
        return lines

    def scores(self):
        return [core_total(&self.s, seat) for seat in range(self.s.n)]

    def winners(self):
        keys = [(core_total(&self.s, seat), self.s.players[seat].coins)
                for seat in range(self.s.n)]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def returns(self):
        if not self.s.over:
            return [0.0] * self.s.n
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.s.n)]

    # ------------------------------------------------------------- information
    def belief(self):
        """A copy without the hidden card order (what info.observation keeps)."""
        cdef ValdoraCompiledState other = self.copy()
        core_forget_order(&other.s)
        return other

    def determinized(self, rng):
        """A world sampled as info.determinize samples it, with the same rng draws."""
        cdef ValdoraCompiledState other
        cdef RngState r
        if self.is_chance_node():
            raise ValdoraError("cannot determinize at a chance node: resolve the reveal first")
        other = self.copy()
        _rng_in(&r, rng)
        core_determinize(&other.s, &r)
        _rng_out(&r, rng)
        return other

    def playout(self, rng, long max_steps=1 << 30, str policy="random"):
        """Play on in place with `policy` ("random", "greedy" or "quick", all in C); returns
        the steps played (valdora_ai.playout has the reference loops)."""
        cdef RngState r
        cdef long played
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} "
                               f"(known: {', '.join(_POLICIES)})")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            played = core_playout(&self.s, code, &r, max_steps)
        _rng_out(&r, rng)
        return played

    def rollout(self, rng, str policy, int searcher, int depth):
        """Play on in place in C until `searcher` has finished `depth` turns after the
        current one (to the end when `depth` < 0); search.rollout.reference_rollout
        is the reference loop, draw for draw."""
        cdef RngState r
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} "
                               f"(known: {', '.join(_POLICIES)})")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            core_rollout(&self.s, code, &r, searcher, depth)
        _rng_out(&r, rng)

    def apply_revealing(self, step):
        """reveals.apply_revealing in C: apply `step` to a world; the chance steps it
        made public, in order."""
        cdef int32_t revealed[2]
        cdef int n = core_apply_revealing(&self.s, self._checked(step), revealed)
        if n == 0:
            return ()
        if n == 1:
            return (revealed[0],)
        return (revealed[0], revealed[1])

    def greedy_step(self, rng):
        """heuristics.greedy_step in C: the same step from the same rng stream."""
        return self._greedy(rng, G_LOOKAHEAD_PLANS)

    def quick_step(self, rng):
        """heuristics.quick_step in C: the same step from the same rng stream."""
        return self._greedy(rng, G_QUICK_LOOKAHEAD_PLANS)

    cdef int _greedy(self, rng, int lookahead_plans) except -1:
        cdef RngState r
        cdef int step
        if self.s.over or self.s.reveal != NO_REVEAL:
            raise ValdoraError("the greedy policy decides only at a player's decision")
        _rng_in(&r, rng)
        step = core_greedy_step(&self.s, &r, lookahead_plans)
        _rng_out(&r, rng)
        return step

    def estimate_final_scores(self):
        """heuristics.estimate_final_scores in C: the same floats, one per seat."""
        cdef double out[MAX_PLAYERS]
        core_estimate_scores(&self.s, out)
        return [out[i] for i in range(self.s.n)]

    # ------------------------------------------------------------- scalar attributes
    @property
    def data(self):
        return self.tables.data

    @property
    def is_world(self):
        return all(self.s.books[b].is_world for b in range(self.tables.d.n_books))

    @property
    def n(self):
        return self.s.n

    @property
    def current(self):
        return self.s.current

    @property
    def phase(self):
        return self.s.phase

    @property
    def action(self):
        return self.s.action

    @property
    def pages_turned(self):
        return self.s.pages_turned

    @property
    def loads_done(self):
        return self.s.loads_done

    @property
    def reveal(self):
        return self.s.reveal

    @property
    def reveal_book(self):
        return self.s.reveal_book

    @property
    def pending_step(self):
        return self.s.pending_step

    @property
    def bank(self):
        return self.s.bank

    @property
    def bonus_left(self):
        return self.s.bonus_left

    @property
    def rounds(self):
        return self.s.rounds

    @property
    def turns(self):
        return self.s.turns

    @property
    def end_triggered(self):
        return bool(self.s.end_triggered)

    @property
    def capped(self):
        return bool(self.s.capped)

    @property
    def over(self):
        return bool(self.s.over)

    # snapshots of the object-valued attributes (read-only copies)
    books = property(lambda self: self.to_reference().books)
    players = property(lambda self: self.to_reference().players)
    road = property(lambda self: self.to_reference().road)
    discard = property(lambda self: self.to_reference().discard)
    supply = property(lambda self: self.to_reference().supply)
    workshop_owner = property(lambda self: self.to_reference().workshop_owner)

    def book_at(self, space):
        """A snapshot of the book at `space`, or None (as ValdoraState.book_at)."""
        return self.to_reference().book_at(space)

    def visible_books(self):
        return list(self.to_reference().visible_books())

    def __repr__(self):
        who = {CHANCE: "chance", TERMINAL: "over"}.get(
            self.current_player, f"seat {self.s.current}")
        return (f"<ValdoraCompiledState {self.s.n} players, round {self.s.rounds + 1}, {who}>")

    # ------------------------------------------------------------- conversions
    def to_reference(self):
        """The same position as a reference ValdoraState (exact)."""
        cdef const CoreData* d = &self.tables.d
        cdef CoreState* s = &self.s
        cdef PlayerState* p
        cdef BookState* bk
        cdef int i, b
        data = self.tables.data
        equipment = data.card_set("equipment")
        commission = data.card_set("commission")
        st = ValdoraState.__new__(ValdoraState)
        st.data = data
        st.n = s.n
        st.current = s.current
        st.phase = s.phase
        st.action = s.action
        st.pages_turned = s.pages_turned
        st.loads_done = s.loads_done
        st.reveal = s.reveal
        st.reveal_book = s.reveal_book
        st.pending_step = s.pending_step
        st.bank = s.bank
        st.bonus_left = s.bonus_left
        st.rounds = s.rounds
        st.turns = s.turns
        st.end_triggered = bool(s.end_triggered)
        st.capped = bool(s.capped)
        st.over = bool(s.over)
        st.discard = [s.discard[i] for i in range(d.n_gems)]
        st.road = [[0] * d.n_gems for _ in range(d.n_spaces)]
        for i in range(d.n_roads):
            st.road[d.road_space[i]] = [s.road[i][g] for g in range(d.n_gems)]
        st.supply = [s.supply[i] for i in range(d.n_colours)]
        st.workshop_owner = [s.workshop_owner[i] for i in range(d.n_colours)]
        st.players = []
        for i in range(s.n):
            p = &s.players[i]
            pl = Player.__new__(Player)
            pl.space = p.space
            pl.coins = p.coins
            pl.provisions = bool(p.provisions)
            pl.load = [p.load[k] for k in range(d.n_items)]
            pl.equipment = [(p.equipment[k] >> 1, p.equipment[k] & 1)
                            for k in range(p.n_equipment)]
            pl.commissions = [(p.commissions[k] >> 1, p.commissions[k] & 1)
                              for k in range(p.n_commissions)]
            pl.completed = [(p.completed[k] >> 1, p.completed[k] & 1)
                            for k in range(p.n_completed)]
            pl.craftsmen = [p.craftsmen[k] for k in range(d.n_colours)]
            pl.workshops = [p.workshops[k] for k in range(p.n_workshops)]
            pl.bonus = p.bonus
            st.players.append(pl)
        st.books = []
        for b in range(d.n_books):
            bk = &s.books[b]
            cards = equipment if d.book_set[b] == SET_EQUIPMENT else commission
            book = Book(d.book_space[b], cards)
            book.left = [(bk.left[k] >> 1, bk.left[k] & 1) for k in range(bk.n_left)]
            book.right = [(bk.right[k] >> 1, bk.right[k] & 1) for k in range(bk.n_right)]
            book.hidden = ([bk.hidden[k] for k in range(bk.hidden_count)] if bk.is_world
                           else None)
            book.hidden_count = bk.hidden_count
            book.top_front = bk.top_front
            book.pool = [bk.pool[t] for t in range(len(cards.types))]
            st.books.append(book)
        return st

    @staticmethod
    def from_reference(state, bint check=True):
        """The same position as a ValdoraCompiledState (exact). With `check` (the default) a
        state whose position would not load is refused, as a PositionError naming the
        field (games.state_check); the engine passes False for states it made itself."""
        if check:
            from valdora_ai.games.valdora import position
            check_as_position(state, position.position_to_json, position.position_from_json)
        try:
            return ValdoraCompiledState._convert(state)
        except OverflowError as exc:  # a field the position leaves out: stale scratch
            raise ValdoraError(f"a number in the state does not fit the compiled core: "
                               f"{exc}") from None

    @staticmethod
    def _convert(state):
        """from_reference without the check (OverflowError on a number too large)."""
        cdef ValdoraCompiledState self = ValdoraCompiledState.__new__(ValdoraCompiledState)
        cdef CoreState* s = &self.s
        cdef PlayerState* p
        cdef BookState* bk
        cdef int i, k, b
        self.tables = tables_for(state.data)
        s.data = &self.tables.d
        s.n = state.n
        s.current = state.current
        s.phase = state.phase
        s.action = state.action
        s.pages_turned = _fits(state.pages_turned, 30000, "pages_turned")
        s.loads_done = _fits(state.loads_done, 30000, "loads_done")
        s.reveal = state.reveal
        s.reveal_book = state.reveal_book
        s.pending_step = state.pending_step
        s.bank = state.bank
        s.bonus_left = state.bonus_left
        s.rounds = _fits(state.rounds, 1 << 30, "rounds")
        s.turns = _fits(state.turns, 1 << 30, "turns")
        s.end_triggered = state.end_triggered
        s.capped = state.capped
        s.over = state.over
        for i in range(MAX_GEMS):
            s.discard[i] = state.discard[i] if i < len(state.discard) else 0
        for i in range(MAX_ROADS):
            for k in range(MAX_GEMS):
                s.road[i][k] = 0
        for i in range(self.tables.d.n_roads):
            for k, count in enumerate(state.road[self.tables.d.road_space[i]]):
                s.road[i][k] = count
        for i in range(MAX_COLOURS):
            s.supply[i] = state.supply[i] if i < len(state.supply) else 0
            s.workshop_owner[i] = state.workshop_owner[i] if i < len(state.supply) else -1
        for i, pl in enumerate(state.players):
            p = &s.players[i]
            p.space = pl.space
            p.coins = pl.coins
            p.provisions = pl.provisions
            for k in range(MAX_ITEMS):
                p.load[k] = pl.load[k] if k < len(pl.load) else NOT_OWNED
            p.n_equipment = _cards_in(p.equipment, pl.equipment, MAX_ITEMS, "equipment")
            p.n_commissions = _cards_in(p.commissions, pl.commissions, MAX_HELD_COMMISSIONS,
                                        "commissions")
            p.n_completed = _cards_in(p.completed, pl.completed, MAX_COMPLETED, "completed")
            for k in range(MAX_COLOURS):
                p.craftsmen[k] = pl.craftsmen[k] if k < len(pl.craftsmen) else 0
            p.n_workshops = len(pl.workshops)
            for k, colour in enumerate(pl.workshops):
                p.workshops[k] = colour
            p.bonus = pl.bonus
        for b, book in enumerate(state.books):
            bk = &s.books[b]
            bk.n_left = _cards_in(bk.left, book.left, MAX_STACK, "left")
            bk.n_right = _cards_in(bk.right, book.right, MAX_STACK, "right")
            bk.hidden_count = book.hidden_count
            bk.is_world = book.hidden is not None
            if book.hidden is not None:
                for k, t in enumerate(book.hidden):
                    bk.hidden[k] = t
            bk.top_front = book.top_front
            for k in range(MAX_TYPES):
                bk.pool[k] = book.pool[k] if k < len(book.pool) else 0
        return self


cdef int _fits(value, int limit, str what) except -1:
    if not 0 <= value <= limit:
        raise ValdoraError(f"{what} = {value} does not fit the compiled core (0..{limit})")
    return value


cdef int _cards_in(uint8_t* out, cards, int limit, str what) except -1:
    """Encode (type, side) cards as type*2+side into `out`; returns the count."""
    if len(cards) > limit:
        raise ValdoraError(f"{len(cards)} {what} cards do not fit the compiled core "
                           f"(at most {limit})")
    for k, (t, side) in enumerate(cards):
        out[k] = t * 2 + side
    return len(cards)


cdef CoreState _copy_sink[16]  # a global target: the copies cannot be optimized away


def copy_loop(ValdoraCompiledState state, long n):
    """Copy `state` n times by struct assignment, in C (the C-level copy rate).

    Returns the last copy of the chain, so that a test can check that n copies of
    copies still hold the whole state.
    """
    cdef long i
    cdef ValdoraCompiledState last
    if n < 0:
        raise ValdoraError(f"copy_loop: n must be >= 0, got {n}")
    _copy_sink[0] = state.s
    with nogil:
        for i in range(n):  # a chain through the sink: every copy is a real one
            _copy_sink[(i + 1) & 15] = _copy_sink[i & 15]
    last = ValdoraCompiledState.__new__(ValdoraCompiledState)
    last.s = _copy_sink[n & 15]
    last.tables = state.tables
    return last
