"""The ``analyze_game`` action: a whole-game analysis streamed one turn at a time.

The request is checked at once (record, seat, agent and its budget against the
engine's limits); the job then runs in a worker like a search, writing a ``turn``
response for each review as soon as the positions around the turn are searched and
ending with the ``summary``; each review compares the played decision with the best
on ``worlds`` common sampled worlds. ``terminate`` stops it between two searches or inside
one; the summary then covers the turns reviewed so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from valdora_ai.analysis import SearchControl
from valdora_ai.engine.config import EngineConfig
from valdora_ai.engine.handlers import checked_agent
from valdora_ai.engine.positions import Games
from valdora_ai.engine.protocol import BAD_RECORD, EngineError, RequestId
from valdora_ai.errors import ValdoraError
from valdora_ai.game_analysis import DEFAULT_AGENT, DEFAULT_WORLDS, GameAnalysis, GameAnalyzer

Emit = Callable[[dict[str, Any]], None]


@dataclass
class GameReviewJob:
    """A checked analyze_game request, ready to run in a worker thread."""

    rid: RequestId
    analyzer: GameAnalyzer
    emit: Emit
    report_every: float = 0.0  # the reviews stream themselves: no timed reports

    @property
    def searches(self) -> int:
        """The positions searched: the engine's watchdog allows its limit for each."""
        return len(self.analyzer.indices)

    def run(self, control: SearchControl) -> GameAnalysis:
        for review in self.analyzer.stream(control=control):
            if review is not None:
                self.emit({"id": self.rid, "action": "analyze_game", "kind": "turn",
                           "review": review.to_json()})
        return self.analyzer.result()

    def response(self, result: GameAnalysis | None, *, terminated: bool = False
                 ) -> dict[str, Any]:
        """The summary (`result` None: stopped before it began)."""
        result = result or self.analyzer.result()
        document = result.to_json()
        return {"id": self.rid, "action": "analyze_game", "kind": "summary",
                "agent": result.agent, "terminated": terminated,
                "turns": len(result.reviews), "summary": document["summary"],
                "winChances": document["winChances"]}


def prepare_game_review(rid: RequestId, request: dict[str, Any], games: Games,
                        config: EngineConfig, emit: Emit) -> GameReviewJob:
    """Check an analyze_game request fully and build its job (EngineError if bad)."""
    replayed = games.replay(request["record"], request.get("game"))
    spec = request.get("agent", DEFAULT_AGENT)
    checked_agent(spec, replayed.game, config)
    try:
        analyzer = GameAnalyzer(replayed, spec, seat=request.get("seat"),
                                explain=bool(request.get("explain", False)),
                                rules_data=games.rules_data.get(replayed.game.name),
                                worlds=int(request.get("worlds", DEFAULT_WORLDS)))
    except ValdoraError as exc:
        raise EngineError(BAD_RECORD, str(exc), "seat") from None
    return GameReviewJob(rid=rid, analyzer=analyzer, emit=emit)
