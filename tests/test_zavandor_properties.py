"""Zavandor properties over many seeded games: conservation at every step, the State
contract (play agrees with apply, copies are independent, positions round-trip,
chance outcomes sum to 1), determinism and bad input.

The 1,000-game run plays short games (a 5-round cap) with a random policy that
rarely samples, under every rule option, and checks the conservation laws of
:mod:`valdora_ai.games.zavandor.invariants` after every step plus the exact gold and
gem flow of each completed action.
"""

from __future__ import annotations

import json

import pytest
from chunks import seed_chunks

import valdora_ai as va
from valdora_ai.errors import DataError, IllegalMoveError, PositionError, ValdoraError
from valdora_ai.games import game_names
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import parse_data
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.game import ZavandorGame
from valdora_ai.games.zavandor.invariants import problems
from valdora_ai.games.zavandor.rules import ACTION, BUY_COUNT, SELL_COUNT, ZavandorState
from valdora_ai.rng import Rng

GAMES = 1000
# The quick loop plays the first 100 games; CI plays them all.
SEEDS = seed_chunks(GAMES, chunks=10, quick=100)


def options_for(seed: int) -> dict[str, object]:
    return {"max_rounds": 5, "expert_discount": seed % 3 == 0,
            "hoover_per_gem": seed % 4 != 1, "prism_raises_price": seed % 5 != 2,
            "emero_floor": seed % 2}


def pick(state: ZavandorState, rng: Rng) -> int:
    """A random legal step; soil samples only one time in ten."""
    legal = state.legal_steps()
    others = [s for s in legal if S.kind(s) != "sample"]
    if others and (len(others) == len(legal) or rng.randbelow(10)):
        return others[rng.randbelow(len(others))]
    return legal[rng.randbelow(len(legal))]


def expected_flow(state: ZavandorState, step: int) -> tuple[int, int] | None:
    """(gold change, gem change) of the mover for an action-ending step, or None."""
    kind, arg = S.kind(step), S.argument(step)
    if kind == "take_gold":
        return state.data.take_gold, 0
    if kind == "sample":
        return -state.data.sample_cost, 0
    if kind == "count" and state.phase == BUY_COUNT:
        return -arg * state.unit_price(state.pend_gem, state.pend_marker), arg
    if kind == "count" and state.phase == SELL_COUNT:
        return arg * state.cur[state.pend_gem], -arg
    if kind in ("count", "take_trader"):  # trader use, trader take
        return 0, 0
    return None


@pytest.mark.parametrize("seeds", SEEDS)
def test_thousand_seeded_games_conserve_everything(seeds: range) -> None:
    flows = 0
    for seed in seeds:
        players = 2 + seed % 3
        game = ZavandorGame(players, **options_for(seed))
        state = game.new_state(seed)
        rng = Rng(seed + 77)
        assert not problems(state), (seed, problems(state))
        while not state.is_terminal():
            step = pick(state, rng)
            p, round_before = state.current, state.round
            flow = expected_flow(state, step)
            gold, gems = state.gold[p], sum(state.gems[p])
            state.apply(step)
            found = problems(state)
            assert not found, (seed, game.describe_step(state, step), found)
            if flow is not None and state.round == round_before:
                assert (state.gold[p] - gold, sum(state.gems[p]) - gems) == flow, (seed, step)
                flows += 1
        assert state.returns() and abs(sum(state.returns()) - 1.0) < 1e-9
    assert flows > 20 * len(seeds)


def test_invariants_detect_broken_states() -> None:
    game = ZavandorGame(3)
    for breakage, law in (
            (lambda s: s.tiles[0].append(s.board[0]), "tiles"),
            (lambda s: s.owned[1].append((0, s.display[0][0])), "cards"),
            (lambda s: s.gold.__setitem__(2, -1), "negative"),
            (lambda s: s.tgt.__setitem__(0, 16), "prices"),
            (lambda s: s.markers[0].append(4), "markers"),
            (lambda s: s.removed.pop(), "removed")):
        assert not problems(game.new_state(1))
        state = as_reference(game.new_state(1))  # the reference state's fields to break
        breakage(state)
        assert any(law in line for line in problems(state)), law


