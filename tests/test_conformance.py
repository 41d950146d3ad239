"""The Game contract, checked for every registered game and player count.

Each test walks seeded games through the contract only (valdora_ai.games.base), so a
new game registered in valdora_ai.games is checked by adding nothing here: copies are
independent, chance nodes are distributions, `play` is the checked `apply`,
determinized worlds look like the true world to their observer and the oracle's
resampled futures to every seat, positions and records round-trip, agents only play
legal steps, and a seed fixes the game.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from valdora_ai.agents import make_agent
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import (
    Game,
    State,
    game_names,
    game_type,
    make_game,
    player_counts,
)
from valdora_ai.records import replay
from valdora_ai.selfplay import play_game

GAMES = 2  # seeded games per case: enough to reach every phase, few enough for CI
SAMPLES = 6  # positions per game where the slower checks run
CASES = [(name, n) for name in game_names() for n in player_counts(name)]
IDS = [f"{name}-{n}p" for name, n in CASES]


def _json(game: Game, state: State) -> str:
    return json.dumps(game.position_to_json(state), sort_keys=True)


def _random_walk(game: Game, seed: int) -> Iterator[State]:
    """Every world of a game played by uniformly random steps (chance nodes by their
    probabilities), starting position first."""
    rng = make_rng(seed)
    state = game.new_state(seed)
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.choice_weighted([p for _, p in outcomes])][0])
        else:
            legal = state.legal_steps()
            state.play(legal[rng.randbelow(len(legal))])
        yield state


def _samples(game: Game, seed: int) -> list[State]:
    """Copies of `SAMPLES` decision points spread over one random game."""
    decisions = [s.copy() for s in _random_walk(game, seed)
                 if not s.is_terminal() and not s.is_chance_node()]
    stride = max(1, len(decisions) // SAMPLES)
    return decisions[::stride][:SAMPLES]


def _shared_belief(game: Game) -> bool:
    """Whether one belief state is every seat's information set, found by asking: the
    last seat may observe seat 0's belief state only when it holds no secret of seat 0."""
    belief = game.observation(game.new_state(1), 0).belief_state()
    try:
        game.observation(belief, game.num_players - 1)
    except ValdoraError:
        return False
    return True


def _check_chance(state: State) -> None:
    outcomes = state.chance_outcomes()
    steps = [step for step, _ in outcomes]
    assert outcomes, "a chance node without outcomes"
    assert len(set(steps)) == len(steps), f"repeated chance steps {steps}"
    assert all(p > 0 for _, p in outcomes), outcomes
    assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)


@pytest.fixture(params=CASES, ids=IDS)
def case(request: Any) -> tuple[str, Game]:
    name, players = request.param
    return name, make_game(name, players=players)


def test_registry_names_its_games() -> None:
    assert "valdora" in game_names()
    for name in game_names():
        assert player_counts(name), f"{name} accepts no player count"
        assert make_game(name, players=player_counts(name)[0]).name == name


def test_unknown_player_count_is_refused(case: tuple[str, Game]) -> None:
    name, _ = case
    with pytest.raises(ValdoraError):
        make_game(name, players=max(player_counts(name)) + 1)


@pytest.mark.parametrize("name", game_names())
def test_the_game_type_states_the_facts_of_its_game(name: str) -> None:
    """The registry answers from the GameType without building a game: what it says must
    be what the game does (its player range, default table, modes, options, core)."""
    kind = game_type(name)
    assert kind.name == name
    accepted = []
    for players in range(1, kind.max_players + 3):
        try:
            make_game(name, players=players)
        except ValdoraError:
            continue
        accepted.append(players)
    assert accepted == player_counts(name) == list(range(kind.min_players, kind.max_players + 1))
    game = make_game(name)
    assert game.num_players == kind.default_players
    assert (game.name, game.chance_mode, game.information) == (
        name, kind.chance_mode, kind.information)
    spelled_out = make_game(name, **dict(kind.default_options))
    assert _json(spelled_out, spelled_out.new_state(3)) == _json(game, game.new_state(3))
    assert kind.shared_belief == _shared_belief(game)
    selected = None if kind.core is None else kind.core.select()
    if selected is not None:  # the core it names is the one the game's states come from
        assert isinstance(game.new_state(1), selected)


def test_copies_are_independent(case: tuple[str, Game]) -> None:
    _, game = case
    for seed in range(GAMES):
        for state in _samples(game, seed):
            before, copy = _json(game, state), state.copy()
            copy.play(copy.legal_steps()[-1])
            assert _json(game, state) == before
            state.play(state.legal_steps()[0])
            assert _json(game, copy) != before or copy.is_terminal()


