"""The game object: the contract of valdora_ai.games.base.Game over the rules engine.

:class:`ExpeditionsGame` subclasses :class:`~valdora_ai.games.GameBase`, which reads its
name and modes from :data:`~valdora_expeditions.GAME_TYPE` and gives every service hook
a default; it overrides only the hooks where the defaults would be wrong (the oracle's
view of a game with private hands) or say less than the game can (who moves, the
position's summary, the bound on a game's steps).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.backend import make_rng
from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.games import CHANCE, TERMINAL, GameBase
from valdora_ai.games.observing import check_seat
from valdora_ai.games.token_turns import apply_recording
from valdora_expeditions import GAME_TYPE, heuristics, info, notation, position, words
from valdora_expeditions.rules import (
    CARDS,
    HAND,
    STEP_LIMIT,
    WORLD,
    ExpeditionsState,
)


class ExpeditionsGame(GameBase):
    """Expeditions for 2 to 4 players (see valdora_expeditions.rules)."""

    game_type = GAME_TYPE

    def __init__(self, players: int = GAME_TYPE.default_players) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or (
                players not in GAME_TYPE.player_counts()):
            raise ValdoraError(f"Expeditions is for {GAME_TYPE.min_players} to "
                               f"{GAME_TYPE.max_players} players, not {players!r}")
        self.num_players = players

    def new_state(self, seed: int) -> ExpeditionsState:
        return ExpeditionsState.new(self.num_players, make_rng(seed))

    def observation(self, state: ExpeditionsState, player: int) -> info.Observation:
        return info.observation(state, check_seat(self.num_players, player))

    def num_distinct_steps(self) -> int:
        return STEP_LIMIT

    def max_chance_outcomes(self) -> int:
        """A draw is one of the cards its drawer has not seen: all but its first hand."""
        return CARDS - HAND

    def max_turns(self) -> int:
        """Every turn draws a card: as many turns as the deal leaves in the deck."""
        return CARDS - HAND * self.num_players

    def determinize(self, observation: info.Observation, rng: Any) -> ExpeditionsState:
        return info.determinize(observation, rng)

    describe_step = staticmethod(notation.describe_step)

    def step_words(self, state: ExpeditionsState, step: int) -> str:
        """The step in words (see valdora_expeditions.words)."""
        return words.step_words(step)

    parse_turn = staticmethod(notation.parse_turn)
    format_turn = staticmethod(notation.format_turn)
    position_to_json = staticmethod(position.position_to_json)
    greedy_step = staticmethod(heuristics.greedy_step)
    estimate_final_scores = staticmethod(heuristics.estimate_final_scores)
    apply_revealing = staticmethod(apply_recording)

    def position_from_json(self, document: Any) -> ExpeditionsState:
        state = position.position_from_json(document)
        if state.n != self.num_players:
            raise PositionError(f"a {state.n}-player position for a {self.num_players}-"
                                "player game", where="players")
        return state

    # service hooks (GameBase has the defaults)
    def max_game_steps(self) -> int:
        """Each turn is a play and, in the drawer's belief state, its draw."""
        return 2 * self.max_turns()

    def who_moves(self, state: ExpeditionsState) -> str:
        player = state.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return f"seat {state.observer} draws (chance)"
        return f"seat {player} to play a card"

    def position_summary(self, state: ExpeditionsState) -> str:
        kind = "world" if state.observer == WORLD else f"belief of seat {state.observer}"
        return (f"turn {state.turns + 1} of {self.max_turns()}, {self.who_moves(state)}; "
                f"{len(state.deck)} cards in the deck; {kind}")

    def world_seen_by(self, state: ExpeditionsState, observer: int) -> ExpeditionsState:
        """A copy whose draws by `observer` are recorded as its belief's chance steps."""
        world = state.copy()
        world.viewer = check_seat(self.num_players, observer)
        return world

    def future_sampler(self, state: ExpeditionsState
                       ) -> Callable[[Any], ExpeditionsState]:
        """Every hand is known to its holder; only the deck's order is nobody's."""
        return lambda rng: info.resample_deck(state, rng)