def test_play_agrees_with_apply_and_copies_are_independent() -> None:
    for seed in range(30):
        game = ZavandorGame(2 + seed % 3, max_rounds=4)
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_steps()
            assert legal == sorted(set(legal))
            assert state.returns() == [0.0] * state.n
            step = pick(state, rng)
            twin, before = state.copy(), game.position_to_json(state)
            twin.play(step)
            assert game.position_to_json(state) == before  # the copy did not touch it
            state.apply(step)
            assert game.position_to_json(twin) == game.position_to_json(state)


def test_notation_round_trips_every_legal_step() -> None:
    """describe_step writes one token per step; parse_turn reads it back, and a whole
    played sequence formats and parses back to the same steps."""
    for seed in range(3):
        game = ZavandorGame(2 + seed, max_rounds=4, expert_discount=True)
        state = game.new_state(seed)
        rng = Rng(seed)
        played = []
        start = state.copy()
        while not state.is_terminal():
            tokens = [game.describe_step(state, step) for step in state.legal_steps()]
            assert len(set(tokens)) == len(tokens) and all(" " not in t for t in tokens)
            assert [game.parse_turn(state, t)[0] for t in tokens] == state.legal_steps()
            step = pick(state, rng)
            played.append(step)
            state.apply(step)
        assert game.parse_turn(start, game.format_turn(start, played)) == played


def test_illegal_and_out_of_space_steps_raise() -> None:
    game = ZavandorGame(3)
    state = game.new_state(5)
    for step in (-1, S.STEP_LIMIT, 10**6, S.keep(0), S.count(3), S.chance(0)):
        with pytest.raises(IllegalMoveError):
            state.play(step)
    state = as_reference(state)
    state.gold[state.current] = 0
    with pytest.raises(IllegalMoveError):
        state.play(S.sample(0))
    with pytest.raises(IllegalMoveError):
        game.position_from_json(game.position_to_json(state)).play(S.sample(0))


def test_positions_round_trip_at_every_phase() -> None:
    game = ZavandorGame(4, max_rounds=6, expert_discount=True)
    state = game.new_state(11)
    rng = Rng(3)
    phases = set()
    while not state.is_terminal():
        document = json.loads(json.dumps(game.position_to_json(state)))
        again = game.position_from_json(document)
        assert game.position_to_json(again) == document
        assert again.legal_steps() == state.legal_steps()
        phases.add(state.phase)
        state.apply(pick(state, rng))
    assert ACTION in phases and len(phases) >= 4


def test_belief_chance_outcomes_sum_to_one() -> None:
    """Every chance node a belief state meets has outcomes summing to 1."""
    game = ZavandorGame(3, max_rounds=5)
    world = game.new_state(21)
    rng = Rng(8)
    nodes = 0
    while not world.is_terminal():
        belief = game.observation(world, world.current).belief_state()
        step = pick(world, rng)
        belief.apply(step)
        while belief.is_chance_node():
            outcomes = belief.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            assert [s for s, _ in outcomes] == belief.legal_steps()
            belief.apply(outcomes[0][0])
            nodes += 1
        world.apply(step)
    assert nodes > 10


def test_setup_chance_nodes() -> None:
    """The district marker (5 districts) and the start player are chance nodes."""
    game = ZavandorGame(4)
    blank = ZavandorState.blank(game.data, game.options, 4)
    assert blank.is_chance_node()
    assert blank.chance_outcomes() == [(S.chance(d), 0.2) for d in range(5)]
    blank.apply(S.chance(3))
    assert blank.chance_outcomes() == [(S.chance(q), 0.25) for q in range(4)]
    blank.apply(S.chance(2))
    assert (blank.gnome, blank.start, blank.current) == (3, 2, 2)


def test_same_seed_same_game() -> None:
    game = va.make_game("zavandor", players=3)
    finals = []
    for _ in range(2):
        state, rng = game.new_state(99), Rng(5)
        while not state.is_terminal():
            state.apply(game.greedy_step(state, rng))
        finals.append(game.position_to_json(state))
    assert finals[0] == finals[1]
    assert game.position_to_json(game.new_state(1)) != game.position_to_json(game.new_state(2))