def test_chance_probabilities_are_distributions(case: tuple[str, Game]) -> None:
    _, game = case
    seen = 0
    for seed in range(GAMES):
        for state in _random_walk(game, seed):
            if state.is_chance_node():
                _check_chance(state)
                seen += 1
        for state in _samples(game, seed + 100):
            # belief states meet the chance nodes that worlds resolve themselves
            belief = game.observation(state, state.current_player).belief_state()
            rng = make_rng(seed)
            for _ in range(60):
                if belief.is_terminal():
                    break
                if belief.is_chance_node():
                    _check_chance(belief)
                    seen += 1
                    outcomes = belief.chance_outcomes()
                    belief.apply(outcomes[rng.randbelow(len(outcomes))][0])
                else:
                    legal = belief.legal_steps()
                    belief.apply(legal[rng.randbelow(len(legal))])
    assert seen, "no chance node met: the check would be empty"


def test_play_agrees_with_apply(case: tuple[str, Game]) -> None:
    _, game = case
    for seed in range(GAMES):
        for state in _samples(game, seed):
            legal = state.legal_steps()
            for step in {legal[0], legal[-1], legal[len(legal) // 2]}:
                played, applied = state.copy(), state.copy()
                played.play(step)
                applied.apply(step)
                assert _json(game, played) == _json(game, applied)
            illegal = next(s for s in range(max(legal) + 2) if s not in legal)
            before = _json(game, state)
            with pytest.raises(ValdoraError):
                state.play(illegal)
            assert _json(game, state) == before


def test_determinizations_agree_with_the_observation(case: tuple[str, Game]) -> None:
    _, game = case
    rng = make_rng(7)
    for seed in range(GAMES):
        for state in _samples(game, seed):
            for seat in range(game.num_players):
                seen = game.observation(state, seat)
                for _ in range(3):
                    world = game.determinize(seen, rng)
                    assert not world.is_chance_node()
                    assert world.current_player == state.current_player
                    assert game.observation(world, seat) == seen
                    if seat == state.current_player:
                        assert world.legal_steps() == state.legal_steps()


def test_resampled_futures_keep_what_every_seat_knows(case: tuple[str, Game]) -> None:
    """The oracle's future (``future_sampler``) changes nothing any seat knows."""
    _, game = case
    rng = make_rng(8)
    for seed in range(GAMES):
        for state in _samples(game, seed):
            seen = [game.observation(state, seat) for seat in range(game.num_players)]
            sample = game.future_sampler(state)
            for _ in range(3):
                world = sample(rng)
                assert type(world) is type(state) and not world.is_chance_node()
                assert [game.observation(world, seat)
                        for seat in range(game.num_players)] == seen
                assert world.legal_steps() == state.legal_steps()


def test_positions_round_trip(case: tuple[str, Game]) -> None:
    _, game = case
    for seed in range(GAMES):
        for state in _samples(game, seed):
            document = game.position_to_json(state)
            assert document.get("game", game.name) == game.name
            again = game.position_from_json(json.loads(json.dumps(document)))
            assert _json(game, again) == _json(game, state)
            assert again.legal_steps() == state.legal_steps()
            step = state.legal_steps()[-1]
            again.play(step)
            state.play(step)
            assert _json(game, again) == _json(game, state)


def test_records_round_trip(case: tuple[str, Game], tmp_path: Path) -> None:
    _, game = case
    for seed in range(GAMES):
        path = tmp_path / f"{seed}.jsonl"
        result = play_game(game, ["random"] * game.num_players, seed, record=path)
        again = replay(path)
        assert again.header.game == game.name
        assert again.finished
        assert again.final.scores() == result.scores


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_agents_play_whole_games_legally(case: tuple[str, Game], spec: str) -> None:
    _, game = case
    for seed in range(GAMES):
        agents = [make_agent(spec, game, seed=seed + seat) for seat in range(game.num_players)]
        state = game.new_state(seed)
        while not state.is_terminal():
            seat = state.current_player
            step = agents[seat].choose(game.observation(state, seat))
            assert step in state.legal_steps()
            state.play(step)


@pytest.mark.parametrize("spec", ["ismcts:iterations=8,depth=0",
                                  "pimc:worlds=2,iterations=4,depth=0",
                                  "expectimax:depth=1,playouts=0,iterations=64"])
def test_search_agents_choose_legal_steps(case: tuple[str, Game], spec: str) -> None:
    _, game = case
    for state in _samples(game, 3):
        seat = state.current_player
        agent = make_agent(spec, game, seed=seat)
        assert agent.choose(game.observation(state, seat)) in state.legal_steps()


def test_seeded_games_repeat(case: tuple[str, Game]) -> None:
    _, game = case
    seats = ["random", "greedy"] * game.num_players
    first = play_game(game, seats[:game.num_players], 11)
    second = play_game(game, seats[:game.num_players], 11)
    assert first == second
    starts = {_json(game, game.new_state(seed)) for seed in range(4)}
    assert len(starts) > 1, "the seed does not change the setup"
    assert _json(game, game.new_state(5)) == _json(game, game.new_state(5))
