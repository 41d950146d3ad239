"""Confidence intervals, ranks, Plackett–Luce ratings and the SPRT on hand-computed cases."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from valdora_ai.tournament.config import TournamentError
from valdora_ai.tournament.ratings import plackett_luce
from valdora_ai.tournament.report import block_results
from valdora_ai.tournament.sprt import (
    SPRT,
    elo_estimate,
    elo_score,
    luck_variance,
    pair_score,
    parse_sprt,
)
from valdora_ai.tournament.stats import competition_ranks, mean_se, wilson
from valdora_ai.tournament.storage import GameRow

# openskill's Plackett–Luce defaults (Weng & Lin): mu 25, sigma 25/3, beta 25/6, tau 25/300.
MU, SIGMA, BETA, TAU = 25.0, 25 / 3, 25 / 6, 25 / 300


def test_wilson_interval_of_7_out_of_10() -> None:
    # p = 0.7, z = 1.96: centre (0.7 + z²/20) / (1 + z²/10) = 0.644492,
    # half-width z / (1 + z²/10) * sqrt(0.021 + z²/400) = 0.247716.
    interval = wilson(7, 10)
    assert interval.low == pytest.approx(0.39678, abs=1e-5)
    assert interval.high == pytest.approx(0.89221, abs=1e-5)


def test_wilson_interval_at_the_edges_and_for_shared_wins() -> None:
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert wilson(0, 10).high == pytest.approx(0.27753, abs=1e-5)  # z²/(n+z²)
    half = wilson(5, 10)  # symmetric around 1/2, also with fractional successes
    assert half.low + half.high == pytest.approx(1.0)
    assert wilson(4.5, 10).low < half.low


def test_mean_and_standard_error() -> None:
    result = mean_se([1, 2, 3, 4])  # sd = sqrt(5/3), se = sd / 2
    assert result.mean == 2.5 and result.se == pytest.approx(math.sqrt(5 / 3) / 2)
    assert mean_se([7]).se == 0.0


def test_ranks_put_the_winners_first_and_share_ties() -> None:
    assert competition_ranks([10, 30, 20], [1]) == [3, 1, 2]
    # a points tie broken by coins: the game names one winner, the other is second
    assert competition_ranks([30, 30, 5, 5], [1]) == [2, 1, 3, 3]
    assert competition_ranks([30, 30, 5], [0, 1]) == [1, 1, 3]


def test_plackett_luce_two_players_one_game() -> None:
    # s² = sigma² + tau², c = sqrt(2 (s² + beta²)), gamma = s / c.
    # Winner: mu + s²/(2c); loser: mu - s²/(2c); both: s² (1 - gamma s²/(4c²)).
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    history = plackett_luce(2, [((1, 0), (1, 2))])
    b, a = history[-1][1], history[-1][0]
    assert b.mu == pytest.approx(MU + s2 / (2 * c)) and a.mu == pytest.approx(MU - s2 / (2 * c))
    shrunk = math.sqrt(s2 * (1 - math.sqrt(s2) / c * s2 / (4 * c * c)))
    assert a.sigma == pytest.approx(shrunk) and b.sigma == pytest.approx(shrunk)
    assert history[0][0].mu == MU and len(history) == 2


def test_plackett_luce_entrant_in_two_seats_sums_both_results() -> None:
    # Three equal seats ranked 1, 2, 3: c = sqrt(3 (s² + beta²)); the sets of seats not
    # ahead are {1,2,3}, {2,3}, {3} with equal shares 1/3, 1/2, 1, so the mean changes
    # are s²/c * (2/3, 1/6, -5/6) and the variance factors 1 - gamma s²/c² * (2/9, 17/36,
    # 17/36). Entrant 0 plays seats 1 and 3, entrant 1 seat 2.
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(3 * (s2 + BETA**2))
    step, shrink = s2 / c, math.sqrt(s2) / c * s2 / c**2
    final = plackett_luce(2, [((0, 1, 0), (1, 2, 3))])[-1]
    assert final[0].mu == pytest.approx(MU + step * (2 / 3 - 5 / 6))
    assert final[1].mu == pytest.approx(MU + step / 6)
    factor = s2 / SIGMA**2
    assert final[0].sigma**2 == pytest.approx(
        SIGMA**2 * factor * (1 - shrink * 2 / 9) * factor * (1 - shrink * 17 / 36))
    assert final[1].sigma**2 == pytest.approx(SIGMA**2 * factor * (1 - shrink * 17 / 36))


def test_elo_scores_and_pair_scores() -> None:
    assert elo_score(0) == 0.5 and elo_score(400) == pytest.approx(10 / 11)
    assert pair_score((0, 0, 1), (1, 3, 2), 0, 1) == 0.5  # one A seat ahead, one behind
    assert pair_score((1, 0, 1), (2, 2, 3), 0, 1) == 0.75  # level with one, ahead of one


def test_sprt_log_likelihood_ratio_by_hand() -> None:
    # s0 = 0.5, s1 = 1/(1 + 10^-0.25) = 0.640065; blocks 0.6 and 0.8: mean 0.7, sum of
    # squares 0.02; with a luck variance of 0.03 the variance is (0.02 + 4 * 0.03) / 5
    # = 0.028; LLR = 2 * 0.140065 * (1.4 - 1.140065) / 0.056 = 1.30026.
    test = SPRT(0, 100)
    assert test.llr([0.6, 0.8], 0.03) == pytest.approx(1.30026, abs=1e-4)
    assert test.upper == pytest.approx(math.log(19)) and test.lower == pytest.approx(-math.log(19))
    assert test.decision(3.6408) == "H1" and test.decision(-3.0) == "H0"
    assert test.decision(0.5) is None and test.llr([0.9], 0.03) == 0.0


def test_elo_estimate_by_hand() -> None:
    # Blocks 0.6 and 0.8 with a luck variance of 0.03: the SPRT's variance 0.028 (above),
    # the score's standard error sqrt(0.028 / 2) = 0.118322, half-width 1.959964 times
    # that = 0.231906; Elo 400 log10(0.7 / 0.3) = 147.19, and at the interval's ends
    # 400 log10(0.468094 / 0.531906) = -22.20 and 400 log10(0.931906 / 0.068094) = 454.51.
    estimate = elo_estimate([0.6, 0.8], 0.03)
    assert estimate is not None and estimate.blocks == 2 and estimate.score == pytest.approx(0.7)
    assert estimate.elo == pytest.approx(147.19, abs=0.01)
    assert estimate.low == pytest.approx(-22.20, abs=0.01)
    assert estimate.high == pytest.approx(454.51, abs=0.01)
    assert elo_estimate([0.9], 0.03) is None  # one block has no spread to measure


def test_two_equal_blocks_do_not_decide_a_test() -> None:
    # The plain sample variance of two equal blocks is 0, which made any small edge
    # "significant" after 12 games.
    luck = luck_variance((0, 1, 1), 0, 1) / 6
    assert SPRT(0, 50).decision(SPRT(0, 50).llr([0.4, 0.4], luck)) is None


def test_luck_variance_of_a_seating() -> None:
    # one A seat against two B seats: A first scores 1, second 1/2, last 0, each 1/3
    assert luck_variance((0, 1, 1), 0, 1) == pytest.approx(1 / 6)
    assert luck_variance((1, 0), 0, 1) == pytest.approx(1 / 4)


def _simulated_block(rng: random.Random, strength: float) -> float:
    """One seat-rotated 3-player block of entrant 0 against 1, finishing orders drawn
    from a Plackett-Luce model in which entrant 0 is `strength` times as strong."""
    results = []
    for seats in sorted(set(itertools.permutations((0, 1, 1)))
                        | set(itertools.permutations((0, 0, 1)))):
        left = list(range(3))
        ranks = [0, 0, 0]
        for place in range(3):
            weights = [strength if seats[i] == 0 else 1.0 for i in left]
            pick = rng.choices(left, weights)[0]
            ranks[pick] = place
            left.remove(pick)
        results.append(pair_score(seats, ranks, 0, 1))
    return sum(results) / len(results)


def test_the_sprt_keeps_its_error_rate_in_simulated_series() -> None:
    # Equal strength, H0: Elo 0 against H1: Elo 50 at alpha = 0.05: the share of runs
    # accepting H1 stays near alpha (the plain sample variance gave about 19%).
    rng = random.Random(5)
    test = SPRT(0, 50)
    luck = sum(luck_variance(s, 0, 1) for s in set(itertools.permutations((0, 1, 1)))
               | set(itertools.permutations((0, 0, 1)))) / 36
    false_h1 = 0
    runs = 300
    for _ in range(runs):
        blocks: list[float] = []
        decision = None
        while decision is None and len(blocks) < 200:
            blocks.append(_simulated_block(rng, 1.0))
            decision = test.decision(test.llr(blocks, luck))
        false_h1 += decision == "H1"
    assert false_h1 / runs < 0.10


def test_block_results_use_complete_blocks_in_order() -> None:
    def row(block: int, slot: int, seats: tuple[int, ...], ranks: tuple[int, ...]) -> GameRow:
        return GameRow(block, slot, 1, seats, ("a",) * 3, (0, 0, 0), ranks, (0, 0, 0), 1,
                       False, 0.0, "x")

    rows = [row(1, 0, (0, 1, 1), (1, 2, 3)), row(0, 1, (1, 0, 0), (1, 2, 3)),
            row(0, 0, (0, 1, 0), (3, 1, 2)), row(2, 0, (0, 1, 1), (1, 2, 3))]
    assert block_results(rows, 2) == [0.0]  # blocks 1 and 2 are incomplete
    assert block_results(rows, 1) == [1.0, 1.0]  # block 0 has two games: not one block


@pytest.mark.parametrize("text", ["5", "a,b", "10,5", "1,2,3"])
def test_bad_sprt_bounds(text: str) -> None:
    with pytest.raises(TournamentError, match="--sprt"):
        parse_sprt(text)
