"""valdora_ai: AI opponents for hidden-information board games (Valdora, The Gnomes of
Zavandor, The Valley of Alchemists, and games that plug in).

The public API, in one place::

    import valdora_ai as va

    game = va.make_game("valdora", players=3)     # the game registry
    state = game.new_state(seed=1)                 # a seeded setup (the true world)
    obs = game.observation(state, player=0)        # what seat 0 knows
    world = game.determinize(obs, va.make_rng(7))  # one world consistent with it
    agent = va.make_agent("greedy:seed=3", game)   # agents from spec strings
    result = va.play_game(game, ["greedy", "greedy", "random"], seed=1)
    replayed = va.replay("game.jsonl")             # check and re-play a record
    report = va.run_tournament(["greedy", "random"], games=12)  # a resumable tournament
    analysis = va.suggest(position, agent="ismcts:iterations=500")  # ranked moves

Errors caused by bad input are :class:`ValdoraError` subclasses with a one-line
message naming what is wrong and where.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from valdora_ai._version import __version__

# Public name -> module that defines it; imported on first use to keep start-up light.
_EXPORTS = {
    "make_game": "valdora_ai.games",
    "game_names": "valdora_ai.games",
    "player_counts": "valdora_ai.games",
    "register_game": "valdora_ai.games",
    "game_type": "valdora_ai.games",
    "GameType": "valdora_ai.games",
    "make_agent": "valdora_ai.agents",
    "parse_spec": "valdora_ai.agents",
    "canonical_spec": "valdora_ai.agents",
    "agent_classes": "valdora_ai.agents",
    "Agent": "valdora_ai.agents",
    "Analysis": "valdora_ai.analysis",
    "Budget": "valdora_ai.analysis",
    "Candidate": "valdora_ai.analysis",
    "SearchControl": "valdora_ai.analysis",
    "play_game": "valdora_ai.selfplay",
    "GameResult": "valdora_ai.selfplay",
    "replay": "valdora_ai.records",
    "load_position": "valdora_ai.positions",
    "run_tournament": "valdora_ai.tournament",
    "load_report": "valdora_ai.tournament",
    "TournamentError": "valdora_ai.tournament",
    "suggest": "valdora_ai.suggestions",
    "candidate_turn": "valdora_ai.suggestions",
    "load_data": "valdora_ai.games.valdora.data",
    "make_rng": "valdora_ai.backend",
    "CHANCE": "valdora_ai.games.base",
    "TERMINAL": "valdora_ai.games.base",
    "ValdoraError": "valdora_ai.errors",
    "DataError": "valdora_ai.errors",
    "PositionError": "valdora_ai.errors",
    "RecordError": "valdora_ai.errors",
    "IllegalMoveError": "valdora_ai.errors",
    "NotationError": "valdora_ai.errors",
    "SpecError": "valdora_ai.errors",
    "WriteError": "valdora_ai.errors",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'valdora_ai' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
