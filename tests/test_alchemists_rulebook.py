"""The Valley of Alchemists rulebook, example by example (valley-of-alchemists-rules-en.md).

Each test names the rulebook passage it checks. Positions start from a real
``new_state`` and are edited with :mod:`alchemists_scenarios` (components are moved,
never created), then validated through position JSON. The engine is driven through the
turn notation and ``play()``; every number the rulebook gives is asserted exactly.
"""

from __future__ import annotations

import pytest
from alchemists_scenarios import card, check, face_up, give, new, play, set_deck, to_chest

from valdora_ai.errors import IllegalMoveError, NotationError
from valdora_ai.games.alchemists import steps as S
from valdora_ai.games.alchemists.rules import (
    CHANCE,
    EMPTY,
    TERMINAL,
    line_bonus,
)

Y, R, B, W = range(4)  # ingredient tracks
DY, DR, DB, DO, DG, DP = range(6)  # decoction colours


# ------------------------------------------------------------------ IV. Setup
@pytest.mark.parametrize(("players", "deck"), [(2, 35), (3, 45), (4, 55)])
def test_setup_deck_size_per_player_count_and_ten_face_up(players: int, deck: int) -> None:
    """IV: "for a 2-player game → 35 Elixir cards ... 3 → 45 ... 4 → 55"; "deal 10 cards
    from this pile, placing them face up in 2 rows of 5"."""
    _, state = new(players)
    assert len(state.face_up) == 10 and EMPTY not in state.face_up
    assert state.deck_count == deck - 10
    assert len(state.box or []) == 66 - deck


def test_setup_two_skill_points_from_the_first_player_clockwise() -> None:
    """IV: "each player, starting from the First Player and continuing in a clockwise
    direction ... has two skill points ... add two points to one skill track or split
    the points to two different tracks"."""
    game, state = new(3)
    assert state.current_player == 0
    play(game, state, "+W +W")
    assert state.current_player == 1
    play(game, state, "+Y +W")
    play(game, state, "+R")
    assert state.current_player == 2
    play(game, state, "+R")
    assert state.current_player == 0 and state.phase == 1
    assert [p.skills for p in state.players] == [[0, 0, 0, 2], [1, 0, 0, 1], [0, 2, 0, 0]]
    assert [state.skill_value(state.players[0], t) for t in range(4)] == [1, 1, 1, 3]


# ------------------------------------------------------------------ VI. Player Turn
def test_turn_is_two_actions_and_the_same_action_may_be_taken_twice() -> None:
    """VI: "a player can perform any 2 actions out of the 5 available ones ... The same
    action type can be performed twice"."""
    game, state = new(2, setup="+Y +R")
    play(game, state, "cYR")
    assert state.current_player == 0 and state.actions_left == 1
    play(game, state, "cYR")
    assert state.current_player == 1
    assert state.players[0].ingredients == [4, 4, 0, 0]


def test_a_player_may_end_the_turn_early() -> None:
    """VI "can perform any 2 actions" (design doc: a player may pass either or both)."""
    game, state = new(2, setup="+W +W")
    play(game, state, "end")
    assert state.current_player == 1 and state.players[0].ingredients == [0, 0, 0, 0]


# ------------------------------------------------------------------ VII.1 Collecting
def test_collect_example_one_yellow_three_water_then_a_green_decoction() -> None:
    """VII.1 Example: with 1 blue ingredient, "the player takes 1 yellow ingredient and 3
    water crystals (according to the statistics on his skill tracks)", then brews green,
    and "has 1 green decoction and 2 water markers"."""
    game, state = new(2, setup="+W +W")
    give(state, 0, ingredients={"blue": 1})
    play(game, state, "cYW")
    assert state.players[0].ingredients == [1, 0, 1, 3]
    play(game, state, "bG .")
    player = state.players[0]
    assert player.decoctions == [0, 0, 0, 0, 1, 0]
    assert player.ingredients == [0, 0, 0, 2]
    assert state.current_player == 1


def test_collect_never_more_than_six_of_a_colour() -> None:
    """VII.1: "A player can never have more than 6 ingredients of a given color"."""
    game, state = new(2, setup="+Y +Y")
    give(state, 0, ingredients={"yellow": 5}, skills={"yellow": 4})
    play(game, state, "cYR")
    assert state.players[0].ingredients[Y] == 6 and state.players[0].ingredients[R] == 1


