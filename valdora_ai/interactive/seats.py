"""Who sits where: human seats, and the agents that play bot seats and give hints.

In an interactive game every bot turn is decided by a *fresh* agent whose seed is
derived from the seat's seed and the turn number. A bot's choices then depend only on
the position and the turn, never on how many decisions its generator made before, so
taking a turn back (undo) or continuing a saved game (resume) replays the game
exactly and a bot answers a repeated move with the same reply.
"""

from __future__ import annotations

from valdora_ai.agents import Agent, make_agent, parse_spec, refuse_world_seer
from valdora_ai.games.base import Game
from valdora_ai.rng import derive_seed

HUMAN = "human"  # the seat spec of a person at the terminal
_SEED_SPACE = 1 << 63
_TURN_MIX = 1_000_003  # a prime: different (seed, turn) pairs rarely share a seed


def is_human(spec: str) -> bool:
    return spec.strip() == HUMAN


def seat_specs(game: Game, seats: list[str], seed: int) -> tuple[str, ...]:
    """The record's seat specs: `human`, or the bot's spec with its seat seed fixed.

    As in self-play, a bot spec without a seed gets `seed + seat`; the returned spec
    says so (SpecError for a bad spec, and for an evaluation-only agent that sees the
    hidden cards: an interactive game is played with people), so a resumed game rebuilds
    the same bots.
    """
    return tuple(HUMAN if is_human(spec) else _bot(game, spec, derive_seed(seed, seat)).spec
                 for seat, spec in enumerate(seats))


def _bot(game: Game, spec: str, seed: int) -> Agent:
    agent = make_agent(spec, game, seed=seed)
    refuse_world_seer(agent, "interactive play")
    return agent


def turn_seed(base: int, turn: int) -> int:
    """The seed of an agent deciding turn `turn` (1-based) for a seat seeded `base`."""
    return (base * _TURN_MIX + turn) % _SEED_SPACE


def agent_for_turn(spec: str, game: Game, turn: int) -> Agent:
    """A fresh agent for one turn, seeded from the spec's seed and the turn number."""
    cls, params = parse_spec(spec)
    if "seed" in cls.PARAMS:
        base = params.get("seed", cls.PARAMS["seed"].default)
        params["seed"] = turn_seed(int(base), turn)  # type: ignore[call-overload]
    return cls(game, **params)
