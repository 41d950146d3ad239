"""What Valley of Alchemists players know: the deck order and the box are hidden, the
rest is public with perfect recall; determinization is uniform; nothing leaks."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from alchemists_scenarios import new
from test_alchemists_properties import _data_document, random_step

from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.alchemists.data import parse_data
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.game import AlchemistsGame
from valdora_ai.games.alchemists.info import Observation
from valdora_ai.games.alchemists.invariants import conservation_problems
from valdora_ai.games.alchemists.rules import CHANCE, AlchemistsState
from valdora_ai.rng import Rng


def _public(document: dict) -> dict:
    """A position document without its hidden parts."""
    public = {k: v for k, v in document.items() if k != "box"}
    public["deck"] = {"count": document["deck"]["count"]}
    return public


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper critical value of chi-square (p ≈ 0.001), Wilson–Hilferty approximation."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_observation_holds_no_deck_order_and_no_box() -> None:
    game, state = new(3, setup="+W +W")
    obs = game.observation(state, 1)
    document = obs.to_json()["position"]
    assert "box" not in document and "order" not in document["deck"]
    assert document == _public(game.position_to_json(state))
    assert obs.belief_state().deck is None
    with pytest.raises(ValdoraError):
        Observation(state, 0)  # a world is not an observation


def hidden_reshuffled(state: AlchemistsState) -> AlchemistsState:
    """A copy of the world `state` with the deck and the box dealt afresh."""
    other = state.copy()
    hidden = other.deck + other.box  # type: ignore[operator]
    Rng(9).shuffle(hidden)
    other.deck, other.box = hidden[:other.deck_count], sorted(hidden[other.deck_count:])
    return other


def test_observations_of_worlds_differing_only_in_hidden_cards_are_equal() -> None:
    game, state = new(2, setup="+Y +W")
    other = hidden_reshuffled(state)
    assert other.deck != state.deck
    assert conservation_problems(other) == []
    for seat in range(2):
        assert game.observation(state, seat) == game.observation(other, seat)


def test_sold_cards_stay_public_perfect_recall() -> None:
    game, state = new(2, setup="+W +W")
    rng = Rng(4)
    while not any(p.sold for p in state.players):
        state.apply(game.greedy_step(state, rng))
    document = game.observation(state, 1).to_json()["position"]
    sold = [s["sold"] for s in document["seats"]]
    assert any(sold) and sold == [[state.data.elixirs[c].id for c in p.sold]
                                  for p in state.players]


@pytest.mark.usefixtures("engine")  # the compiled sampler too
@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_worlds_agree_on_everything_public(players: int) -> None:
    game = make_game("alchemists", players=players)
    state, rng = game.new_state(players), Rng(players)
    for _ in range(40):
        state.apply(game.greedy_step(state, rng))
    obs = game.observation(state, 0)
    public = obs.to_json()["position"]
    truth = (state.deck, state.box)
    differs = 0
    for i in range(30):
        world = game.determinize(obs, Rng(100 + i))
        assert conservation_problems(world) == []
        assert _public(game.position_to_json(world)) == public
        differs += (world.deck, world.box) != truth
    assert differs > 0


def _small_belief() -> tuple[AlchemistsGame, Observation, list[int]]:
    """A 2-player game on a cut-down card list (14 cards, 12 used): after the deal, two
    cards in the deck and two in the box, so the consistent worlds can be listed."""
    document = _data_document()
    document["elixirs"] = document["elixirs"][:14]
    document["deck_size"] = {"2": 12, "3": 12, "4": 12}
    game = AlchemistsGame(players=2, rules_data=parse_data(document))
    state = game.new_state(3)
    assert state.deck_count == 2 and len(state.box or []) == 2
    obs = game.observation(state, 0)
    return game, obs, sorted(state.deck + state.box)  # type: ignore[operator]


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_determinization_is_uniform_over_consistent_worlds() -> None:
    """Four unseen cards, two in the deck: 12 (top, second) deck orders, equally often."""
    game, obs, unseen = _small_belief()
    worlds = list(itertools.permutations(unseen, 2))
    assert len(worlds) == 12
    draws = 12_000
    rng = Rng(2024)
    counts = Counter(tuple(game.determinize(obs, rng).deck) for _ in range(draws))
    assert set(counts) == set(worlds)
    expected = draws / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    assert chi2 < _chi_square_critical(len(worlds) - 1)


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_refill_chance_outcomes_match_the_world_draws() -> None:
    """The belief's chance probabilities are the frequencies of the sampled worlds' draws."""
    game, obs, unseen = _small_belief()
    state = as_reference(obs.belief_state())  # edited below: a reference state
    for _ in range(2):
        for step in game.parse_turn(state, "+W +W"):
            state.play(step)
    # Empty a face-up space by making nothing: move a face-up card to the chest.
    state.players[0].chest[0] = state.face_up[0]
    state.face_up[0] = -1
    state.play(0)  # END: the refill draws a card
    assert state.current_player == CHANCE
    outcomes = dict(state.chance_outcomes())
    assert sorted(s - 500 for s in outcomes) == unseen
    # Exact: among the 12 equally likely worlds (ordered deck of 2 from 4), the share
    # whose top card is c is the probability the belief gives c.
    worlds = list(itertools.permutations(unseen, 2))
    for c in unseen:
        share = sum(1 for w in worlds if w[0] == c) / len(worlds)
        assert outcomes[500 + c] == pytest.approx(share)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    rng = Rng(7)
    tops = Counter()
    for _ in range(4000):
        world = game.determinize(obs, rng)
        tops[world.deck[-1]] += 1
    chi2 = sum((tops[c] - 1000) ** 2 / 1000 for c in unseen)
    assert chi2 < _chi_square_critical(3)


def test_belief_follows_the_world_through_whole_games() -> None:
    """apply_revealing gives exactly the draws a belief state passes through: a belief
    kept alongside the real game always shows the same public position (no leak, no
    drift), and its chance steps are among its outcomes."""
    for seed in range(12):
        game = make_game("alchemists", players=2 + seed % 3, stall_rounds=15)
        world: AlchemistsState = game.new_state(seed)
        belief = game.observation(world, 0).belief_state()
        rng = Rng(seed)
        while not world.is_terminal():
            step = game.greedy_step(world, rng) if seed % 2 else random_step(world, rng)
            assert step in belief.legal_steps()
            revealed = game.apply_revealing(world, step)
            belief.play(step)
            for chance in revealed:
                assert belief.current_player == CHANCE
                assert chance in dict(belief.chance_outcomes())
                belief.play(chance)
            assert belief.current_player == world.current_player
            assert (game.position_to_json(belief)
                    == _public(game.position_to_json(world)))


def test_determinize_refuses_a_chance_node() -> None:
    game, state = new(2, setup="+W +W")
    belief = game.observation(state, 0).belief_state()
    belief.players[0].chest[0] = belief.face_up[0]
    belief.face_up[0] = -1
    belief.play(0)
    with pytest.raises(ValdoraError, match="chance node"):
        game.determinize(Observation(belief, 0), Rng(1))
