"""The rulebook, example by example: every example and every "easily forgotten rule".

Each test names the section of the English rulebook (``valdora-rules-en.md``) it
checks; the German and Italian editions say the same. Positions are built from a real
``new_state`` and edited with :class:`scenarios.Scenario`, which conserves every
component and validates the result through position JSON. The engine is driven only
through ``legal_steps()`` / ``play()`` and the turn notation (``parse_turn``), and every
number the rulebook gives is asserted exactly.

Board (reconstructed, valdora-components.md): centre section M1, r1, Pw, r2, Hb2
around the harbour city H; north A-r3-Pr-r4-Py-r5-C; east C-r6-M2-r7-Pb-r8-B;
south B-r9-Pg-Hb1-Ps-r10-D; west D-r11-M3-r12-Pv-r13-A.
"""

from __future__ import annotations

import pytest
from scenarios import (
    DATA,
    SPACE,
    Scenario,
    held,
    play,
    play_turn,
    seat_doc,
    table_doc,
    tokens,
    visible,
)

from valdora_ai.errors import IllegalMoveError, NotationError
from valdora_ai.games import make_game
from valdora_ai.games.valdora import steps as S
from valdora_ai.games.valdora.rules import MOVE, TERMINAL, ScoreLine, ValdoraState

# Every test here runs on both engines (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("engine")

GEMS = ("ruby", "sapphire", "amethyst", "emerald", "gold")
NO_GEMS = dict.fromkeys(GEMS, 0)
SOUTH = {"r9", "Pg", "Hb1", "Ps", "r10"}


def gems(**counts: int) -> dict[str, int]:
    """A full gem-count dict as position JSON writes it."""
    return NO_GEMS | counts


def moves(state: ValdoraState) -> set[str]:
    """The destinations legal in the move phase."""
    assert state.phase == MOVE, "not in the move phase"
    return set(tokens(state))


# =====================================================================================
# Game components and setup
# =====================================================================================
@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_coins_gems_pawns_books(players: int) -> None:
    """Game components and setup: start player 1 coin, each next player one more; 6 gems
    on each of the 13 road spaces (78 gems, bag empty); all pawns on the city with a
    harbour in the middle; adventurer without provisions; only the gold pan; books on
    their cities with every card still in the book; 13 bonus tiles; 30 coins."""
    game = make_game("valdora", players=players)
    state = game.new_state(2009)
    doc = game.position_to_json(state)
    assert [seat["coins"] for seat in doc["seats"]] == list(range(1, players + 1))
    assert doc["bank"] == 30 - sum(range(1, players + 1))
    assert state.current_player == 0 and state.phase == MOVE
    for seat in doc["seats"]:
        assert seat["space"] == "H"
        assert seat["provisions"] is False
        assert seat["items"] == {"pan": None}
        assert seat["equipment"] == seat["commissions"] == seat["completed"] == []
        assert seat["craftsmen"] == {} and seat["workshops"] == [] and seat["bonus_tiles"] == 0
    assert len(doc["roads"]) == 13
    assert all(sum(road.values()) == 6 for road in doc["roads"].values())
    totals = {g: sum(road[g] for road in doc["roads"].values()) for g in GEMS}
    assert totals == {"ruby": 13, "sapphire": 13, "amethyst": 15, "emerald": 15, "gold": 22}
    assert doc["discard"] == NO_GEMS
    assert [(b["city"], len(b["left"]), len(b["right"]), b["hidden"]["count"])
            for b in doc["books"]] == [("A", 0, 0, 18), ("B", 0, 0, 18),
                                       ("C", 0, 0, 27), ("D", 0, 0, 27)]
    assert [(DATA.spaces[b.space].id, b.cards.kind) for b in state.books] == [
        ("A", "equipment"), ("B", "equipment"), ("C", "commission"), ("D", "commission")]
    assert all(owner is None for owner in doc["workshops"].values())
    assert doc["bonus_tiles"] == 13


@pytest.mark.parametrize("players, small", [(3, 3), (4, 4), (5, 4)])
def test_setup_craftsmen_three_players_remove_one_violet_red_blue_green(
        players: int, small: int) -> None:
    """Game components and setup, craftsman board: 9 silver-grey, 9 yellow, 5 white,
    4 violet, 4 red, 4 blue, 4 green; "With 3 players: Remove one violet, red, blue and
    green craftsman tile from the game"."""
    state = make_game("valdora", players=players).new_state(1)
    assert table_doc(state)["craftsmen"] == {
        "silver": 9, "yellow": 9, "white": 5,
        "violet": small, "red": small, "blue": small, "green": small}


# =====================================================================================
# 1) Movement
# =====================================================================================
def test_movement_no_farther_than_next_city_without_provisions() -> None:
    """Easily forgotten rules 1 / 1) Movement: "You may move as far as you want between
    two cities. However, moving beyond a city is only allowed if you have and use up
    provisions." From r4 (north road) the pawn reaches the north road and its two
    cities A and C, nothing beyond."""
    state = Scenario().place(0, "r4").build()
    assert moves(state) == {"A", "r3", "Pr", "Py", "r5", "C"}


def test_movement_through_one_city_with_provisions() -> None:
    """1) Movement, Exception: with provisions the pawn may move through one city, then
    again no farther than the next city. From r4 everything is reachable except r4
    itself and the south road, which lies beyond two cities (A or C, then B or D)."""
    sc = Scenario().place(0, "r4", provisions=True)
    for seat in (1, 2, 3):
        sc.place(seat, "Ps")  # out of reach: no encounter to pay for
    state = sc.build()
    everywhere = {s.id for s in DATA.spaces}
    assert moves(state) == everywhere - {"r4"} - SOUTH


