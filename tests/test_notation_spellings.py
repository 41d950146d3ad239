"""Notation that people type (issue 26, item 7): every spelling of a legal step is read.

The Valley of Alchemists refused ``cWY`` for ``cYW``, ``r5-1`` for ``r1-5`` and ``cRB``
when it collects what ``cYB`` does (only one of such pairs is offered); Zavandor
refused ``trader:RD`` for ``trader:DR`` and Valdora ``c1@cart,hammer`` for
``c1@hammer,cart``; the terminal read a token typed in the middle of a turn with its
own matcher. Each game now reads its other spellings (games.spelling), and every
game reads a token in any letter case, which the first test proves unambiguous.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from interactive_helpers import RecordingView, scripted

import valdora_ai as va
from valdora_ai.games import facts, game_names
from valdora_ai.games.alchemists import steps as AS
from valdora_ai.games.alchemists.engines import as_reference as alchemists_reference
from valdora_ai.interactive import GameSession, Outcome, run_session


def _decision_nodes(name: str, seed: int) -> Any:
    """Every decision node of a seeded game (greedy and random steps mixed), with its game."""
    game = va.make_game(name, players=3)
    state = game.new_state(seed)
    rng = va.make_rng(seed)
    while not state.is_terminal():
        if not state.is_chance_node():
            yield game, state
        legal = state.legal_steps()
        state.apply(legal[rng.randbelow(len(legal))] if rng.randbelow(3) == 0
                    else game.greedy_step(state, rng))


@pytest.mark.parametrize("name", game_names())
def test_every_token_is_read_in_any_letter_case_and_none_is_ambiguous(name: str) -> None:
    for game, state in _decision_nodes(name, seed=3):
        tokens = {step: game.describe_step(state, step) for step in state.legal_steps()}
        assert len({t.casefold() for t in tokens.values()}) == len(tokens), tokens
        for step, token in tokens.items():
            for spelling in (token.upper(), token.lower(), token.swapcase()):
                assert game.parse_step(state, spelling) == step, (token, spelling)


def _alchemists_turn(ingredients: list[int]) -> tuple[Any, Any]:
    """Seat 0 choosing an action, holding `ingredients` (Y R B W), cells 1 and 5 filled."""
    game = va.make_game("alchemists", players=3)
    state = alchemists_reference(game.new_state(2))
    rng = va.make_rng(2)
    while state.phase == 0:  # the setup skill points
        state.apply(game.greedy_step(state, rng))
    player = state.players[state.current]
    player.ingredients = ingredients
    player.chest[0], player.chest[4] = 60, 61
    return game, state


def test_alchemists_reads_a_collect_s_types_in_either_order() -> None:
    game, state = _alchemists_turn([0, 0, 0, 0])
    for token, written in (("cWY", "cYW"), ("cBR", "cRB"), ("cwr", "cRW")):
        assert game.describe_step(state, game.parse_step(state, token)) == written


def test_alchemists_reads_a_collect_of_another_pair_with_the_same_result() -> None:
    game, state = _alchemists_turn([6, 6, 0, 0])  # yellow and red full
    offered = [game.describe_step(state, s) for s in state.legal_steps()
               if AS.kind(s) == "collect"]
    assert "cRB" not in offered and "cYB" in offered  # both collect blue alone
    for token in ("cRB", "cBR", "cYB"):
        assert game.describe_step(state, game.parse_step(state, token)) == "cYB"
    with pytest.raises(va.IllegalMoveError, match="'cYR' is not legal here"):
        game.parse_turn(state, "cYR")  # takes nothing: not a collect
    for token in ("cYY", "cYQ", "cY"):
        with pytest.raises(va.IllegalMoveError):
            game.parse_turn(state, token)


def test_alchemists_reads_a_rearrangement_s_cells_in_either_order() -> None:
    game, state = _alchemists_turn([0, 0, 0, 0])
    swap = game.parse_step(state, "r1-5")
    assert game.parse_step(state, "r5-1") == swap
    move = game.parse_step(state, "r1-9")  # cell 9 is empty: a move
    assert game.parse_step(state, "r9-1") == move != swap
    with pytest.raises(va.IllegalMoveError):
        game.parse_turn(state, "r2-3")  # both empty: nothing to move


def test_zavandor_reads_a_trader_s_gems_in_either_order() -> None:
    found = 0
    for game, state in _decision_nodes("zavandor", seed=5):
        for step in state.legal_steps():
            token = game.describe_step(state, step)
            if token.startswith("trader:"):
                gems = token.removeprefix("trader:")
                assert game.parse_step(state, "trader:" + gems[::-1]) == step
                assert game.parse_turn(state, "TRADER:" + gems[::-1].lower()) == [step]
                found += 1
    assert found


def test_valdora_reads_the_items_paying_a_commission_in_any_order() -> None:
    found = 0
    for seed in range(1, 30):
        for game, state in _decision_nodes("valdora", seed):
            for step in state.legal_steps():
                token = game.describe_step(state, step)
                head, _, items = token.partition("@")
                if token.startswith("c") and "," in items:
                    reordered = f"{head}@{','.join(reversed(items.split(',')))}"
                    assert game.parse_step(state, reordered) == step
                    doubled = f"{head}@{items},{items.split(',')[0]}"
                    with pytest.raises(va.IllegalMoveError):
                        game.parse_step(state, doubled)
                    found += 1
        if found:
            break
    assert found


def test_the_terminal_reads_another_spelling_in_the_middle_of_a_turn(tmp_path: Path) -> None:
    """The setup's second point and the turn's second action are typed on their own,
    after the turn has begun: ``+y`` and ``cWY``."""
    game = va.make_game("alchemists", players=3)
    session = GameSession.new(game, ["human", "greedy", "greedy"], 4)
    view = RecordingView()
    outcome = run_session(session, scripted(["+Y", "+y", "cYW", "cWY", "quit"]), view,
                          record=tmp_path / "g.jsonl", hint_agent="greedy")
    assert outcome is Outcome.QUIT
    assert [event for event in view.events if event[0] == "error"] == []
    plays = [event[3] for event in view.events if event[0] == "turn" and event[2] == 0]
    assert plays[:2] == ["+Y +Y", "cYW cYW"]


def _reversed_run(game: Any, state: Any, before: str, run: str, after: str) -> None:
    """A turn with a run of tokens in the rules' order, and with the run reversed, name
    the same steps."""
    steps = game.parse_turn(state, f"{before} {run} {after}")
    backwards = " ".join(reversed(run.split()))
    assert game.parse_turn(state, f"{before} {backwards} {after}") == steps


def test_alchemists_reads_the_steps_of_one_action_in_any_order() -> None:
    game = va.make_game("alchemists", players=3)
    setup = alchemists_reference(game.new_state(2))
    assert game.parse_turn(setup, "+W +Y") == game.parse_turn(setup, "+Y +W")
    game, state = _alchemists_turn([6, 6, 6, 6])
    _reversed_run(game, state, "", "bY bR bP", ".")
    state.players[state.current].decoctions = [3] * 6
    ids = [state.data.elixirs[card].id for card in state.face_up]
    makes = next(f"m{ids[a]}@2 m{ids[b]}@3" for a in range(len(ids))
                 for b in range(a + 1, len(ids))
                 if _parses(game, state, f"m{ids[a]}@2 m{ids[b]}@3 ."))
    _reversed_run(game, state, "", makes, ".")
    plain = [i for i, card in enumerate(state.data.elixirs)
             if not card.multi and i not in state.face_up][:3]
    state.players[state.current].chest[:3] = plain
    _reversed_run(game, state, "sR1", "tS1 tC2 tL3", ".")
    with pytest.raises(va.IllegalMoveError):  # one token of a kind a sale
        game.parse_turn(state, "sR1 tS1 tS2 .")


def _parses(game: Any, state: Any, turn: str) -> bool:
    try:
        game.parse_turn(state, turn)
    except va.IllegalMoveError:
        return False
    return True


def test_steps_typed_in_the_middle_of_a_turn_are_read_as_a_turn_is() -> None:
    game, state = _alchemists_turn([6, 6, 6, 6])
    state.apply(game.parse_step(state, "r1-5"))  # the turn has begun
    assert (facts.parse_steps(game, state, "bP bY .")
            == facts.parse_steps(game, state, "bY bP .") == game.parse_turn(state, "bY bP ."))
    with pytest.raises(va.IllegalMoveError, match="'cYW' comes after the turn has ended"):
        facts.parse_steps(game, state, "bY . cYW")
    valdora = va.make_game("valdora", players=3)
    start = valdora.new_state(1)
    moved = start.copy()
    moved.apply(valdora.parse_turn(start, "A")[0])
    with pytest.raises(va.IllegalMoveError, match="'tR' comes after the turn has ended"):
        facts.parse_steps(valdora, moved, "P tR")
