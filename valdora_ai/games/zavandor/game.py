"""The Gnomes of Zavandor game object: its facts, setup, and the hooks agents use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from valdora_ai.backend import make_rng
from valdora_ai.errors import PositionError, ValdoraError
from valdora_ai.games.observing import check_seat
from valdora_ai.games.token_turns import apply_recording
from valdora_ai.games.zavandor import engines, heuristics, info, notation, position
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import (
    Options,
    ZavandorData,
    default_data,
    load_data,
    parse_options,
)
from valdora_ai.games.zavandor.rules import ZavandorState


def reference(state: Any) -> ZavandorState:
    """`state` as a reference state, for every hook that reads a state's internals
    (positions, notation, observations, pictures, tables): the one conversion point."""
    return engines.as_reference(state)


class ZavandorGame:
    """The Gnomes of Zavandor for 2 to 4 players.

    Options (keyword arguments) are the design doc's switches and the expert discount
    rule: ``expert_discount``, ``prism_raises_price``, ``emero_floor``,
    ``hoover_per_gem``, ``max_rounds``; their defaults come from the data file.
    """

    name = "zavandor"
    chance_mode = "explicit"
    information = "imperfect"
    compiled_core = True

    def __init__(self, players: int = 3,
                 rules_data: str | Path | ZavandorData | None = None,
                 **options: Any) -> None:
        if isinstance(rules_data, ZavandorData):
            self.data = rules_data
        else:
            self.data = default_data() if rules_data is None else load_data(rules_data)
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.data.players_min <= players <= self.data.players_max):
            raise ValdoraError(f"The Gnomes of Zavandor is for {self.data.players_min} to "
                               f"{self.data.players_max} players, not {players}")
        self.num_players = players
        self.options: Options = parse_options(options, self.data.options)

    def new_state(self, seed: int) -> ZavandorState:
        """A fresh game: tiles laid out, piles shuffled, marker and start player drawn
        (a compiled world unless the pure engine is selected, see engines)."""
        return engines.new_state(  # type: ignore[no-any-return]
            self.data, self.options, self.num_players, make_rng(seed))

    def observation(self, state: ZavandorState, player: int) -> info.Observation:
        return info.observation(reference(state), check_seat(self.num_players, player))

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

    def determinize(self, observation: info.Observation, rng: Any) -> ZavandorState:
        """A world sampled by the reference (info.determinize), on the selected engine."""
        return engines.from_reference(  # type: ignore[no-any-return]
            info.determinize(observation, rng))

    def apply_revealing(self, state: ZavandorState, step: int) -> tuple[int, ...]:
        """Apply `step` to a world; return the chance steps its viewer's belief state
        would have passed through (what the step showed the viewer), in order (a
        compiled world records them in C)."""
        fast = engines.compiled(state)
        if fast is not None:
            return fast.apply_revealing(step)
        return apply_recording(state, step)

    def describe_step(self, state: ZavandorState, step: int) -> str:
        return notation.describe_step(reference(state), step)

    def parse_turn(self, state: ZavandorState, text: str) -> list[int]:
        return notation.parse_turn(reference(state), text)

    def format_turn(self, state: ZavandorState, steps: list[int]) -> str:
        return notation.format_turn(reference(state), steps)

    def position_to_json(self, state: ZavandorState) -> dict[str, Any]:
        return position.position_to_json(reference(state))

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

    def estimate_final_scores(self, state: ZavandorState) -> list[float]:
        """heuristics.estimate_final_scores (a compiled world runs its C port: the same
        floats)."""
        fast = engines.compiled(state)
        if fast is not None:
            return list(fast.estimate_final_scores())
        return heuristics.estimate_final_scores(state)

    def __repr__(self) -> str:
        return (f"ZavandorGame(players={self.num_players}, "
                f"data={Path(self.data.source).name!r})")