@pytest.mark.parametrize("destination, kept", [
    ("Pr", True),   # still between A and C: provisions not needed, so kept
    ("C", True),    # ending on a city is not passing through it
    ("Pv", False),  # through A onto the west road
    ("H", False),   # through A or C into the centre
    ("M2", False),  # through C onto the east road
])
def test_provisions_spent_only_when_passing_through_a_city(destination: str, kept: bool
                                                          ) -> None:
    """1) Movement, Exception / e) Take provisions, "Remember: If you have provisions,
    you may move through a city without having to stop in it. Your provisions are then
    used up." Provisions not needed for a move are kept."""
    state = Scenario().place(0, "r4", provisions=True).place(1, "D").place(2, "D") \
        .place(3, "D").build()
    play(state, destination)
    assert state.players[0].space == SPACE[destination]
    assert seat_doc(state, 0)["provisions"] is kept


def test_movement_never_ends_where_it_started_and_is_compulsory() -> None:
    """1) Movement: "You must move your pawn" and "You may not end your pawn's movement
    on the same space it was on at the start of your turn" (not even by a round trip
    through a city with provisions)."""
    for provisions in (False, True):
        state = Scenario().place(0, "A", provisions=provisions).build()
        legal = tokens(state)
        assert "A" not in legal
        assert "end" not in legal and "pass" not in legal
        assert all(S.kind(step) == "move" for step in state.legal_steps())
        with pytest.raises(IllegalMoveError):
            state.play(S.move(SPACE["A"]))


@pytest.mark.parametrize("city", ["H", "A", "B", "C", "D"])
def test_take_provisions_on_any_city(city: str) -> None:
    """e) Take provisions (any city space): the adventurer card is turned to the side
    with provisions; it is the turn's one action, so the turn ends."""
    sc = Scenario().place(0, "M1")
    for seat in (1, 2, 3):
        sc.place(seat, "Pw")
    state = sc.build()
    play_turn(state, f"{city}: P")
    assert seat_doc(state, 0)["provisions"] is True
    assert state.current_player == 1


def test_no_provisions_off_a_city() -> None:
    """e) Take provisions (any city space): not on a road, mine, harbour or patron
    house."""
    for space, start in (("r1", "M1"), ("M1", "H"), ("Hb2", "M1"), ("Pw", "M1")):
        state = Scenario().place(0, start).build()
        play(state, space)
        assert "P" not in tokens(state)


# =====================================================================================
# Encounters
# =====================================================================================
def test_encounter_pays_one_coin_to_each_pawn_met() -> None:
    """Encounters: "If you end your turn on the same space that one or more pawns
    belonging to other players are standing on, then you must pay each of those players
    1 coin."""
    sc = Scenario().place(0, "r3", coins=3).place(1, "Pr", coins=2).place(2, "Pr", coins=4)
    state = sc.build()
    bank = state.bank
    play(state, "Pr")
    assert [p.coins for p in state.players[:3]] == [1, 3, 5]
    assert state.players[3].coins == 4  # still on H, not met
    assert state.bank == bank


def test_encounter_coin_to_a_player_at_six_goes_to_the_bank() -> None:
    """Encounters: "You may have no more than 6 coins! If you have to pay a coin to a
    player who already has six then the coin goes to the bank."""
    state = Scenario().place(0, "r3", coins=3).place(1, "Pr", coins=6).place(2, "Pr", coins=5) \
        .build()
    bank = state.bank
    play(state, "Pr")
    assert [p.coins for p in state.players[:3]] == [1, 6, 6]
    assert state.bank == bank + 1


def test_encounter_space_you_cannot_pay_for_is_not_reachable() -> None:
    """Encounters: "If you don't have enough coins then you may not move to that
    space." One coin is not enough to meet two pawns; no coin not enough for one."""
    state = Scenario().place(0, "r3", coins=1).place(1, "Pr").place(2, "Pr").place(3, "Py") \
        .build()
    assert "Pr" not in tokens(state) and "Py" in tokens(state)
    with pytest.raises(NotationError):
        make_game("valdora", players=4).parse_turn(state, "Pr")
    with pytest.raises(IllegalMoveError):
        state.play(S.move(SPACE["Pr"]))

    broke = Scenario().place(0, "r3", coins=0).place(1, "Py").build()
    assert "Py" not in tokens(broke) and "Pr" in tokens(broke)


def test_encounter_on_a_silver_mine_is_free() -> None:
    """Encounters, Exception: "You do not have to pay any coins if you encounter other
    players on a silver mine space. This means you can move to these spaces even if you
    don't have any coins!"""
    state = Scenario().place(0, "r6", coins=0).place(1, "M2", coins=2).place(2, "M2", coins=6) \
        .build()
    bank = state.bank
    assert "M2" in tokens(state)
    play(state, "M2")
    assert [p.coins for p in state.players[:3]] == [0, 2, 6]
    assert state.bank == bank


# =====================================================================================
# 2) Action d) Replenish silver
# =====================================================================================
def test_silver_mine_replenishes_to_six_coins() -> None:
    """d) Replenish silver (silver mines): "replenish your coin supply to 6 coins";
    the coins come from the bank, and the action ends the turn."""
    state = Scenario().place(0, "r6", coins=2).build()
    bank = state.bank
    play_turn(state, "M2: $")
    assert state.players[0].coins == 6
    assert state.bank == bank - 4
    assert state.current_player == 1


def test_silver_mine_with_six_coins_offers_nothing() -> None:
    """d) Replenish silver / Encounters: no more than 6 coins, so a player already at 6
    has nothing to replenish."""
    state = Scenario().place(0, "r6", coins=6).build()
    play(state, "M2")
    assert tokens(state) == ["end"]


