"""What each request does: version, legal, apply, and the preparation of searches.

Handlers receive a request already checked against its schema and either return the
response or raise :class:`~valdora_ai.engine.protocol.EngineError`. Searches
(``analyze``, ``move``) are prepared here, synchronously, so that every mistake in a
request is reported at once; :class:`SearchJob` then runs in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from valdora_ai import __version__
from valdora_ai.agents import Agent, agent_classes, make_agent, refuse_world_seer
from valdora_ai.agents.levels import LEVELS
from valdora_ai.agents.search_base import SearchAgent
from valdora_ai.analysis import Analysis, Budget, Candidate, SearchControl
from valdora_ai.clock import ClockReading
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import (
    BAD_AGENT,
    BUDGET_LIMIT,
    ILLEGAL_MOVE,
    NO_DECISION,
    NOT_TO_MOVE,
    PROTOCOL_VERSION,
    EngineError,
    RequestId,
)
from valdora_ai.errors import ValdoraError
from valdora_ai.explanations import explain
from valdora_ai.games import facts, game_names
from valdora_ai.games.base import Game, Observation, State
from valdora_ai.inputs import brief
from valdora_ai.suggestions import candidate_line, pv_sampled

LOCAL_ONLY = ("py:", "cmd:")  # specs a client may not send: the engine's operator names them


def version(rid: RequestId, config: EngineConfig) -> dict[str, Any]:
    """The handshake: who we are, what we serve, and the limits a client must respect."""
    return {"id": rid, "action": "version", "name": "valdora_ai", "version": __version__,
            "protocol": PROTOCOL_VERSION, "games": game_names(),
            "agents": sorted(name for name, cls in agent_classes().items()
                             if not cls.needs_true_state),
            "levels": len(LEVELS),
            "defaultAgent": config.default_agent,
            "limits": {"maxSeconds": config.max_seconds,
                       "maxIterations": config.max_iterations,
                       "maxLineBytes": config.max_line_bytes, "workers": config.workers}}


def status(state: State) -> tuple[str, int | None]:
    """("decision" | "chance" | "over", the seat to move or None)."""
    if state.is_terminal():
        return "over", None
    if state.is_chance_node():
        return "chance", None
    return "decision", state.current_player


def legal(rid: RequestId, request: dict[str, Any], games: Games) -> dict[str, Any]:
    """The legal steps of the position, or its chance outcomes with probabilities."""
    game, state = games.load(request)
    kind, to_move = status(state)
    if kind == "chance":
        steps = [{"step": s, "move": game.describe_step(state, s),
                  "words": game.step_words(state, s), "probability": p}
                 for s, p in state.chance_outcomes()]
    else:
        steps = [{"step": s, "move": game.describe_step(state, s),
                  "words": game.step_words(state, s)} for s in state.legal_steps()]
    return {"id": rid, "action": "legal", "status": kind, "toMove": to_move, "steps": steps}


def _options(state: State) -> list[int]:
    """The steps that may come next: chance outcomes at a chance node, else legal steps."""
    if state.is_chance_node():
        return [step for step, _ in state.chance_outcomes()]
    return state.legal_steps()


def _resolve(game: Game, state: State, move: str | float, field: str) -> int:
    """The legal step `move` (a token or a step integer) stands for in `state`."""
    options = _options(state)
    if not options:
        raise EngineError(ILLEGAL_MOVE, f"{move!r}: the game is over", field)
    if isinstance(move, str):
        tokens = {game.describe_step(state, s): s for s in options}
        step = tokens.get(move)
        if step is None:
            step = next((s for t, s in tokens.items() if t.lower() == move.lower()), None)
    else:
        step = int(move) if int(move) in options else None
    if step is None:
        raise EngineError(ILLEGAL_MOVE, facts.not_legal(game, state, brief(move, 120), options),
                          field)
    return step


def apply(rid: RequestId, request: dict[str, Any], games: Games) -> dict[str, Any]:
    """Play the request's steps (each checked) or whole turn; the resulting position."""
    game, state = games.load(request)
    applied = []
    if "turnNotation" in request:
        try:
            steps = game.parse_turn(state, request["turnNotation"])
        except ValdoraError as exc:
            raise EngineError(ILLEGAL_MOVE, str(exc), "turnNotation") from None
    else:
        steps = []
        for i, move in enumerate(request["steps"]):
            step = _resolve(game, state, move, f"steps[{i}]")
            applied.append(game.describe_step(state, step))
            state.apply(step)
    for step in steps:
        applied.append(game.describe_step(state, step))
        state.apply(step)
    kind, to_move = status(state)
    return {"id": rid, "action": "apply", "status": kind, "toMove": to_move,
            "applied": applied, "position": game.position_to_json(state)}


