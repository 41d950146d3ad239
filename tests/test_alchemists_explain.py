"""The Valley of Alchemists' turn describer on constructed positions, and the services
that use it (`suggest --explain`, `analyze --explain`)."""

from __future__ import annotations

import json
from pathlib import Path

from alchemists_scenarios import face_up, give, new, play, to_chest
from typer.testing import CliRunner

from valdora_ai.cli.app import app
from valdora_ai.games.alchemists import labels
from valdora_ai.games.alchemists.rules import AlchemistsState

runner = CliRunner()
VERBS = ("Collects", "Brews", "Makes", "Moves", "Swaps", "Sells", "Transforms", "Ends",
         "Places")


def _two_in_a_row() -> tuple[object, AlchemistsState]:
    """Seat 0 holds E01 and E02 (yellow, level 1) in cells 1 and 2 and a yellow
    decoction; E03 (yellow, level 1, skill bonus yellow and water) is in face-up space 5."""
    game, state = new(players=2, seed=1, setup="+Y +W")
    to_chest(state, 0, "E01", 1)
    to_chest(state, 0, "E02", 2)
    face_up(state, 4, "E03")
    give(state, 0, decoctions={"yellow": 1})
    return game, state


def test_setup_points_say_what_a_collect_takes() -> None:
    game, state = new(players=2, seed=1)
    assert game.describe_turn(state, game.parse_turn(state, "+Y +W")) == [
        "Places a skill point on the yellow track (collects 2 yellow at a time).",
        "Places a skill point on the water track (collects 2 water at a time).",
    ]


def test_a_collect_and_a_brew_say_what_goes_in_and_out() -> None:
    game, state = new(players=2, seed=1, setup="+Y +W")
    give(state, 0, ingredients={"yellow": 2, "blue": 2}, skills={"yellow": 2, "water": 3})
    assert game.describe_turn(state, game.parse_turn(state, "cYW bG bG .")) == [
        "Collects 2 yellow and 3 water.",
        "Brews 2 green decoctions from 2 yellow, 2 blue and 2 water.",
        "Points: 0 → 1 (+1).",
    ]


def test_a_make_says_the_card_the_cell_the_skill_and_the_line_it_completes() -> None:
    game, world = _two_in_a_row()
    belief = game.observation(world, 0).belief_state()
    said = game.describe_turn(belief, game.parse_turn(belief, "mE03@3 . end"))
    assert said == [
        "Makes E03 (yellow conical, level 1, 1 EP) from face-up space 5 into chest cell 3, "
        "paying 1 yellow decoction; its skill bonus moves yellow to 3 and water to 3, "
        "completing line R1 (worth 7 if sold).",
        "Ends the turn, passing 1 action.",
        f"The refill then draws 1 card from the deck: each of the {len(belief.unseen())} "
        "unseen elixirs is equally likely.",
        "Points: 2 → 3 (+1).",
    ]


def test_a_revealed_card_is_named_and_a_worlds_hidden_draw_is_not() -> None:
    game, world = _two_in_a_row()
    belief = game.observation(world, 0).belief_state()
    steps = game.parse_turn(belief, "mE03@3 . end")
    after = belief.copy()
    for step in steps:
        after.apply(step)
    reveal = after.legal_steps()[0]
    said = game.describe_turn(belief, [*steps, reveal])
    shown = labels.elixir(world.data, reveal - 500)
    assert f"The refill reveals {shown}." in said
    assert not any("draws" in sentence for sentence in said)

    assert world.deck is not None
    drawn = world.data.elixirs[world.deck[-1]].id
    said = game.describe_turn(world, game.parse_turn(world, "mE03@3 . end"))
    assert "The refill deals 1 card from the deck." in said
    assert not any(drawn in sentence for sentence in said)


def test_a_sale_says_the_line_the_tokens_and_the_marker() -> None:
    game, state = _two_in_a_row()
    play(game, state, "mE03@3 . end")
    play(game, state, "cRB cRW")  # seat 1
    said = game.describe_turn(state, game.parse_turn(state, "sR1 tS2 . cYW"))
    assert said[:3] == [
        "Sells line R1 (E01, E02, E03).",
        "Puts the shape token on E02, naming its shape for the line bonus.",
        "Scores the sale: a 7-point experience marker; the elixirs' 3 EP count at the end.",
    ]
    assert said[-1] == "Points: 3 → 10 (+7)."


def test_rearranging_and_transforming_are_said() -> None:
    game, state = _two_in_a_row()
    give(state, 0, decoctions={"red": 2})
    assert game.describe_turn(state, game.parse_turn(state, "x2R>P r1-5 r2-1")) == [
        "Transforms 2 red decoctions into purple (the transformation token is used up).",
        "Moves E01 from chest cell 1 to cell 5.",
        "Moves E02 from chest cell 2 to cell 1.",
    ]
    said = game.describe_turn(state, game.parse_turn(state, "r1-2 end"))
    assert said == ["Swaps E01 (cell 1) with E02 (cell 2).", "Ends the turn, passing 1 action."]


def test_suggest_explains_an_alchemists_position(tmp_path: Path) -> None:
    game, state = _two_in_a_row()
    path = tmp_path / "position.json"
    path.write_text(json.dumps(game.position_to_json(state)))
    result = runner.invoke(app, ["suggest", "--game", "alchemists", str(path),
                                 "--explain", "--agent", "ismcts:seed=3", "--iterations", "40"])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert any(line.startswith(VERBS) for line in lines), result.output
    assert any(line.startswith("The search values it") for line in lines)


def test_analyze_explains_every_turn_of_an_alchemists_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["play", "--game", "alchemists", "-p", "2", "--seat", "greedy",
                                 "--seat", "greedy", "--seed", "4", "--record", str(record)])
    assert played.exit_code == 0, played.output
    short = tmp_path / "short.jsonl"
    short.write_text("".join(record.read_text().splitlines(keepends=True)[:9]))
    result = runner.invoke(app, ["analyze", str(short), "--seat", "0", "--agent",
                                 "ismcts:iterations=4,seed=1", "--explain", "--no-cache",
                                 "--json"])
    assert result.exit_code == 0, result.output
    turns = json.loads(result.output)["turns"]
    assert turns and all(turn["seat"] == 0 for turn in turns)
    for turn in turns:
        does = turn["explanation"]["does"]
        assert does and does[0].startswith(VERBS), turn
