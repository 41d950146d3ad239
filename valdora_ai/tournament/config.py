"""What a tournament is: its entrants, game, players and seed, checked up front.

The :class:`TournamentSpec` identity (everything that changes the games played) is
stored in the database, so a run can only resume the tournament it started. Entrants
are kept as :func:`~valdora_ai.agents.canonical_spec` writes them, so a spec written
another way (spaces, key order, a trailing comma) is the same entrant.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from valdora_ai.agents import canonical_spec, make_agent
from valdora_ai.clock import DEFAULT_FLAG_MARGIN, MAX_CLOCK_SECONDS, TimeControl
from valdora_ai.errors import ValdoraError
from valdora_ai.games import DEFAULT_GAME, Game, game_type, make_game
from valdora_ai.rng import check_seed
from valdora_ai.tournament.seatings import Seating, tournament_design

MAX_GAMES = 10_000_000
"""Far past any series run here (the longest: 900 games): a larger count is a typo."""


class TournamentError(ValdoraError):
    """A tournament cannot run: bad entrants, a database of another one, no cluster."""


@dataclass(frozen=True)
class TournamentSpec:
    """The games a tournament plays: `games` is rounded up to whole blocks.

    Either `entrants` (distinct specs, seated by the block design) or a `lineup`: one
    spec per seat, repeats allowed, played in every rotation (the entrants are then
    its distinct specs; leave `entrants` empty).
    """

    entrants: tuple[str, ...]
    players: int = 0  # 0: one per lineup seat, else the game's default count
    games: int = 60
    seed: int = 1
    game: str = DEFAULT_GAME
    rules_data: str | None = None  # a component data file for the game, if not the default
    lineup: tuple[str, ...] = ()
    # One time control for every entrant, or one per entrant in their order (empty: no
    # clocks); a seat that overruns its clock by more than `flag_margin` seconds flags.
    time_controls: tuple[TimeControl, ...] = ()
    flag_margin: float = DEFAULT_FLAG_MARGIN
    design: tuple[Seating, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # One way of writing each spec, so cosmetic variants are the same tournament.
        object.__setattr__(self, "entrants", tuple(canonical_spec(s) for s in self.entrants))
        object.__setattr__(self, "lineup", tuple(canonical_spec(s) for s in self.lineup))
        if not self.players:
            object.__setattr__(self, "players", len(self.lineup) or
                               game_type(self.game).default_players)
        if self.lineup:
            if self.entrants:
                raise TournamentError("give either entrants (--agent) or a lineup (--seat), "
                                      "not both")
            if len(self.lineup) != self.players:
                raise TournamentError(f"a lineup needs one spec per seat: {self.players} "
                                      f"players, {len(self.lineup)} seats given (--seat)")
            object.__setattr__(self, "entrants", tuple(dict.fromkeys(self.lineup)))
        if len(self.entrants) < 2:
            raise TournamentError(f"a tournament needs at least two entrants (--agent), "
                                  f"got {len(self.entrants)}")
        seen: set[str] = set()
        for spec in self.entrants:
            if spec in seen:
                raise TournamentError(f"entrant {spec!r} is given twice; give each copy its "
                                      "own seed (greedy:seed=1, greedy:seed=2)")
            seen.add(spec)
        if not 1 <= self.games <= MAX_GAMES:
            raise TournamentError(f"--games must be from 1 to {MAX_GAMES}, got {self.games}")
        check_seed(self.seed, "--seed", TournamentError)
        self._check_clocks()
        game = self.make_game()
        for spec in self.entrants:
            make_agent(spec, game, seed=0)  # a bad spec fails here, before any game
        object.__setattr__(self, "design", tuple(tournament_design(
            len(self.entrants), self.players, self.lineup_indices())))

    def _check_clocks(self) -> None:
        """One time control stands for every entrant; otherwise one per entrant."""
        if len(self.time_controls) == 1:
            object.__setattr__(self, "time_controls",
                               self.time_controls * len(self.entrants))
        if self.time_controls and len(self.time_controls) != len(self.entrants):
            raise TournamentError(f"give one time control (--tc) for every entrant or one "
                                  f"per entrant: {len(self.entrants)} entrants, "
                                  f"{len(self.time_controls)} time controls")
        if not (math.isfinite(self.flag_margin) and 0 <= self.flag_margin <= MAX_CLOCK_SECONDS):
            raise TournamentError(f"--flag-margin must be from 0 to {MAX_CLOCK_SECONDS:g} "
                                  f"seconds, got {self.flag_margin}")

    def lineup_indices(self) -> tuple[int, ...]:
        """The lineup as entrant indices (empty without a lineup)."""
        return tuple(self.entrants.index(spec) for spec in self.lineup)

    def make_game(self) -> Game:
        options = {} if self.rules_data is None else {"rules_data": self.rules_data}
        return make_game(self.game, players=self.players, **options)

    @property
    def block_size(self) -> int:
        return len(self.design)

    @property
    def blocks(self) -> int:
        """Whole blocks needed for at least `games` games."""
        return math.ceil(self.games / self.block_size)

    def block_seed(self, block: int) -> int:
        """The setup seed of a block: a fixed function of the tournament seed."""
        digest = hashlib.sha256(f"{self.seed}/{block}".encode()).digest()
        return int.from_bytes(digest[:4], "big")

    def identity(self) -> dict[str, Any]:
        """Everything that decides which games are played (not how many)."""
        rules = None
        if self.rules_data is not None:
            try:
                rules = hashlib.sha256(Path(self.rules_data).read_bytes()).hexdigest()
            except OSError as exc:
                raise TournamentError(f"{self.rules_data}: {exc.strerror}") from None
        identity: dict[str, Any] = {"game": self.game, "players": self.players,
                    "entrants": list(self.entrants), "seed": self.seed,
                    "rules_data_sha256": rules}
        if self.lineup:  # absent otherwise, so older databases keep their identity
            identity["lineup"] = list(self.lineup)
        if self.time_controls:  # likewise
            identity["time_controls"] = [str(tc) for tc in self.time_controls]
            identity["flag_margin"] = self.flag_margin
        return identity

    def default_db(self) -> Path:
        """A database name of its own per tournament, so the same command resumes."""
        key = json.dumps(self.identity(), sort_keys=True).encode()
        return Path(f"tournament-{hashlib.sha256(key).hexdigest()[:10]}.sqlite")
