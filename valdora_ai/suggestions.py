"""``suggest``: the best moves for the player to move in a position, ranked.

The one entry point for "what should I play here?" (``valdora suggest``, other
programs). The position may be a position document (dict), a path to a position
file, or a state; the agent sees only the observation of the player to move, so a
world position (hidden order included) and its public version give the same answer.
:func:`candidate_turn` writes a candidate as a whole turn: its principal variation
continued while the same player is to move, split into the **decision** (the player's
steps before the first reveal) and what the search's line did next in **one of its
sampled worlds** (the outcome revealed and the choices after it), written
``decision (sampled: ?face …)``: an outcome drawn in a sampled world is a possibility,
never a known fact, and never part of the advice.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from valdora_ai.agents import Agent, parse_spec, refuse_world_seer
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.errors import SpecError, ValdoraError
from valdora_ai.games import CHANCE, Game, facts
from valdora_ai.positions import load_position

__all__ = ["CandidateTurn", "candidate_line", "candidate_turn", "check_player_to_move",
           "load_position", "pv_sampled", "suggest"]


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


def split_decision(belief: Any, steps: list[int]) -> tuple[list[int], list[int]]:
    """`steps` (a turn's line from `belief`) cut before its first chance outcome: the
    player's decision, and the rest, which depends on an outcome not known yet."""
    board = belief.copy()
    for index, step in enumerate(steps):
        if board.is_chance_node():
            return steps[:index], steps[index:]
        board.apply(step)
    return list(steps), []


def pv_sampled(belief: Any, pv: tuple[int, ...]) -> list[bool]:
    """For each step of the line `pv` from the belief state `belief` (as far as it can
    be played there), whether it is a chance outcome: drawn in a sampled world, not
    known."""
    board = belief.copy()
    marks = []
    for step in pv:
        options = ([s for s, _ in board.chance_outcomes()] if board.is_chance_node()
                   else board.legal_steps())
        if step not in options:
            break
        marks.append(board.is_chance_node())
        board.apply(step)
    return marks


@dataclass(frozen=True)
class CandidateTurn:
    """A candidate as a turn: the decision, and the line's sampled rest (``""``: none)."""

    decision: str
    sampled: str
    steps: tuple[int, ...]  # the decision's steps
    words: tuple[str, ...]  # the decision's steps in words (the game's step_words)

    def text(self) -> str:
        """The turn in one string, the sampled rest marked as such."""
        return self.decision + (f" (sampled: {self.sampled})" if self.sampled else "")


def candidate_line(game: Game, belief: Any, candidate: Candidate) -> CandidateTurn:
    """The candidate's turn from the belief state `belief`, its decision apart from what
    followed in the sampled world its principal variation comes from."""
    steps, finished = candidate_steps(game, belief, candidate)
    decision, rest = split_decision(belief, steps)
    text = game.format_turn(belief, decision)
    words = facts.steps_words(game, belief, decision)
    if not rest:
        return CandidateTurn(text if finished else text + " …", "", tuple(decision), words)
    board = belief.copy()
    for step in decision:
        board.apply(step)
    tokens = []
    for step in rest:
        tokens.append(game.describe_step(board, step))
        board.apply(step)
    if not game.format_turn(belief, steps).endswith(tokens[-1]):
        tokens.pop()  # a closing step the notation leaves unwritten (Valdora's end)
    sampled = " ".join(tokens) + ("" if finished else " …")
    return CandidateTurn(text, sampled.strip(), tuple(decision), words)


def candidate_turn(game: Game, state: Any, candidate: Candidate) -> str:
    """The candidate as a turn: its PV while the same player is to move, what follows
    its first reveal marked ``(sampled: …)`` (see :func:`candidate_line`).

    Written on the public view of `state` (a world is turned into it), where the PV's
    reveals are chance steps.
    """
    belief = game.observation(state, state.current_player).belief_state()
    return candidate_line(game, belief, candidate).text()
