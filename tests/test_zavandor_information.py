"""Zavandor's hidden information: observations, determinizations and reveals.

An observation holds exactly what its player knows (own soil samples and hand card,
own returned cards, everything public, with perfect recall); determinization samples
uniformly (chi-square tests on small cases) among the worlds consistent with it;
nothing private to one seat reaches another seat's observation or sampled worlds. The
sampling tests run on both engines (the compiled core draws its own worlds).
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest
from zavandor_scenarios import A, B, C, new, play, space

from valdora_ai.errors import ValdoraError
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import JEWEL
from valdora_ai.games.zavandor.game import ZavandorGame
from valdora_ai.games.zavandor.rules import UNKNOWN, WORLD, ZavandorState
from valdora_ai.rng import Rng

CHI2_999 = {23: 49.73, 5: 20.52, 7: 24.32, 9: 27.88, 10: 29.59, 11: 31.26}  # p = 0.001


def chi_square(counts: Counter[object], cells: list[object], draws: int) -> float:
    expected = draws / len(cells)
    return sum((counts[c] - expected) ** 2 / expected for c in cells)


def random_game(game: ZavandorGame, seed: int, steps: int) -> ZavandorState:
    state, rng = game.new_state(seed), Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(game.greedy_step(state, rng) if rng.randbelow(2)
                    else state.legal_steps()[rng.randbelow(len(state.legal_steps()))])
    return state


def test_observation_holds_own_samples_and_hand_only() -> None:
    game, s = new(3)
    play(game, s, "sample:I.1 sample:Diamantina.2 draw:jewelry keep:1")
    play(game, s, "sample:I.1 draw:artifacts keep:2")  # Berta
    mine = game.observation(s, A).belief_state()
    theirs = game.observation(s, C).belief_state()
    i1, d2 = space(s, "I.1"), space(s, "Diamantina.2")
    assert mine.board[i1] == s.board[i1] and mine.board[d2] == s.board[d2]
    assert theirs.board[i1] == UNKNOWN and theirs.board[d2] == UNKNOWN
    assert mine.hand[A][2] == s.hand[A][2] and mine.hand[B][2] == UNKNOWN
    assert mine.hand[B][:2] == s.hand[B][:2]  # the back (deck, level) is public
    assert all(slot[2] == UNKNOWN for slot in mine.removed)
    assert theirs.samples == s.samples and theirs.known == s.known  # who sampled: public
    # Everything else is the true state.
    for name in ("gold", "gems", "cur", "tgt", "display", "tiles", "owned", "trader"):
        assert getattr(mine, name) == getattr(s, name)


def test_perfect_recall_of_returned_cards() -> None:
    """A card one returned to a pile stays known to one as the pile moves."""
    game, s = new(2)
    play(game, s, "draw:jewelry keep:1")
    returned = s.piles[JEWEL][0][2]
    for _ in range(5):
        play(game, s, "gold")
    belief = game.observation(s, A).belief_state()
    assert belief.piles[JEWEL][0][2] == returned
    assert game.observation(s, B).belief_state().piles[JEWEL][0][2] == UNKNOWN


def _swap_private(s: ZavandorState) -> ZavandorState:
    """`s` with Berta's private knowledge changed: her hand card and her sampled tile
    swapped with cards/tiles nobody else has seen."""
    other = s.copy()
    hand = other.hand[B]
    unseen = next(slot for slot in other.card_slots()  # in a pile or removed at setup
                  if slot[:2] == hand[:2] and slot[3] == 0)
    hand[2], unseen[2] = unseen[2], hand[2]
    sampled = next(sp for sp in range(len(other.board)) if other.known[sp] == 1 << B)
    light = other.data.spaces[sampled].district == 5
    free = next(sp for sp in range(len(other.board)) if other.known[sp] == 0
                and other.board[sp] >= 0 and (other.data.spaces[sp].district == 5) == light)
    other.board[sampled], other.board[free] = other.board[free], other.board[sampled]
    return other


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_no_private_knowledge_of_one_seat_reaches_another() -> None:
    """Leak test: worlds differing only in Berta's private knowledge give Alphonse and
    Caroline the same observation, and the same sampled worlds from the same rng."""
    game, s = new(3)
    play(game, s, "gold")
    play(game, s, "sample:III.1 draw:jewelry keep:1")  # Berta
    twin = _swap_private(s)
    assert twin.hand[B][2] != s.hand[B][2]
    for seat in (A, C):
        obs, obs_twin = game.observation(s, seat), game.observation(twin, seat)
        assert obs == obs_twin
        for seed in range(20):
            w1 = game.determinize(obs, Rng(seed))
            w2 = game.determinize(obs_twin, Rng(seed))
            assert game.position_to_json(w1) == game.position_to_json(w2)
    assert game.observation(s, B) != game.observation(twin, B)


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_determinized_worlds_agree_on_public_and_vary_on_hidden() -> None:
    game = ZavandorGame(3)
    for seed in range(6):
        s = random_game(game, seed, 60)
        if s.is_terminal() or s.is_chance_node():
            continue
        seat = (s.current + 1) % 3
        obs = game.observation(s, seat)
        rng = Rng(seed)
        hidden_tiles: set[tuple[int, ...]] = set()
        for _ in range(30):
            world = game.determinize(obs, rng)
            assert world.observer == WORLD and world.viewer == seat
            assert game.observation(world, seat) == obs
            hidden_tiles.add(tuple(world.board))
        assert len(hidden_tiles) > 1


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_determinize_is_uniform_over_diamantina_layouts() -> None:
    """Chi-square: Alphonse sampled one Diamantina tile; from Caroline's view all 24
    orders of the four light tiles are equally likely."""
    game, s = new(3)
    play(game, s, "sample:Diamantina.1 gold")
    obs = game.observation(s, C)
    spaces = [space(s, f"Diamantina.{i}") for i in range(1, 5)]
    cells = list(permutations(sorted(s.board[sp] for sp in spaces)))
    rng, draws = Rng(2024), 2400
    counts: Counter[object] = Counter()
    for _ in range(draws):
        world = game.determinize(obs, rng)
        counts[tuple(world.board[sp] for sp in spaces)] += 1
    assert set(counts) <= set(cells)
    assert chi_square(counts, cells, draws) < CHI2_999[23]
    # Alphonse knows Diamantina.1: it is fixed in every world he samples.
    mine = game.observation(s, A)
    assert {game.determinize(mine, rng).board[spaces[0]] for _ in range(50)} == {
        s.board[spaces[0]]}


@pytest.mark.usefixtures("engine")  # the compiled sampler too
def test_determinize_is_uniform_over_another_hand_card() -> None:
    """Chi-square: Berta's level-I jewel, from Alphonse's view, is any level-I jewel he
    has not seen (removed and pile cards included), each equally likely."""
    game, s = new(3)
    play(game, s, "gold")
    play(game, s, "draw:jewelry keep:1")
    obs = game.observation(s, A)
    pool = obs.belief_state().card_pool(JEWEL, 1)
    assert s.hand[B][2] in pool and len(pool) >= 2
    rng, draws = Rng(7), 300 * len(pool)
    counts: Counter[object] = Counter(game.determinize(obs, rng).hand[B][2]
                                      for _ in range(draws))
    assert set(counts) == set(pool)
    assert chi_square(counts, list(pool), draws) < CHI2_999.get(len(pool) - 1, 35.0)


def test_apply_revealing_matches_the_viewers_belief_state() -> None:
    """For a world sampled from seat p's observation, the chance steps apply_revealing
    reports are exactly those p's belief state passes through, and after them the
    belief state is p's observation of the world."""
    game = ZavandorGame(3, max_rounds=4)
    for seed in range(8):
        world, rng = game.new_state(seed), Rng(seed + 1)
        seat = seed % 3
        world = game.determinize(game.observation(world, seat), rng)
        reveals = 0
        while not world.is_terminal():
            belief = game.observation(world, seat).belief_state()
            step = game.greedy_step(world, rng) if rng.randbelow(2) else world.legal_steps()[
                rng.randbelow(len(world.legal_steps()))]
            revealed = game.apply_revealing(world, step)
            belief.apply(step)
            for chance in revealed:
                assert chance in belief.legal_steps()
                belief.apply(chance)
                reveals += 1
            assert not belief.is_chance_node()
            document = game.position_to_json(belief)
            assert document == game.position_to_json(
                game.observation(world, seat).belief_state())
            assert game.position_to_json(game.position_from_json(document)) == document
        assert reveals > 0


