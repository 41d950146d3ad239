"""The Valley of Alchemists game object: its facts, setup, and the hooks agents use."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from valdora_ai.backend import make_rng
from valdora_ai.errors import DataError, PositionError, ValdoraError
from valdora_ai.games import arguments
from valdora_ai.games.alchemists import (
    GAME_TYPE,
    bounds,
    engines,
    heuristics,
    info,
    labels,
    notation,
    position,
    styles,
    tensor,
)
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.data import (
    AlchemistsData,
    Options,
    default_data,
    load_data,
    parse_options,
)
from valdora_ai.games.alchemists.engines import as_reference
from valdora_ai.games.alchemists.rules import SETUP, AlchemistsState
from valdora_ai.games.base import CHANCE, TERMINAL, Policy
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.observing import check_seat
from valdora_ai.games.token_turns import apply_recording

# The time manager's estimate of a seat's decisions left (with a choice of steps), fitted
# on 2026-11-28 (least squares) to 20 games of the bundle-making greedy policy at each of
# 2, 3 and 4 players: 6.3 decisions per card in the deck divided by the seats, about 1
# once the deck is empty (a bundle's make can end the game with a few cards left).
DECISIONS_PER_CARD = 6.3
DECISIONS_AT_EMPTY_DECK = 1

if TYPE_CHECKING:
    import numpy as np


class AlchemistsGame(GameBase):
    """The Valley of Alchemists for 2 to 4 players.

    Options (keyword arguments) are the design doc's switches: ``track`` ("plain" or
    "flat-step"), ``stall_safeguard`` (False is rules mode) and ``stall_rounds``; their
    defaults come from the data file.
    """

    game_type = GAME_TYPE
    data: AlchemistsData
    score_columns = ("sold", "markers", "chest", "decoctions", "total", "made")

    def __init__(self, players: int = GAME_TYPE.default_players,
                 rules_data: str | Path | AlchemistsData | None = None,
                 **options: Any) -> None:
        self.data = arguments.rules_data(rules_data, AlchemistsData, default_data, load_data)
        self.num_players = arguments.check_players("The Valley of Alchemists", players,
                                         self.data.players_min, self.data.players_max)
        try:
            self.options: Options = parse_options(options, self.data.options)
        except DataError as exc:
            raise ValdoraError(str(exc)) from None

    def new_state(self, seed: int) -> AlchemistsState:
        """A fresh game of the selected engine (games.alchemists.engines): the deck
        shuffled and cut for the player count, 10 cards dealt (a compiled world unless
        the pure engine is selected; it answers as an AlchemistsState does)."""
        return engines.new_state(  # type: ignore[no-any-return]
            self.data, self.options, self.num_players, make_rng(seed))

    def observation(self, state: Any, player: int) -> info.Observation:
        return info.observation(state, check_seat(self.num_players, player))

    def num_distinct_steps(self) -> int:
        """Every step code lies below steps.STEP_LIMIT (past the reserved chance codes)."""
        return S.STEP_LIMIT

    def max_chance_outcomes(self) -> int:
        """A refill draws one of the unseen elixir cards: at most the whole set."""
        return len(self.data.elixirs)

    def max_turns(self) -> int | None:
        """With the stall safeguard, its round limit; in rules mode no bound."""
        if not self.options.stall_safeguard:
            return None
        return self.options.stall_rounds * self.num_players

    def max_game_steps(self) -> int | None:
        """The setup, then every turn at its most steps (alchemists.bounds); None in
        rules mode, which sets no turn bound."""
        turns = self.max_turns()
        if turns is None:
            return None
        return (bounds.max_setup_steps(self.data, self.num_players)
                + turns * bounds.max_turn_steps(self.data))

    def determinize(self, observation: info.Observation, rng: Any) -> Any:
        """A world sampled by info.determinize (in C from a compiled belief state), on
        the selected engine."""
        world = info.determinize(observation, rng)
        return engines.from_reference(world) if type(world) is AlchemistsState else world

    def apply_revealing(self, state: Any, step: int) -> tuple[int, ...]:
        """Apply `step` to a world; return the chance steps (cards drawn by the refill)
        a belief state would have passed through, in order."""
        fast = engines.compiled(state)
        if fast is not None:
            return tuple(fast.apply_revealing(step))
        return apply_recording(state, step)

    def describe_step(self, state: Any, step: int) -> str:
        return notation.describe_step(as_reference(state), step)

    def step_kind(self, step: int) -> str:
        return S.kind(step)

    def parse_turn(self, state: Any, text: str) -> list[int]:
        return notation.parse_turn(as_reference(state), text)

    def parse_step(self, state: Any, token: str) -> int:
        """The legal step one token names, in the middle of a turn (notation.parse_step)."""
        return notation.parse_step(as_reference(state), token)

    def parse_steps(self, state: Any, text: str) -> list[int]:
        """Tokens typed in the middle of a turn, read as a turn is (the steps of one
        action in any order: notation.parse_turn)."""
        return notation.parse_turn(as_reference(state), text)

    def format_turn(self, state: Any, steps: list[int]) -> str:
        return notation.format_turn(as_reference(state), steps)

    def position_to_json(self, state: Any) -> dict[str, Any]:
        return position.position_to_json(as_reference(state))

    def position_from_json(self, document: Any) -> Any:
        state = position.position_from_json(document, self.data)
        if state.n != self.num_players:
            raise PositionError(f"a {state.n}-player position for a {self.num_players}-player"
                                " game", where="players")
        return engines.from_reference(state)

    def greedy_step(self, state: Any, rng: Any) -> int:
        fast = engines.compiled(state)
        if fast is not None:
            return int(fast.greedy_step(rng))
        return heuristics.greedy_step(state, rng)

    def quick_step(self, state: Any, rng: Any) -> int:
        """The former greedy policy (``rollout=quick``: one elixir at a time, cheaper a
        step; kept to measure the new greedy against, heuristics.quick_step)."""
        fast = engines.compiled(state)
        if fast is not None:
            return int(fast.quick_step(rng))
        return heuristics.quick_step(state, rng)

    def policy_names(self) -> tuple[str, ...]:
        """The named playing styles besides greedy (planner, hoarder: see styles)."""
        return tuple(styles.STYLES)

    def make_policy(self, name: str) -> Policy:
        """A fresh policy object of style `name`; its ``step(state, rng)`` reads any
        state as its reference twin, so both engines play the same."""
        if name not in styles.STYLES:
            raise ValdoraError(f"The Valley of Alchemists has no playing style {name!r} "
                               f"(known: {', '.join(styles.STYLES)})")
        return styles.STYLES[name]()

    def estimate_final_scores(self, state: Any) -> list[float]:
        fast = engines.compiled(state)
        if fast is not None:
            return list(fast.estimate_final_scores())
        return heuristics.estimate_final_scores(state)

    def step_words(self, state: AlchemistsState, step: int) -> str:
        """The step in the rulebook's words (see valdora_ai.games.alchemists.words)."""
        from valdora_ai.games.alchemists.words import step_words

        return step_words(state, step)

    def step_target(self, state: Any, step: int) -> str:
        """The picture's element the step acts on (see valdora_ai.games.alchemists.targets):
        a collect pair, a face-up elixir, a chest space, a complete line, a token, a skill
        track, a decoction; "" for END and STOP."""
        from valdora_ai.games.alchemists.targets import step_target

        return step_target(state, step)

    def describe_turn(self, state: AlchemistsState, steps: list[int]) -> list[str]:
        """What the turn does, in sentences (see valdora_ai.games.alchemists.explain)."""
        from valdora_ai.games.alchemists.explain import describe_turn

        return describe_turn(state, steps)

    def render_svg(self, state: AlchemistsState, observer: int | None = None) -> str:
        """The table picture (see valdora_ai.games.alchemists.svg)."""
        from valdora_ai.games.alchemists.svg import board_svg

        return board_svg(state, observer=observer)

    # service hooks (valdora_ai.games.base.ServiceHooks; GameBase has the defaults)
    def turn_count(self, state: AlchemistsState) -> int:
        return as_reference(state).turns

    def round_count(self, state: AlchemistsState) -> int:
        return int(state.rounds)

    def decisions_left(self, observation: info.Observation) -> int:
        """The observer's decisions still to come, from the cards left in the deck: each
        is about :data:`DECISIONS_PER_CARD` decisions shared among the seats (the deck
        running out ends the game at the end of the round)."""
        cards = observation.belief_state().deck_count
        return DECISIONS_AT_EMPTY_DECK + round(DECISIONS_PER_CARD * cards / self.num_players)

    def capped(self, state: AlchemistsState) -> bool:
        return as_reference(state).capped

    def winners(self, state: AlchemistsState) -> list[int]:
        return as_reference(state).winners()

    def score_rows(self, state: AlchemistsState) -> list[tuple[int, ...]]:
        """IX. End of the Game: sold EP, markers, chest EP, decoction pairs, the total,
        and elixirs made (the first tie-break)."""
        return [(line.sold, line.markers, line.chest, line.decoctions, line.total, line.made)
                for line in state.score_lines()]

    def who_moves(self, state: AlchemistsState) -> str:
        reference = as_reference(state)
        player = reference.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return "a refill draw (chance) is pending"
        if reference.phase == SETUP:
            return f"seat {player} placing setup skill points"
        return f"seat {player} to move ({labels.actions_left(reference)})"

    def position_summary(self, state: AlchemistsState) -> str:
        reference = as_reference(state)
        kind = ("world (deck order known)" if reference.is_world
                else "belief (deck order unknown)")
        return (f"round {reference.rounds + 1}, {self.who_moves(state)}; "
                f"{reference.deck_count} cards in the deck; {kind}")

    def position_view(self, observation: info.Observation, seats: tuple[str, ...],
                      width: int) -> list[Any]:
        from valdora_ai.games.alchemists.tables import position_view

        return position_view(observation, seats, width)

    def progress_view(self, observation: info.Observation,
                      seats: tuple[str, ...]) -> list[Any]:
        from valdora_ai.games.alchemists.tables import progress_view

        return progress_view(observation, seats)

    def data_tables(self) -> list[Any]:
        from valdora_ai.games.alchemists.data_tables import data_tables

        return data_tables(self.data)

    def data_summary(self) -> str:
        data = self.data
        return (f"{len(data.elixirs)} elixir cards, {len(data.ingredients)} ingredients, "
                f"{len(data.decoctions)} decoction colours, {len(data.shapes)} shapes; "
                f"sha256 {data.sha256[:12]}")

    def observation_tensor_size(self) -> int:
        """The length of :meth:`observation_tensor` vectors (see games.alchemists.tensor)."""
        return tensor.tensor_size(self.data, self.num_players)

    def observation_tensor(self, observation: info.Observation) -> np.ndarray:
        """`observation` as a fixed-length float32 vector, the observer's seat first."""
        return tensor.encode(observation, self.data)
