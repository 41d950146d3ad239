"""The optional base class of a game: the default of every service hook.

A game subclasses :class:`GameBase`, names its :class:`~valdora_ai.games.GameType` as
``game_type`` and overrides the hooks it needs (as python-chess variants override the
base ``Board``'s); every other hook has a default built from the core contract alone,
so a new game plays everywhere before it writes any of them. Services call the hooks
as methods of :class:`~valdora_ai.games.base.Game`, so mypy checks each signature.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from valdora_ai.errors import NotationError, ValdoraError
from valdora_ai.games.base import Game, State
from valdora_ai.games.game_type import GameType
from valdora_ai.games.spelling import parse_named_step
from valdora_ai.inputs import brief

ASSUMED_TURN_STEPS = 64  # steps per turn assumed for a game that derives no bound


class GameBase(Game):
    """The service hooks' defaults (see :class:`~valdora_ai.games.base.ServiceHooks`).

    Default: a turn is the run of steps one seat plays before another seat moves; the
    game counts no rounds, has no safety cap, no score breakdown and no data file.
    """

    game_type: ClassVar[GameType]
    """The game's facts: its name and modes are read from here."""
    data: Any = None
    score_columns: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.game_type.name

    @property
    def chance_mode(self) -> str:
        return self.game_type.chance_mode

    @property
    def information(self) -> str:
        return self.game_type.information

    def turn_count(self, state: Any) -> int | None:
        return None

    def max_game_steps(self) -> int | None:
        """By default the turn bound times an assumed :data:`ASSUMED_TURN_STEPS` steps
        per turn; None when the rules set no turn bound."""
        turns = self.max_turns()
        return None if turns is None else turns * ASSUMED_TURN_STEPS

    def round_count(self, state: Any) -> int | None:
        return None

    def decisions_left(self, observation: Any) -> int | None:
        """None by default: the time manager assumes a typical number."""
        return None

    def capped(self, state: Any) -> bool:
        return False

    def winners(self, state: Any) -> list[int]:
        """By default the seats with the largest positive return."""
        returns = state.returns()
        best = max(returns)
        return [seat for seat, r in enumerate(returns) if r == best and r > 0]

    def score_rows(self, state: Any) -> list[tuple[int, ...]]:
        return [()] * self.num_players

    def who_moves(self, state: Any) -> str:
        return ""

    def position_summary(self, state: Any) -> str:
        return ""

    def position_view(self, observation: Any, seats: tuple[str, ...],
                      width: int) -> list[Any]:
        """By default the observer's belief state as position JSON, a field a row."""
        from rich.table import Table
        from rich.text import Text

        table = Table(show_header=False, box=None)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for field, value in self.position_to_json(observation.belief_state()).items():
            table.add_row(field, Text(json.dumps(value)))
        return [table]

    def progress_view(self, observation: Any, seats: tuple[str, ...]) -> list[Any]:
        """None by default: the turn so far is printed anyway."""
        return []

    def data_sha256(self) -> str:
        return "" if self.data is None else str(self.data.sha256)

    def data_source(self) -> str:
        return "" if self.data is None else str(self.data.source)

    def data_tables(self) -> list[Any]:
        return []

    def data_summary(self) -> str:
        return f"sha256 {self.data_sha256()[:12]}"

    def step_kind(self, step: int) -> str:
        """One kind, "step", for a game that names none."""
        return "step"

    def step_words(self, state: Any, step: int) -> str:
        """By default the step's notation token: a game without words still shows one."""
        return self.describe_step(state, step)

    def step_target(self, state: Any, step: int) -> str:
        """"" by default: a game whose picture marks no targets plays by buttons."""
        return ""

    def parse_step(self, state: Any, token: str) -> int:
        """By default the legal step whose ``describe_step`` is `token` in any letter
        case."""
        return parse_named_step(state, token, self.describe_step, self.step_kind)

    def parse_steps(self, state: Any, text: str) -> list[int]:
        """By default each token read by ``parse_step`` in turn, on a copy of `state`."""
        board, steps = state.copy(), []
        for token in text.split():
            if board.current_player != state.current_player:
                raise NotationError(f"{brief(token)} comes after the turn has ended")
            steps.append(self.parse_step(board, token))
            board.apply(steps[-1])
        return steps

    def world_seen_by(self, state: Any, observer: int) -> State:
        """By default a plain copy, right for a game whose reveals are all public."""
        world: State = state.copy()
        return world

    def __repr__(self) -> str:
        """The class, the table and the data file's name, e.g.
        ``ValdoraGame(players=4, data='valdora.toml')``."""
        data = "" if self.data is None else f", data={Path(self.data_source()).name!r}"
        return f"{type(self).__name__}(players={self.num_players}{data})"

    def future_sampler(self, state: Any) -> Callable[[Any], State]:
        """By default determinizations of seat 0's observation, which in a game whose
        seats share one belief state (``GameType.shared_belief``) keep everything anyone
        knows; a ValdoraError for a game with private information, whose default would
        redraw what only some player knows."""
        if not self.game_type.shared_belief:
            raise ValdoraError(f"{self.name} has private information but no "
                               "future_sampler: the default would redraw what only some "
                               "player knows")
        present = self.observation(state, 0)
        return lambda rng: self.determinize(present, rng)
