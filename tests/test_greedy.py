"""The greedy baseline: legal, deterministic, blind to the hidden card order, and good
enough that greedy self-play ends by the real end trigger and beats random play."""

from __future__ import annotations

import pytest

from valdora_ai.agents import make_agent
from valdora_ai.agents.greedy import GreedyAgent
from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.heuristics import MAX_PAGES, estimate_final_scores, greedy_step
from valdora_ai.games.valdora.info import determinize, observation
from valdora_ai.games.valdora.rules import ValdoraState

# Every test here runs on both engines (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("engine")


def _play(players: int, seed: int, specs: list[str]) -> tuple[ValdoraState, list[int]]:
    """Play one game through the agents' interface; return the end state and all steps."""
    game = make_game("valdora", players=players)
    agents = [make_agent(spec, game, seed=seed * 10 + seat) for seat, spec in enumerate(specs)]
    state = game.new_state(seed)
    history = []
    while not state.is_terminal():
        obs = game.observation(state, state.current_player)
        step = agents[state.current_player].choose(obs)
        assert step in obs.legal_steps()  # type: ignore[attr-defined]
        state.play(step)  # checked: raises IllegalMoveError on an illegal step
        history.append(step)
    return state, history


def _positions(players: int, seed: int, every: int = 7) -> list[ValdoraState]:
    """Decision positions (worlds) along a greedy self-play game, one in `every`."""
    game = make_game("valdora", players=players)
    state = game.new_state(seed)
    rngs = [make_rng(seed + seat) for seat in range(players)]
    found = []
    count = 0
    while not state.is_terminal():
        if count % every == 0:
            found.append(state.copy())
        count += 1
        seat = state.current_player
        state.play(greedy_step(observation(state, seat).belief_state(), rngs[seat]))
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_self_play_ends_by_the_end_trigger(players: int) -> None:
    """Greedy games end because at most one craftsman colour is left, not by the cap."""
    for seed in range(3):
        state, _ = _play(players, seed, ["greedy"] * players)
        assert state.over and not state.capped
        assert sum(1 for left in state.supply if left) <= 1
        assert 10 <= state.rounds <= 60


def test_deterministic_for_a_seed() -> None:
    first = _play(4, 5, ["greedy"] * 4)
    second = _play(4, 5, ["greedy"] * 4)
    assert first[1] == second[1]
    assert first[0].scores() == second[0].scores()


class _Poisoned(list):  # type: ignore[type-arg]
    """A hidden order that fails the test if anything reads it."""

    def _fail(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("greedy read the hidden card order")

    __getitem__ = __iter__ = __len__ = __bool__ = __contains__ = _fail  # type: ignore
    pop = copy = index = count = __reversed__ = _fail  # type: ignore


def test_never_reads_the_hidden_order() -> None:
    """Same choice on the world, its observation and other consistent worlds; and a
    world whose hidden order explodes when read is never read."""
    game = make_game("valdora", players=4)
    positions = _positions(4, 11)
    assert len(positions) > 40
    for k, world in enumerate(positions):
        belief = observation(world, world.current_player)
        other_a = determinize(belief, make_rng(1000 + k))
        other_b = determinize(belief, make_rng(2000 + k))
        choices = {greedy_step(s, make_rng(k))
                   for s in (world.copy(), belief.belief_state(), other_a, other_b)}
        assert len(choices) == 1, game.describe_step(world, min(choices))
        poisoned = world.copy()
        for book in poisoned.books:
            book.hidden = _Poisoned(book.hidden or [])
        assert greedy_step(poisoned, make_rng(k)) in choices


def test_worlds_differing_only_in_hidden_order_choose_alike() -> None:
    """At the first decision of fresh games, reshuffled hidden orders change nothing."""
    game = make_game("valdora", players=4)
    for seed in range(5):
        state = game.new_state(seed)
        belief = observation(state, 0)
        worlds = [determinize(belief, make_rng(seed * 100 + i)) for i in range(3)]
        assert len({tuple(w.books[0].hidden or []) for w in worlds}) > 1
        assert len({greedy_step(w, make_rng(seed)) for w in [*worlds, state]}) == 1


def test_page_turning_is_bounded() -> None:
    """No turn sees more than MAX_PAGES pages turned (the first is free, the rest cost)."""
    game = make_game("valdora", players=4)
    for seed in range(2):
        state = game.new_state(seed)
        rngs = [make_rng(seat) for seat in range(4)]
        turned = 0
        while not state.is_terminal():
            seat = state.current_player
            step = greedy_step(observation(state, seat).belief_state(), rngs[seat])
            turned += S.kind(step) == "turn"
            state.play(step)
            assert state.pages_turned <= MAX_PAGES
        assert turned > 0


def test_greedy_beats_random() -> None:
    """One greedy player against two random ones, over rotated seats."""
    margins = []
    for seed in range(3):
        for greedy_seat in range(3):
            specs = ["random"] * 3
            specs[greedy_seat] = "greedy"
            state, _ = _play(3, seed, specs)
            scores = state.scores()
            assert state.winners() == [greedy_seat]
            margins.append(scores[greedy_seat] - max(s for i, s in enumerate(scores)
                                                     if i != greedy_seat))
    assert min(margins) > 100


def test_agent_spec_and_game_hooks() -> None:
    game = make_game("valdora", players=3)
    agent = make_agent("greedy:seed=3", game)
    assert isinstance(agent, GreedyAgent)
    assert agent.spec == "greedy:seed=3"
    state = game.new_state(0)
    step = agent.choose(game.observation(state, 0))
    assert step in state.legal_steps()
    assert game.greedy_step(state.copy(), make_rng(1)) in state.legal_steps()  # type: ignore[attr-defined]
    assert game.estimate_final_scores(state) == estimate_final_scores(state)  # type: ignore[attr-defined]


def test_score_estimate() -> None:
    """At least the current points during the game, exactly the scores at its end."""
    for state in _positions(4, 2, every=25):
        estimate = estimate_final_scores(state)
        assert len(estimate) == 4
        for guess, points in zip(estimate, state.scores(), strict=True):
            assert guess >= points
        belief = observation(state, state.current_player).belief_state()
        assert estimate_final_scores(belief) == estimate
    state, _ = _play(4, 2, ["greedy"] * 4)
    assert estimate_final_scores(state) == [float(s) for s in state.scores()]