def test_registry_and_player_counts() -> None:
    assert "zavandor" in game_names()
    game = va.make_game("zavandor", players=3)
    assert (game.name, game.num_players, game.information) == ("zavandor", 3, "imperfect")
    for bad in (1, 5):
        with pytest.raises(ValdoraError, match="2 to 4 players"):
            va.make_game("zavandor", players=bad)
    with pytest.raises(ValdoraError, match="unknown option 'expert'"):
        va.make_game("zavandor", players=3, expert=True)
    with pytest.raises(ValdoraError, match="max_rounds"):
        va.make_game("zavandor", players=3, max_rounds=0)


def test_positions_name_their_game_and_fields() -> None:
    game = ZavandorGame(3)
    document = game.position_to_json(game.new_state(4))
    with pytest.raises(PositionError, match="not of 'zavandor'"):
        game.position_from_json({**document, "game": "valdora"})
    valdora = va.make_game("valdora", players=4)
    with pytest.raises(ValdoraError):
        valdora.position_from_json(document)
    bad = json.loads(json.dumps(document))
    bad["prices"]["current"][2] = 16
    with pytest.raises(PositionError, match=r"prices\.current\[2\]"):
        game.position_from_json(bad)
    bad = json.loads(json.dumps(document))
    bad["seats"][1]["tiles"] = ["T-D1"]
    with pytest.raises(PositionError, match="every tile"):
        game.position_from_json(bad)
    bad = json.loads(json.dumps(document))
    bad["options"]["bogus"] = 1
    with pytest.raises(PositionError, match="unknown option 'bogus'"):
        game.position_from_json(bad)
    with pytest.raises(PositionError, match="players"):
        ZavandorGame(2).position_from_json(document)


def _data_document() -> dict[str, object]:
    from valdora_ai.games.zavandor.data import default_data_path

    return json.loads(default_data_path().read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d["artifacts"][0].__setitem__("cost", "3X1E"), r"artifacts\[0\]\.cost"),
    (lambda d: d["artifacts"][2].__setitem__("kind", "robot"), r"artifacts\[2\]\.kind"),
    (lambda d: d["artifacts"][4].__setitem__("markers", [1, 99]), r"artifacts\[4\]\.markers"),
    (lambda d: d["jewelry"][3].__setitem__("vp", -1), r"jewelry\[3\]\.vp"),
    (lambda d: d["jewelry"][3].__setitem__("level", 4), r"jewelry\[3\]\.level"),
    (lambda d: d["tiles_dark"][0].__setitem__("gem", "Q"), r"tiles_dark\[0\]\.gem"),
    (lambda d: d["tiles_light"].pop(), "tiles_light"),
    (lambda d: d["spaces"]["IV"].__setitem__(1, "1D1D"), r"spaces\.IV\[1\]"),
    (lambda d: d["rules"]["start_prices"].__setitem__("R", 16), r"rules\.start_prices\.R"),
    (lambda d: d["rules"].pop("vp_target"), r"rules\.vp_target"),
    (lambda d: d["traders"].__setitem__(0, "DD"), r"traders\[0\]"),
    (lambda d: d["options"].__setitem__("hoover_per_gem", "yes"), "hoover_per_gem"),
    (lambda d: d.__setitem__("game", "valdora"), "game"),
])
def test_bad_data_entries_get_one_clear_error(edit: object, message: str) -> None:
    document = _data_document()
    edit(document)  # type: ignore[operator]
    with pytest.raises(DataError, match=message) as info:
        parse_data(document, source="zavandor.json")
    assert "\n" not in str(info.value)


def test_data_carries_the_design_values_and_provenance() -> None:
    data = ZavandorGame(3).data
    assert len(data.tiles) == 24 and len(data.spaces) == 24
    assert [len(d) for d in data.decks] == [12, 15] and len(data.traders) == 6
    assert data.spaces[13].label == "IV.2" and data.spaces[13].cost == (1, 3, 0, 0)
    assert sum(t.vp for t in data.tiles) == 44
    assert sum(c.vp for c in data.decks[0]) == 23 and sum(c.vp for c in data.decks[1]) == 61
    assert "reconstructed" in data.provenance["jewelry"]
    assert data.options.hoover_per_gem and not data.options.expert_discount
