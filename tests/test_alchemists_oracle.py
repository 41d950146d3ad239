"""The evaluation-only oracle at an Alchemists table: it searches copies of the true
world (the deck order and the box, on the compiled core when built), and a search on
them plays whole games; the honest seats still get observations without the deck."""

from __future__ import annotations

from typing import Any

from test_oracle import _Spy

from valdora_ai.agents.oracle import OracleIsmctsAgent
from valdora_ai.games import make_game
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.info import Observation
from valdora_ai.games.base import Observation as AnyObservation
from valdora_ai.games.base import State
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.selfplay import play_game


def _hidden(state: Any) -> tuple[Any, Any]:
    reference = as_reference(state)
    return reference.deck, reference.box


class _Witness(OracleIsmctsAgent):
    """The oracle, checking each world it is handed against the runner's own state."""

    def __init__(self, game: Any) -> None:
        super().__init__(game, iterations=5)
        self.real: Any = None  # the runner's state, once a turn has shown it
        self.checked = 0

    def choose_in_world(self, observation: AnyObservation, world: State) -> int:
        if self.real is not None:
            assert world is not self.real
            assert type(world) is type(self.real)
            assert _hidden(world) == _hidden(self.real)
            assert as_reference(world).deck_count and _hidden(world)[0]
            self.checked += 1
        return super().choose_in_world(observation, world)


def test_the_oracle_searches_copies_of_the_true_alchemists_world() -> None:
    game = make_game("alchemists", players=3)
    witness, spy = _Witness(game), _Spy(game)

    def show(_turns: int, _seat: int, _play: str, state: Any) -> None:
        witness.real = state

    result = play_game(game, [witness, spy, "greedy"], seed=9, on_turn=show)
    assert witness.checked > 20 and not result.capped
    assert spy.given and all(type(o) is Observation for o in spy.given)
    assert all(_hidden(o.belief_state()) == (None, None)  # type: ignore[attr-defined]
               for o in spy.given)
    if VALDORA_CORE.available():
        assert type(witness.real).__name__ == "AlchemistsCompiledState"