def test_collect_with_one_type_full_takes_the_other_only() -> None:
    """VII.1 two different colours; design doc: naming a type already at 6 is how a
    player collects one colour only; a collect taking nothing is not offered."""
    game, state = new(2, setup="+R +R")
    give(state, 0, ingredients={"yellow": 6, "red": 6})
    offered = [game.describe_step(state, s) for s in state.legal_steps()
               if S.kind(s) == "collect"]
    assert "cYR" not in offered and "cYB" in offered
    play(game, state, "cYB")
    assert state.players[0].ingredients == [6, 6, 1, 0]


# ------------------------------------------------------------------ VII.2 Brewing
def test_brewing_example_two_purple_decoctions() -> None:
    """VII.2 Example: "discards 2 blue ingredients, 2 red ones, 2 waters and takes 2 purple
    decoctions"."""
    game, state = new(2, setup="+W +W")
    give(state, 0, ingredients={"red": 3, "blue": 2, "water": 4})
    play(game, state, "bP bP .")
    player = state.players[0]
    assert player.decoctions[DP] == 2 and player.ingredients == [0, 1, 0, 2]
    assert state.board_decoctions(player, DP) == 1


def test_brewing_every_colour_needs_water() -> None:
    """VII.2: "Note that you need water to brew decoctions of any color"."""
    _, state = new(2, setup="+W +W")
    give(state, 0, ingredients={"yellow": 6, "red": 6, "blue": 6})
    assert not [s for s in state.legal_steps() if S.kind(s) == "brew"]


def test_brewing_limit_three_of_a_colour() -> None:
    """VII.2: "A player can never have more than 3 decoctions of a given color"."""
    game, state = new(2, setup="+W +W")
    give(state, 0, ingredients={"red": 6, "water": 6}, decoctions={"red": 1})
    play(game, state, "bR bR")
    assert state.players[0].decoctions[DR] == 3
    assert S.brew(DR) not in state.legal_steps()
    with pytest.raises(NotationError):
        play(game, state, "bR")


# ------------------------------------------------------------------ VII.3 Making
def test_making_only_face_up_any_number_bonus_at_once_refill_at_turn_end() -> None:
    """VII.3: "Only a face-up elixir ... can be made", "The number of elixirs a player can
    make in a single action is not limited", the bonus moves the skill markers at once,
    and "At the end of the turn, players draw new cards ... in the empty spaces"."""
    game, state = new(2, setup="+W +W")
    face_up(state, 0, "E01")  # yellow, bonus yellow
    face_up(state, 1, "E43")  # purple, bonus red + blue
    set_deck(state, ["E40", "E41"])
    give(state, 0, decoctions={"yellow": 1, "purple": 1})
    play(game, state, "mE01@1 mE43@2")
    player = state.players[0]
    assert player.skills == [1, 1, 1, 2]  # at once, before the action closes
    assert state.face_up[:2] == [EMPTY, EMPTY]
    play(game, state, ".")
    assert state.face_up[:2] == [EMPTY, EMPTY]  # the second action sees the same gaps
    play(game, state, "end")
    assert state.face_up[:2] == [card(state, "E40"), card(state, "E41")]
    assert player.chest[:2] == [card(state, "E01"), card(state, "E43")]
    assert player.decoctions == [0] * 6


def test_making_needs_room_in_the_chest_of_nine() -> None:
    """VII.3: "each chest has 3 shelves and each shelf can only fit 3 items"."""
    _, state = new(2, setup="+W +W")
    for cell, ident in enumerate(["E02", "E03", "E04", "E09", "E10", "E11", "E17", "E18",
                                  "E19"], 1):
        to_chest(state, 0, ident, cell)
    give(state, 0, decoctions={c: 3 for c in ("yellow", "red", "blue")})
    assert not [s for s in state.legal_steps() if S.kind(s) == "make"]


def test_skill_marker_stops_at_the_last_space() -> None:
    """Skill tracks (design doc): a bonus step beyond space 6 is lost."""
    game, state = new(2, setup="+W +W")
    face_up(state, 0, "E03")  # yellow + water bonus
    give(state, 0, decoctions={"yellow": 1}, skills={"yellow": 6})
    play(game, state, "mE03@5")
    assert state.players[0].skills == [5, 0, 0, 3]


