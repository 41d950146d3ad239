"""The oracle's present without its future (``future_sampler``, issue 16 item 3): every
game redraws exactly what no player knows. Nothing any seat knows changes (each seat's
observation of the resampled world is its observation of the true one), the unknown
part does change and uniformly (chi-square on small piles), the same generator gives
the same world, both engines draw the same, and the oracle draws a future for every
iteration unless told the future is known."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from test_alchemists_information import _chi_square_critical, _small_belief
from test_zavandor_information import CHI2_999, chi_square
from zavandor_scenarios import B, checked, play, space
from zavandor_scenarios import new as new_zavandor

from valdora_ai.agents.oracle import OracleIsmctsAgent
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.alchemists.engines import as_reference as alchemists_reference
from valdora_ai.games.base import Game, Observation, State
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.valdora.engines import as_reference as valdora_reference
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.engines import as_reference as zavandor_reference

GAMES = ("valdora", "alchemists", "zavandor")


def _hidden_valdora(state: Any) -> Any:
    return tuple(tuple(book.hidden) for book in valdora_reference(state).books)


def _hidden_alchemists(state: Any) -> Any:
    ref = alchemists_reference(state)
    return tuple(ref.deck), tuple(ref.box)


def _hidden_zavandor(state: Any) -> Any:
    ref = zavandor_reference(state)
    return tuple(ref.board), tuple(tuple(slot) for slot in ref.card_slots())


# What the true world holds beyond any observation, per game.
HIDDEN: dict[str, Callable[[Any], Any]] = {
    "valdora": _hidden_valdora, "alchemists": _hidden_alchemists, "zavandor": _hidden_zavandor}


def _midgame(name: str, seed: int = 3, steps: int = 60) -> tuple[Game, State]:
    """A 3-player world `steps` greedy steps in, at a decision."""
    game = make_game(name, players=3)
    state, rng = game.new_state(seed), make_rng(seed)
    for _ in range(steps):
        state.play(game.greedy_step(state, rng))
    while state.is_chance_node():
        state.play(game.greedy_step(state, rng))
    assert not state.is_terminal()
    return game, state


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("name", GAMES)
def test_every_seat_knows_the_resampled_world_as_the_true_one(name: str) -> None:
    """Leak-proof both ways: what any seat knows is kept, what nobody knows is redrawn
    (a plain copy fails the second half)."""
    game, world = _midgame(name)
    before = game.position_to_json(world)
    sample = game.future_sampler(world)
    truth, rng = HIDDEN[name](world), make_rng(11)
    futures = set()
    for _ in range(20):
        future = sample(rng)
        assert type(future) is type(world)
        for seat in range(game.num_players):
            assert game.observation(future, seat) == game.observation(world, seat)
        futures.add(HIDDEN[name](future))
    assert len(futures) > 1 and futures != {truth}
    assert game.position_to_json(world) == before  # the true world is not touched


@pytest.mark.parametrize("name", GAMES)
def test_the_same_generator_gives_the_same_future(name: str) -> None:
    game, world = _midgame(name)
    first = game.future_sampler(world)(make_rng(5))
    again = game.future_sampler(world)(make_rng(5))
    assert HIDDEN[name](first) == HIDDEN[name](again)
    assert game.position_to_json(first) == game.position_to_json(again)


@pytest.mark.parametrize("name", GAMES)
def test_both_engines_draw_the_same_future(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, compiled = _midgame(name)
    fast = game.future_sampler(compiled)(make_rng(9))
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    game, pure = _midgame(name)
    slow = game.future_sampler(pure)(make_rng(9))
    assert type(slow) is not type(fast) and type(slow) is type(pure)
    assert HIDDEN[name](slow) == HIDDEN[name](fast)
    assert game.position_to_json(slow) == game.position_to_json(fast)


def test_a_game_with_private_information_needs_its_own_sampler() -> None:
    """Without the hook, the default would redraw what only one seat knows."""
    game, world = _midgame("zavandor")

    with pytest.raises(ValdoraError, match="zavandor has private information but no "
                                           "future_sampler"):
        GameBase.future_sampler(game, world)  # the default, which Zavandor overrides


def test_valdora_redraws_a_hidden_order_uniformly() -> None:
    """Chi-square: a book with five hidden cards, the top one showing S: every order
    consistent with that front equally often (no seat knows more than the front)."""
    game = make_game("valdora", players=3)
    world = valdora_reference(game.new_state(1))
    book = world.books[2]  # a commission book
    faces = [f.id for f in game.data.commissions]
    kinds = [book.cards.types.index((faces.index(a), faces.index(b)))
             for a, b in (("S", "G"), ("S", "R"), ("R", "B"))]
    order = [kinds[2], kinds[0], kinds[2], kinds[0], kinds[1]]  # bottom first, top S/R
    book.pool = [order.count(t) for t in range(len(book.cards.types))]
    book.hidden, book.hidden_count = order, len(order)
    book.top_front = book.cards.types[order[-1]][0]
    consistent = sorted({o for o in itertools.permutations(order)
                         if book.cards.types[o[-1]][0] == book.top_front})
    sample, rng, draws = game.future_sampler(world), make_rng(2024), 300 * 18
    counts = Counter(tuple(valdora_reference(sample(rng)).books[2].hidden)
                     for _ in range(draws))
    assert set(counts) == set(consistent) and len(consistent) == 18
    expected = draws / len(consistent)
    chi2 = sum((counts[o] - expected) ** 2 / expected for o in consistent)
    assert chi2 < _chi_square_critical(len(consistent) - 1)


def test_alchemists_redraws_the_deck_and_box_uniformly() -> None:
    """Chi-square: four unseen cards, two in the deck and two in the box (a cut-down
    card list): all 12 (top, second) deck orders equally often; the face-up cards and
    everything else public never move."""
    game, _, unseen = _small_belief()
    world = alchemists_reference(game.new_state(3))
    public = game.observation(world, 0)
    worlds = list(itertools.permutations(unseen, 2))
    sample, rng, draws = game.future_sampler(world), make_rng(2024), 12_000
    counts: Counter[object] = Counter()
    for _ in range(draws):
        future = sample(rng)
        assert game.observation(future, 0) == public
        counts[tuple(alchemists_reference(future).deck)] += 1
    assert set(counts) == set(worlds)
    expected = draws / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    assert chi2 < _chi_square_critical(len(worlds) - 1)


def test_zavandor_keeps_soil_samples_and_redraws_unsampled_tiles_uniformly() -> None:
    """Chi-square: Alphonse sampled Diamantina.1; it stays, and the other three light
    tiles, which nobody has seen, take all 6 orders equally often."""
    game, s = new_zavandor(3)
    play(game, s, "sample:Diamantina.1 gold")
    world = checked(game, s)
    spaces = [space(s, f"Diamantina.{i}") for i in range(1, 5)]
    board = zavandor_reference(world).board
    cells = list(itertools.permutations(sorted(board[sp] for sp in spaces[1:])))
    sample, rng, draws = game.future_sampler(world), make_rng(2024), 1200
    counts: Counter[object] = Counter()
    for _ in range(draws):
        future = zavandor_reference(sample(rng)).board
        assert future[spaces[0]] == board[spaces[0]]
        counts[tuple(future[sp] for sp in spaces[1:])] += 1
    assert set(counts) == set(cells)
    assert chi_square(counts, cells, draws) < CHI2_999[5]


def test_zavandor_keeps_hand_cards_and_returned_cards() -> None:
    """Berta's hand card and the card she returned stay; the unseen pile below moves."""
    game, s = new_zavandor(3)
    play(game, s, "gold")
    play(game, s, "draw:jewelry keep:1")
    world = checked(game, s)
    ref = zavandor_reference(world)
    hand = list(ref.hand[B])
    returned = [list(slot) for pile in ref.piles for slot in pile if slot[3]]
    assert returned and hand[3]
    sample, rng = game.future_sampler(world), make_rng(3)
    piles = set()
    for _ in range(30):
        future = zavandor_reference(sample(rng))
        assert list(future.hand[B]) == hand
        assert [list(slot) for pile in future.piles for slot in pile if slot[3]] == returned
        piles.add(tuple(tuple(slot) for pile in future.piles for slot in pile))
    assert len(piles) > 1


