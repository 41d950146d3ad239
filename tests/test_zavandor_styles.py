"""The Zavandor planner and hoarder styles: legal at every player count on both engines,
deterministic from the seed, blind to what their player cannot know, far stronger than
random play, and each keeps to its style (the planner to its goal, the hoarder to
earning purchases until the end is near)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from valdora_ai.agents import make_agent
from valdora_ai.backend import make_rng
from valdora_ai.errors import ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import CORE as VALDORA_CORE
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import JEWEL
from valdora_ai.games.zavandor.engines import CORE, as_reference
from valdora_ai.games.zavandor.info import determinize, observation
from valdora_ai.games.zavandor.rules import ACTION, ID, UNKNOWN, ZavandorState
from valdora_ai.games.zavandor.styles import (
    PATIENCE,
    Hoarder,
    Planner,
    _goal_of,
    _late,
    _net_offers,
    policy_names,
)
from valdora_ai.selfplay import play_game

STYLES = ("planner", "hoarder")


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("style", STYLES)
def test_plays_legal_games_and_beats_random(style: str, players: int) -> None:
    """Every step is legal (play checks it); the style ends the game by reaching the VP
    target while random players stay far behind."""
    game = make_game("zavandor", players=players)
    for seed in range(2):
        result = play_game(game, [style] + ["random"] * (players - 1), seed)
        target = as_reference(game.new_state(seed)).target_vp()
        assert not result.capped and result.winners == (0,)
        assert result.scores[0] >= target > max(result.scores[1:]) + 8, result.scores


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_styles_play_legal_games_with_each_other(players: int) -> None:
    seats = ["planner", "hoarder", "greedy", "planner"][:players]
    game = make_game("zavandor", players=players)
    result = play_game(game, seats, 3)
    assert not result.capped and max(result.scores) >= 16


@pytest.mark.parametrize("style", STYLES)
def test_same_game_for_a_seed_on_both_engines_and_again(style: str,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The same seed gives the same game: again, and on the other engine."""
    game = make_game("zavandor", players=3)
    seats = [style, "greedy", style]
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    pure = play_game(game, seats, 5)
    monkeypatch.delenv("VALDORA_PURE_PYTHON")
    default, again = play_game(game, seats, 5), play_game(game, seats, 5)
    assert (pure.rows, pure.turns) == (default.rows, default.turns)
    assert (again.rows, again.turns) == (default.rows, default.turns)


def _hidden_from(state: ZavandorState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ids others know and `seat` does not: opponents' soil samples, hand cards."""
    bit = 1 << seat
    tiles = tuple(t for s, t in enumerate(state.board)
                  if t >= 0 and state.known[s] and not state.known[s] & bit)
    hands = tuple(h[ID] for q, h in enumerate(state.hand) if q != seat and h is not None)
    return tiles, hands


@pytest.mark.parametrize("style", STYLES)
def test_reads_only_what_its_player_knows(style: str) -> None:
    """The same step (with the same memory) on the true world, its compiled twin, the
    player's belief state and other worlds consistent with it, which give opponents'
    sampled tiles and hand cards other faces."""
    game = make_game("zavandor", players=4)
    state = as_reference(game.new_state(11))
    agents = [make_agent(spec, game, seed=seat)
              for seat, spec in enumerate([style, "random", "greedy", style])]
    checked, differing = 0, [0, 0]
    while not state.is_terminal():
        seat = state.current_player
        if seat in (0, 3):
            belief = observation(state, seat)
            worlds = [state, belief.belief_state(),
                      determinize(belief, make_rng(100 + checked)),
                      determinize(belief, make_rng(200 + checked))]
            if VALDORA_CORE.available():
                worlds.append(CORE.require().from_reference(state))
            for i, (a, b) in enumerate(zip(_hidden_from(worlds[2], seat),
                                           _hidden_from(worlds[3], seat), strict=True)):
                differing[i] += a != b
            steps = {copy.deepcopy(agents[seat].policy).step(w, make_rng(checked))
                     for w in worlds}
            assert len(steps) == 1, [game.describe_step(state, s) for s in steps]
            checked += 1
        state.play(agents[seat].choose(game.observation(state, seat)))
    assert checked > 80 and min(differing) > 20, (checked, differing)


def _seat0_decisions(style: str, seeds: range
                     ) -> Iterator[tuple[ZavandorState, int, dict[str, Any], Any]]:
    """(world, step, the policy's memory before the step, the policy) at each decision
    of `style` in seat 0 against two greedy bots, before the step is played."""
    game = make_game("zavandor", players=3)
    for seed in seeds:
        state = as_reference(game.new_state(seed))
        agents = [make_agent(s, game, seed=q) for q, s in enumerate([style, "greedy",
                                                                      "greedy"])]
        while not state.is_terminal():
            seat = state.current_player
            before = dict(vars(agents[0].policy))
            step = agents[seat].choose(game.observation(state, seat))
            if seat == 0:
                yield state, step, before, agents[0].policy
            state.play(step)


def test_the_planner_keeps_its_goal() -> None:
    """The planner drops a goal only when it bought it, the goal left the offer or lost
    its value, or its patience ran out; many goals take it several actions."""
    changes = lasting = 0
    for state, step, before, planner in _seat0_decisions("planner", range(3)):
        assert isinstance(planner, Planner)
        goal, spent = before["goal"], before["spent"]
        if state.phase != ACTION or goal is None:
            continue
        belief = observation(state, 0).belief_state()
        net = {_goal_of(belief, 0, o[1]): o[0] for o in _net_offers(belief, 0)}
        if planner.goal != goal:
            changes += 1
            bought = step in _purchases(belief) and _goal_of(belief, 0, step) == goal
            assert bought or net.get(goal, 0) <= 0 or spent + 1 >= PATIENCE, (goal, step)
        lasting += planner.goal == goal and spent == 1
    assert changes > 30 and lasting > 15, (changes, lasting)


def _purchases(state: ZavandorState) -> list[int]:
    """The buying steps on offer to the player to move (affordable or not)."""
    steps = [S.buy_tile(s) for s in state.buyable_spaces()]
    steps += [S.buy_item(d, slot) for d in range(2)
              for slot, ident in enumerate(state.display[d]) if ident >= 0]
    hand = state.hand[state.current]
    if hand is not None and hand[ID] != UNKNOWN:
        steps.append(S.buy_item(hand[0], S.HAND_SLOT))
    return steps


def test_the_hoarder_buys_jewelry_only_near_the_end() -> None:
    """Jewelry only once the end is near; earning purchases (tiles, artifacts) before."""
    early = late_jewels = 0
    for state, step, _, hoarder in _seat0_decisions("hoarder", range(4)):
        assert isinstance(hoarder, Hoarder)
        if S.kind(step) in ("buy_tile", "buy_item"):
            jewel = S.kind(step) == "buy_item" and S.argument(step) // S.ITEM_SLOTS == JEWEL
            assert not jewel or _late(state), state.round
            early += not _late(state)
            late_jewels += jewel
    assert early > 12 and late_jewels > 1, (early, late_jewels)


def test_offered_through_the_game_and_the_style_agents() -> None:
    game = make_game("zavandor", players=3)
    assert game.policy_names() == STYLES == policy_names()
    assert isinstance(make_agent("planner", game).policy, Planner)
    with pytest.raises(ValdoraError, match="no playing style 'bold'"):
        game.make_policy("bold")