def test_last_card_drawn_triggers_the_end_and_the_round_is_completed() -> None:
    """VII.3: "If the last elixir card is drawn this way, the end of the game is
    triggered"; IX: "Players take their last turns, until the First Player, so that each
    has taken the same number of turns"."""
    game, state = new(3, setup="+W +W")
    player = state.players[2]
    while state.deck_count > 1:  # move deck cards to a sold pile (dealt count unchanged)
        player.sold.append(state.deck.pop())  # type: ignore[union-attr]
        state.deck_count -= 1
    check(state)
    play(game, state, "end")
    assert not state.end_triggered
    face_up(state, 3, "E01")
    give(state, 1, decoctions={"yellow": 1})
    play(game, state, "mE01@1 . end")
    assert state.end_triggered and state.deck_count == 0 and not state.is_terminal()
    assert state.current_player == 2
    play(game, state, "end")
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.rounds == 1 and state.turns == 3


# ------------------------------------------------------------------ VII.4 Rearranging
def test_rearranging_moves_to_an_empty_space_or_swaps_two() -> None:
    """VII.4: "move any one elixir to an empty space in the chest, OR ... swap places of
    any two elixirs"."""
    game, state = new(2, setup="+W +W")
    to_chest(state, 0, "E01", 1)
    to_chest(state, 0, "E09", 2)
    e01, e09 = card(state, "E01"), card(state, "E09")
    play(game, state, "r1-5")
    assert state.players[0].chest[0] == EMPTY and state.players[0].chest[4] == e01
    play(game, state, "r2-5")
    assert state.players[0].chest[1] == e01 and state.players[0].chest[4] == e09


# ------------------------------------------------------------------ VII.5 Selling
def _selling_example() -> tuple:
    game, state = new(2, setup="+W +W")
    # Line B is the diagonal D1 (cells 1, 5, 9): E49 and E29 already in the chest, E51
    # (red-orange, square) made into the bottom cell. Line A is the bottom shelf.
    for ident, cell in (("E49", 1), ("E29", 5), ("E09", 7), ("E34", 8), ("E20", 6)):
        to_chest(state, 0, ident, cell)
    face_up(state, 0, "E51")
    give(state, 0, decoctions={"red": 1, "orange": 1})
    return game, state


def test_selling_example_change_of_shape_scores_nineteen() -> None:
    """VII.5 example: "he uses the 'Change of Shape' Special Token and changes a square
    bottle into a conical one. This way he recives 7 points for selling the elixirs and,
    additionally ... 5 ... 4 ... 3 ... In total, the player gained 19 points, including 12
    bonus points", ending with "3 unsold elixirs in his Elixir Chest Board and 3 special
    tokens"."""
    game, state = _selling_example()
    play(game, state, "mE51@9 .")
    play(game, state, "sD1 tS3 .")
    player = state.players[0]
    assert player.markers == [12]
    assert sorted(player.sold) == sorted(card(state, i) for i in ("E49", "E29", "E51"))
    assert state.score_lines()[0].sold == 7
    assert state.score_lines()[0].sold + state.score_lines()[0].markers == 19
    assert sum(1 for c in player.chest if c != EMPTY) == 3
    assert player.tokens == [False, True, True, True]


def test_selling_example_without_the_token_loses_the_shape_bonus() -> None:
    """VII.5 example: the shape bonus needs the Change of Shape token (square vs conical)."""
    game, state = _selling_example()
    play(game, state, "mE51@9 . sD1 .")
    assert state.players[0].markers == [7]  # colour 4 + level 3


def test_selling_line_a_does_not_pay() -> None:
    """VII.5 example: "Option A does not pay" (the bottom shelf shares nothing)."""
    game, state = _selling_example()
    play(game, state, "mE51@9 . sR3 .")
    assert state.players[0].markers == []  # a line may be sold with no bonus


def test_selling_needs_one_complete_line() -> None:
    """VII.5: "You cannot sell elixirs that do not form one line or that form an
    incomplete line"."""
    game, state = _selling_example()
    assert not [s for s in state.legal_steps() if S.kind(s) == "sell"]
    with pytest.raises(NotationError):
        play(game, state, "sD1")


