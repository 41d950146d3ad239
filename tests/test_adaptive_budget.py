"""The adaptive budget of issue 28 item 6: a search stops once its recommendation is
settled, a comparison of decisions adds worlds only while its flag could change."""

from __future__ import annotations

import pytest

import valdora_ai as va
from valdora_ai.analysis import Candidate
from valdora_ai.game_analysis.paired import Comparison, compare
from valdora_ai.game_analysis.review import settled as flag_settled
from valdora_ai.game_analysis.review import verdict
from valdora_ai.search.settle import MIN_SEPARATED_VISITS, settled


def _candidate(step: int, visits: int, value: float, sd: float = 0.1) -> Candidate:
    return Candidate(step=step, visits=visits, values=(value, 0.0), value_sd=(sd, sd))


def test_a_lead_the_remaining_budget_cannot_close_is_settled() -> None:
    ranked = (_candidate(1, 300, 0.5, 0.5), _candidate(2, 100, 0.5, 0.5))
    assert settled(ranked, 0, remaining=199)
    assert not settled(ranked, 0, remaining=200)  # all 200 to the runner-up: a tie
    assert not settled(ranked, 0, remaining=None)  # no iteration limit, no separation


def test_a_best_step_separated_from_every_other_is_settled() -> None:
    best, close, far = (_candidate(1, 100, 0.8), _candidate(2, 100, 0.78),
                        _candidate(3, 100, 0.5))
    assert settled((best, far), 0, remaining=None)
    assert not settled((best, close), 0, remaining=None)  # the intervals overlap
    assert not settled((best, far), 0, remaining=None, untried=1)  # a step never tried
    few = _candidate(3, MIN_SEPARATED_VISITS - 1, 0.0)
    assert not settled((best, far, few), 0, remaining=None)  # too few play-outs to judge
    assert settled((best,), 0, remaining=None)  # nothing else to choose


@pytest.mark.parametrize("name", va.game_names())
def test_a_settled_search_stops_early_with_the_full_budgets_recommendation(name: str) -> None:
    """Every game: with ``settle`` a search spends fewer iterations where its choice is
    clear, never more than its budget, and recommends what the whole budget would."""
    game = va.make_game(name, players=3)
    state = game.new_state(3)
    saved = spent = 0
    for _ in range(8):
        observation = game.observation(state, state.current_player)
        if len(observation.belief_state().legal_steps()) > 1:
            full = va.make_agent("ismcts:iterations=300,seed=2,reuse=false", game)
            short = va.make_agent("ismcts:iterations=300,seed=2,reuse=false,settle=50", game)
            whole, adaptive = full.analyze(observation), short.analyze(observation)
            assert adaptive.iterations <= 300 and whole.iterations == 300
            assert adaptive.extra["settled"] == (adaptive.iterations < 300)
            lead = adaptive.best.visits - max((c.visits for c in adaptive.candidates[1:]),
                                              default=0)
            if adaptive.extra["settled"] and lead > 300 - adaptive.iterations:
                assert adaptive.best.step == whole.best.step  # the order could not change
            saved += adaptive.extra["settled"]
            spent += 1
        state.apply(va.make_agent("greedy:seed=1", game).choose(
            game.observation(state, state.current_player)))
        while state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
    assert spent and saved  # some decision was clear enough to stop early


def _comparison(loss: tuple[float, float], win: tuple[float, float]) -> Comparison:
    return Comparison(worlds=40, loss=sum(loss) / 2, loss_interval=loss,
                      win_loss=sum(win) / 2, win_loss_interval=win)


@pytest.mark.parametrize("loss, win, done", [
    ((-1.0, 1.0), (-0.02, 0.03), True),  # within the noise, and small at most
    ((-1.0, 4.0), (-0.02, 0.03), False),  # might be an inaccuracy
    ((3.0, 4.0), (0.0, 0.01), True),  # an inaccuracy however many worlds
    ((3.0, 6.0), (0.0, 0.01), False),  # an inaccuracy or a mistake
    ((0.0, 0.0), (0.0, 0.0), True),  # nothing hidden matters any more
    ((12.0, 20.0), (0.3, 0.5), True),
    # 95% says an inaccuracy, but the stop reads intervals widened for its looks
    ((2.6, 4.4), (0.0, 0.01), False)])
def test_a_comparison_is_settled_when_its_flag_is_the_same_at_both_ends(
        loss: tuple[float, float], win: tuple[float, float], done: bool) -> None:
    assert flag_settled(_comparison(loss, win)) is done


def test_more_worlds_extend_the_same_comparison_until_it_is_settled() -> None:
    game = va.make_game("valdora", players=3)
    state = game.new_state(6)
    best, played = (game.parse_turn(state, turn) for turn in ("M1: $", "A: P"))
    fixed = compare(game, state, best, played, 24, seed=3)
    grown = compare(game, state, best, played, 8, seed=3, max_worlds=24,
                    settled=lambda _: False)
    assert grown == fixed  # worlds are drawn in turn: 8 + 8 + 8 are the same 24
    first = compare(game, state, best, played, 8, seed=3, max_worlds=24,
                    settled=lambda _: True)
    assert first == compare(game, state, best, played, 8, seed=3)
    adaptive = compare(game, state, best, played, 8, seed=3, max_worlds=64,
                       settled=flag_settled)
    assert adaptive.worlds in range(8, 65, 8)
    assert flag_settled(adaptive) or adaptive.worlds == 64
    assert verdict(adaptive) in (None, "inaccuracy", "mistake", "blunder")



def _lcb_stops(name: str, decisions: int) -> int:
    """Searches recommending by the lower bound over `decisions` decisions of a greedy
    game that stopped early, each checked to recommend a separated step."""
    game = va.make_game(name, players=3)
    state = game.new_state(3)
    stopped = 0
    for _ in range(decisions):
        observation = game.observation(state, state.current_player)
        player = observation.observer
        if len(observation.belief_state().legal_steps()) > 1:
            analysis = va.make_agent("ismcts:iterations=600,seed=2,reuse=false,settle=50,"
                                     "pick=lcb", game).analyze(observation)
            assert analysis.iterations <= 600
            if analysis.extra["settled"]:
                stopped += 1
                low = analysis.best.value_interval(player)
                assert low is not None
                for other in analysis.candidates[1:]:
                    high = other.value_interval(player)
                    assert high is not None and high[1] < low[0]
        state.apply(va.make_agent("greedy:seed=1", game).choose(observation))
        while state.is_chance_node():
            state.apply(state.chance_outcomes()[0][0])
    return stopped


@pytest.mark.parametrize("name", va.game_names())
def test_a_search_recommending_by_the_lower_bound_stops_only_when_separated(name: str) -> None:
    """Every game: with ``pick=lcb`` a lead in visits does not stop the search (it does
    not decide the recommendation there); a search that stops early recommends a step
    whose interval lies above every other's."""
    _lcb_stops(name, 8)


def test_a_separated_recommendation_by_the_lower_bound_stops_early() -> None:
    """In the Gnomes of Zavandor, where a few decisions of a game are that clear."""
    assert _lcb_stops("zavandor", 12)