# =====================================================================================
# 2) Action a) Purchase equipment or commissions -- Turning pages
# =====================================================================================
def test_turning_pages_andreas_example_equipment_catalog() -> None:
    """a) Turning pages, Andreas' example: "Andreas buys a card, turns a page for free,
    then pays 1 coin to turn another page and buys a second card. He then turns another
    two pages and pays another 2 coins... In total, he paid 3 coins to turn pages."
    In an equipment catalog the cards cost gold, so every coin paid is for turning."""
    sc = Scenario().place(0, "r1", coins=5)
    sc.book("A", right=("shovel/cart", "chisel/cart", "hammer/shovel", "pick/chisel"))
    sc.carry(0, "pan", "gold").carry(0, "horse", "gold")
    state = sc.build()
    bank, discard_gold = state.bank, table_doc(state)["discard"]["gold"]
    assert visible(state, "A") == (None, "pick")

    game = make_game("valdora", players=4)
    steps = game.parse_turn(state, "A: bR@pan tR tR bL@horse tR tL")
    assert game.format_turn(state, steps) == "A: bR@pan tR tR bL@horse tR tL"
    coins = []
    for step in steps:
        state.play(step)
        coins.append(state.players[0].coins)
    #              move  bR@pan  tR(free)  tR  bL@horse  tR  tL  end
    assert coins == [5, 5, 5, 4, 4, 3, 2, 2]
    assert state.bank == bank + 3
    assert table_doc(state)["discard"]["gold"] == discard_gold + 2  # paid for the cards
    seat = seat_doc(state, 0)
    assert seat["items"] == {"pan": None, "pick": None, "horse": None, "cart": None}
    assert seat["equipment"][1:] == ["pick/chisel", "chisel/cart^"]
    assert visible(state, "A") == ("shovel", "shovel")  # hammer/shovel^ | shovel/cart
    assert state.current_player == 1


def test_turning_pages_andreas_example_commission_book() -> None:
    """a) Turning pages, Andreas' example in a commission book: 3 coins for turning
    pages plus 1 coin for each of the two commissions bought (5 in all)."""
    sc = Scenario().place(0, "r5", coins=6)
    sc.book("C", right=("R/B", "G/E", "S/G", "G/R"))
    state = sc.build()
    bank = state.bank
    steps = make_game("valdora", players=4).parse_turn(state, "C: bR tR tR bL tR tR")
    coins = []
    for step in steps:
        state.play(step)
        coins.append(state.players[0].coins)
    #              move  bR  tR(free)  tR  bL  tR  tR  end
    assert coins == [6, 5, 5, 4, 3, 2, 1, 1]
    assert state.bank == bank + 5
    assert seat_doc(state, 0)["commissions"] == ["G/R", "G/E^"]


def test_first_page_turn_is_free_then_each_costs_a_coin() -> None:
    """Easily forgotten rules 3 / a) Turning pages: "Turning the first page of each turn
    is free. For each additional page you wish to turn, you must pay 1 coin." With no
    coin only the first turn is possible; it stays free after a purchase."""
    state = Scenario().place(0, "r5", coins=0).build()
    play(state, "C")
    assert {"tR", "P"} <= set(tokens(state))
    play(state, "tR")
    assert state.players[0].coins == 0
    assert tokens(state) == ["end"]  # no second turn, no purchase, no provisions

    state = Scenario().place(0, "r5", coins=2).build()
    play(state, "C", "bR")
    assert state.players[0].coins == 1
    play(state, "tR")  # first turn of the turn: free even after buying
    assert state.players[0].coins == 1
    play(state, "tR")
    assert state.players[0].coins == 0
    assert "tR" not in tokens(state) and "tL" not in tokens(state)


def test_pages_can_be_turned_forwards_and_backwards() -> None:
    """a) Turning pages: "You may turn pages forwards, backwards and back and forth, as
    long as you can pay for them." Turning a page moves the top card of one side over
    to the other side, turned over."""
    sc = Scenario().place(0, "r1", coins=2)
    sc.book("A", right=("hammer/horse", "pick/chisel"))
    state = sc.build()
    play(state, "A")
    assert visible(state, "A") == (None, "pick")
    play(state, "tR")
    assert visible(state, "A") == ("chisel", "hammer")
    play(state, "tL")
    assert visible(state, "A") == (None, "pick")
    play(state, "tR")
    assert visible(state, "A") == ("chisel", "hammer")
    assert state.players[0].coins == 0  # 3 turns: the first free, then 1 + 1


def test_two_visible_cards_can_both_be_bought() -> None:
    """a) Purchase: "Should two cards be visible after turning pages, then you can
    choose between them" -- and buy both, paying each with 1 gold."""
    sc = Scenario().place(0, "r1", coins=0)
    sc.book("A", right=("hammer/shovel", "pick/chisel"))
    sc.carry(0, "pan", "gold").carry(0, "cart", "gold")
    state = sc.build()
    play_turn(state, "A: tR bL@pan bR@cart")
    seat = seat_doc(state, 0)
    assert seat["items"] == {"pan": None, "chisel": None, "hammer": None, "cart": None}
    assert seat["equipment"][1:] == ["pick/chisel^", "hammer/shovel"]
    assert table_doc(state)["discard"] == gems(gold=2)


def test_turning_a_page_is_the_action_no_provisions_afterwards() -> None:
    """Easily forgotten rules 9 / a) "Turning a page counts as the 'Purchase equipment
    or commissions'-action, even if you choose not to buy anything": "Even if you only
    turned a page without buying a card, you may not subsequently take provisions"."""
    state = Scenario().place(0, "r5", coins=3).build()
    play(state, "C")
    assert "P" in tokens(state)
    play(state, "tR")
    assert "P" not in tokens(state)
    assert "end" in tokens(state)


def test_one_action_per_turn_loading_at_the_harbour_city() -> None:
    """Easily forgotten rules 9 / 2) Action: "Even if the space makes multiple actions
    possible, you may only carry out one action." H allows loading (harbour) and taking
    provisions (city): after loading, provisions are no longer possible."""
    sc = Scenario().place(0, "M1").discard(ruby=1).carry(0, "pick")
    for seat in (1, 2, 3):
        sc.place(seat, "D")
    state = sc.build()
    play(state, "H")
    assert {"+R@pick", "P"} <= set(tokens(state))
    play(state, "+R@pick")
    assert tokens(state) == ["end"]


# =====================================================================================
# 2) Action a) Purchase equipment or commissions -- equipment
# =====================================================================================
def test_gold_must_be_loaded_before_buying_equipment() -> None:
    """Easily forgotten rules 2 / a) "Each equipment card you buy costs 1 gold. Place the
    gold in the discard space": without a gold carried, no equipment can be bought
    (turning pages still can)."""
    sc = Scenario().place(0, "r1", coins=3).carry(0, "pick", "ruby").carry(0, "cart", "ruby")
    sc.book("A", right=("hammer/shovel",))
    state = sc.build()
    play(state, "A")
    assert visible(state, "A") == (None, "hammer")
    assert tokens(state) == ["end", "P", "tR"]