def test_two_colour_elixirs_score_each_shared_colour() -> None:
    """VII.5: "If an elixir is two-color and each color forms a line, then both colors
    score points" (only two red-orange cards exist: the third gets a Change of Color)."""
    _, state = new(2)
    e = state.data.elixirs
    none = [-1, -1, -1]
    cards = [e[card(state, i)] for i in ("E51", "E52", "E30")]  # orange shared
    assert line_bonus(state.data, cards, none) == 4
    cards = [e[card(state, i)] for i in ("E51", "E52", "E53")]  # red shared
    assert line_bonus(state.data, cards, none) == 4
    assert line_bonus(state.data, cards, [-1, -1, S.COLOUR_TOKEN]) == 8  # red and orange


def test_multi_colour_elixir_is_wild() -> None:
    """VII.5: "The multi-color elixir is a wild card – the player decides which color,
    shape, and level it has to gain the most points!"."""
    _, state = new(2)
    cards = [state.data.elixirs[card(state, i)] for i in ("E09", "E61", "E10")]
    # E09 red square 1, E10 red conical 1: the wild names red and level 1.
    assert line_bonus(state.data, cards, [-1, -1, -1]) == 4 + 3
    cards = [state.data.elixirs[card(state, i)] for i in ("E09", "E62", "E13")]
    assert line_bonus(state.data, cards, [-1, -1, -1]) == 4  # red; levels 1, 3, 2


# ------------------------------------------------------------------ VIII. Special action
def test_tokens_are_free_at_most_one_per_elixir_and_discarded() -> None:
    """VIII: "The special action is free", "no more than one per elixir", "After it has
    been used, discard the marker"."""
    game, state = _selling_example()
    play(game, state, "mE51@9 .")
    play(game, state, "sD1 tS3")
    assert S.token(S.COLOUR_TOKEN, 2) not in state.legal_steps()
    assert S.token(S.LEVEL_TOKEN, 0) in state.legal_steps()
    play(game, state, "tL1 .")
    assert state.players[0].tokens == [False, True, False, True]
    assert state.current_player == 1  # tokens did not count as actions


def test_change_of_color_changes_only_one_colour() -> None:
    """VIII Change of Color: "You are only allowed to change one color"."""
    _, state = new(2)
    e = state.data.elixirs
    # Three two-colour elixirs: red-orange, yellow-orange, red-purple.
    cards = [e[card(state, "E51")], e[card(state, "E49")], e[card(state, "E53")]]
    no, on_first = [-1, -1, -1], [S.COLOUR_TOKEN, -1, -1]
    assert line_bonus(state.data, cards, no) == 3  # no shared colour; all level 2
    # The token on E49 can make it red-orange (keeps orange): red shared by all three.
    assert line_bonus(state.data, cards, [-1, S.COLOUR_TOKEN, -1]) == 3 + 4
    assert line_bonus(state.data, cards, on_first) == 3  # no single change helps E51


def test_change_of_level_keeps_the_colour() -> None:
    """VIII Change of Level: "changes its level to a higher or lower ... its color remains
    the same"."""
    _, state = new(2)
    e = state.data.elixirs
    cards = [e[card(state, "E09")], e[card(state, "E12")], e[card(state, "E10")]]
    assert line_bonus(state.data, cards, [-1, -1, -1]) == 4
    assert line_bonus(state.data, cards, [-1, S.LEVEL_TOKEN, -1]) == 4 + 3


def test_decoction_transformation_is_the_only_way_past_three() -> None:
    """VIII Decoction transformation: "change any number of decoction of one color to the
    same number of decoction of a different color ... This is the only situation when a
    player can have more than 3 decoctions of a given color"."""
    game, state = new(2, setup="+W +W")
    give(state, 0, decoctions={"red": 3, "purple": 2}, ingredients={"red": 2, "water": 1})
    play(game, state, "x2P>R")
    player = state.players[0]
    assert player.held(DR) == 5 and player.held(DP) == 0
    assert not player.tokens[S.TRANSFORM_TOKEN]
    assert state.current_player == 0 and state.actions_left == 2  # free
    assert S.brew(DR) not in state.legal_steps()  # the brewing limit counts them
    assert not [s for s in state.legal_steps() if S.kind(s) == "transform"]  # once
    face_up(state, 1, "E12")  # red heart 2: red, red
    assert state.can_pay(player, card(state, "E12"))
    play(game, state, "mE12@1 .")
    assert player.held(DR) == 3 and player.moved == 0  # transformed ones spent first
    assert player.decoctions[DR] == 3 and state.board_decoctions(player, DP) == 3


