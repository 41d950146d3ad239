"""The game-agnostic contracts agents and services rely on.

Agents never import a game's rules: they see a :class:`Game` and its states through
these protocols (as OpenSpiel's algorithms see ``pyspiel.State``), so a second game
plugs in through the registry in :mod:`valdora_ai.games` without touching them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

CHANCE = -1  # `State.current_player` at a chance node
TERMINAL = -2  # `State.current_player` once the game is over


class State(Protocol):
    """One position. Steps are small integers; chance outcomes are steps too."""

    @property
    def current_player(self) -> int: ...
    def legal_steps(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply(self, step: int) -> None: ...
    def play(self, step: int) -> None: ...
    def copy(self) -> State: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def scores(self) -> list[int]: ...
    def returns(self) -> list[float]:
        """The game's result per seat: win shares (1 split among the winners) once the
        game is over, zeros before (as OpenSpiel's ``returns`` before the end). Search
        agents value unfinished states with the game's estimate, never this."""
        ...


class Observation(Protocol):
    """What one player knows: never the hidden part of the true state."""

    @property
    def observer(self) -> int: ...
    def belief_state(self) -> State: ...
    def key(self) -> tuple[Any, ...]:
        """A hashable information-state key: equal exactly when two observations are
        (same observer, same public position); ``==`` and ``hash`` use it."""
        ...


class Policy(Protocol):
    """A named playing style of a game: the next step for the player to move.

    It may remember what it planned between calls, so each player gets its own."""

    def step(self, state: Any, rng: Any) -> int: ...


class ServiceHooks(Protocol):
    """The hooks the services (self-play, records, tables, the CLI) call on every game:
    part of :class:`Game`. :class:`valdora_ai.games.game_base.GameBase` gives the
    default of each, so a game that subclasses it plays everywhere before it writes any
    of them, and overrides what it needs.

    Default: a turn is the run of steps one seat plays before another seat moves.
    """

    data: Any  # the component data in use: `.source` (its path) and `.sha256`
    score_columns: tuple[str, ...]  # the parts of a final score, for result tables

    def turn_count(self, state: Any) -> int | None:
        """Turns completed in `state`: a turn (one record line) ends when this grows;
        None when the game does not count them (then a turn is one seat's run of steps)."""
        ...

    def max_game_steps(self) -> int | None:
        """The most steps one game can take from its start: every decision and every
        chance outcome a belief state passes through, derived from the rules and the
        component data (a proven bound, not an observed one); None if the rules set no
        bound. Frameworks size their length bound with it (OpenSpiel's
        ``max_game_length``)."""
        ...

    def round_count(self, state: Any) -> int | None:
        """Rounds completed in `state` (0 before the first round ends); None when the
        game does not count them."""
        ...

    def decisions_left(self, observation: Any) -> int | None:
        """About how many decisions the observer still has to make in this game, this
        one included (an estimate from the game's progress, for time management under
        a clock); None when the game cannot tell."""
        ...

    def capped(self, state: Any) -> bool:
        """True when the game ended at a safety cap rather than by its rules' end."""
        ...

    def winners(self, state: Any) -> list[int]:
        """The winning seats of a finished game (several share a tie)."""
        ...

    def score_rows(self, state: Any) -> list[tuple[int, ...]]:
        """Each seat's score broken down by `score_columns` (all seats at once: the
        learned evaluation reads them at every play-out cut-off)."""
        ...

    def who_moves(self, state: Any) -> str:
        """Who is to move (and in which phase), for `valdora position legal` ("" when
        the game has no words for it)."""
        ...

    def position_summary(self, state: Any) -> str:
        """Round, who moves and what kind of position, for `valdora position check`
        ("" when the game has none)."""
        ...

    def position_view(self, observation: Any, seats: tuple[str, ...],
                      width: int) -> list[Any]:
        """Rich renderables of the table a person at the terminal sees before their turn
        (only what `observation` holds), `width` columns wide."""
        ...

    def progress_view(self, observation: Any, seats: tuple[str, ...]) -> list[Any]:
        """Rich renderables of what changed for the person during their turn."""
        ...

    def data_sha256(self) -> str:
        """The checksum of the component data file in use ("" for a game without one)."""
        ...

    def data_source(self) -> str:
        """The path of the component data file in use ("" for a game without one)."""
        ...

    def data_tables(self) -> list[Any]:
        """Rich renderables of the component data in use (`valdora data show`)."""
        ...

    def data_summary(self) -> str:
        """One line counting what the data file holds (`valdora data check`)."""
        ...

    def step_kind(self, step: int) -> str:
        """The kind of the step code `step` ("move", "buy_gem", ...): an illegal-step
        error lists the legal steps grouped by it (see valdora_ai.games.refusals)."""
        ...

    def step_words(self, state: Any, step: int) -> str:
        """`step` (legal in `state`, a chance outcome included) in plain words, in the
        board game's rulebook terms ("Buy 2 rubies for 8 gold"), for the terminal's
        menus, the web's buttons, suggestions and analyses, shown beside its notation
        token; distinct legal steps read differently. By default the token itself
        (``describe_step``), for a game that defines no words."""
        ...

    def step_target(self, state: Any, step: int) -> str:
        """The id of the element of the game's picture that `step` (legal in `state`)
        acts on (a district space, a card, a market row), which ``render_svg`` gives that
        element, so the browser table plays it by a click on the board (steps sharing an
        element open a menu of their words); "" when the picture has no such element
        (the step is a button beside the board: end the turn). By default "", for a game
        that marks no targets."""
        ...

    def parse_step(self, state: Any, token: str) -> int:
        """The legal step one token names in `state`, typed in the middle of a turn at
        the terminal (a NotationError when none does)."""
        ...

    def parse_steps(self, state: Any, text: str) -> list[int]:
        """The steps of space-separated tokens typed in the middle of a turn (by default
        each token read by ``parse_step`` in turn, a NotationError for one after the
        turn's end; a game whose turn notation reads more than that, such as the steps
        of one action in any order, reads them here as it reads a turn)."""
        ...

    def world_seen_by(self, state: Any, observer: int) -> State:
        """A copy of the true world `state` on which ``apply_revealing`` returns what
        `observer`'s belief state would pass through, their private reveals included (a
        sampled world does so by construction), for the evaluation-only oracle; by
        default a plain copy, right for a game whose reveals are all public."""
        ...

    def future_sampler(self, state: Any) -> Callable[[Any], State]:
        """A function of a generator returning a copy of the true world `state` in which
        everything some player holds or has seen stays as it is and only what no player
        can know (the order and content of face-down piles nobody has looked at, and
        similar future chance) is drawn afresh, uniformly over the arrangements
        consistent with all players' knowledge together; on the engine of `state`,
        recording reveals for the same viewer. For the evaluation-only oracle, which so
        knows the present but not the future; the present is read once, so a sample
        costs what a determinization does. By default determinizations of seat 0's
        observation: right for a game in which every player knows the same (Valdora,
        Alchemists); a game with private holdings must implement it."""
        ...


class Game(ServiceHooks, Protocol):
    """A game with its facts and the ways to make and inspect its states, and the
    service hooks (subclass :class:`valdora_ai.games.game_base.GameBase` for their
    defaults)."""

    num_players: int

    @property
    def name(self) -> str: ...
    @property
    def chance_mode(self) -> str:
        """``"explicit"``: chance nodes appear in belief states."""
        ...

    @property
    def information(self) -> str:
        """``"imperfect"`` or ``"perfect"``."""
        ...

    def new_state(self, seed: int) -> State: ...
    def observation(self, state: Any, player: int) -> Observation:
        """What seat `player` knows of `state`; a ValdoraError for a seat that does
        not exist (0 to num_players - 1)."""
        ...

    # The game's dimensions, for frameworks that size tables or tensors up front
    # (OpenSpiel's action-space size, chance fan-out and length bound).
    def num_distinct_steps(self) -> int:
        """Every step code, decision or chance outcome, lies in range(this)."""
        ...

    def max_chance_outcomes(self) -> int:
        """The most outcomes any chance node of this game can have."""
        ...

    def max_turns(self) -> int | None:
        """The most turns a game can last (all seats together), None if the rules set
        no bound."""
        ...

    def determinize(self, observation: Any, rng: Any) -> State: ...
    def describe_step(self, state: Any, step: int) -> str: ...
    def parse_turn(self, state: Any, text: str) -> list[int]: ...
    def position_to_json(self, state: Any) -> dict[str, Any]: ...
    def position_from_json(self, document: Any) -> State: ...
    # Used by the search agents (valdora_ai.search); a game without a heuristic can
    # return its current scores and a random legal step.
    def apply_revealing(self, state: Any, step: int) -> tuple[int, ...]:
        """Apply `step` to a world and return the chance steps a belief state would
        have passed through (the information the step made public), in order."""
        ...

    def estimate_final_scores(self, state: Any) -> list[float]: ...
    def greedy_step(self, state: Any, rng: Any) -> int: ...
    def format_turn(self, state: Any, steps: list[int]) -> str: ...


@runtime_checkable
class Explained(Protocol):
    """A game that can say in words what a turn does (explanations, game analysis).

    Optional: without it explanations quote the turn's notation."""

    def describe_turn(self, state: Any, steps: list[int]) -> list[str]:
        """Plain sentences saying what one turn (`steps`, from `state`, reveals included)
        does for the seat to move."""
        ...


@runtime_checkable
class Pictured(Protocol):
    """A game that can draw a position (``valdora render``, reports, frontends).

    Optional: services that need a picture refuse a game without one by name."""

    def render_svg(self, state: Any, observer: int | None = None) -> str:
        """A self-contained SVG picture of `state`, showing only what is public (and
        what `observer` knows, when given)."""
        ...


@runtime_checkable
class QuickPlayouts(Protocol):
    """A game with a cheaper play-out policy than its greedy one, the search's
    ``rollout=quick`` (Valdora: the greedy policy with less look-ahead; the Valley of
    Alchemists: its former greedy policy, one elixir at a time; Zavandor: its former
    greedy policy, which deferred every tile of a district to a closer rival). Optional:
    the search refuses ``rollout=quick`` for a game without it, by name."""

    def quick_step(self, state: Any, rng: Any) -> int: ...


@runtime_checkable
class Styled(Protocol):
    """A game with named playing styles besides greedy, for the style agents
    (``planner``, ``hoarder``: valdora_ai.agents.styles). Optional."""

    def policy_names(self) -> tuple[str, ...]: ...
    def make_policy(self, name: str) -> Policy: ...


@runtime_checkable
class Tensored(Protocol):
    """A game whose observations encode as fixed-length vectors, for the learning-framework
    adapters (valdora_ai.interop: PettingZoo, Gymnasium, OpenSpiel tensors). Optional:
    the adapters refuse a game without it by name."""

    def observation_tensor_size(self) -> int:
        """The length of every :meth:`observation_tensor` vector of this game instance."""
        ...

    def observation_tensor(self, observation: Any) -> np.ndarray:
        """`observation` as a fixed-length float32 vector holding only what the observer
        knows, so that networks and tabular learners can read it."""
        ...


class TensoredGame(Game, Tensored, Protocol):
    """A game the framework adapters can serve: the contract plus observation tensors."""
