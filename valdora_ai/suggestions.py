"""``suggest``: the best moves for the player to move in a position, ranked.

The one entry point for "what should I play here?" (``valdora suggest``, other
programs). The position may be a position document (dict), a path to a position
file, or a state; the agent sees only the observation of the player to move, so a
world position (hidden order included) and its public version give the same answer.
:func:`candidate_turn` writes a candidate as a whole turn: its principal variation
continued while the same player is to move (reveals included, as ``?face``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from valdora_ai.agents import Agent, parse_spec, refuse_world_seer
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.errors import SpecError, ValdoraError
from valdora_ai.games import CHANCE, Game
from valdora_ai.positions import load_position

__all__ = ["candidate_turn", "check_player_to_move", "load_position", "suggest"]


def suggest(position: Any, agent: str | Agent = "ismcts", budget: Budget | None = None, *,
            jobs: int | None = None, control: SearchControl | None = None,
            rules_data: str | Path | None = None, game: str | None = None) -> Analysis:
    """Ranked candidates for the player to move in `position`, best first.

    `position` is a position file's path, a position document or a state; a file or
    document names its game, which `game` (if given) must match; a state is Valdora's
    unless `game` names another.

    `agent` is a spec (``"ismcts:iterations=2000,seed=1"``) or an agent of the same
    game; `budget` overrides the spec's own; `jobs` sets root parallelism.
    """
    played, state = load_position(position, game, rules_data=rules_data)
    check_player_to_move(state)
    if isinstance(agent, str):
        cls, params = parse_spec(agent)
        if jobs is not None:
            if "jobs" not in cls.PARAMS:
                raise SpecError(f"{agent!r}: {cls.name} does not search, so it takes no jobs")
            params["jobs"] = jobs
        agent = cls(played, **params)
    refuse_world_seer(agent, "suggestions on a position")
    observation = played.observation(state, state.current_player)
    return agent.analyze(observation, budget, control)


def check_player_to_move(state: Any) -> None:
    """Refuse (ValdoraError) a position where no player is to move: the game is over or
    a reveal is pending."""
    if state.is_terminal():
        raise ValdoraError("the game is over: there is no move to suggest")
    if state.current_player == CHANCE:
        raise ValdoraError("a reveal is pending: resolve it (?face) before asking for a move")


def candidate_steps(game: Game, belief: Any, candidate: Candidate) -> tuple[list[int], bool]:
    """The candidate's PV steps while the same player is to move, from the belief state
    `belief`, and whether they finish the turn."""
    player = belief.current_player
    board = belief.copy()
    steps: list[int] = []
    for step in candidate.pv:
        if board.is_terminal() or board.current_player not in (player, CHANCE):
            break
        board.apply(step)
        steps.append(step)
    return steps, board.is_terminal() or board.current_player not in (player, CHANCE)


def candidate_turn(game: Game, state: Any, candidate: Candidate) -> str:
    """The candidate as a turn: its PV while the same player is to move.

    Written on the public view of `state` (a world is turned into it), where the PV's
    reveals are chance steps.
    """
    state = game.observation(state, state.current_player).belief_state()
    steps, finished = candidate_steps(game, state, candidate)
    text = game.format_turn(state, steps)
    return text if finished else text + " …"
