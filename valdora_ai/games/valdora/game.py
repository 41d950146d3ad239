"""The Valdora game object: its facts, setup, and the hooks agents use."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import arguments
from valdora_ai.games.base import CHANCE, TERMINAL
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.observing import check_seat
from valdora_ai.games.valdora import (
    GAME_TYPE,
    bounds,
    engines,
    explain,
    heuristics,
    info,
    notation,
    position,
    reveals,
    styles,
    tensor,
)
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.constants import CHANCE_BASE, MAX_FACES
from valdora_ai.games.valdora.data import ComponentData, default_data, load_data
from valdora_ai.games.valdora.rules import ValdoraState

# The time manager's estimate of a seat's decisions left (with a choice of steps), fitted
# on 2026-11-28 to 20-30 greedy games at 3, 4 and 5 players: 10.3 decisions per tile left
# divided by the seats (a 3-player game starts at 26 tiles and about 90 decisions a seat;
# ISMCTS at 50 iterations about 96), about 2 after the end is triggered.
DECISIONS_PER_TILE = 10.3
DECISIONS_AFTER_END = 2

if TYPE_CHECKING:
    import numpy as np


class ValdoraGame(GameBase):
    """Valdora for 3 to 5 players (fewer or more if a data file allows it)."""

    game_type = GAME_TYPE
    data: ComponentData
    score_columns = ("commissions", "craftsmen", "workshops", "bonus", "gems", "total",
                     "coins")

    def __init__(self, players: int = GAME_TYPE.default_players,
                 rules_data: str | Path | ComponentData | None = None,
                 **options: Any) -> None:
        arguments.no_options("Valdora", options)
        self.data = arguments.rules_data(rules_data, ComponentData, default_data, load_data)
        self.num_players = arguments.check_players("Valdora", players, self.data.players_min,
                                         self.data.players_max)

    def new_state(self, seed: int) -> ValdoraState:
        """A fresh game: gems drawn onto the roads and the books shuffled from `seed`."""
        return engines.new_state(self.data, self.num_players, make_rng(seed))  # type: ignore[no-any-return]

    def observation(self, state: ValdoraState, player: int) -> info.Observation:
        return info.observation(state, check_seat(self.num_players, player))

    def num_distinct_steps(self) -> int:
        """Every step code lies below the first chance code past the last face."""
        return CHANCE_BASE + MAX_FACES

    def max_chance_outcomes(self) -> int:
        """A reveal shows one face of a book's card set: the most faces one set has."""
        return max(len({face for pair in cards.types for face in pair})
                   for cards in self.data.card_sets.values())

    def max_turns(self) -> int:
        """The data's round limit ends every game (the safety cap)."""
        return self.data.max_rounds * self.num_players

    def max_game_steps(self) -> int:
        """Every turn within the round limit at its most steps (valdora.bounds)."""
        return self.max_turns() * bounds.max_turn_steps(self.data)

    def determinize(self, observation: info.Observation, rng: Any) -> ValdoraState:
        return info.determinize(observation, rng)

    def apply_revealing(self, state: ValdoraState, step: int) -> tuple[int, ...]:
        """Apply `step` to a world; the chance steps it made public (see reveals; a
        compiled state runs its C port, which returns the same steps)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.apply_revealing(step)
        return reveals.apply_revealing(state, step)

    # The notation and the position writer take either engine's state.
    describe_step = staticmethod(notation.describe_step)
    parse_turn = staticmethod(notation.parse_turn)
    position_to_json = staticmethod(position.position_to_json)

    def step_kind(self, step: int) -> str:
        return S.kind(step)

    def parse_step(self, state: ValdoraState, token: str) -> int:
        """The legal step one token names, in the middle of a turn (notation.parse_step)."""
        return notation.parse_step(state, token)

    def format_turn(self, state: ValdoraState, steps: list[int]) -> str:
        return notation.format_turn(state, steps)

    def step_words(self, state: ValdoraState, step: int) -> str:
        """The step in the rulebook's words (see valdora_ai.games.valdora.words)."""
        from valdora_ai.games.valdora.words import step_words

        return step_words(state, step)

    def step_target(self, state: ValdoraState, step: int) -> str:
        """The picture's element the step acts on (see valdora_ai.games.valdora.targets):
        a space, a book's stack, the mover's item or commission; "" for END."""
        from valdora_ai.games.valdora.targets import step_target

        return step_target(state, step)

    def describe_turn(self, state: ValdoraState, steps: list[int]) -> list[str]:
        """What the turn does, in sentences (see valdora_ai.games.valdora.explain)."""
        return explain.describe_turn(state, steps)

    def position_from_json(self, document: Any) -> ValdoraState:
        return engines.from_reference(  # type: ignore[no-any-return]
            position.position_from_json(document, self.data))

    def render_svg(self, state: ValdoraState, observer: int | None = None) -> str:
        """The board picture (see valdora_ai.games.valdora.svg); either engine's state."""
        from valdora_ai.games.valdora import svg  # its road layout needs numpy

        return svg.board_svg(state, observer=observer)

    def greedy_step(self, state: ValdoraState, rng: Any) -> int:
        """The greedy baseline policy's next step (see heuristics.greedy_step; a
        compiled state runs its C port, which makes the same decisions)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.greedy_step(rng)
        return heuristics.greedy_step(state, rng)

    def quick_step(self, state: ValdoraState, rng: Any) -> int:
        """The quick play-out policy's next step (see heuristics.quick_step; a compiled
        state runs its C port, which makes the same decisions)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.quick_step(rng)
        return heuristics.quick_step(state, rng)

    policy_names = staticmethod(styles.policy_names)

    def make_policy(self, name: str) -> styles.Policy:
        """A fresh policy object of style `name`; its ``step(state, rng)`` plays the
        reference rules on any state (a compiled one is converted first)."""
        if name not in styles.policy_names():
            raise ValdoraError(f"Valdora has no playing style {name!r} "
                               f"(known: {', '.join(styles.policy_names())})")
        return styles.make_policy(name)

    def estimate_final_scores(self, state: ValdoraState) -> list[float]:
        """A heuristic estimate of each player's final score (see heuristics; a
        compiled state runs its C port, which gives the same floats)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.estimate_final_scores()
        return heuristics.estimate_final_scores(state)

    # service hooks (valdora_ai.games.base.ServiceHooks; GameBase has the defaults)
    def turn_count(self, state: ValdoraState) -> int:
        return state.turns

    def round_count(self, state: ValdoraState) -> int:
        return state.rounds

    def decisions_left(self, observation: info.Observation) -> int:
        """The observer's decisions still to come, from the craftsman tiles left before
        the end is triggered (all colours but the fullest): each tile is about
        :data:`DECISIONS_PER_TILE` decisions shared among the seats; once the end is
        triggered, the rest of the round."""
        state = observation.belief_state()
        if state.end_triggered:
            return DECISIONS_AFTER_END
        supply = state.supply
        tiles = sum(supply) - max(supply)
        return DECISIONS_AFTER_END + round(DECISIONS_PER_TILE * tiles / self.num_players)

    def capped(self, state: ValdoraState) -> bool:
        return state.capped

    def winners(self, state: ValdoraState) -> list[int]:
        return state.winners()

    def score_rows(self, state: ValdoraState) -> list[tuple[int, ...]]:
        return [(line.commissions, line.craftsmen, line.workshops, line.bonus, line.gems,
                 line.total, line.coins) for line in state.score_lines()]

    def who_moves(self, state: ValdoraState) -> str:
        player = state.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return "a reveal (chance) is pending"
        phase = "to move" if engines.as_reference(state).phase == 0 else "in the action phase"
        return f"seat {player} {phase}"

    def position_summary(self, state: ValdoraState) -> str:
        reference = engines.as_reference(state)
        kind = ("world (hidden order known)" if reference.is_world
                else "belief (hidden order unknown)")
        return f"round {reference.rounds + 1}, {self.who_moves(state)}; {kind}"

    def position_view(self, observation: info.Observation, seats: tuple[str, ...],
                      width: int) -> list[Any]:
        from valdora_ai.games.valdora.tables import position_view

        return position_view(observation, seats, width)

    def progress_view(self, observation: info.Observation,
                      seats: tuple[str, ...]) -> list[Any]:
        from valdora_ai.games.valdora.tables import progress_view

        return progress_view(observation, seats)

    def data_tables(self) -> list[Any]:
        from valdora_ai.games.valdora.data_tables import data_tables

        return data_tables(self.data)

    def data_summary(self) -> str:
        return (f"{len(self.data.spaces)} spaces, {len(self.data.edges)} roads, "
                f"{len(self.data.card_sets)} card sets; sha256 {self.data.sha256[:12]}")

    def observation_tensor_size(self) -> int:
        """The length of :meth:`observation_tensor` vectors (see games.valdora.tensor)."""
        return tensor.tensor_size(self.data, self.num_players)

    def observation_tensor(self, observation: info.Observation) -> np.ndarray:
        """`observation` as a fixed-length float32 vector, the observer's seat first."""
        return tensor.encode(observation, self.data)
