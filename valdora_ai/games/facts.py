"""The service hooks of any game (see :class:`valdora_ai.games.base.ServiceHooks`).

Services call these functions, never a game's rules: each uses the game's hook when it
has one and otherwise a default built from the core contract alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from valdora_ai.backend import Core, EngineStatus
from valdora_ai.errors import NotationError, ValdoraError
from valdora_ai.games.base import Game, State
from valdora_ai.games.spelling import named_step
from valdora_ai.inputs import brief


def turn_count(game: Game, state: State) -> int | None:
    """Turns completed, or None when the game does not count them (then a turn is one
    seat's run of steps)."""
    hook = getattr(game, "turn_count", None)
    return hook(state) if hook is not None else None


def turn_continues(game: Game, state: State, seat: int, start: int | None) -> bool:
    """Whether `seat`'s turn, begun when the turn count was `start` (see `turn_count`),
    goes on in `state`: the seat is still to move and the count has not grown."""
    if state.is_terminal() or state.current_player != seat:
        return False
    return start is None or turn_count(game, state) == start


ASSUMED_TURN_STEPS = 64  # steps per turn assumed for a game that derives no bound


def max_game_steps(game: Game) -> int | None:
    """The most steps one game can take (see ``ServiceHooks.max_game_steps``); for a
    game without the hook, its turn bound times an assumed :data:`ASSUMED_TURN_STEPS`
    per turn; None when the rules set no turn bound."""
    hook = getattr(game, "max_game_steps", None)
    if hook is not None:
        steps = hook()
        return None if steps is None else int(steps)
    turns = game.max_turns()
    return None if turns is None else turns * ASSUMED_TURN_STEPS


def round_count(game: Game, state: State) -> int | None:
    """Rounds completed, or None when the game does not count them."""
    hook = getattr(game, "round_count", None)
    return hook(state) if hook is not None else None


def capped(game: Game, state: State) -> bool:
    hook = getattr(game, "capped", None)
    return bool(hook(state)) if hook is not None else False


def winners(game: Game, state: State) -> list[int]:
    """The winners; by default the seats with the largest positive return."""
    hook = getattr(game, "winners", None)
    if hook is not None:
        return list(hook(state))
    returns = state.returns()
    best = max(returns)
    return [seat for seat, r in enumerate(returns) if r == best and r > 0]


def score_columns(game: Game) -> tuple[str, ...]:
    return tuple(getattr(game, "score_columns", ()))


def score_rows(game: Game, state: State) -> list[tuple[int, ...]]:
    """Each seat's score by `score_columns` (empty rows when the game gives no
    breakdown)."""
    hook = getattr(game, "score_rows", None)
    if hook is None:
        return [()] * game.num_players
    return [tuple(row) for row in hook(state)]


def data_sha256(game: Game) -> str:
    """The checksum of the component data file in use ("" for a game without one)."""
    return str(getattr(getattr(game, "data", None), "sha256", ""))


def data_source(game: Game) -> str:
    return str(getattr(getattr(game, "data", None), "source", ""))


def data_summary(game: Game) -> str:
    hook = getattr(game, "data_summary", None)
    return str(hook()) if hook is not None else f"sha256 {data_sha256(game)[:12]}"


def data_tables(game: Game) -> list[Any]:
    hook = getattr(game, "data_tables", None)
    return list(hook()) if hook is not None else []


def who_moves(game: Game, state: State) -> str:
    """Who is to move, in the game's words ("" when the game has none)."""
    hook = getattr(game, "who_moves", None)
    return str(hook(state)) if hook is not None else ""


def parse_step(game: Game, state: State, token: str) -> int:
    """The legal step one token names (see ``ServiceHooks.parse_step``); by default the
    one whose ``describe_step`` is `token` in any letter case."""
    hook = getattr(game, "parse_step", None)
    if hook is not None:
        return int(hook(state, token))
    step = named_step(state, token, game.describe_step)
    if step is None:
        legal = ", ".join(game.describe_step(state, s) for s in state.legal_steps())
        raise NotationError(f"{brief(token)} is not a legal step here (legal: {legal})")
    return step


def parse_steps(game: Game, state: State, text: str) -> list[int]:
    """The steps of tokens typed in the middle of a turn (see
    ``ServiceHooks.parse_steps``; by default each token read by :func:`parse_step`),
    checked on a copy of `state`: a NotationError for a token after the turn's end."""
    hook = getattr(game, "parse_steps", None)
    tokens = text.split()
    parsed = list(hook(state, text)) if hook is not None else None
    board, steps, seat = state.copy(), [], state.current_player
    for index in range(len(tokens) if parsed is None else len(parsed)):
        if board.current_player != seat:
            shown = tokens[min(index, len(tokens) - 1)]
            raise NotationError(f"{brief(shown)} comes after the turn has ended")
        step = parse_step(game, board, tokens[index]) if parsed is None else parsed[index]
        board.apply(step)
        steps.append(step)
    return steps


def position_summary(game: Game, state: State) -> str:
    """A position summarised for `valdora position check` ("" when the game has none)."""
    hook = getattr(game, "position_summary", None)
    return str(hook(state)) if hook is not None else ""


def position_view(game: Game, observation: Any, seats: tuple[str, ...],
                  width: int) -> list[Any]:
    """Rich renderables of the table a person sees before their turn; by default the
    observer's belief state as position JSON."""
    hook = getattr(game, "position_view", None)
    if hook is not None:
        return list(hook(observation, seats, width))
    from rich.pretty import Pretty

    return [Pretty(game.position_to_json(observation.belief_state()))]


def progress_view(game: Game, observation: Any, seats: tuple[str, ...]) -> list[Any]:
    """Rich renderables of what changed for a person during their turn (none by
    default: the turn so far is printed anyway)."""
    hook = getattr(game, "progress_view", None)
    return list(hook(observation, seats)) if hook is not None else []


def compiled_core(game: Game) -> Core[Any] | None:
    """The game's compiled core (:class:`valdora_ai.backend.Core`), or None for a game
    with the reference engine only."""
    core: Core[Any] | None = getattr(game, "compiled_core", None)
    return core


def engine_status(game: Game) -> EngineStatus:
    """Which engine runs `game` and why (without warning or raising)."""
    core = compiled_core(game)
    if core is None:
        return EngineStatus("pure", "no compiled core", None, None)
    return core.status()


def render_svg(game: Game, state: State, observer: int | None) -> str:
    """The game's SVG picture of `state` (ValdoraError for a game that draws none)."""
    hook = getattr(game, "render_svg", None)
    if hook is None:
        raise ValdoraError(f"{game.name} positions cannot be drawn yet (the game has no "
                           "render_svg)")
    return str(hook(state, observer=observer))


def shared_belief(game: Game) -> bool:
    """Whether one belief state is every seat's information set: false in a game with
    private information, where a seat's belief holds that seat's secrets and another
    seat may not observe it (OpenSpiel's belief mode needs it true)."""
    belief = game.observation(game.new_state(1), 0).belief_state()
    try:
        game.observation(belief, game.num_players - 1)
    except ValdoraError:
        return False
    return True


def world_seen_by(game: Game, state: State, observer: int) -> State:
    """A copy of the true world `state` revealing what `observer` sees (see
    ``ServiceHooks.world_seen_by``); a plain copy for a game without the hook."""
    hook = getattr(game, "world_seen_by", None)
    return hook(state, observer) if hook is not None else state.copy()


def future_sampler(game: Game, state: State) -> Callable[[Any], State]:
    """``game.future_sampler(state)`` (see ``ServiceHooks.future_sampler``): the game's
    hook, else determinizations of seat 0's observation, which in a game whose seats
    share one belief state (:func:`shared_belief`) keep everything anyone knows; a
    ValdoraError for a game with private information and no hook, whose default would
    redraw what only some player knows."""
    hook = getattr(game, "future_sampler", None)
    if hook is not None:
        return hook(state)  # type: ignore[no-any-return]
    if not shared_belief(game):
        raise ValdoraError(f"{game.name} has private information but no future_sampler: "
                           "the default would redraw what only some player knows")
    present = game.observation(state, 0)
    return lambda rng: game.determinize(present, rng)
