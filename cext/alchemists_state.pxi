# Included by alchemists_core.pyx: AlchemistsCompiledState, the Python face of an St.
#
# It offers the reference AlchemistsState's State protocol and scoring API, exact
# conversions both ways (to_reference / from_reference), and the hot work in C: the
# greedy policy, the score estimate, play-outs and roll-outs. Everything that reads a
# state's internals (positions, notation, observations) converts to the reference.


cdef inline void _rng_in(RngState* r, rng) except *:
    """Copy a Python Rng's state (either engine) into `r`."""
    words = rng.getstate()
    r.s[0], r.s[1], r.s[2], r.s[3] = words[0], words[1], words[2], words[3]


cdef inline void _rng_out(RngState* r, rng) except *:
    rng.setstate((r.s[0], r.s[1], r.s[2], r.s[3]))


# What a compiled state shows as read-only snapshots of its reference twin (lists of
# players, face-up spaces, ...) and the reference's pure queries.
_SNAPSHOTS = frozenset(_R.AlchemistsState.__slots__) | {
    "unseen", "skill_value", "collect_amounts", "board_decoctions", "can_pay"}


def _rebuild(reference):
    return AlchemistsCompiledState.from_reference(reference, False)


@cython.freelist(64)
cdef class AlchemistsCompiledState:
    """An Alchemists position in a C struct: the reference state's API at C speed.

    `apply` and `play` both refuse an illegal step with IllegalMoveError (a C struct must
    never be indexed with a step it does not allow). Everything else a reference state
    offers is reached through `to_reference()`.
    """

    cdef St s
    cdef AlchTables tables

    # ------------------------------------------------------------- conversion
    @staticmethod
    def new(data, options, int n_players, rng):
        """AlchemistsState.new: set up a game, consuming `rng` as the reference does."""
        return AlchemistsCompiledState.from_reference(
            _R.AlchemistsState.new(data, options, n_players, rng), False)

    @staticmethod
    def from_reference(state, bint check=True):
        """An exact compiled copy of a reference AlchemistsState (world or belief). With
        `check` (the default) a state whose position would not load is refused, as a
        PositionError naming the field (games.state_check); the engine passes False
        for states it made itself."""
        if check:
            from valdora_ai.games.alchemists import position
            check_as_position(state, position.position_to_json, position.position_from_json)
        try:
            return AlchemistsCompiledState._convert(state)
        except OverflowError as exc:  # a field the position leaves out: stale scratch
            raise ValdoraError(f"a number in the state does not fit the compiled core: "
                               f"{exc}") from None

    @staticmethod
    def _convert(state):
        """from_reference without the check (OverflowError on a number too large)."""
        cdef AlchemistsCompiledState self = AlchemistsCompiledState.__new__(
            AlchemistsCompiledState)
        cdef St* s = &self.s
        cdef Pl* p
        cdef int i
        self.tables = tables_for(state.data, state.options)
        if state.refilling and state.deck is not None:
            raise ValdoraError("a world never waits for a refill draw")
        memset(s, 0, sizeof(St))
        s.n = state.n
        s.current, s.phase, s.actions_left = state.current, state.phase, state.actions_left
        s.order, s.points_left, s.sale_line = state.order, state.points_left, state.sale_line
        for i in range(LLEN):
            s.sale_tokens[i] = state.sale_tokens[i]
        s.refilling, s.rounds, s.turns = state.refilling, state.rounds, state.turns
        s.end_triggered, s.capped, s.over = state.end_triggered, state.capped, state.over
        s.deck_count = state.deck_count
        s.world = state.deck is not None
        if s.world:
            for i, card in enumerate(state.deck):
                s.deck[i] = card
            s.box_len = len(state.box)
            for i, card in enumerate(state.box):
                s.box[i] = card
        for i in range(MAXF):
            s.face_up[i] = EMPTY
        for i, card in enumerate(state.face_up):
            s.face_up[i] = card
        for seat, player in enumerate(state.players):
            p = &s.players[seat]
            for i, v in enumerate(player.skills):
                p.skills[i] = v
            for i, v in enumerate(player.ingredients):
                p.ing[i] = v
            for i, v in enumerate(player.decoctions):
                p.dec[i] = v
            p.moved_from, p.moved_to, p.moved = player.moved_from, player.moved_to, player.moved
            for i, v in enumerate(player.tokens):
                p.tokens[i] = v
            for i, v in enumerate(player.chest):
                p.chest[i] = v
            p.n_sold = len(player.sold)
            for i, v in enumerate(player.sold):
                p.sold[i] = v
            if len(player.markers) > MAXMARK:
                raise ValdoraError("more experience markers than any game can take")
            p.n_markers = len(player.markers)
            for i, v in enumerate(player.markers):
                p.markers[i] = v
        return self

    def _repr_svg_(self):
        """The table picture, so a position shows itself in Jupyter (public part only)."""
        return self.to_reference()._repr_svg_()

    def to_reference(self):
        """The equal reference AlchemistsState."""
        cdef St* s = &self.s
        cdef Tab* t = &self.tables.t
        cdef Pl* p
        cdef int seat
        state = _R.AlchemistsState.__new__(_R.AlchemistsState)
        data, options = self.tables.data, self.tables.options
        state.data, state.options = data, options
        state.track = data.tracks[options.track]
        state.n = s.n
        state.players = []
        for seat in range(s.n):
            p = &s.players[seat]
            player = _R.Player(t.n_ing, t.n_dec)
            player.skills = [p.skills[i] for i in range(t.n_ing)]
            player.ingredients = [p.ing[i] for i in range(t.n_ing)]
            player.decoctions = [p.dec[i] for i in range(t.n_dec)]
            player.moved_from, player.moved_to, player.moved = p.moved_from, p.moved_to, p.moved
            player.tokens = [bool(p.tokens[i]) for i in range(4)]
            player.chest = [p.chest[i] for i in range(NCELL)]
            player.sold = [p.sold[i] for i in range(p.n_sold)]
            player.markers = [p.markers[i] for i in range(p.n_markers)]
            state.players.append(player)
        state.face_up = [s.face_up[i] for i in range(t.face_up)]
        state.deck = [s.deck[i] for i in range(s.deck_count)] if s.world else None
        state.box = [s.box[i] for i in range(s.box_len)] if s.world else None
        state.deck_count = s.deck_count
        state.current, state.phase, state.actions_left = s.current, s.phase, s.actions_left
        state.order, state.points_left, state.sale_line = s.order, s.points_left, s.sale_line
        state.sale_tokens = [s.sale_tokens[i] for i in range(LLEN)]
        state.refilling, state.rounds, state.turns = bool(s.refilling), s.rounds, s.turns
        state.end_triggered, state.capped = bool(s.end_triggered), bool(s.capped)
        state.over = bool(s.over)
        state.recording = None
        return state

    cpdef AlchemistsCompiledState copy(self):
        cdef AlchemistsCompiledState other = AlchemistsCompiledState.__new__(
            AlchemistsCompiledState)
        other.s = self.s
        other.tables = self.tables
        return other

    def belief(self):
        """A copy without the deck order and the box (what info.observation keeps)."""
        cdef AlchemistsCompiledState other = self.copy()
        other.s.world = 0
        other.s.box_len = 0
        memset(other.s.deck, 0, sizeof(other.s.deck))
        memset(other.s.box, 0, sizeof(other.s.box))
        return other

    def determinized(self, rng):
        """A world sampled as info.determinize samples it, with the same rng draws."""
        cdef AlchemistsCompiledState other
        cdef RngState r
        cdef int cards[MAXC]
        if self.is_chance_node():
            raise ValdoraError("cannot determinize at a chance node: resolve the draw first")
        unseen = _unseen(&self.tables.t, &self.s, cards)
        if unseen < self.s.deck_count:
            raise ValdoraError(f"inconsistent observation: {self.s.deck_count} cards in "
                               f"the deck for {unseen} unseen")
        other = self.copy()
        _rng_in(&r, rng)
        _determinize(&self.tables.t, &other.s, &r)
        _rng_out(&r, rng)
        return other

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (_rebuild, (self.to_reference(),))

    # ------------------------------------------------------------- State protocol
    @property
    def current_player(self):
        return _current_player(&self.s)

    def is_terminal(self):
        return bool(self.s.over)

    def is_chance_node(self):
        return bool(not self.s.over and self.s.refilling)

    def legal_steps(self):
        cdef int out[MAXSTEPS]
        cdef int n = _legal(&self.tables.t, &self.s, out)
        return [out[i] for i in range(n)]

    def chance_outcomes(self):
        """(chance step, exact probability) pairs at a chance node: a uniform draw."""
        cdef int cards[MAXC]
        cdef int n
        if self.s.over or not self.s.refilling:
            return []
        n = _unseen(&self.tables.t, &self.s, cards)
        return [(CHANCE_BASE + cards[i], 1.0 / n) for i in range(n)]

    def apply(self, step):
        """Apply a legal step (IllegalMoveError otherwise, the reference's)."""
        _apply(&self.tables.t, &self.s, self._checked(step))

    def play(self, step):
        """Apply `step` after checking that it is legal (raises IllegalMoveError)."""
        _apply(&self.tables.t, &self.s, self._checked(step))

    cdef int _checked(self, step) except -1:
        """`step` as a code _apply may apply here, else the reference's error."""
        cdef int out[MAXSTEPS]
        cdef int n, code
        if type(step) is not int:
            step = step_code(step)
        if not 0 <= step < STEP_LIMIT:
            raise not_a_code(step)
        code = step
        n = _legal(&self.tables.t, &self.s, out)
        if not _in(out, n, code):
            from valdora_ai.games.alchemists.notation import describe_step

            raise illegal_step(self.to_reference(), code, describe_step, _S.kind,
                               self.legal_steps())
        return code

    def apply_revealing(self, step):
        """Apply `step` to a world; the chance steps a belief state would have passed
        through (the cards the refill drew, in order)."""
        cdef int before = self.s.deck_count, i
        if not self.s.world:
            raise ValdoraError("apply_revealing needs a world")
        self.apply(step)
        return tuple(CHANCE_BASE + self.s.deck[i]
                     for i in range(before - 1, self.s.deck_count - 1, -1))

    # ------------------------------------------------------------- scoring
    def score_lines(self):
        cdef int parts[7]
        lines = []
        for seat in range(self.s.n):
            _score_parts(&self.tables.t, &self.s, seat, parts)
            lines.append(_R.ScoreLine(*[parts[i] for i in range(7)]))
        return lines

    def scores(self):
        return [_score(&self.tables.t, &self.s, seat) for seat in range(self.s.n)]

    def winners(self):
        """The seats with the best ScoreLine.rank_key (total, then the tie-breaks), read
        from C: a search asks at the end of every play-out."""
        cdef int parts[7]
        keys = []
        for seat in range(self.s.n):
            _score_parts(&self.tables.t, &self.s, seat, parts)
            keys.append((parts[0] + parts[1] + parts[2] + parts[3], parts[4], parts[5],
                         parts[6]))
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def returns(self):
        if not self.s.over:
            return [0.0] * self.s.n
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.s.n)]

    # ------------------------------------------------------------- heuristics in C
    def greedy_step(self, rng):
        """heuristics.greedy_step in C (same step, same rng draws)."""
        cdef RngState r
        cdef int step
        if self.s.over:
            raise ValdoraError("the game is over: no step to choose")
        _rng_in(&r, rng)
        step = _greedy_step(&self.tables.t, &self.s, &r)
        _rng_out(&r, rng)
        return step

    def quick_step(self, rng):
        """heuristics.quick_step (the former greedy) in C (same step, same rng draws)."""
        cdef RngState r
        cdef int step
        if self.s.over:
            raise ValdoraError("the game is over: no step to choose")
        _rng_in(&r, rng)
        step = _quick_step(&self.tables.t, &self.s, &r)
        _rng_out(&r, rng)
        return step

    def estimate_final_scores(self):
        """heuristics.estimate_final_scores in C, bit for bit."""
        cdef double out[MAXP]
        _estimate(&self.tables.t, &self.s, out)
        return [out[i] for i in range(self.s.n)]

    def playout(self, rng, long max_steps=1 << 30, str policy="random"):
        """Play on in place with `policy` ("random", "greedy" or "quick", all in C); returns
        the steps played (valdora_ai.playout has the reference loops)."""
        cdef RngState r
        cdef long played
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} (known: random, greedy, quick)")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            played = _playout(&self.tables.t, &self.s, code, &r, max_steps)
        _rng_out(&r, rng)
        return played

    def rollout(self, rng, str policy, int searcher, int depth):
        """Play on in place in C until `searcher` has finished `depth` turns after the
        current one (to the end when `depth` < 0); search.rollout.reference_rollout
        is the reference loop, draw for draw."""
        cdef RngState r
        cdef int code
        if policy not in _POLICIES:
            raise ValdoraError(f"unknown playout policy {policy!r} (known: random, greedy, quick)")
        code = _POLICIES[policy]
        _rng_in(&r, rng)
        with nogil:
            _rollout(&self.tables.t, &self.s, code, &r, searcher, depth)
        _rng_out(&r, rng)

    # ------------------------------------------------------------- read-only facts
    @property
    def data(self):
        return self.tables.data

    @property
    def options(self):
        return self.tables.options

    @property
    def n(self):
        return self.s.n

    @property
    def is_world(self):
        return bool(self.s.world)

    @property
    def deck_count(self):
        return self.s.deck_count

    @property
    def rounds(self):
        return self.s.rounds

    @property
    def turns(self):
        return self.s.turns

    @property
    def over(self):
        return bool(self.s.over)

    @property
    def capped(self):
        return bool(self.s.capped)

    def __getattr__(self, name):
        """The reference state's other fields, as snapshots converted on access."""
        if name in _SNAPSHOTS:
            return getattr(self.to_reference(), name)
        raise AttributeError(f"AlchemistsCompiledState has no attribute {name!r}")

    def __repr__(self):
        return repr(self.to_reference()).replace("<AlchemistsState", "<AlchemistsCompiledState")


cdef St _copy_sink[16]


def copy_loop(AlchemistsCompiledState state, long n):
    """Copy `state` n times by struct assignment, in C (the C-level copy rate); returns
    the last copy of the chain, so that a test can check it still holds the whole state."""
    cdef long i
    cdef AlchemistsCompiledState last
    if n < 0:
        raise ValdoraError(f"copy_loop: n must be >= 0, got {n}")
    _copy_sink[0] = state.s
    with nogil:
        for i in range(n):  # a chain through the sink: every copy is a real one
            _copy_sink[(i + 1) & 15] = _copy_sink[i & 15]
    last = AlchemistsCompiledState.__new__(AlchemistsCompiledState)
    last.s = _copy_sink[n & 15]
    last.tables = state.tables
    return last
