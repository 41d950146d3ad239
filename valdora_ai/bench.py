"""Engine benchmarks: operations per second of each engine, and their ratio.

A benchmark is a *section*: a function ``(game, seed, budget) -> (operations,
seconds)`` registered with :func:`section`. :func:`run` measures every section for
each player count on both engines (the engine is selected as ``VALDORA_PURE_PYTHON``
would, so states come from ``game.new_state`` exactly as everywhere else) and reports
ops/s. Other modules add sections (e.g. per-agent search iterations) with the same
decorator; ``benchmarks/bench_core.py`` and ``valdora bench`` print the report.

Timings are CPU seconds of this process (`time.process_time`): on a shared machine the
other processes' load then changes the numbers less than wall-clock time would. Each
measurement repeats its operation until `budget` CPU seconds have passed (at least
once).
"""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from valdora_ai import backend
from valdora_ai.games import DEFAULT_GAME, game_type, make_game, player_counts
from valdora_ai.games.base import QuickPlayouts
from valdora_ai.playout import greedy_playout, random_playout

Measure = Callable[[Any, int, float], tuple[int, float]]
ENGINES = ("pure", "compiled")


@dataclass(frozen=True)
class Section:
    name: str
    unit: str  # what one operation is, e.g. "copies"
    measure: Measure
    engines: tuple[str, ...] = ENGINES
    quick: bool = False  # measures the quick play-out policy: only games that have one


SECTIONS: dict[str, Section] = {}


def section(name: str, unit: str, engines: tuple[str, ...] = ENGINES, quick: bool = False
            ) -> Callable[[Measure], Measure]:
    """Register a benchmark section (decorator); `quick` for one that needs the game's
    quick play-out policy (:class:`~valdora_ai.games.base.QuickPlayouts`)."""
    def register(measure: Measure) -> Measure:
        SECTIONS[name] = Section(name, unit, measure, engines, quick)
        return measure
    return register


@dataclass(frozen=True)
class Row:
    section: str
    unit: str
    players: int
    pure: float | None  # operations per second; None when not measured
    compiled: float | None

    @property
    def ratio(self) -> float | None:
        if self.pure and self.compiled:
            return self.compiled / self.pure
        return None

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"ratio": self.ratio}


@contextmanager
def selected(engine: str) -> Iterator[None]:
    """Select `engine` for the duration (as VALDORA_PURE_PYTHON does)."""
    before = os.environ.get(backend.PURE_ENV)
    os.environ[backend.PURE_ENV] = "1" if engine == "pure" else ""
    try:
        yield
    finally:
        if before is None:
            del os.environ[backend.PURE_ENV]
        else:
            os.environ[backend.PURE_ENV] = before


def _repeat(once: Callable[[], int], budget: float) -> tuple[int, float]:
    """Run `once` (returning its operation count) until `budget` CPU seconds passed."""
    ops, start = 0, time.process_time()
    while True:
        ops += once()
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return ops, elapsed


