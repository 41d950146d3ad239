"""Every game, both engines: the reference engine refuses what the compiled core refuses,
in the same words, and what a state hands out is the caller's own.

Seeded games are walked on both engines in lockstep. At the first visits of every kind
of node (the set of step kinds legal there, a chance node, the end) arbitrary numbers,
steps of every kind the node does not ask for, illegal steps of the kinds it does,
and things that are no integer at all are tried on copies of both states: each engine
raises the same error class with the same message (and leaves its state as it was), or
both apply the step and reach the same position, which loads again. The documents a
state hands out (position JSON, an observation's JSON, a record's result, the lists
of legal steps and scores) are then vandalized and the state played on: neither may
reach the other.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest

from valdora_ai import backend
from valdora_ai.errors import IllegalMoveError
from valdora_ai.games import game_names, game_type, make_game, player_counts
from valdora_ai.records import result_json
from valdora_ai.rng import Rng

GAMES = game_names()
SEEDS = range(3)
MAX_STEPS = 400  # per walked game: every kind of node shows up long before
PROBED_VISITS = 2  # visits of one kind of node whose steps are tried
NOT_INTEGERS = [1.5, True, "3", None, np.float64(2.0)]


def _game(name: str, seed: int) -> Any:
    counts = player_counts(name)
    return make_game(name, players=counts[seed % len(counts)])


def _twins(name: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any]:
    """The game and its seeded new state on the reference engine and on the compiled one."""
    game = _game(name, seed)
    core = game_type(name).core
    if core is None or core.find() is None:
        pytest.skip(f"{name}: no compiled core built")
    monkeypatch.setenv(backend.PURE_ENV, "1")
    pure = game.new_state(seed)
    monkeypatch.delenv(backend.PURE_ENV)
    compiled = game.new_state(seed)
    assert type(pure) is not type(compiled)
    return game, pure, compiled


def _node_kind(game: Any, state: Any) -> tuple[str, ...]:
    if state.is_terminal():
        return ("over",)
    if state.is_chance_node():
        return ("chance",)
    return tuple(sorted({game.step_kind(s) for s in state.legal_steps()}))


def _codes_by_kind(game: Any) -> dict[str, list[int]]:
    kinds: dict[str, list[int]] = {}
    for code in range(game.num_distinct_steps()):
        kinds.setdefault(game.step_kind(code), []).append(code)
    return kinds


def _probes(game: Any, state: Any, kinds: dict[str, list[int]], rng: Rng) -> list[object]:
    """Arbitrary numbers, one step of every kind the node does not ask for, one illegal
    step of each kind it does ask for, non-integers, and a legal step as a numpy int."""
    legal = state.legal_steps()
    asked = {game.step_kind(s) for s in legal}
    limit = game.num_distinct_steps()
    probes: list[object] = [rng.randbelow(limit + 20) - 5 for _ in range(8)]
    for kind, codes in kinds.items():
        others = [c for c in codes if c not in legal]
        if others and (kind not in asked or rng.randbelow(2)):
            probes.append(others[rng.randbelow(len(others))])
    if legal:
        probes.append(np.int64(legal[rng.randbelow(len(legal))]))
    return probes + NOT_INTEGERS


def _outcome(game: Any, state: Any, method: str, step: object) -> tuple[str, str]:
    """("refused", the error's class and message) with the state left as it was, or
    ("applied", the position reached)."""
    before = game.position_to_json(state)
    try:
        getattr(state, method)(step)
    except Exception as error:  # the class is part of what must match
        assert game.position_to_json(state) == before, (method, step)
        return "refused", f"{type(error).__name__}: {error}"
    return "applied", repr(game.position_to_json(state))


def _try_everywhere(game: Any, pure: Any, compiled: Any, step: object, where: str) -> None:
    for method in ("apply", "play"):
        r, c = pure.copy(), compiled.copy()
        ours, theirs = _outcome(game, r, method, step), _outcome(game, c, method, step)
        assert ours == theirs, (where, method, step)
        if ours[0] == "refused":
            assert ours[1].startswith("IllegalMoveError: "), (where, method, step, ours)
            assert "\n" not in ours[1] and len(ours[1]) < 2000, (where, ours)
        else:  # what apply accepts leaves a position that loads
            document = game.position_to_json(r)
            assert game.position_to_json(game.position_from_json(document)) == document


def _next_step(state: Any, rng: Rng) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return int(outcomes[rng.choice_weighted([p for _, p in outcomes])][0])
    legal = state.legal_steps()
    return int(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_both_engines_refuse_the_same_steps_in_the_same_words(
        name: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game, pure, compiled = _twins(name, seed, monkeypatch)
    kinds = _codes_by_kind(game)
    rng = Rng(1000 + seed)
    visits: dict[tuple[str, ...], int] = {}
    for number in range(MAX_STEPS + 1):
        node = _node_kind(game, pure)
        assert node == _node_kind(game, compiled), (seed, number)
        if visits.get(node, 0) < PROBED_VISITS:
            visits[node] = visits.get(node, 0) + 1
            for step in _probes(game, pure, kinds, rng):
                _try_everywhere(game, pure, compiled, step, f"{name} seed {seed} step {number}")
        if pure.is_terminal() or number == MAX_STEPS:
            break
        step = _next_step(pure, rng)
        pure.apply(step)
        compiled.apply(step)
        assert game.position_to_json(pure) == game.position_to_json(compiled), (seed, number)
    assert len(visits) >= 3, visits


def test_a_step_of_the_wrong_kind_never_corrupts_a_zavandor_state(engine: str) -> None:
    """The issue's case: a count step where an action is due took gems from nowhere on
    the reference engine (gems -5, a position that no longer loads)."""
    from valdora_ai.games.zavandor import steps as S

    state = make_game("zavandor", players=3).new_state(1)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(S.count(5))
    assert str(info.value).startswith("step 'x5' is not legal here (legal: sample: ")


# ----------------------------------------------------------------- independent documents
def _vandalize(node: Any) -> None:
    """Change every list and dict in a JSON-like document in place."""
    if isinstance(node, dict):
        for value in node.values():
            _vandalize(value)
        node["vandal"] = 1
    elif isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, (dict, list)):
                _vandalize(item)
            elif isinstance(item, int):
                node[i] = -99
        node.append(-7)


def _documents(game: Any, state: Any) -> list[Any]:
    """What `state` hands out: its position, each seat's observation, its record result
    and the lists its queries return."""
    return [game.position_to_json(state),
            *(game.observation(state, seat).to_json() for seat in range(game.num_players)),
            result_json(game, state), state.legal_steps(), state.chance_outcomes(),
            state.scores(), state.returns()]


def _played_to(game: Any, state: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(_next_step(state, rng))


@pytest.mark.parametrize("name", GAMES)
def test_documents_a_state_hands_out_are_independent_of_it(name: str, engine: str) -> None:
    game = _game(name, 0)
    state = game.new_state(3)
    rng = Rng(3)
    _played_to(game, state, rng, 60)
    kept = copy.deepcopy(_documents(game, state))
    for document in _documents(game, state):  # editing them changes nothing in the game
        _vandalize(document)
    assert _documents(game, state) == kept
    handed = _documents(game, state)  # playing on changes nothing in them
    _played_to(game, state, rng, 40)
    assert handed == kept
    loaded_from = copy.deepcopy(kept[0])  # nor does editing the document a state came from
    loaded = game.position_from_json(loaded_from)
    _vandalize(loaded_from)
    assert game.position_to_json(loaded) == kept[0]


# ----------------------------------------------------------------- the legal steps, by kind
def _illegal_code(game: Any, state: Any) -> int:
    """A step code of this game that is not legal here, of a kind legal here if any."""
    legal = state.legal_steps()
    asked = {game.step_kind(s) for s in legal}
    codes = [code for kind, codes in _codes_by_kind(game).items() if kind != "invalid"
             for code in codes if code not in legal]
    return next((c for c in codes if game.step_kind(c) in asked), codes[0])


def _lists_every_kind(game: Any, state: Any, message: str) -> None:
    """`message` names the first legal step of every kind and stays one short line."""
    legal = state.legal_steps()
    first = {}
    for step in legal:
        first.setdefault(game.step_kind(step), step)
    listing = message[message.index("(legal: "):]
    for kind, step in first.items():
        assert f" {game.describe_step(state, step)}" in listing, (kind, message)
    assert "\n" not in message and len(message) < 2000


def _nodes(game: Any, count: int) -> list[Any]:
    """Decision nodes of a seeded random game, every few steps."""
    state, rng, nodes = game.new_state(5), Rng(5), []
    while len(nodes) < count and not state.is_terminal():
        if not state.is_chance_node():
            nodes.append(state.copy())
        _played_to(game, state, rng, 7)
    return nodes


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_step_lists_the_legal_steps_grouped_by_kind(name: str, engine: str) -> None:
    game = _game(name, 0)
    for state in _nodes(game, 6):
        step = _illegal_code(game, state)
        with pytest.raises(IllegalMoveError) as info:
            state.play(step)
        message = str(info.value)
        assert message.startswith(f"step {game.describe_step(state, step)!r} is not legal "
                                  "here (legal: ")
        _lists_every_kind(game, state, message)


def test_a_zavandor_action_shows_more_than_soil_samples() -> None:
    """The issue's case: the first 12 legal steps of an action are all soil samples."""
    game = make_game("zavandor", players=3)
    state = game.new_state(1)
    with pytest.raises(IllegalMoveError) as info:
        game.parse_turn(state, "buy:Q")
    message = str(info.value)
    assert "sample: " in message and "and 16 more" in message and "take gold: gold" in message
    _lists_every_kind(game, state, message)


@pytest.mark.parametrize("name", GAMES)
def test_notation_that_names_no_legal_step_lists_them_by_kind(name: str) -> None:
    game = _game(name, 0)
    for seed in SEEDS:  # a turn's start: where every game's notation reads a whole turn
        state = game.new_state(seed)
        with pytest.raises(IllegalMoveError) as info:
            game.parse_turn(state, "zz")
        assert "'zz' is not legal here (legal: " in str(info.value)
        _lists_every_kind(game, state, str(info.value))


@pytest.mark.parametrize("name", GAMES)
def test_the_engine_lists_the_legal_steps_by_kind(name: str) -> None:
    from valdora_ai.engine.handlers import apply
    from valdora_ai.engine.positions import Games
    from valdora_ai.engine.protocol import EngineError

    game = _game(name, 0)
    for state in _nodes(game, 3):
        request = {"action": "apply", "game": name,
                   "position": game.position_to_json(state), "steps": ["zz"]}
        with pytest.raises(EngineError) as info:
            apply(1, request, Games())
        assert "steps[0]: 'zz' is not legal here (legal: " in str(info.value)
        _lists_every_kind(game, state, str(info.value))