def test_equipment_payer_chooses_the_gold_pan_horse_or_cart() -> None:
    """a) Purchase / Easily forgotten rules 2: the gold paying for equipment goes to the
    discard; a player carrying gold on several items chooses which one pays (component
    modelling decision: pan, horse or cart)."""
    sc = Scenario().place(0, "r1", coins=3)
    sc.book("A", right=("hammer/shovel",))
    sc.carry(0, "pan", "gold").carry(0, "horse", "gold").carry(0, "cart", "gold")
    state = sc.build()
    play(state, "A")
    assert {"bR@pan", "bR@horse", "bR@cart"} <= set(tokens(state))
    discard = table_doc(state)["discard"]
    play(state, "bR@horse")
    assert seat_doc(state, 0)["items"] == {"pan": "gold", "hammer": None, "horse": None,
                                           "cart": "gold"}
    assert table_doc(state)["discard"] == discard | {"gold": discard["gold"] + 1}
    assert state.players[0].coins == 3  # equipment is paid with gold, not coins


def test_only_one_of_each_equipment_item() -> None:
    """Easily forgotten rules 4 / a) "You may only own one of each equipment item." A
    player owning a pick cannot buy another pick, but can buy the chisel on its back."""
    sc = Scenario().place(0, "r1", coins=3).carry(0, "pan", "gold").carry(0, "cart", "gold")
    sc.carry(0, "pick")
    sc.book("A", right=("hammer/horse", "pick/chisel"))
    state = sc.build()
    play(state, "A")
    assert not any(t.startswith("bR") for t in tokens(state))
    play(state, "tR")
    assert visible(state, "A") == ("chisel", "hammer")
    assert {"bL@pan", "bL@cart", "bR@pan", "bR@cart"} <= set(tokens(state))
    play(state, "bL@pan")
    assert not any(t.startswith("bL") for t in tokens(state))  # left now empty


def test_never_more_than_three_gems_of_one_type() -> None:
    """a) Purchase, Note: "To transport three gemstones of the same type, then, you would
    need the equipment card for that gemstone, the cart and the horse! You can never
    transport more than three gemstones of the same type." Horse 3 + cart 2 coins."""
    sc = Scenario().place(0, "r3", coins=6).road("r4", ruby=4)
    sc.carry(0, "pick").carry(0, "horse").carry(0, "cart")
    state = sc.build()
    play_turn(state, "r4: +R@pick +R@horse +R@cart")
    assert seat_doc(state, 0)["items"] == {"pan": None, "pick": "ruby", "horse": "ruby",
                                           "cart": "ruby"}
    assert state.players[0].coins == 1
    assert table_doc(state)["roads"]["r4"] == gems(ruby=1)


# =====================================================================================
# 2) Action a) Purchase equipment or commissions -- commissions
# =====================================================================================
def test_commission_costs_one_coin_to_the_bank() -> None:
    """a) "Each commission card you buy costs 1 coin. Put the coin in the bank." With no
    coin left, no commission can be bought (the free page turn remains)."""
    sc = Scenario().place(0, "r5", coins=1)
    sc.book("C", right=("R/B", "S/G"))
    state = sc.build()
    bank = state.bank
    play(state, "C", "bR")
    assert state.players[0].coins == 0 and state.bank == bank + 1
    assert seat_doc(state, 0)["commissions"] == ["S/G"]
    assert visible(state, "C") == (None, "R")
    assert "bR" not in tokens(state) and "tR" in tokens(state)


def test_at_most_three_incomplete_commissions() -> None:
    """a) "You may own no more than 3 incomplete commissions": holding 3, no commission
    can be bought."""
    sc = Scenario().place(0, "r5", coins=5)
    for face in ("R", "B", "G"):
        sc.commission(0, face)
    state = sc.build()
    play(state, "C")
    assert not any(t.startswith("b") for t in tokens(state))
    play(state, "tR")
    assert not any(t.startswith("b") for t in tokens(state))


@pytest.mark.parametrize("side", ["L", "R"])
def test_return_a_commission_then_buy(side: str) -> None:
    """a) "If you already have 3 incomplete commissions and you want to buy another, you
    must first return one ... place the card onto the commission book for the city you
    are in. You may decide whether to return the card to the right or left side of the
    book. You do not receive a refund ... Afterwards, you can buy a new commission."""
    sc = Scenario().place(0, "r5", coins=4)
    sc.book("C", right=("S/G",))
    for face in ("R", "B", "G"):
        sc.commission(0, face)
    state = sc.build()
    play(state, "C")
    assert {f"x{i}{s}" for i in (1, 2, 3) for s in "LR"} <= set(tokens(state))
    play(state, f"x2{side}")
    assert held(state, 0) == ["R", "G"]
    assert state.players[0].coins == 4  # no refund
    assert not any(t.startswith("x") for t in tokens(state))  # 2 held: nothing to return
    if side == "L":
        assert visible(state, "C") == ("B", "S")
    else:
        assert visible(state, "C") == (None, "B")
        play(state, "tR")  # the returned card turns over to the left; S shows again
        assert visible(state, "C")[1] == "S"
    play(state, "bR")
    assert held(state, 0) == ["R", "G", "S"]
    assert state.players[0].coins == 3


def test_return_only_with_three_held_and_only_in_a_commission_city() -> None:
    """a) Returning a commission is a step towards buying another "if you already have
    3 incomplete commissions"; it is put "onto the commission book for the city you
    are in" -- so not with fewer than 3, and not in an equipment city."""
    sc = Scenario().place(0, "r5", coins=4).commission(0, "R").commission(0, "B")
    state = sc.build()
    play(state, "C")
    assert not any(t.startswith("x") for t in tokens(state))

    sc = Scenario().place(0, "r1", coins=4).carry(0, "pan", "gold")
    for face in ("R", "B", "G"):
        sc.commission(0, face)
    state = sc.build()
    play(state, "A")
    assert not any(t.startswith("x") for t in tokens(state))