# ------------------------------------------------------------------ IX. End of the Game
def test_end_scoring_elixirs_markers_and_pairs_of_decoctions() -> None:
    """IX: sold EP + markers + chest EP (no bonuses) + "Each pair of unused decoctions on
    your player board is worth 1 point"."""
    _, state = new(2)
    to_chest(state, 0, "E08", 1)  # 11 EP
    state.players[0].sold.append(state.deck.pop())  # type: ignore[union-attr]
    state.deck_count -= 1
    state.players[0].markers.append(12)
    give(state, 0, decoctions={"red": 3, "green": 2, "blue": 2})  # 7: 3 points
    line = state.score_lines()[0]
    sold_ep = state.data.elixirs[state.players[0].sold[0]].ep
    assert (line.sold, line.markers, line.chest, line.decoctions) == (sold_ep, 12, 11, 3)
    assert state.scores()[0] == sold_ep + 12 + 11 + 3


@pytest.mark.parametrize(("edge", "winners"), [
    ("made", [1]), ("decoctions", [1]), ("ingredients", [1]), ("none", [0, 1])])
def test_tie_breaks(edge: str, winners: list[int]) -> None:
    """IX: "If there is a tie the tied player who made the most elixirs wins. If there is
    still a tie, check the number of decoctions and then ingredients ... If the tie
    persists, the players share the victory"."""
    _, state = new(2)
    if edge == "made":  # 7 EP in one elixir against 7 EP in three
        to_chest(state, 0, "E15", 1)
        for cell, ident in enumerate(("E01", "E29", "E37"), 1):
            to_chest(state, 1, ident, cell)
    else:
        to_chest(state, 0, "E01", 1)
        to_chest(state, 1, "E02", 1)
    if edge == "decoctions":
        give(state, 1, decoctions={"red": 1})  # one decoction: no point
    if edge == "ingredients":
        give(state, 1, ingredients={"red": 1})
    assert state.scores()[0] == state.scores()[1]
    assert state.winners() == winners
    state.over = True
    shares = state.returns()
    assert [seat for seat, share in enumerate(shares) if share] == winners
    assert sum(shares) == pytest.approx(1.0)


def test_returns_are_zero_before_the_end() -> None:
    _, state = new(2)
    assert state.returns() == [0.0, 0.0]


def test_stall_safeguard_ends_the_game_and_is_off_in_rules_mode() -> None:
    """IX has no rule for a deck that never empties; the design doc's safeguard (an
    option) scores the game as ended after `stall_rounds` rounds; rules mode has none."""
    game, state = new(2, setup="+W +W", stall_rounds=3)
    for _ in range(6):
        play(game, state, "end")
    assert state.is_terminal() and state.capped and state.rounds == 3
    game, state = new(2, setup="+W +W", stall_safeguard=False, stall_rounds=3)
    for _ in range(20):
        play(game, state, "end")
    assert not state.is_terminal()


def test_illegal_and_out_of_range_steps_raise() -> None:
    _, state = new(2, setup="+W +W")
    for step in (S.sell(0), S.STOP, 9999, -5, S.chance(3)):
        with pytest.raises(IllegalMoveError):
            state.play(step)


def test_refill_is_a_chance_node_in_a_belief_state() -> None:
    """VII.3 refill: in a belief state each card drawn is a chance outcome, uniform over
    the cards never seen (the deck and the box together)."""
    game, state = new(2, setup="+W +W")
    face_up(state, 0, "E01")
    give(state, 0, decoctions={"yellow": 1})
    belief = game.observation(state, 0).belief_state()
    play(game, belief, "mE01@1 . end")
    assert belief.current_player == CHANCE
    outcomes = belief.chance_outcomes()
    assert len(outcomes) == 66 - 9 - 1  # 9 face up, 1 in the chest
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    belief.play(outcomes[0][0])
    assert belief.current_player == 1 and belief.face_up[0] == outcomes[0][0] - S.CHANCE_BASE
