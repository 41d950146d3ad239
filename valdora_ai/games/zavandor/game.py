"""The Gnomes of Zavandor game object: its facts, setup, and the hooks agents use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from valdora_ai.backend import make_rng
from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.games import arguments
from valdora_ai.games.base import CHANCE, TERMINAL, Policy
from valdora_ai.games.game_base import GameBase
from valdora_ai.games.observing import check_seat
from valdora_ai.games.token_turns import apply_recording
from valdora_ai.games.zavandor import (
    GAME_TYPE,
    bounds,
    engines,
    explain,
    heuristics,
    info,
    notation,
    position,
    styles,
    svg,
    tensor,
)
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import (
    Options,
    ZavandorData,
    default_data,
    load_data,
    parse_options,
)
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import WORLD, ZavandorState
from valdora_ai.games.zavandor.tables import PHASE_WORDS

# The time manager's estimate of a seat's decisions left (with a choice of steps), fitted
# on 2026-11-28 to 20-30 greedy games at 2, 3 and 4 players (2.75), refitted the same day
# after greedy's change (least squares through the origin, 25 games a player count,
# seeds 100-124: 2.42; mean error about a fifth of the decisions left): about 2.4
# decisions per victory point the leader lacks (a 3-player game starts 18 points away
# and at about 46 decisions a seat), about 3 after the end is triggered.
DECISIONS_PER_VP = 2.4
DECISIONS_AFTER_END = 3

if TYPE_CHECKING:
    import numpy as np


class ZavandorGame(GameBase):
    """The Gnomes of Zavandor for 2 to 4 players.

    Options (keyword arguments) are the design doc's switches and the expert discount
    rule: ``expert_discount``, ``prism_raises_price``, ``emero_floor``,
    ``hoover_per_gem``, ``max_rounds``; their defaults come from the data file.
    """

    game_type = GAME_TYPE
    data: ZavandorData
    # The final score as the rulebook counts it: VP from tiles, artifacts and jewelry;
    # ties go to the most gold once gems are sold at current prices (prisms at the top).
    score_columns = ("tiles", "artifacts", "jewelry", "total", "gold")

    def __init__(self, players: int = GAME_TYPE.default_players,
                 rules_data: str | Path | ZavandorData | None = None,
                 **options: Any) -> None:
        self.data = arguments.rules_data(rules_data, ZavandorData, default_data, load_data)
        self.num_players = arguments.check_players("The Gnomes of Zavandor", players,
                                         self.data.players_min, self.data.players_max)
        self.options: Options = parse_options(options, self.data.options)

    def new_state(self, seed: int) -> ZavandorState:
        """A fresh game: tiles laid out, piles shuffled, marker and start player drawn
        (a compiled world unless the pure engine is selected, see engines)."""
        return engines.new_state(  # type: ignore[no-any-return]
            self.data, self.options, self.num_players, make_rng(seed))

    def observation(self, state: ZavandorState, player: int) -> info.Observation:
        """What `player` knows of `state` (info.observation), its belief state on the
        engine of `state`: compiled for a compiled world, so that searches over it
        (expectimax) and its determinizations run in C."""
        seat = check_seat(self.num_players, player)
        seen = info.observation(as_reference(state), seat)
        if engines.compiled(state) is None:
            return seen
        return info.Observation(engines.belief_on_engine_of(seen.belief_state(), state), seat)

    def num_distinct_steps(self) -> int:
        """Every step code lies below steps.STEP_LIMIT (the chance codes last)."""
        return S.STEP_LIMIT

    def max_chance_outcomes(self) -> int:
        """A chance outcome is one code of the chance range (a tile, card, district or
        seat index), so no chance node has more outcomes than that range holds."""
        return S.STEP_LIMIT - S.CHANCE_BASE

    def max_turns(self) -> int:
        """Actions (turns) before the round cap: every round, each player's actions plus
        one per Gnomunculus in the game."""
        gnomunculi = sum(card.kind == "gnomunculus" for card in self.data.decks[0])
        per_round = self.data.actions_per_round + gnomunculi
        return self.options.max_rounds * self.num_players * per_round

    def max_game_steps(self) -> int:
        """Every action at its most steps and every player mining each round
        (zavandor.bounds)."""
        mining = self.options.max_rounds * self.num_players * bounds.max_mining_steps(self.data)
        return self.max_turns() * bounds.max_action_steps(self.data) + mining

    def determinize(self, observation: info.Observation, rng: Any) -> ZavandorState:
        """A world sampled as info.determinize samples it, on the selected engine (the
        compiled core draws it in C: engines.determinize)."""
        return engines.determinize(observation, rng)  # type: ignore[no-any-return]

    def apply_revealing(self, state: ZavandorState, step: int) -> tuple[int, ...]:
        """Apply `step` to a world; return the chance steps its viewer's belief state
        would have passed through (what the step showed the viewer), in order (a
        compiled world records them in C)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.apply_revealing(step)
        return apply_recording(state, step)

    def world_seen_by(self, state: ZavandorState, observer: int) -> ZavandorState:
        """A copy of the world `state` that records reveals for `observer` (their own soil
        samples and draws too, as a world sampled from their observation does), on the
        engine of `state`; for the evaluation-only oracle's tree and its reuse."""
        world = as_reference(state.copy())
        if world.observer != WORLD:
            raise ValdoraError("only a world (the true state) can be seen by a seat")
        world.viewer = check_seat(self.num_players, observer)
        return _on_engine_of(state, world)

    def future_sampler(self, state: ZavandorState) -> Callable[[Any], ZavandorState]:
        """Copies of the world `state` with every tile and card no player knows drawn
        afresh (info.present_of, info.fill_unknown), on the engine of `state`, recording
        reveals for the same viewer: the present as the players know it, a future
        nobody knows."""
        return engines.future_sampler(info.present_of(as_reference(state)), state)

    def describe_step(self, state: ZavandorState, step: int) -> str:
        return notation.describe_step(as_reference(state), step)

    def step_kind(self, step: int) -> str:
        return S.kind(step)

    def parse_turn(self, state: ZavandorState, text: str) -> list[int]:
        return notation.parse_turn(as_reference(state), text)

    def parse_step(self, state: ZavandorState, token: str) -> int:
        """The legal step one token names, in the middle of a turn (notation.parse_step)."""
        return notation.parse_step(as_reference(state), token)

    def format_turn(self, state: ZavandorState, steps: list[int]) -> str:
        return notation.format_turn(as_reference(state), steps)

    def position_to_json(self, state: ZavandorState) -> dict[str, Any]:
        return position.position_to_json(as_reference(state))

    def position_from_json(self, document: Any) -> ZavandorState:
        state = position.position_from_json(document, self.data)
        if state.n != self.num_players:
            raise PositionError(f"a {state.n}-player position for a {self.num_players}-player"
                                " game", where="players")
        return engines.from_reference(state)  # type: ignore[no-any-return]

    def greedy_step(self, state: ZavandorState, rng: Any) -> int:
        """heuristics.greedy_step (a compiled world runs its C port: the same steps)."""
        fast = engines.compiled(state)
        if fast is not None:
            return int(fast.greedy_step(rng))
        return heuristics.greedy_step(state, rng)

    def quick_step(self, state: ZavandorState, rng: Any) -> int:
        """The former greedy policy (``rollout=quick``, heuristics.quick_step; a compiled
        world runs its C port: the same steps), kept to measure greedy against."""
        fast = engines.compiled(state)
        if fast is not None:
            return int(fast.quick_step(rng))
        return heuristics.quick_step(state, rng)

    policy_names = staticmethod(styles.policy_names)

    def make_policy(self, name: str) -> Policy:
        """A fresh policy object of style `name`; its ``step(state, rng)`` plays from what
        the player to move knows, on any state (a world, of either engine, or a belief)."""
        if name not in styles.policy_names():
            raise ValdoraError(f"The Gnomes of Zavandor has no playing style {name!r} "
                               f"(known: {', '.join(styles.policy_names())})")
        return styles.make_policy(name)

    def estimate_final_scores(self, state: ZavandorState) -> list[float]:
        """heuristics.estimate_final_scores (a compiled world runs its C port: the same
        floats)."""
        fast = engines.compiled(state)
        if fast is not None:
            return list(fast.estimate_final_scores())
        return heuristics.estimate_final_scores(state)

    def step_words(self, state: ZavandorState, step: int) -> str:
        """The step in the rulebook's words (see valdora_ai.games.zavandor.words)."""
        from valdora_ai.games.zavandor.words import step_words

        return step_words(state, step)

    def step_target(self, state: Any, step: int) -> str:
        """The picture's element the step acts on (see valdora_ai.games.zavandor.targets):
        a district space, a market row, a card, a pile, a trader, a part of the mover's band;
        "" only for a chance step."""
        from valdora_ai.games.zavandor.targets import step_target

        return step_target(state, step)

    def describe_turn(self, state: ZavandorState, steps: list[int]) -> list[str]:
        """What the turn does, in sentences (see valdora_ai.games.zavandor.explain)."""
        return explain.describe_turn(state, steps)

    def render_svg(self, state: ZavandorState, observer: int | None = None) -> str:
        """The board picture (see valdora_ai.games.zavandor.svg)."""
        return svg.board_svg(state, observer=observer)

    def observation_tensor_size(self) -> int:
        """The length of :meth:`observation_tensor` vectors (see games.zavandor.tensor)."""
        return tensor.tensor_size(self.data, self.num_players)

    def observation_tensor(self, observation: info.Observation) -> np.ndarray:
        """`observation` as a fixed-length float32 vector, the observer's seat first."""
        return tensor.encode(observation, self.data)

    # service hooks (valdora_ai.games.base.ServiceHooks; GameBase has the defaults, among
    # them a turn)
    def round_count(self, state: ZavandorState) -> int:
        """Rounds completed: the game ends after its last action round, unmined."""
        return int(state.round) if state.is_terminal() else int(state.round) - 1

    def decisions_left(self, observation: info.Observation) -> int:
        """The observer's decisions still to come, from the leader's distance to the
        victory points that end the game: about :data:`DECISIONS_PER_VP` each; once the
        end is triggered, the rest of the round."""
        state = observation.belief_state()
        if state.end_triggered:
            return DECISIONS_AFTER_END
        distance = max(state.target_vp() - max(state.scores()), 0)
        return DECISIONS_AFTER_END + round(DECISIONS_PER_VP * distance)

    def capped(self, state: ZavandorState) -> bool:
        return as_reference(state).capped

    def winners(self, state: ZavandorState) -> list[int]:
        return as_reference(state).winners()

    def score_rows(self, state: ZavandorState) -> list[tuple[int, ...]]:
        reference = as_reference(state)
        rows: list[tuple[int, ...]] = []
        for seat in range(reference.n):
            points = {"tile": sum(reference.data.tiles[t].vp for t in reference.tiles[seat]),
                      "artifact": 0, "jewel": 0}
            for deck, ident in reference.owned[seat]:
                points["jewel" if deck else "artifact"] += reference.card(deck, ident).vp
            rows.append((points["tile"], points["artifact"], points["jewel"],
                         reference.vp(seat), reference.tiebreak_gold(seat)))
        return rows

    def who_moves(self, state: ZavandorState) -> str:
        player = state.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return "a reveal (chance) is pending"
        return f"seat {player} {PHASE_WORDS[as_reference(state).phase]}"

    def position_summary(self, state: ZavandorState) -> str:
        reference = as_reference(state)
        kind = ("world (every tile and card known)" if reference.observer == WORLD
                else f"belief of seat {reference.observer} (hidden tiles and cards unknown)")
        if reference.observer not in (WORLD, state.current_player) and state.current_player >= 0:
            kind += (f"; no search can play seat {state.current_player}'s turn from it (it "
                     f"needs seat {state.current_player}'s own view)")
        return f"round {reference.round}, {self.who_moves(state)}; {kind}"

    def position_view(self, observation: info.Observation, seats: tuple[str, ...],
                      width: int) -> list[Any]:
        from valdora_ai.games.zavandor.tables import position_view

        return position_view(observation, seats, width)

    def progress_view(self, observation: info.Observation,
                      seats: tuple[str, ...]) -> list[Any]:
        from valdora_ai.games.zavandor.tables import progress_view

        return progress_view(observation, seats)

    def data_tables(self) -> list[Any]:
        from valdora_ai.games.zavandor.data_tables import data_tables

        return data_tables(self.data)

    def data_summary(self) -> str:
        data = self.data
        return (f"{len(data.tiles)} tiles, {len(data.spaces)} spaces, "
                f"{len(data.decks[0])} artifacts, {len(data.decks[1])} jewelry, "
                f"{len(data.traders)} traders; sha256 {data.sha256[:12]}")


def _on_engine_of(state: ZavandorState, world: ZavandorState) -> ZavandorState:
    """The reference state `world` on the engine of `state`."""
    fast = engines.compiled(state)
    if fast is None:
        return world
    return type(fast).from_reference(world, False)  # type: ignore[return-value]