def test_empty_book_pawn_stops_and_can_take_provisions() -> None:
    """Easily forgotten rules 8: "a book in a city may be empty. In that case, your pawn
    may still not move beyond the city. Although you can't purchase a card, you could
    still take provisions, for example."""
    state = Scenario().place(0, "r5", coins=6).empty_book("C").build()
    assert visible(state, "C") == (None, None)
    assert "C" in moves(state)
    assert not moves(state) & {"r6", "M2", "r7", "Pb", "r8"}  # beyond C
    play(state, "C")
    assert tokens(state) == ["end", "P"]
    play(state, "P")
    assert state.players[0].provisions and state.current_player == 1


# =====================================================================================
# 2) Action b) Load gemstones
# =====================================================================================
def test_loading_on_a_road_andreas_example() -> None:
    """b) Load gemstones, Andreas' example: a road space with 2 gold, 1 ruby, 2 sapphires
    and 1 emerald; empty equipment for ruby and sapphire, an empty cart, a gold already on
    the gold pan. He loads the ruby, a sapphire and the emerald on the cart paying 2
    coins; "he may not load any more gold" on the pan."""
    sc = Scenario().place(0, "r3", coins=3)
    sc.road("r4", gold=2, ruby=1, sapphire=2, emerald=1)
    sc.carry(0, "pan", "gold").carry(0, "pick").carry(0, "chisel").carry(0, "cart")
    state = sc.build()
    bank = state.bank

    probe = state.copy()
    play(probe, "r4")
    assert set(tokens(probe)) == {"end", "+R@pick", "+R@cart", "+B@chisel", "+B@cart",
                                  "+E@cart", "+G@cart"}
    assert "+G@pan" not in tokens(probe)  # the pan already carries a gold

    steps = play_turn(state.copy(), "r4: +R@pick +B@chisel +E@cart")
    assert make_game("valdora", players=4).format_turn(state, steps) \
        == "r4: +R@pick +B@chisel +E@cart"
    play_turn(state, "r4: +R@pick +B@chisel +E@cart")
    assert seat_doc(state, 0)["items"] == {"pan": "gold", "pick": "ruby",
                                           "chisel": "sapphire", "cart": "emerald"}
    assert state.players[0].coins == 1 and state.bank == bank + 2
    assert table_doc(state)["roads"]["r4"] == gems(gold=2, sapphire=1)


def test_loading_on_a_road_stops_when_equipment_is_full() -> None:
    """b) "Each equipment card can hold only one gemstone!" After Andreas' three loads
    nothing more can be loaded (gold and a sapphire remain on the road)."""
    sc = Scenario().place(0, "r3", coins=3)
    sc.road("r4", gold=2, ruby=1, sapphire=2, emerald=1)
    sc.carry(0, "pan", "gold").carry(0, "pick").carry(0, "chisel").carry(0, "cart")
    state = sc.build()
    play(state, "r4", "+R@pick", "+B@chisel", "+E@cart")
    assert tokens(state) == ["end"]


@pytest.mark.parametrize("coins, loadable", [
    (1, {"+E@shovel"}),
    (2, {"+E@shovel", "+E@cart", "+R@cart"}),
    (3, {"+E@shovel", "+E@cart", "+R@cart", "+E@horse", "+R@horse"}),
])
def test_horse_and_cart_loads_cost_coins(coins: int, loadable: set[str]) -> None:
    """Game components, equipment cards: "The cards with the horse and cart on them let
    players load one gemstone of any color, provided they pay the number of coins shown
    on the card" (cart 2, horse 3; tools load for free)."""
    sc = Scenario().place(0, "r6", coins=coins).road("r7", ruby=1, emerald=1)
    sc.carry(0, "shovel").carry(0, "horse").carry(0, "cart")
    state = sc.build()
    play(state, "r7")
    assert set(tokens(state)) == {"end"} | loadable


@pytest.mark.parametrize("harbour, start, ships, left_over", [
    ("Hb1", "Pg", 1, gems(sapphire=1, emerald=1, gold=1)),
    ("Hb2", "M1", 2, gems(emerald=1, gold=1)),
    ("H", "M1", 1, gems(sapphire=1, emerald=1, gold=1)),
])
def test_harbour_loads_from_the_discard_up_to_its_ships(
        harbour: str, start: str, ships: int, left_over: dict[str, int]) -> None:
    """b) "On a harbor space or the city with the harbor, you may load as many gemstones
    as there are ships in the harbor (1 or 2). You may only take the gemstones from the
    discard space." Hb1: 1 ship, Hb2: 2 ships, the city H: 1 ship."""
    sc = Scenario().place(0, start, coins=6)
    for seat in (1, 2, 3):
        sc.place(seat, "D")
    sc.discard(ruby=1, sapphire=1, emerald=1, gold=1)
    sc.carry(0, "pick").carry(0, "chisel").carry(0, "shovel")
    state = sc.build()
    roads = table_doc(state)["roads"]
    play(state, harbour)
    assert {"+R@pick", "+B@chisel", "+E@shovel", "+G@pan"} <= set(tokens(state))
    play(state, *["+R@pick", "+B@chisel"][:ships])
    assert tokens(state) == ["end"]
    assert table_doc(state)["roads"] == roads  # nothing taken from the roads
    assert table_doc(state)["discard"] == left_over


def test_nothing_to_load_at_a_harbour_while_the_discard_is_empty() -> None:
    """b) Note: "At the start of the game, the discard space is empty ... Prior to that
    point, players cannot load gemstones on the harbor spaces."""
    state = make_game("valdora", players=4).new_state(5)
    play(state, "Hb2")
    assert tokens(state) == ["end"]
    state = Scenario().place(0, "Pg", coins=6).carry(0, "cart").carry(0, "pick").build()
    assert table_doc(state)["discard"] == NO_GEMS
    play(state, "Hb1")
    assert tokens(state) == ["end"]


