"""The greedy baseline: legal, deterministic, blind to what its seat cannot see, with a
sound score estimate, in every game; in Valdora also good enough that greedy self-play
ends by the real end trigger and beats random play."""

from __future__ import annotations

from typing import Any

import pytest

from valdora_ai.agents import make_agent
from valdora_ai.agents.greedy import GreedyAgent
from valdora_ai.backend import make_rng
from valdora_ai.games import game_names, make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.heuristics import MAX_PAGES, estimate_final_scores, greedy_step
from valdora_ai.games.valdora.info import observation

# Every test here runs on both engines (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("engine")


def _play(players: int, seed: int, specs: list[str], name: str = "valdora"
          ) -> tuple[Any, list[int]]:
    """Play one game through the agents' interface; return the end state and all steps."""
    game = make_game(name, players=players)
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


def _positions(players: int, seed: int, every: int = 7, name: str = "valdora") -> list[Any]:
    """Decision positions (worlds) along a greedy self-play game, one in `every`."""
    game = make_game(name, players=players)
    state = game.new_state(seed)
    rngs = [make_rng(seed + seat) for seat in range(players)]
    found = []
    count = 0
    while not state.is_terminal():
        if count % every == 0:
            found.append(state.copy())
        count += 1
        seat = state.current_player
        belief = game.observation(state, seat).belief_state()
        state.play(game.greedy_step(belief, rngs[seat]))
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_self_play_ends_by_the_end_trigger(players: int) -> None:
    """Greedy games end because at most one craftsman colour is left, not by the cap."""
    for seed in range(3):
        state, _ = _play(players, seed, ["greedy"] * players)
        assert state.over and not state.capped
        assert sum(1 for left in state.supply if left) <= 1
        assert 10 <= state.rounds <= 60


@pytest.mark.parametrize("name", game_names())
def test_deterministic_for_a_seed(name: str) -> None:
    first = _play(4, 5, ["greedy"] * 4, name)
    second = _play(4, 5, ["greedy"] * 4, name)
    assert first[1] == second[1]
    assert first[0].scores() == second[0].scores()


class _Poisoned(list):  # type: ignore[type-arg]
    """A hidden order that fails the test if anything reads it."""

    def _fail(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("greedy read the hidden card order")

    __getitem__ = __iter__ = __len__ = __bool__ = __contains__ = _fail  # type: ignore
    pop = copy = index = count = __reversed__ = _fail  # type: ignore


@pytest.mark.parametrize("name", game_names())
def test_sees_only_what_its_seat_sees(name: str) -> None:
    """Same choice on the world, its seat's belief state and other worlds consistent
    with that seat's observation, at positions along a whole game."""
    game = make_game(name, players=4)
    positions = _positions(4, 11, name=name)
    assert len(positions) > 10
    for k, world in enumerate(positions):
        belief = game.observation(world, world.current_player)
        others = [game.determinize(belief, make_rng(1000 * i + k)) for i in (1, 2)]
        choices = {game.greedy_step(s, make_rng(k))
                   for s in (world.copy(), belief.belief_state(), *others)}
        assert len(choices) == 1, game.describe_step(world, min(choices))


def test_never_reads_the_hidden_order() -> None:
    """A world whose hidden order explodes when read is never read."""
    positions = _positions(4, 11)
    assert len(positions) > 40
    for k, world in enumerate(positions):
        choice = greedy_step(observation(world, world.current_player).belief_state(), make_rng(k))
        poisoned = world.copy()
        for book in poisoned.books:
            book.hidden = _Poisoned(book.hidden or [])
        assert greedy_step(poisoned, make_rng(k)) == choice


@pytest.mark.parametrize("name", game_names())
def test_worlds_differing_only_in_hidden_information_choose_alike(name: str) -> None:
    """At the first decision of fresh games, resampled hidden information (the worlds
    differ) changes nothing."""
    game = make_game(name, players=4)
    for seed in range(5):
        state = game.new_state(seed)
        belief = game.observation(state, state.current_player)
        worlds = [game.determinize(belief, make_rng(seed * 100 + i)) for i in range(3)]
        assert len({str(game.position_to_json(w)) for w in worlds}) > 1
        assert len({game.greedy_step(w, make_rng(seed)) for w in [*worlds, state]}) == 1


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


@pytest.mark.parametrize("name", game_names())
def test_agent_spec_and_game_hooks(name: str) -> None:
    game = make_game(name, players=3)
    agent = make_agent("greedy:seed=3", game)
    assert isinstance(agent, GreedyAgent)
    assert agent.spec == "greedy:seed=3"
    state = game.new_state(0)
    seat = state.current_player
    step = agent.choose(game.observation(state, seat))
    assert step in state.legal_steps()
    assert game.greedy_step(state.copy(), make_rng(1)) in state.legal_steps()


def test_valdora_hooks_are_its_heuristics() -> None:
    game = make_game("valdora", players=3)
    state = game.new_state(0)
    assert game.estimate_final_scores(state) == estimate_final_scores(state)


@pytest.mark.parametrize("name", game_names())
def test_score_estimate(name: str) -> None:
    """At least the current points during the game, the same from the mover's belief
    state, and exactly the scores at its end."""
    game = make_game(name, players=4)
    for state in _positions(4, 2, every=25, name=name):
        estimate = game.estimate_final_scores(state)
        assert len(estimate) == 4
        for guess, points in zip(estimate, state.scores(), strict=True):
            assert guess >= points
        belief = game.observation(state, state.current_player).belief_state()
        assert game.estimate_final_scores(belief) == estimate
    state, _ = _play(4, 2, ["greedy"] * 4, name)
    assert game.estimate_final_scores(state) == [float(s) for s in state.scores()]
