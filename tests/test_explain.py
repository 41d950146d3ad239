"""Explanations: what a turn does (Valdora's describer) and why the search prefers it."""

from __future__ import annotations

import pytest
from scenarios import Scenario

from valdora_ai.analysis import Analysis, Candidate
from valdora_ai.explanations import explain, pv_reach
from valdora_ai.games import make_game
from valdora_ai.suggestions import suggest

GAME = make_game("valdora", players=3)


def _delivery_position():  # type: ignore[no-untyped-def]
    """Seat 0 beside the red patron with a ruby on the pick and a red commission."""
    return (Scenario(players=3).place(0, "r3", coins=3).commission(0, "R")
            .carry(0, "pick", "ruby").build())


def test_describe_turn_says_delivery_points_and_craftsman() -> None:
    state = _delivery_position()
    steps = GAME.parse_turn(state, "Pr: c1@pick")
    assert GAME.describe_turn(state, steps) == [
        "Moves to Pr (patron).",
        "Delivers commission R (ruby) to the red patron for 5 points.",
        "Hires a red craftsman.",
        "Points: 1 → 15 (+14).",
    ]


def test_describe_turn_says_loads_and_their_cost() -> None:
    state = (Scenario(players=3).place(0, "r4", coins=3).carry(0, "pick")
             .road("r5", ruby=1, gold=1).build())
    steps = GAME.parse_turn(state, "r5: +R@pick +G@pan")
    said = GAME.describe_turn(state, steps)
    assert said[:3] == ["Moves to r5 (road).", "Loads a ruby onto the pick.",
                        "Loads a gold onto the pan."]
    assert said[-1] == "Points: 0 → 2 (+2)."


def test_describe_turn_says_what_a_hidden_page_may_reveal() -> None:
    world = Scenario(players=3).place(0, "r4", coins=3).build()
    belief = GAME.observation(world, 0).belief_state()
    move = GAME.parse_turn(belief, "C")[0]
    board = belief.copy()
    board.apply(move)
    turn = next(s for s in board.legal_steps() if GAME.describe_step(board, s) == "tR")
    board.apply(turn)
    reveal = board.legal_steps()[0]
    said = GAME.describe_turn(belief, [move, turn, reveal])
    assert said[0] == "Moves to C (city)."
    assert said[1].startswith("Turns the right page (") and "may be" in said[1]
    assert "%" in said[1]
    assert said[2].startswith("The book reveals ")


def test_the_search_prefers_the_delivery_and_says_why() -> None:
    """A known reason: delivering now scores 14 points the other turns do not."""
    state = _delivery_position()
    analysis = suggest(state, "ismcts:iterations=1000,seed=1")
    explanation = explain(GAME, state, analysis)
    assert explanation.turn == "Pr: c1@pick"
    assert "Delivers commission R (ruby) to the red patron for 5 points." in explanation.does
    best, runner = analysis.candidates[:2]
    low, high = best.value_interval(0) or (0.0, 0.0)
    their_low, their_high = runner.value_interval(0) or (0.0, 0.0)
    assert explanation.why[0].startswith(  # the table's figures, the table's first row
        f"The search values it {best.values[0]:.3f} [{low:.3f}, {high:.3f}] against "
        f"{runner.values[0]:.3f} [{their_low:.3f}, {their_high:.3f}] for "
        f"{explanation.runner_up} (95% intervals)")
    reason = ("ranks first by the lower end as well" if low >= their_low
              else "ranks first by the search's own rule, its play-outs")
    assert reason in explanation.why[0]
    mine, theirs = best.expected_scores[0], runner.expected_scores[0]
    assert explanation.why[1].startswith(f"It expects {mine:.1f} final points [")
    assert f"({mine - theirs:+.1f})." in explanation.why[1]
    assert "reaches 15 points" in explanation.why[-1]
    assert explanation.to_json()["runnerUp"] == explanation.runner_up


def test_a_lone_candidate_is_explained_as_the_only_one() -> None:
    state = _delivery_position()
    step = GAME.parse_turn(state, "Pr")[0]
    analysis = Analysis(player=0, candidates=(Candidate(step=step, pv=(step,)),), agent="x")
    explanation = explain(GAME, state, analysis)
    assert explanation.why == ("It is the only turn the search considered.",)
    assert explanation.turn == "Pr …"


@pytest.mark.parametrize("turns, full", [(1, False), (2, True)])
def test_pv_reach_stops_at_the_end_of_the_next_turn(turns: int, full: bool) -> None:
    state = GAME.new_state(3)
    line: list[int] = []
    board = state.copy()
    for _ in range(turns * 3):  # whole turns of every seat, greedy
        for step in GAME.parse_turn(board, GAME.format_turn(board, [board.legal_steps()[0]])):
            board.apply(step)
            line.append(step)
    points, reached = pv_reach(state, tuple(line), 0)
    assert reached == full
    assert points == float(board.scores()[0]) or not full


def test_a_game_without_a_describer_is_explained_by_its_notation() -> None:
    class Plain:
        """The Valdora game without describe_turn (as a game added later might be)."""

        def __getattr__(self, name: str) -> object:
            if name == "describe_turn":
                raise AttributeError(name)
            return getattr(GAME, name)

    state = _delivery_position()
    step = GAME.parse_turn(state, "Pr")[0]
    analysis = Analysis(player=0, candidates=(Candidate(step=step, pv=(step,)),), agent="x")
    assert explain(Plain(), state, analysis).does == ("Plays Pr ….",)  # type: ignore[arg-type]