def test_hand_card_purchase_reveal_is_conditioned_on_affordability() -> None:
    """In a belief state, another player buying their hand card reveals it, with the
    outcomes restricted to the cards of that level they could pay for."""
    game, s = new(2)
    play(game, s, "gold")
    play(game, s, "draw:jewelry keep:1")  # Berta
    ident = s.hand[B][2]
    s.gems[B] = list(s.data.decks[JEWEL][ident].cost)
    play(game, s, "gold")
    belief = game.observation(s, A).belief_state()
    belief.apply(S.buy_item(JEWEL, S.HAND_SLOT))
    outcomes = belief.chance_outcomes()
    assert S.chance(ident) in [o for o, _ in outcomes]
    affordable = [i for i in belief.card_pool(JEWEL, 1)
                  if belief.can_pay(B, list(s.data.decks[JEWEL][i].cost))]
    assert sorted(S.argument(o) for o, _ in outcomes) == sorted(affordable)


def test_observation_and_determinize_refuse_bad_input() -> None:
    game, s = new(3)
    with pytest.raises(ValdoraError):
        game.observation(s, 3)
    belief = game.observation(s, A).belief_state()
    with pytest.raises(ValdoraError):
        game.observation(belief, B)
    play(game, s, "gold")
    belief = game.observation(s, A).belief_state()
    belief.apply(S.sample(0))  # Berta samples: nothing for Alphonse to see
    assert not belief.is_chance_node()