@dataclass
class SearchJob:
    """A checked analyze or move request, ready to run in a worker thread."""

    rid: RequestId
    action: str  # "analyze" or "move"
    game: Game
    observation: Observation
    agent: Agent
    budget: Budget
    top_k: int | None
    report_every: float
    explain: bool = False
    searches: ClassVar[int] = 1  # one search: the watchdog allows --max-seconds

    def run(self, control: SearchControl) -> Analysis:
        """The agent's analysis of the observation (in a worker thread)."""
        return self.agent.analyze(self.observation, self.budget, control)

    def response(self, analysis: Analysis | None, *, during: bool = False,
                 terminated: bool = False) -> dict[str, Any]:
        """The analyze or move response; `analysis` None: stopped before it began."""
        head = {"id": self.rid, "action": self.action}
        player = self.observation.observer
        if self.action == "move":
            step = None if analysis is None else self.agent.decide(analysis)
            move = None if step is None else self._tokens([step])[0]
            words = (None if step is None
                     else self.game.step_words(self.observation.belief_state(), step))
            chosen = None if analysis is None else analysis.best.to_json(player) | {"order": 0}
            return {**head, "player": player, "agent": self.agent.spec,
                    "terminated": terminated, "step": step, "move": move, "words": words,
                    "candidate": chosen}
        if analysis is None:
            analysis = Analysis(player=player, candidates=(), agent=self.agent.spec,
                                complete=False)
        explanation = None
        if self.explain and not during and analysis.candidates:
            explanation = explain(self.game, self.observation.belief_state(), analysis)
        if self.top_k is not None:
            analysis = analysis.top(self.top_k)
        body = analysis.to_json()
        belief = self.observation.belief_state()
        body["candidates"] = [
            self._candidate(belief, candidate, data)
            for candidate, data in zip(analysis.candidates, body["candidates"], strict=True)]
        if explanation is not None:
            body["explanation"] = explanation.to_json()
        return {**head, "isDuringSearch": during, "terminated": terminated, **body}

    def _candidate(self, belief: State, candidate: Candidate, data: dict[str, Any]
                   ) -> dict[str, Any]:
        """A candidate's figures with its turn: the decision, the sampled rest, and its
        principal variation written out, each chance outcome in it marked sampled."""
        line = candidate_line(self.game, belief, candidate)
        return {"step": candidate.step, "move": self._tokens([candidate.step])[0],
                "turn": line.text(),
                "decision": line.decision, "words": list(line.words),
                "sampled": line.sampled or None, **data,
                "pvMoves": self._tokens(list(candidate.pv)),
                "pvSampled": pv_sampled(belief, candidate.pv)}

    def _tokens(self, steps: list[int]) -> list[str]:
        """`steps` in the notation, from the observer's belief state, as far as legal."""
        state = self.observation.belief_state()
        tokens = []
        for step in steps:
            if step not in _options(state):
                break
            tokens.append(self.game.describe_step(state, step))
            state.apply(step)
        return tokens


def prepare_search(rid: RequestId, request: dict[str, Any], games: Games,
                   config: EngineConfig) -> SearchJob:
    """Check an analyze or move request fully and build its job (EngineError if bad)."""
    game, state = games.load(request)
    kind, to_move = status(state)
    if to_move is None:
        reason = "the game is over" if kind == "over" else \
            "a reveal (chance) is pending: apply one of its outcomes first"
        raise EngineError(NO_DECISION, f"nothing to decide: {reason}", None)
    player = int(request.get("player", to_move))
    if player != to_move:
        raise EngineError(NOT_TO_MOVE, f"seat {player} is not to move (seat {to_move} is)",
                          "player")
    try:
        observation = game.observation(state, player)
    except ValdoraError as exc:  # e.g. a belief position of another seat than the one to move
        raise EngineError(NOT_TO_MOVE, str(exc), "position") from None
    agent = checked_agent(request.get("agent", config.default_agent), game, config)
    clock = request.get("clock")
    if clock is not None:
        agent.clock = ClockReading(float(clock["remaining"]), float(clock.get("increment", 0)))
    return SearchJob(rid=rid, action=request["action"], game=game,
                     observation=observation, agent=agent,
                     budget=_budget(request.get("budget", {}), agent, config),
                     top_k=int(request["topK"]) if "topK" in request else None,
                     report_every=float(request.get("reportEvery", 0.0)),
                     explain=bool(request.get("explain", False)))


def checked_agent(spec: str, game: Game, config: EngineConfig) -> Agent:
    """The agent `spec` names, if it is valid, in one process and within the limits."""
    if spec != config.default_agent and spec.lstrip().startswith(LOCAL_ONLY):
        raise EngineError(BAD_AGENT, f"{spec!r}: py: and cmd: agents import code or run "
                                     "programs, so only --agent may name them", "agent")
    try:
        agent = make_agent(spec, game)
        refuse_world_seer(agent, "the engine's analyses")
    except (ValueError, TypeError) as exc:  # SpecError, or parameter values an agent refuses
        raise EngineError(BAD_AGENT, str(exc), "agent") from None
    if agent.params.get("jobs", 1) != 1:
        raise EngineError(BAD_AGENT, f"{spec!r}: jobs must be 1 here: searches in other "
                                     "processes cannot be stopped by terminate (the engine "
                                     "runs queries side by side itself, see --workers)", "agent")
    beyond = config.beyond_limits(agent.params)
    if beyond is not None:
        raise EngineError(BUDGET_LIMIT, f"{spec!r}: {beyond}", "agent")
    return agent


def _budget(budget: dict[str, Any], agent: Agent, config: EngineConfig) -> Budget:
    """The request's budget, checked against the limits; without one, the agent's own,
    its implicit iteration count (when the spec names none) cut to the limit."""
    iterations = budget.get("iterations")
    seconds = budget.get("seconds")
    if iterations is not None and iterations > config.max_iterations:
        raise EngineError(BUDGET_LIMIT, f"{iterations} iterations is beyond this engine's limit "
                                        f"of {config.max_iterations}", "budget.iterations")
    if seconds is not None and seconds > config.max_seconds:
        raise EngineError(BUDGET_LIMIT, f"{seconds} seconds is beyond this engine's limit of "
                                        f"{config.max_seconds}", "budget.seconds")
    if iterations is None and seconds is None and isinstance(agent, SearchAgent) \
            and agent.clock is None:  # under a clock the agent plans its own time
        own = agent.default_budget()
        if own.iterations is not None and own.iterations > config.max_iterations:
            return replace(own, iterations=config.max_iterations)
        return own
    return Budget(iterations=None if iterations is None else int(iterations),
                  seconds=None if seconds is None else float(seconds))
