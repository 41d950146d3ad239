"""Zavandor's turn describer on constructed positions, and the commands that use it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import valdora_ai as va
from valdora_ai.cli.app import app
from valdora_ai.games.base import Explained
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import ARTIFACT, JEWEL
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import ID, ZavandorState

AGENT = "ismcts:iterations=20,seed=1"


def _game() -> va.Game:
    return va.make_game("zavandor", players=3)


def _world(seed: int = 2) -> ZavandorState:
    """A fresh world on the selected engine (compiled when built): read, never edited."""
    return _game().new_state(seed)


def _state(seed: int = 2) -> ZavandorState:
    """A fresh world as a reference state, which the tests edit (edits to a compiled
    world's fields are lost: they read copies)."""
    return as_reference(_world(seed))


def _says(state: ZavandorState, turn: str) -> list[str]:
    game = _game()
    assert isinstance(game, Explained)
    return game.describe_turn(state, game.parse_turn(state, turn))


def test_buying_gems_says_how_many_at_what_price_and_the_new_target() -> None:
    state = _world()
    assert _says(state, "buy:R x3") == [
        "Buys 3 rubies at 4 gold each (12 gold).", "Gold: 23 → 11.", "Gems: - → 3R.",
        "Target prices: R 4→5."]


def test_selling_gems_with_a_marker_bought_earlier() -> None:
    state = _state()
    seat = state.current
    state.gems[seat][0] = 3
    assert _says(state, "sell:D x2") == [
        "Sells 2 diamonds at 5 gold each (10 gold).", "Gold: 23 → 33.", "Gems: 3D → 1D.",
        "Target prices: D 5→4."]
    state.markers[seat] = [4]
    said = _says(state, "buy:S marker:4 x2")
    assert said[0] == "Buys 2 sapphires at 1 gold each (2 gold, using the -4 marker)."


def test_sampling_then_buying_a_tile_says_what_it_mines_and_scores() -> None:
    state = _state()
    seat = state.current
    space = next(s for s in state.buyable_spaces() if state.data.spaces[s].district < 5)
    label = state.data.spaces[space].label
    tile = state.data.tiles[state.board[space]]
    state.gems[seat] = [4, 4, 4, 4]
    said = _says(state, f"sample:{label} tile:{label}")
    gem = state.data.gem_names[tile.gem]
    assert said[:4] == [
        f"Takes a soil sample at {label} (1 gold).",
        f"The sample shows {tile.id} ({'DRSE'[tile.gem]} {tile.vp}vp).",
        f"Buys the mining-rights tile at {label} for "
        + "".join(f"{n}{'DRSE'[g]}" for g, n in enumerate(state.data.spaces[space].cost) if n)
        + ".",
        f"The tile is {tile.id}: {tile.vp} VP, and 1 {gem} more in every mining round."]
    assert f"Points: 0 → {tile.vp} (+{tile.vp})." in said


def _show_first(state: ZavandorState, name: str) -> None:
    """Swap the artifact `name` into the first face-up artifact place."""
    ident = next(i for i, c in enumerate(state.data.decks[ARTIFACT]) if c.id == name)
    if state.display[ARTIFACT][0] == ident:
        return
    for slot in state.card_slots():
        if slot[0] == ARTIFACT and slot[ID] == ident:
            slot[ID] = state.display[ARTIFACT][0]
            break
    else:
        place = state.display[ARTIFACT].index(ident)
        state.display[ARTIFACT][place] = state.display[ARTIFACT][0]
    state.display[ARTIFACT][0] = ident


def test_buying_an_artifact_says_what_it_does() -> None:
    state = _state()
    _show_first(state, "A-GN1")
    state.gems[state.current] = [3, 0, 0, 1]
    said = _says(state, "item:A-GN1")
    assert said[0] == "Buys a face-up card, A-GN1 (+1 action a round, 2 VP), for 3D1E."
    assert "Points: 0 → 2 (+2)." in said and "Gems: 3D1E → -." in said


def test_a_draw_in_a_belief_state_says_what_was_revealed_and_kept() -> None:
    game = _game()
    world = _state()
    seat = world.current
    belief: ZavandorState = game.observation(world, seat).belief_state()  # type: ignore[assignment]
    board, steps = belief.copy(), [S.draw(JEWEL)]
    board.apply(steps[0])
    while board.is_chance_node():
        steps.append(board.legal_steps()[0])
        board.apply(steps[-1])
    kept = board.drawn[1]
    steps.append(S.keep(1))
    said = game.describe_turn(belief, steps)  # type: ignore[attr-defined]
    card = belief.data.decks[JEWEL][kept[ID]]
    assert said[0] == "Draws 2 jewelry cards and keeps one as the hand card."
    assert said[1].startswith("It turns out to be J-") and said[2].startswith(
        "It turns out to be J-")
    assert said[3].startswith(f"Keeps {card.id} ") and said[3].endswith(f"{card.vp}vp in hand.")


def test_a_trader_and_the_turn_that_ends_the_round() -> None:
    state = _state()
    assert _says(state, "trader:DR") == ["Takes the DR trader."]
    for seat in range(3):
        state.actions_left[seat] = 1 if seat == state.current else 0
    said = _says(state, "gold")
    top = max(state.cur)  # the round-2 correction pays everybody the top price
    assert said[:2] == ["Takes 4 gold.", f"Gold: 23 → {23 + 4 + top}."]
    assert said[-1] == "Round 1 ends: every player mines, and prices move to their targets."


def test_suggest_explains_a_zavandor_position(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(_game().position_to_json(_world())))
    result = CliRunner().invoke(app, ["suggest", "--game", "zavandor", str(path), "--agent",
                                      AGENT, "--explain"])
    assert result.exit_code == 0, result.output
    assert "Gold: 23 → " in result.output and "The search values it" in result.output


def test_analyze_explains_a_zavandor_record(tmp_path: Path) -> None:
    played = tmp_path / "full.jsonl"
    result = CliRunner().invoke(app, ["play", "--game", "zavandor", "-p", "3", "--seed", "5",
                                      "--record", str(played)])
    assert result.exit_code == 0, result.output
    record = tmp_path / "z.jsonl"
    record.write_text("".join(played.read_text().splitlines(keepends=True)[:10]))
    result = CliRunner().invoke(app, ["analyze", str(record), "--agent", AGENT, "--json",
                                      "--explain", "--no-cache"])
    assert result.exit_code == 0, result.output
    turns = json.loads(result.output)["turns"]
    assert len(turns) == 9 and all(t["explanation"]["does"] for t in turns)
    assert any("Gold: " in " ".join(t["explanation"]["does"]) for t in turns)


def test_the_docs_example_prints_what_the_page_says(tmp_path: Path) -> None:
    """docs/games/zavandor.md quotes this explanation."""
    runner, start = CliRunner(), tmp_path / "start.json"
    made = runner.invoke(app, ["new-position", "--game", "zavandor", "-p", "3", "--seed", "4",
                               "-o", str(start)])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["suggest", "--game", "zavandor", str(start), "--agent",
                                 "ismcts:iterations=200,seed=1", "--explain"])
    assert result.exit_code == 0, result.output
    page = (Path(__file__).resolve().parents[1] / "docs" / "games" / "zavandor.md").read_text()
    for sentence in ("Buys 2 sapphires at 4 gold each (8 gold).", "Gold: 23 → 15.",
                     "Gems: - → 2S.", "Target prices: S 4→5."):
        assert sentence in result.output
        assert f"`{sentence}`" in " ".join(page.split())


def test_a_turn_cut_short_says_the_gem_action_it_started() -> None:
    """A one-step hint (the greedy agent's) stops before the count: it still says what
    it starts to do, on a compiled world as on a reference one."""
    for state in (_world(), _state()):
        assert _says(state, "buy:D") == ["Goes to buy diamonds; how many is still to choose."]
    state = _state()
    state.gems[state.current][1] = 2
    assert _says(state, "sell:R") == ["Goes to sell rubies; how many is still to choose."]
    state.markers[state.current] = [4]
    assert _says(state, "buy:S") == [
        "Goes to buy sapphires; which marker and how many are still to choose."]
    assert _says(state, "buy:S marker:4") == [
        "Goes to buy sapphires with the -4 marker; how many is still to choose."]