def test_unload_horse_or_cart_to_reload_a_different_gem() -> None:
    """b) "You may choose to unload a gemstone that you had previously loaded onto a
    horse or cart, in order to reload a different gemstone. Place the unloaded gemstone
    onto the discard space ... you must again pay the cost in coins shown on the card."
    Tools cannot be unloaded, and reloading the same colour is no reload."""
    sc = Scenario().place(0, "r6", coins=4).road("r7", ruby=1, sapphire=1, emerald=1)
    sc.carry(0, "cart", "sapphire").carry(0, "pick", "ruby")
    state = sc.build()
    bank, discard = state.bank, table_doc(state)["discard"]
    play(state, "r7")
    assert set(tokens(state)) == {"end", "+R@cart", "+E@cart"}
    play(state, "+E@cart")
    assert seat_doc(state, 0)["items"] == {"pan": None, "pick": "ruby", "cart": "emerald"}
    assert state.players[0].coins == 2 and state.bank == bank + 2
    assert table_doc(state)["discard"] == discard | {"sapphire": discard["sapphire"] + 1}
    assert table_doc(state)["roads"]["r7"] == gems(ruby=1, sapphire=1)


def test_reload_at_a_harbour_horse_costs_three() -> None:
    """b) Unloading a horse to reload at a harbour: the old gem goes to the discard,
    the new one comes from it, and the horse's 3 coins are paid again."""
    sc = Scenario().place(0, "Pg", coins=3).discard(emerald=1).carry(0, "horse", "ruby")
    state = sc.build()
    bank = state.bank
    play_turn(state, "Hb1: +E@horse")
    assert seat_doc(state, 0)["items"] == {"pan": None, "horse": "emerald"}
    assert table_doc(state)["discard"] == gems(ruby=1)
    assert state.players[0].coins == 0 and state.bank == bank + 3


# =====================================================================================
# 2) Action c) Complete commissions
# =====================================================================================
@pytest.mark.parametrize("face, pick", [("B", "ruby"), ("R", None)])
def test_deliver_only_with_a_matching_incomplete_commission(face: str, pick: str | None
                                                            ) -> None:
    """Easily forgotten rules 5: "You may only deliver a gemstone or coin to a patron if
    you also have the corresponding incomplete commission!" (a ruby but only a blue
    commission; a red commission but no ruby)."""
    state = Scenario().place(0, "r3", coins=3).commission(0, face).carry(0, "pick", pick) \
        .build()
    play(state, "Pr")
    assert tokens(state) == ["end"]


def test_delivered_gems_go_to_the_discard() -> None:
    """Easily forgotten rules 6 / c) "When you deliver gemstones, place them onto the
    discard space"; the completed commission goes under the adventurer card."""
    sc = Scenario().place(0, "r3", coins=3).commission(0, "R").carry(0, "pick", "ruby")
    state = sc.build()
    card = seat_doc(state, 0)["commissions"][0]
    play_turn(state, "Pr: c1@pick")
    seat = seat_doc(state, 0)
    assert seat["items"] == {"pan": None, "pick": None}
    assert seat["commissions"] == [] and seat["completed"] == [card]
    assert table_doc(state)["discard"] == gems(ruby=1)
    assert seat["coins"] == 3


def test_silver_commission_coin_goes_to_the_bank() -> None:
    """c) "you must pay the gemstones or coins indicated on the commission card. Place
    the gemstones onto the discard space and the coins into the bank."""
    state = Scenario().place(0, "r10", coins=2).commission(0, "S").build()
    bank = state.bank
    play_turn(state, "Ps: c1")
    assert state.players[0].coins == 1 and state.bank == bank + 1
    assert seat_doc(state, 0)["craftsmen"] == {"silver": 1}
    assert table_doc(state)["discard"] == NO_GEMS


def test_white_commission_three_different_gems() -> None:
    """Game components, commission cards: a commission may ask for "a specific
    combination of three gemstones" (here ruby + sapphire + amethyst). The player
    chooses which carried gems pay."""
    sc = Scenario().place(0, "M1", coins=0).commission(0, "W1")
    sc.carry(0, "pick", "ruby").carry(0, "chisel", "sapphire")
    sc.carry(0, "hammer", "amethyst").carry(0, "cart", "amethyst")
    state = sc.build()
    play(state, "Pw")
    assert set(tokens(state)) == {"end", "c1@pick,chisel,hammer", "c1@pick,chisel,cart"}
    play(state, "c1@pick,chisel,cart", "end")
    seat = seat_doc(state, 0)
    assert seat["items"] == {"pan": None, "pick": None, "chisel": None,
                             "hammer": "amethyst", "cart": None}
    assert seat["craftsmen"] == {"white": 1}
    assert table_doc(state)["discard"] == gems(ruby=1, sapphire=1, amethyst=1)
    assert state.score_lines()[0].commissions == 8


def test_hiring_a_craftsman_andreas_example() -> None:
    """c) Hiring a craftsman, Andreas' example: "Andreas completes 2 red commissions at the
    same time. There aren't any red craftsmen left ..., but there are still one blue and
    one green tile left ... he instead takes ... the blue tile. Since the blue pile has
    now also run out, he receives a green tile for the second red commission."""
    sc = Scenario().place(0, "r3", coins=2).supply(red=0, blue=1, green=1).tiles(0)
    sc.commission(0, "R").commission(0, "R")
    sc.carry(0, "pick", "ruby").carry(0, "cart", "ruby")
    state = sc.build()
    play(state, "Pr", "c1@pick")
    assert seat_doc(state, 0)["craftsmen"] == {"blue": 1}
    assert table_doc(state)["craftsmen"] == {
        "silver": 9, "yellow": 9, "white": 5, "violet": 4, "red": 0, "blue": 0, "green": 1}
    play(state, "c1@cart")
    assert seat_doc(state, 0)["craftsmen"] == {"blue": 1, "green": 1}
    assert table_doc(state)["craftsmen"] == {
        "silver": 9, "yellow": 9, "white": 5, "violet": 4, "red": 0, "blue": 0, "green": 0}
    assert table_doc(state)["discard"] == gems(ruby=2)
    assert not state.end_triggered  # four colours are still next to the board


