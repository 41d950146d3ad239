"""`apply_revealing` reports exactly the chance steps a belief state passes through."""

from __future__ import annotations

import pytest

from valdora_ai.backend import make_rng
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S

pytestmark = pytest.mark.usefixtures("engine")  # compiled states hand out snapshots


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_world_reveals_replay_on_the_belief_state(players: int, seed: int) -> None:
    game = make_game("valdora", players=players)
    world = game.new_state(seed)
    belief = game.observation(world, 0).belief_state()
    rng = make_rng(seed)
    reveals = 0
    for _ in range(300):
        if world.is_terminal():
            break
        legal = world.legal_steps()
        pages = [s for s in legal if S.TURN_BASE <= s < S.RETURN_BASE]
        pool = pages if pages and rng.random() < 0.7 else legal  # turn many pages
        step = pool[rng.randbelow(len(pool))]
        revealed = game.apply_revealing(world, step)
        belief.play(step)
        for chance in revealed:
            assert chance in belief.legal_steps()  # play() would accept it too
            belief.play(chance)
        reveals += len(revealed)
        assert not belief.is_chance_node()
        assert (game.position_to_json(belief)
                == game.position_to_json(game.observation(world, 0).belief_state()))
    assert reveals > 10
