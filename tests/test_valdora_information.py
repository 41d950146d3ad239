"""Hidden information stays hidden: observations, determinization, chance nodes."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.info import determinize, observation, sample_hidden_order
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.rules import UNSEEN

# Every test here runs on both engines (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("engine")


def _public(doc: dict) -> dict:
    """A position document without the hidden order."""
    for book in doc["books"]:
        book["hidden"].pop("order", None)
    return doc


def _advance(state, rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_steps()
        state.apply(legal[rng.randbelow(len(legal))])


def test_observation_holds_no_hidden_order() -> None:
    game = make_game("valdora", players=4)
    state = game.new_state(3)
    obs = observation(state, 2)
    doc = obs.to_json()["position"]
    assert all("order" not in book["hidden"] for book in doc["books"])
    assert not obs.belief_state().is_world
    assert doc == _public(position_to_json(state))


def test_observations_of_worlds_differing_only_in_hidden_order_are_equal() -> None:
    game = make_game("valdora", players=3)
    state = game.new_state(11)
    _advance(state, make_rng(1), 200)
    obs = observation(state, 0)
    worlds = [determinize(obs, make_rng(seed)) for seed in range(20)]
    orders = {tuple(tuple(b.hidden) for b in w.books) for w in worlds}
    assert len(orders) > 1, "sampled worlds must vary in the hidden order"
    for world in worlds:
        assert observation(world, 0) == obs


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_worlds_agree_on_everything_public(players: int) -> None:
    game = make_game("valdora", players=players)
    rng = make_rng(players)
    state = game.new_state(players * 7)
    _advance(state, rng, 300)
    public = _public(position_to_json(state))
    truth = [list(b.hidden) for b in state.books]
    differs = 0
    for seed in range(30):
        world = determinize(observation(state, 0), make_rng(seed))
        assert world.is_world
        assert _public(position_to_json(world)) == public
        for book, hidden in zip(world.books, truth, strict=True):
            assert sorted(book.hidden) == sorted(hidden)  # same cards, maybe reordered
            if hidden:
                front = book.cards.types[book.hidden[-1]][0]
                assert front == book.top_front  # the seen front is respected
        differs += [b.hidden for b in world.books] != truth
    assert differs > 0


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper critical value of chi-square (p ≈ 0.001), Wilson–Hilferty approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_determinization_is_uniform_over_consistent_orders() -> None:
    """A small hidden part: every order consistent with the seen front equally often."""
    game = make_game("valdora", players=3)
    book = game.new_state(1).books[2].copy()  # a commission book
    cards = book.cards
    s_g = cards.types.index((_face(game, "S"), _face(game, "G")))
    s_r = cards.types.index((_face(game, "S"), _face(game, "R")))
    r_b = cards.types.index((_face(game, "R"), _face(game, "B")))
    book.pool = [0] * len(cards.types)
    book.pool[s_g], book.pool[s_r], book.pool[r_b] = 2, 1, 2
    book.hidden_count = 5
    book.top_front = _face(game, "S")  # top card shows S: it is S/G or S/R
    multiset = [s_g, s_g, s_r, r_b, r_b]
    consistent = sorted({order for order in itertools.permutations(multiset)
                         if cards.types[order[-1]][0] == book.top_front})
    rng = make_rng(2024)
    draws = 24_000
    counts = Counter(tuple(sample_hidden_order(book, rng)) for _ in range(draws))
    assert set(counts) == set(consistent)
    expected = draws / len(consistent)
    chi2 = sum((counts[o] - expected) ** 2 / expected for o in consistent)
    assert chi2 < _chi_square_critical(len(consistent) - 1)


def _face(game, face_id: str) -> int:
    return [f.id for f in game.data.commissions].index(face_id)


def test_belief_reveals_are_chance_nodes_with_exact_probabilities(engine: str) -> None:
    game = make_game("valdora", players=4)
    world = game.new_state(5)
    belief = observation(world, 0).belief_state()
    # Seat 0 goes to commission city C and turns the right page.
    city = game.data.space_index("C")
    belief.apply(S.move(city))
    book = belief.book_at(city)
    pool, front = list(book.pool), book.top_front
    belief.apply(S.turn(S.RIGHT))
    assert belief.is_chance_node()
    outcomes = belief.chance_outcomes()
    same_front = {t: n for t, n in enumerate(pool) if n and book.cards.types[t][0] == front}
    expected = {S.chance(book.cards.types[t][1]): n / sum(same_front.values())
                for t, n in same_front.items()}
    assert dict(outcomes) == pytest.approx(expected)
    belief.apply(outcomes[0][0])
    # Then the newly exposed card's front: proportional to the remaining pool's fronts.
    assert belief.is_chance_node()
    book = belief.book_at(city)  # a compiled state hands out snapshots
    remaining = Counter()
    for t, n in enumerate(book.pool):
        remaining[book.cards.types[t][0]] += n
    fronts = dict(belief.chance_outcomes())
    total = sum(remaining.values())
    assert fronts == pytest.approx({S.chance(f): n / total for f, n in remaining.items() if n})
    belief.apply(next(iter(fronts)))
    assert not belief.is_chance_node() and belief.book_at(city).top_front != UNSEEN


def test_worlds_have_no_chance_nodes() -> None:
    game = make_game("valdora", players=3)
    state = game.new_state(8)
    rng = make_rng(8)
    for _ in range(2000):
        if state.is_terminal():
            break
        assert not state.is_chance_node()
        legal = state.legal_steps()
        state.apply(legal[rng.randbelow(len(legal))])