def test_hiring_a_craftsman_wraps_around_the_board() -> None:
    """c) Hiring a craftsman: "take a tile in the next color, in clockwise direction, of
    which there is at least one left" -- the search goes round the board (reconstructed
    order: ... blue, green, then silver-grey, yellow, white)."""
    sc = Scenario().place(0, "r9", coins=2).tiles(0).supply(green=0, silver=0, yellow=2)
    sc.commission(0, "E").carry(0, "shovel", "emerald")
    state = sc.build()
    play_turn(state, "Pg: c1@shovel")
    assert seat_doc(state, 0)["craftsmen"] == {"yellow": 1}
    assert table_doc(state)["craftsmen"]["yellow"] == 1


def test_bernd_opens_two_workshops_and_earns_a_bonus_tile() -> None:
    """c) Opening a workshop / Bonus tiles, Bernd's example: supply 1 violet, 0 red,
    1 blue; Bernd has a violet and a blue craftsman, 2 incomplete violet commissions and
    amethysts on his hammer and cart. The first amethyst gives the last violet craftsman
    and the violet workshop (no bonus yet); the second gives a bonus tile (he now owns
    the violet workshop), the last blue craftsman (violet and red are empty) and the
    blue workshop."""
    sc = Scenario().place(0, "r12", coins=2)
    sc.supply(violet=1, red=0, blue=1).tiles(0, violet=1, blue=1)
    sc.commission(0, "V").commission(0, "V")
    sc.carry(0, "hammer", "amethyst").carry(0, "cart", "amethyst")
    state = sc.build()
    doc = table_doc(state)
    assert doc["workshops"]["violet"] is None and doc["workshops"]["blue"] is None
    discard = doc["discard"]
    game = make_game("valdora", players=4)
    move, first, second, end = game.parse_turn(state, "Pv: c1@hammer c1@cart")

    state.play(move)
    state.play(first)
    seat = seat_doc(state, 0)
    assert seat["craftsmen"] == {"violet": 2, "blue": 1}
    assert seat["workshops"] == ["violet"] and seat["bonus_tiles"] == 0
    assert table_doc(state)["craftsmen"]["violet"] == 0

    state.play(second)
    seat = seat_doc(state, 0)
    doc = table_doc(state)
    assert seat["craftsmen"] == {"violet": 2, "blue": 2}
    assert seat["workshops"] == ["violet", "blue"]
    assert seat["bonus_tiles"] == 1 and doc["bonus_tiles"] == 12
    assert (doc["craftsmen"]["violet"], doc["craftsmen"]["red"], doc["craftsmen"]["blue"]) \
        == (0, 0, 0)
    assert doc["workshops"]["violet"] == 0 and doc["workshops"]["blue"] == 0
    assert seat["items"] == {"pan": None, "hammer": None, "cart": None}
    assert doc["discard"] == discard | {"amethyst": discard["amethyst"] + 2}
    assert len(seat["completed"]) == 2 and seat["commissions"] == []
    state.play(end)
    assert state.current_player == 1
    line = state.score_lines()[0]
    assert (line.commissions, line.craftsmen, line.workshops, line.bonus, line.gems) \
        == (8, 20, 8, 10, 0)


def test_workshop_goes_only_to_the_first_player() -> None:
    """c) Opening a workshop: "The first player to have hired enough craftsmen
    immediately claims the workshop": a second player reaching the number gets none."""
    sc = Scenario().place(0, "r12", coins=2).supply(violet=1).tiles(0, violet=1)
    sc.tiles(1, violet=2).workshop("violet", 1)
    sc.commission(0, "V").carry(0, "hammer", "amethyst")
    state = sc.build()
    play_turn(state, "Pv: c1@hammer")
    assert seat_doc(state, 0)["craftsmen"] == {"violet": 2}
    assert seat_doc(state, 0)["workshops"] == []
    assert table_doc(state)["workshops"]["violet"] == 1


def test_bonus_tile_needs_the_crest_colour_not_the_craftsman_colour() -> None:
    """c) Bonus tiles, Note: "the color of your workshop must match the commission's
    crest color. The craftsman tile color you receive for the commission is irrelevant."
    Owning the blue workshop and receiving a blue craftsman for a violet commission
    earns no bonus tile."""
    sc = Scenario().place(0, "r12", coins=2).supply(violet=0, red=0, blue=1)
    sc.tiles(0, blue=2).workshop("blue", 0)
    sc.commission(0, "V").carry(0, "hammer", "amethyst")
    state = sc.build()
    play_turn(state, "Pv: c1@hammer")
    seat = seat_doc(state, 0)
    assert seat["craftsmen"] == {"blue": 3}
    assert seat["bonus_tiles"] == 0 and table_doc(state)["bonus_tiles"] == 13


def test_no_bonus_tile_when_the_bonus_supply_is_empty() -> None:
    """c) Bonus tiles: "If the supply of bonus tiles has run out, then you don't get a
    bonus tile."""
    sc = Scenario().place(0, "r12", coins=2).supply(violet=1).tiles(0, violet=2)
    sc.workshop("violet", 0).bonus(1, 13)
    sc.commission(0, "V").carry(0, "hammer", "amethyst")
    state = sc.build()
    play_turn(state, "Pv: c1@hammer")
    assert seat_doc(state, 0)["bonus_tiles"] == 0
    assert seat_doc(state, 0)["craftsmen"] == {"violet": 3}
    assert table_doc(state)["bonus_tiles"] == 0


