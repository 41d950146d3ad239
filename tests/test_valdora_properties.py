"""Properties over 1,000 seeded games (3, 4 and 5 players; random and greedy seats).

After every step: gems, coins, cards, craftsmen, bonus tiles and workshops are
conserved. At sampled steps: every legal step applies (and conserves), and the
position round-trips through JSON. Every game ends; all-greedy games end by the end
trigger, not the safety cap.
"""

from __future__ import annotations

import pytest
from chunks import seed_chunks

from valdora_ai.agents import make_agent
from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora.invariants import conservation_problems
from valdora_ai.games.valdora.position import position_from_json, position_to_json

GAMES = 1000
# The quick loop (`pytest -m "not slow"`) plays the first 18 games (each seat mode at
# each player count twice); CI plays them all.
SEEDS = seed_chunks(GAMES, chunks=10, quick=18)
SEAT_MODES = ("greedy", "random", "mixed")


def _seats(seed: int, players: int) -> list[str]:
    mode = SEAT_MODES[(seed // 3) % 3]
    if mode == "mixed":
        return ["greedy" if (seed + seat) % 2 else "random" for seat in range(players)]
    return [mode] * players


def _check_every_legal_step_applies(state) -> None:
    for step in state.legal_steps():
        after = state.copy()
        after.apply(step)
        assert conservation_problems(after) == [], step


def _play_checked(seed: int) -> tuple[object, list[str]]:
    players = 3 + seed % 3
    game = make_game("valdora", players=players)
    seats = _seats(seed, players)
    agents = [make_agent(spec, game, seed=seed * 10 + i) for i, spec in enumerate(seats)]
    sampler = make_rng(seed)
    state = game.new_state(seed)
    assert conservation_problems(state) == []
    while not state.is_terminal():
        if sampler.randbelow(50) == 0:
            _check_every_legal_step_applies(state)
            doc = position_to_json(state)
            assert position_to_json(position_from_json(doc, game.data)) == doc
        seat = state.current_player
        step = agents[seat].choose(game.observation(state, seat))
        state.play(step)
        problems = conservation_problems(state)
        assert problems == [], (seed, problems)
    return state, seats


@pytest.mark.parametrize("seeds", SEEDS)
def test_seeded_games_conserve_components_and_end(seeds: range) -> None:
    for seed in seeds:
        state, seats = _play_checked(seed)
        assert state.is_terminal() and state.legal_steps() == []
        assert state.turns == state.rounds * state.n, "every seat plays equally often"
        if set(seats) == {"greedy"}:
            assert not state.capped, f"greedy game {seed} hit the safety cap"
            assert sum(1 for left in state.supply if left) <= 1