def _midgame(game: Any, seed: int, steps: int = 120) -> Any:
    state = game.new_state(seed)
    random_playout(state, backend.make_rng(seed), steps)
    if state.is_chance_node() or state.is_terminal():
        return _midgame(game, seed + 1, steps // 2)
    return state


def _positions(game: Any, seed: int, count: int = 40) -> list[Any]:
    """States along one random game (every 7th step), for per-call measurements."""
    found: list[Any] = []
    state, rng = game.new_state(seed), backend.make_rng(seed)
    while len(found) < count and not state.is_terminal():
        random_playout(state, rng, 7)
        found.append(state.copy())
    return found


@section("copies", "copies")
def _copies(game: Any, seed: int, budget: float) -> tuple[int, float]:
    state = _midgame(game, seed)

    def once() -> int:
        for _ in range(1000):
            state.copy()
        return 1000
    return _repeat(once, budget)


@section("c_copies", "copies", engines=("compiled",))
def _c_copies(game: Any, seed: int, budget: float) -> tuple[int, float]:
    state = _midgame(game, seed)
    own = getattr(state, "copy_loop", None)  # a core's own method (Zavandor's)
    if own is None:  # or its module's function (Valdora's, the Alchemists')
        module_loop = importlib.import_module(type(state).__module__).copy_loop

        def own(n: int) -> object:
            return module_loop(state, n)

    def once() -> int:
        own(100_000)
        return 100_000
    return _repeat(once, budget)


@section("legal_steps", "generations")
def _legal(game: Any, seed: int, budget: float) -> tuple[int, float]:
    states = _positions(game, seed)

    def once() -> int:
        for state in states:
            state.legal_steps()
        return len(states)
    return _repeat(once, budget)


@section("applies", "applies")
def _applies(game: Any, seed: int, budget: float) -> tuple[int, float]:
    steps: list[int] = []
    recorder, rng = game.new_state(seed), backend.make_rng(seed)
    while not recorder.is_terminal() and len(steps) < 2000:
        legal = recorder.legal_steps()
        steps.append(legal[rng.randbelow(len(legal))])
        recorder.apply(steps[-1])
    start = game.new_state(seed)

    def once() -> int:
        state = start.copy()
        apply = state.apply
        for step in steps:
            apply(step)
        return len(steps)
    return _repeat(once, budget)


@section("random_playout", "steps")
def _random_playout(game: Any, seed: int, budget: float) -> tuple[int, float]:
    rng = backend.make_rng(seed)
    start = game.new_state(seed)
    return _repeat(lambda: random_playout(start.copy(), rng), budget)


def _games(policy: str) -> Measure:
    """A section measuring complete games played by `policy` ("greedy" or "quick")."""
    def measure(game: Any, seed: int, budget: float) -> tuple[int, float]:
        rng = backend.make_rng(seed)
        start = game.new_state(seed)

        def once() -> int:
            greedy_playout(game, start.copy(), rng, policy=policy)
            return 1
        return _repeat(once, budget)
    return measure


section("greedy_games", "games")(_games("greedy"))
section("quick_games", "games", quick=True)(_games("quick"))


@section("determinize", "determinizations")
def _determinize(game: Any, seed: int, budget: float) -> tuple[int, float]:
    observation = game.observation(_midgame(game, seed), 0)
    rng = backend.make_rng(seed)

    def once() -> int:
        for _ in range(100):
            game.determinize(observation, rng)
        return 100
    return _repeat(once, budget)


def _search(spec: str) -> Measure:
    """A section measuring `spec`'s search iterations at the start of a game (seat 0)."""
    def measure(game: Any, seed: int, budget: float) -> tuple[int, float]:
        from valdora_ai.agents import make_agent
        from valdora_ai.analysis import Budget

        observation = game.observation(game.new_state(seed), 0)
        agent = make_agent(spec, game, seed=seed)
        start = time.process_time()
        analysis = agent.analyze(observation, Budget(seconds=budget))
        return max(analysis.iterations, 1), time.process_time() - start
    return measure


# Default settings, plus ISMCTS with play-outs cut off after one round (depth=1, then
# the score estimate): the default plays every iteration out to the end of the game.
for _name, _spec, _unit in (("ismcts", "ismcts", "iterations"),
                            ("ismcts_depth1", "ismcts:depth=1", "iterations"),
                            ("pimc", "pimc", "iterations"),
                            ("expectimax", "expectimax", "leaves")):
    section(_name, _unit)(_search(_spec))
section("ismcts_quick", "iterations", quick=True)(_search("ismcts:rollout=quick"))


def game_sections(game: str) -> list[str]:
    """The sections that measure `game`: those on its reference engine, and the
    compiled-only ones when it has a compiled core."""
    compiled = game_type(game).core
    quick = isinstance(make_game(game, players=player_counts(game)[0]), QuickPlayouts)
    return [name for name, spec in SECTIONS.items()
            if (compiled is not None or "pure" in spec.engines) and (quick or not spec.quick)]


def run(players: Sequence[int] = (3, 4, 5), sections: Sequence[str] | None = None,
        budget: float = 0.5, seed: int = 1, game: str = DEFAULT_GAME,
        on_row: Callable[[int, int], None] | None = None) -> list[Row]:
    """Measure `sections` (all of `game`'s when None) for each player count on both
    engines (only the reference engine for a game whose compiled core is missing);
    `on_row(done, total)` is told after each row."""
    names = game_sections(game) if sections is None else list(sections)
    core = game_type(game).core
    built = core is not None and core.find() is not None
    rows: list[Row] = []
    for name in names:
        spec = SECTIONS[name]
        for n in players:
            rates: dict[str, float | None] = {"pure": None, "compiled": None}
            for engine in spec.engines:
                if engine == "compiled" and not built:
                    continue
                with selected(engine):
                    ops, seconds = spec.measure(make_game(game, players=n), seed, budget)
                rates[engine] = ops / seconds
            rows.append(Row(name, spec.unit, n, rates["pure"], rates["compiled"]))
            if on_row is not None:
                on_row(len(rows), len(names) * len(players))
    return rows