def test_commissions_still_complete_with_no_craftsmen_left() -> None:
    """Easily forgotten rules 10: "there aren't any craftsman tiles left next to the
    craftsman board. In that case, players may still complete commissions but won't
    receive craftsman tiles any more." A workshop owner still earns the bonus tile."""
    empty = dict.fromkeys((c.id for c in DATA.colours), 0)
    sc = Scenario().place(0, "r4", coins=1).supply(**empty).tiles(0, yellow=3)
    sc.workshop("yellow", 0).set(end_triggered=True)
    sc.commission(0, "G").commission(0, "G").carry(0, "pan", "gold").carry(0, "cart", "gold")
    state = sc.build()
    play_turn(state, "Py: c1@pan c1@cart")
    seat = seat_doc(state, 0)
    assert seat["commissions"] == [] and len(seat["completed"]) == 2
    assert seat["craftsmen"] == {"yellow": 3}
    assert seat["bonus_tiles"] == 2
    assert table_doc(state)["craftsmen"] == empty
    assert table_doc(state)["discard"] == gems(gold=2)
    assert state.score_lines()[0].commissions == 6


# =====================================================================================
# Game end
# =====================================================================================
@pytest.mark.parametrize("trigger", [0, 1, 3])
def test_game_end_completes_the_round(trigger: int) -> None:
    """Game end: "The game ends when only craftsman tiles in one color remain next to
    the craftsman board. The current round is played to the end, such that each player
    has the same number of turns." The start player (seat 0) opened the round."""
    sc = Scenario(to_move=trigger).set(turns=4 + trigger, rounds=1)
    sc.supply(silver=2, yellow=1, white=0, violet=0, red=0, blue=0, green=0)
    sc.place(trigger, "r4", coins=1).commission(trigger, "G").carry(trigger, "pan", "gold")
    state = sc.build()
    play_turn(state, "Py: c1@pan")
    assert state.end_triggered
    assert table_doc(state)["craftsmen"]["yellow"] == 0
    for seat in range(trigger + 1, 4):
        assert not state.is_terminal() and state.current_player == seat
        play_turn(state, "M1")
    assert state.is_terminal()
    assert state.current_player == TERMINAL and state.legal_steps() == []
    assert state.turns == 8 and state.rounds == 2  # every seat: exactly 2 turns


@pytest.mark.parametrize("supply, triggered", [
    ({"silver": 1, "yellow": 2}, True),   # silver runs out: only yellow remains
    ({"silver": 2, "yellow": 2}, False),  # silver and yellow remain
    ({"silver": 1}, True),                # nothing at all remains
])
def test_game_end_trigger_at_most_one_colour_left(supply: dict[str, int], triggered: bool
                                                  ) -> None:
    """Game end: "when only craftsman tiles in one color remain" (or none at all)."""
    empty = dict.fromkeys((c.id for c in DATA.colours), 0)
    sc = Scenario().place(0, "r10", coins=2).tiles(0).supply(**(empty | supply))
    sc.commission(0, "S")
    state = sc.build()
    play_turn(state, "Ps: c1")
    assert seat_doc(state, 0)["craftsmen"] == {"silver": 1}
    assert state.end_triggered is triggered


# =====================================================================================
# Scoring
# =====================================================================================
def test_scoring_breakdown() -> None:
    """Scoring: completed commissions (printed points), 10 per craftsman colour, the
    workshops' points, 10 per bonus tile, 1 per gem on equipment; incomplete commissions
    are returned and count nothing; coins are no points."""
    sc = Scenario(players=3).place(0, "H", coins=4)
    for face in ("R", "W1", "S"):
        sc.commission(0, face, completed=True)
    sc.commission(0, "B")  # incomplete: returned at scoring
    sc.tiles(0, red=1, white=2, silver=1).workshop("white", 0).bonus(0, 1)
    sc.carry(0, "pan", "gold").carry(0, "pick", "ruby").carry(0, "chisel")
    state = sc.build()
    assert state.score_lines()[0] == ScoreLine(commissions=5 + 8 + 2, craftsmen=30,
                                               workshops=6, bonus=10, gems=2, coins=4)
    assert state.scores()[0] == 63


def test_scoring_tie_breaks() -> None:
    """Scoring: "The player with the most points is the winner. In the event of a tie,
    then the tied player with the most coins is the winner. If there is still a tie,
    then the tied players share the victory!"""
    # Each position is a game just ended by the end trigger, after round 20.
    over = {"over": True, "end_triggered": True, "rounds": 20, "turns": 80}
    state = Scenario().set(**over).build()  # nobody has points; coins 1, 2, 3, 4
    assert state.scores() == [0, 0, 0, 0]
    assert state.winners() == [3] and state.returns() == [0.0, 0.0, 0.0, 1.0]

    state = Scenario().coins(0, 0).carry(0, "pan", "gold").set(**over).build()
    assert state.scores() == [1, 0, 0, 0]
    assert state.winners() == [0]  # points first, coins only break ties

    state = Scenario().coins(2, 4).set(**over).build()
    assert state.winners() == [2, 3] and state.returns() == [0.0, 0.0, 0.5, 0.5]


# =====================================================================================
# Easily forgotten rules 7: everything public
# =====================================================================================
def test_everything_is_public() -> None:
    """Easily forgotten rules 7: "All of your equipment items, incomplete commissions,
    coins and tiles (craftsman, workshop and bonus) should always be clearly visible to
    all players." (Completed commissions lie under the adventurer card, but were bought
    and delivered in public: the project's observation includes them.)"""
    sc = Scenario().place(1, "Pr", coins=5, provisions=True)
    sc.carry(1, "pan", "gold").carry(1, "pick", "ruby").carry(1, "cart")
    sc.commission(1, "B").commission(1, "W2").commission(1, "R", completed=True)
    sc.tiles(1, red=1, violet=2).workshop("violet", 1).bonus(1, 2)
    state = sc.build()
    game = make_game("valdora", players=4)
    truth = table_doc(state)["seats"]
    for observer in range(4):
        seen = game.observation(state, observer).to_json()["position"]["seats"]
        assert seen == truth
    seat = game.observation(state, 0).to_json()["position"]["seats"][1]
    assert seat["items"] == {"pan": "gold", "pick": "ruby", "cart": None}
    assert len(seat["commissions"]) == 2 and len(seat["completed"]) == 1
    assert (seat["coins"], seat["craftsmen"], seat["workshops"], seat["bonus_tiles"],
            seat["provisions"]) == (5, {"violet": 2, "red": 1}, ["violet"], 2, True)
