"""The compiled search kernels against their reference loops, draw for draw.

ISMCTS and PIMC spend their time in two places the compiled core runs in C:
``ValdoraCompiledState.rollout`` (a play-out to a cut-off counted in the searcher's turns,
or to the end) must replay ``search.rollout.reference_rollout``, and
``ValdoraCompiledState.apply_revealing`` must return the very chance steps
``reveals.apply_revealing`` returns. Both are checked on sampled worlds of seeded
greedy games (play-outs with the greedy, quick and random policies), 3 to 5 players,
with generator states compared after every play-out.
"""

from __future__ import annotations

import pytest

from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.valdora.game import ValdoraGame
from valdora_ai.games.valdora.position import position_to_json
from valdora_ai.games.valdora.reveals import apply_revealing
from valdora_ai.rng import Rng
from valdora_ai.search.rollout import reference_rollout

if not VALDORA_CORE.available():  # pragma: no cover - CI requires the extension
    pytest.skip("compiled extension not built", allow_module_level=True)

core = VALDORA_CORE.require_module()


def _worlds(players: int, seed: int, every: int) -> list[object]:
    """Compiled worlds sampled along a seeded greedy game, one every `every` steps."""
    game = ValdoraGame(players=players)
    state = core.ValdoraCompiledState.new(game.data, players, Rng(seed))
    rng = Rng(seed + 500)
    worlds = []
    count = 0
    while not state.is_terminal():
        if count % every == 0:
            observer = state.current
            worlds.append(game.determinize(game.observation(state, observer), Rng(count)))
        state.apply(state.greedy_step(rng))
        count += 1
    return worlds


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize(("policy", "depth"), [("greedy", 0), ("greedy", 1),
                                               ("random", 2), ("greedy", -1),
                                               ("quick", 1), ("quick", -1)])
def test_compiled_rollout_replays_the_reference_loop(players: int, policy: str,
                                                     depth: int) -> None:
    game = ValdoraGame(players=players)
    cut_short = 0
    for index, world in enumerate(_worlds(players, seed=40 + players, every=37)):
        searcher = world.current
        mine, theirs = world.copy(), world.copy()
        r_mine, r_theirs = Rng(index), Rng(index)
        mine.rollout(r_mine, policy, searcher, depth)
        reference_rollout(game, theirs, policy, depth, r_theirs, searcher)
        where = f"{players} players, world {index}, {policy} depth {depth}"
        assert position_to_json(mine) == position_to_json(theirs), where
        assert r_mine.getstate() == r_theirs.getstate(), where
        assert mine.is_terminal() or depth >= 0, where
        cut_short += not mine.is_terminal()
    assert cut_short > 0 if depth >= 0 else cut_short == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_compiled_apply_revealing_matches_the_reference(players: int) -> None:
    revealing = 0
    for world in _worlds(players, seed=70 + players, every=3):
        for step in world.legal_steps():
            mine, theirs = world.copy(), world.copy()
            shown = mine.apply_revealing(step)
            assert shown == apply_revealing(theirs, step), (players, step)
            assert position_to_json(mine) == position_to_json(theirs)
            revealing += bool(shown)
    assert revealing > 50  # the comparison covered steps that reveal faces
