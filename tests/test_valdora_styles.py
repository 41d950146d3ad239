"""The planner and hoarder styles: legal on both engines, blind to the hidden card
order, stronger than random play, and the planner keeps to its route."""

from __future__ import annotations

import pytest

from valdora_ai.agents import make_agent
from valdora_ai.agents.styles import StyleAgent
from valdora_ai.backend import make_rng
from valdora_ai.errors import SpecError, ValdoraError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.engines import as_reference
from valdora_ai.games.valdora.heuristics import _Model, _tables
from valdora_ai.games.valdora.info import determinize, observation
from valdora_ai.games.valdora.styles import Planner, _still_possible, make_policy, policy_names
from valdora_ai.selfplay import play_game

STYLES = ("planner", "hoarder")


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("style", STYLES)
def test_plays_legal_games_and_beats_random(style: str) -> None:
    """Every step is legal (play checks it) and the style outscores two random players
    by a wide margin in every game."""
    game = make_game("valdora", players=3)
    for seed in range(2):
        result = play_game(game, [style, "random", "random"], seed)
        assert result.scores[0] > max(result.scores[1:]) + 100, result.scores


@pytest.mark.parametrize("style", STYLES)
def test_same_game_for_a_seed_on_both_engines(style: str, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    """A compiled state is read as its reference twin: identical games either way."""
    game = make_game("valdora", players=3)
    seats = [style, "greedy", style]
    monkeypatch.setenv("VALDORA_PURE_PYTHON", "1")
    pure = play_game(game, seats, 5)
    monkeypatch.delenv("VALDORA_PURE_PYTHON")
    default = play_game(game, seats, 5)
    assert (pure.scores, pure.turns) == (default.scores, default.turns)


@pytest.mark.parametrize("style", STYLES)
def test_never_reads_the_hidden_order(style: str) -> None:
    """The same step on a world, on its belief state and on other consistent worlds."""
    game = make_game("valdora", players=4)
    state = game.new_state(11)
    agents = [make_agent(style, game, seed=seat) for seat in range(4)]
    checked = 0
    while not state.is_terminal() and checked < 60:
        seat = state.current_player
        belief = observation(as_reference(state), seat)
        worlds = [as_reference(state), belief.belief_state(),
                  determinize(belief, make_rng(100 + checked)),
                  determinize(belief, make_rng(200 + checked))]
        policies = [make_policy(style) for _ in worlds]
        if style == "planner":  # the same memory for each
            for policy in policies:
                policy.__dict__.update(route=list(agents[seat].policy.route),  # type: ignore[attr-defined]
                                       target=agents[seat].policy.target)  # type: ignore[attr-defined]
        steps = {p.step(w, make_rng(checked)) for p, w in zip(policies, worlds, strict=True)}
        assert len(steps) == 1, game.describe_step(state, min(steps))
        state.play(agents[seat].choose(game.observation(state, seat)))
        checked += 1


def test_the_planner_keeps_its_route_while_it_is_possible() -> None:
    """At its move decisions the planner drops its next waypoint only once it got
    there, when the waypoint became impossible or its hand changed; and its routes
    often hold several waypoints, some of them more than a turn away."""
    game = make_game("valdora", players=3)
    kept = multi = 0
    for seed in range(3):
        state = game.new_state(seed)
        agents = [make_agent("planner", game, seed=seat) for seat in range(3)]
        planner = agents[0].policy
        assert isinstance(planner, Planner)
        while not state.is_terminal():
            seat = state.current_player
            before, target = list(planner.route), planner.target
            step = agents[seat].choose(game.observation(state, seat))
            if seat == 0 and before and S.kind(step) == "move":
                world = as_reference(state)
                head = before[0]
                multi += len(planner.route) > 1
                if planner.route[:1] == [head]:
                    kept += 1
                elif head.space != world.players[0].space:
                    m = _Model.of(_tables(world.data), world, 0)
                    assert (not _still_possible(_tables(world.data), world, m, head)
                            or not set(m.held) <= set(target)), (head, planner.route)
            state.play(step)
    assert kept > 3 and multi > 20, (kept, multi)


def test_style_agents_need_a_game_with_that_style() -> None:
    class NoStyles:
        name = "plain"

    with pytest.raises(SpecError, match="planner: the game plain has no planner style"):
        StyleAgent.__subclasses__()[0](NoStyles())  # type: ignore[arg-type]
    assert set(STYLES) == set(policy_names())
    with pytest.raises(ValdoraError, match="no playing style 'bold'"):
        make_game("valdora").make_policy("bold")