def test_zavandor_future_records_the_viewers_reveals() -> None:
    """Sampled from the world a seat sees (``world_seen_by``), the future still records
    that seat's soil sample as the chance step its belief state passes through, so the
    oracle's tree keeps the honest search's keys."""
    game = make_game("zavandor", players=3)
    state = game.new_state(4)
    seat = state.current_player
    sample_step = min(s for s in state.legal_steps() if S.kind(s) == "sample")
    seen = game.world_seen_by(state, seat)
    future = game.future_sampler(seen)(make_rng(1))
    assert zavandor_reference(future).viewer == seat
    face = zavandor_reference(future).board[S.argument(sample_step)]
    assert game.apply_revealing(future, sample_step) == (S.chance(face),)
    plain = game.future_sampler(state)(make_rng(1))
    assert game.apply_revealing(plain, sample_step) == ()


class _Recorder(OracleIsmctsAgent):
    """The oracle, noting the world of every iteration."""

    def __init__(self, game: Game, future: str) -> None:
        super().__init__(game, iterations=20, seed=1, future=future)
        self.worlds: list[State] = []

    def world_for_iteration(self, observation: Observation) -> State:
        world = super().world_for_iteration(observation)
        self.worlds.append(world.copy())
        return world


@pytest.mark.parametrize("name", GAMES)
def test_the_oracle_samples_a_future_each_iteration_unless_told_it_is_known(name: str) -> None:
    game, world = _midgame(name)
    seat = world.current_player
    for future in ("sampled", "known"):
        oracle = _Recorder(game, future)
        oracle.analyze_in_world(game.observation(world, seat), world)
        hidden = {HIDDEN[name](w) for w in oracle.worlds}
        assert len(oracle.worlds) == 20
        assert all(game.observation(w, p) == game.observation(world, p)
                   for w in oracle.worlds for p in range(game.num_players))
        if future == "known":
            assert hidden == {HIDDEN[name](world)}
        else:
            assert len(hidden) > 10
