"""Self-play: one complete game between agents, with an optional record.

Each agent sees only its own observation; an evaluation-only agent that declares
``needs_true_state`` (``oracle-ismcts``) is handed a copy of the true state too. This
runner is the only place that does so. A turn is played step by step; the whole
turn is then written in the notation, to the record and to the `on_turn` callback.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path

from valdora_ai.agents import Agent, make_agent
from valdora_ai.atomic import atomic_write
from valdora_ai.clock import Flagged, SeatClock
from valdora_ai.errors import ValdoraError
from valdora_ai.games import Game, State, facts
from valdora_ai.records import RecordHeader, RecordWriter
from valdora_ai.rng import derive_seed

TurnCallback = Callable[[int, int, str, State], None]


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the score per seat (broken down by `columns` when the game
    does), the winners, and its length (`rounds` is None for a game without rounds);
    `forfeit` is the seat that lost it by forfeit (a loss on time), None otherwise."""

    seed: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    rounds: int | None
    turns: int
    capped: bool
    forfeit: int | None = None

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @classmethod
    def of(cls, game: Game, state: State, seed: int, seats: tuple[str, ...],
           turns: int) -> GameResult:
        """The result of `state` (finished or not) as the game reports it."""
        return cls(seed=seed, seats=seats, totals=tuple(state.scores()),
                   columns=game.score_columns,
                   rows=tuple(game.score_rows(state)),
                   winners=tuple(game.winners(state)) if state.is_terminal() else (),
                   rounds=game.round_count(state),
                   turns=game.turn_count(state) or turns, capped=game.capped(state))

    def forfeited(self, seat: int) -> GameResult:
        """This result of a game as it stood when `seat` lost it by forfeit (a failed
        engine, a loss on time): the best of the other seats by score win it. One rule
        for tournaments and the tables where people play."""
        others = [s for s in range(len(self.totals)) if s != seat]
        best = max(self.totals[s] for s in others)
        return replace(self, winners=tuple(s for s in others if self.totals[s] == best),
                       capped=False, forfeit=seat)


def decide(game: Game, agent: Agent, state: State, seat: int,
           clock: SeatClock | None = None) -> int:
    """`agent`'s step for `seat` from its observation, and for an agent that needs it
    (evaluation only) a copy of the true state. With the seat's `clock` the agent is
    shown it and charged the decision's time (observation included); Flagged if the
    seat overran it."""
    if clock is None:
        return _decide(game, agent, state, seat)
    agent.clock = clock.reading()
    left, start = clock.remaining, time.perf_counter()
    step = _decide(game, agent, state, seat)
    used = time.perf_counter() - start
    if clock.charge(used):
        raise Flagged(seat, used, left, clock.margin)
    return step


def _decide(game: Game, agent: Agent, state: State, seat: int) -> int:
    observation = game.observation(state, seat)
    if agent.needs_true_state:
        return agent.choose_in_world(observation, state.copy())
    return agent.choose(observation)


def play_turn(game: Game, state: State, choose: Callable[[int], int]) -> list[int]:
    """Play one whole turn on `state` (see `facts.turn_continues`); `choose(seat)` gives
    each step. Returns the steps."""
    seat, start = state.current_player, game.turn_count(state)
    steps: list[int] = []
    while not steps or facts.turn_continues(game, state, seat, start):
        step = choose(seat)
        state.play(step)
        steps.append(step)
    return steps


def play_game(game: Game, seats: Sequence[str | Agent], seed: int, *,
              record: str | Path | None = None,
              on_turn: TurnCallback | None = None,
              clocks: Sequence[SeatClock] | None = None) -> GameResult:
    """Play one game from `seed`; seat i is played by `seats[i]` (an agent or a spec),
    on the clock `clocks[i]` when clocks are given (Flagged when a seat overruns it).

    Agents built from specs get the seed `seed + seat` unless their spec sets one.
    The record is written atomically: it appears, complete, when the game ends; if the
    game stops early (an error, Ctrl-C) a file already at `record` is left as it was.
    """
    if len(seats) != game.num_players:
        raise ValdoraError(f"{game.num_players} players need {game.num_players} seats, "
                           f"got {len(seats)}")
    agents = [s if isinstance(s, Agent) else make_agent(s, game, seed=derive_seed(seed, i))
              for i, s in enumerate(seats)]
    specs = tuple(a.spec for a in agents)
    state = game.new_state(seed)
    turns = 0
    with atomic_write(record) if record is not None else nullcontext() as stream:
        writer = (RecordWriter(stream, RecordHeader(game.name, seed, game.num_players, specs,
                                                    game.data_sha256()))
                  if stream else None)
        while not state.is_terminal():
            seat, start = state.current_player, state.copy()
            rounds = game.round_count(start)
            steps = play_turn(game, state, lambda p: decide(
                game, agents[p], state, p, None if clocks is None else clocks[p]))
            turns += 1
            play = game.format_turn(start, steps)
            if writer:
                writer.turn(turns, None if rounds is None else rounds + 1, seat, play)
            if on_turn:
                on_turn(turns, seat, play, state)
        if writer:
            writer.result(game, state)
    return GameResult.of(game, state, seed, specs, turns)
