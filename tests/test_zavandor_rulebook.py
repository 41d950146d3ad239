"""The Gnomes of Zavandor rulebook, example by example (gnomes-of-zavandor-rules-en.md).

Each test names the rulebook passage it checks. Positions start from a real
``new_state`` and are edited with :mod:`zavandor_scenarios` (components are swapped,
never created), then validated through position JSON. The engine is driven through
the turn notation and ``play()``; every number the rulebook gives is asserted exactly.
Where the rulebook's picture needs a component the reconstructed data lacks, the test
says so and uses a corrected copy of the data (as a user owning the game would).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from zavandor_scenarios import (
    A,
    B,
    C,
    card,
    checked,
    gems,
    give_card,
    give_tile,
    new,
    pass_actions,
    place_display,
    place_tile,
    play,
    set_prices,
    space,
    tile,
)

from valdora_ai.errors import IllegalMoveError
from valdora_ai.games.zavandor import steps as S
from valdora_ai.games.zavandor.data import ARTIFACT, JEWEL, default_data
from valdora_ai.games.zavandor.engines import as_reference
from valdora_ai.games.zavandor.rules import EMPTY, WILD, ZavandorState

DATA = default_data()


def data_with_jewel_cost(ident: str, cost: str) -> object:
    jewels = [replace(c, cost=tuple(gems(cost))) if c.id == ident else c
              for c in DATA.decks[JEWEL]]
    return replace(DATA, decks=(DATA.decks[ARTIFACT], tuple(jewels)))


# ----------------------------------------------------------------- Action Rounds
def test_action_round_example_alphonse_berta_caroline() -> None:
    """Action Rounds, "Example: Alphonse, Berta and Caroline are playing" (3 actions
    each, one at a time from the start player; then a mining round follows)."""
    game, s = new(3)
    s.gnome = 3  # district IV
    place_tile(s, "T-E1", "IV.2")
    place_display(s, "J-1", 0)  # 1D1R2E, 2 VP
    s.gold[A] = 40
    s.gems[A] = gems("3R")
    s.gems[B] = gems("1D2E")
    s.gems[C] = gems("1R2S")
    s = checked(game, s)
    play(game, s, "buy:D x4")  # Alphonse buys 4 diamonds
    play(game, s, "gold")  # Berta takes 4 gold
    play(game, s, "sell:S x2")  # Caroline sells 2 sapphires
    play(game, s, "sample:IV.2 sample:IV.3 buy:E x3")  # 2 soil samples, 3 emeralds
    play(game, s, "buy:R x3")
    play(game, s, "trader:RE")
    # "the target prices are adjusted as follows: Diamonds up one (+1), sapphire down
    # one (-1), emerald up one (+1) and rubies up one (+1)."
    assert s.tgt == [5 + 1, 4 + 1, 4 - 1, 3 + 1]
    assert s.cur == [5, 4, 4, 3]
    assert s.gold[A] == 40 - 4 * 5 - 2 - 3 * 3
    play(game, s, "tile:IV.2")  # 1 diamond + 3 rubies
    play(game, s, "item:J-1")
    assert s.tgt == [6 + 1 + 1, 5 + 3 + 1, 3, 4 + 2]
    assert (s.round, s.current, s.actions_left) == (1, C, [0, 0, 1])
    play(game, s, "give:R x1")  # Caroline uses her trader: a ruby for an emerald
    assert s.gems[C] == gems("1E")
    # "As all players have now carried out 3 actions, the action round ends and a
    # mining round follows": Alphonse's emerald tile mines 1 emerald (-1), current :=
    # target, then the round-2 correction (rubies at 9 are the top price, 2 held).
    assert s.round == 2 and s.start == B and s.current == B
    assert s.cur == s.tgt == [8, 9, 3, 5]
    assert s.gems[A] == gems("3D4E") and s.vp(A) == 1 and s.vp(B) == 2
    assert s.gold == [9 + 9, 15 + 9, 31 + 9]


def test_mining_rights_example_district_iv() -> None:
    """Buy a mining rights tile: "He pays the cost for this tile, which is 1 diamond and
    3 rubies, ... gains him ... 1 victory point. The diamond target price increases by
    +1 and the ruby target price increases by +3." The tile is placed face up."""
    game, s = new(3)
    s.gnome = 3
    place_tile(s, "T-E1", "IV.2")
    s.gems[A] = gems("1D3R")
    play(game, s, "sample:IV.2")
    assert s.gold[A] == 23 - 1
    play(game, s, "tile:IV.2")
    assert s.tiles[A] == [tile(s, "T-E1")] and s.vp(A) == 1
    assert s.board[space(s, "IV.2")] == EMPTY
    assert s.tgt == [5 + 1, 4 + 3, 4, 3] and s.gems[A] == [0, 0, 0, 0]
    assert game.observation(s, B).belief_state().tiles[A] == [tile(s, "T-E1")]


def test_mining_rights_only_in_marker_district_or_diamantina_and_blind() -> None:
    """Buy a mining rights tile: in Diamantina or the wandering gnome's district; "you
    are, of course, allowed to buy a mining rights tile 'blind'"."""
    game, s = new(3)
    s.gems[A] = [9, 9, 9, 9]
    legal = {game.describe_step(s, st) for st in s.legal_steps()}
    assert {"tile:I.1", "tile:I.4", "tile:Diamantina.1", "tile:Diamantina.4"} <= legal
    assert not any(t.startswith("tile:II.") or t.startswith("tile:V.") for t in legal)
    play(game, s, "tile:Diamantina.2")
    assert s.data.tiles[s.tiles[A][0]].light and s.vp(A) == 3


def test_buy_and_sell_move_target_by_one_whatever_the_amount() -> None:
    """Buy / Sell up to 4 cards: the target price moves +1 / -1 "regardless of the
    number of cards bought"; at most 4, all of a single type, at the current price."""
    game, s = new(3)
    s.gems[C] = gems("4S")
    assert "sell:S" not in {game.describe_step(s, st) for st in s.legal_steps()}
    play(game, s, "buy:D x1")
    play(game, s, "buy:D x4")  # Berta: the current price is still 5
    play(game, s, "sell:S x4")
    assert s.tgt == [5 + 2, 4, 4 - 1, 3]
    assert s.gold == [23 - 5, 23 - 4 * 5, 23 + 4 * 4]
    with pytest.raises(IllegalMoveError):
        play(game, s, "buy:D x5")


# ----------------------------------------------------------------- Market Values
def test_clamping_example_rubies_at_13() -> None:
    """Market Values: "The current and target price for rubies is 13 gold. The last
    player in the action round buys a piece of jewelry for 5 rubies. The target price is
    only increased to 15 ... 3 rubies are mined, reducing the target price to 12. The
    current price for the next round will therefore be 12 gold!" No reconstructed jewel
    costs 5 rubies, so J-12 is given that cost in a corrected copy of the data."""
    game, s = new(3, data=data_with_jewel_cost("J-12", "5R"))
    s.round = 3
    place_display(s, "J-12", 0)
    set_prices(s, R=13)
    s.gems[C] = gems("5R")
    give_tile(s, A, "T-R1")
    give_tile(s, A, "T-R2")  # 1 + 2 = 3 rubies mined
    s.actions_left, s.current = [0, 0, 1], C
    s = checked(game, s)
    play(game, s, "item:J-12")
    assert s.round == 4 and s.cur[1] == s.tgt[1] == 12 and s.gems[A][1] == 3
    # The same on the unmodified data with J-12 (3D3R2E): 13 + 3 -> 15, - 3 -> 12.
    game2, s2 = new(3)
    s2.round, s2.actions_left, s2.current = 3, [0, 0, 1], C
    place_display(s2, "J-12", 0)
    set_prices(s2, R=13)
    s2.gems[C] = gems("3D3R2E")
    give_tile(s2, A, "T-R1")
    give_tile(s2, A, "T-R2")
    play(game2, s2, "item:J-12")
    assert s2.cur[1] == 12


def test_prices_never_leave_1_to_15() -> None:
    """Game setup note: "A gemstone's value can never rise above 15 or drop below 1"."""
    game, s = new(3)
    set_prices(s, D=15, E=1)
    s.gems[A] = gems("4E")
    play(game, s, "buy:D x1")
    play(game, s, "gold")
    play(game, s, "gold")
    play(game, s, "sell:E x4")
    assert s.tgt[0] == 15 and s.tgt[3] == 1


# ----------------------------------------------------------------- Mining Rounds
def test_two_player_mining_example_diane_and_emil() -> None:
    """Mining Rounds, "Example of a 2-player game": Diane 5 emeralds (1+2+2) + 1 diamond
    + a diamond for her symbol; Emil 1 diamond, 3 rubies (1+2) and a diamond and a ruby
    for his two symbols; emerald target -5, rubies and diamonds -4 each. Symbols are
    chosen clockwise from the start player. Emil's second symbol needs a wild symbol on
    a dark tile, which the reconstructed data lacks: T-D1 gets one in a corrected copy."""
    tiles = [replace(t, wild=1) if t.id == "T-D1" else t for t in DATA.tiles]
    game, s = new(2, data=replace(DATA, tiles=tuple(tiles)))
    diane, emil = 0, 1
    s.round = 3
    set_prices(s, D=10, R=10, E=10)
    for ident in ("T-E1", "T-E2", "T-E3", "T-DW"):
        give_tile(s, diane, ident)
    for ident in ("T-D1", "T-RW", "T-R1"):
        give_tile(s, emil, ident)
    s = checked(game, s)
    pass_actions(s)
    assert s.phase == WILD and s.current == diane  # the start player chooses first
    play(game, s, "wild:D")
    assert s.phase == WILD and s.current == emil
    play(game, s, "wild:D wild:R")
    assert s.gems[diane] == gems("2D5E")
    assert s.gems[emil] == gems("2D4R")
    assert s.cur == [10 - 4, 10 - 4, 4, 10 - 5]  # the next round's current prices


def test_wild_symbol_never_earns_the_second_tile_bonus() -> None:
    """Mining Rounds note: a symbol used for a gem type one also has a tile for still
    gives only 1 gem."""
    game, s = new(3)
    s.round = 3
    give_tile(s, A, "T-D1")
    give_tile(s, A, "T-DW")
    pass_actions(s)
    play(game, s, "wild:D")
    assert s.gems[A] == gems("4D")  # 1 + 2 for the tiles, 1 for the symbol


# ----------------------------------------------------------------- Artifacts
def before_hoover_mining(s: ZavandorState, tiles: tuple[str, ...], gold: int) -> None:
    """Round 3: Alphonse owns `tiles` and `gold`, Caroline the Hoovermatic and the
    round's last action (whose end starts the mining round)."""
    s.round = 3
    for ident in tiles:
        give_tile(s, A, ident)
    give_card(s, C, "A-HOO")
    s.gold[A] = gold
    s.actions_left, s.current = [0, 0, 1], C


def test_hoovermatic_example_per_symbol_reading() -> None:
    """Hoovermatic, "Example of a 3 player game": Alphonse (tiles: diamond, diamond +
    wild, emerald; 4 gold) can only mine 2 units, "chooses to mine 3 diamonds and pays
    Caroline 3 gold". This comes out with the fee per symbol used (decision 13's switch
    hoover_per_gem off)."""
    game, s = new(3, hoover_per_gem=False)
    before_hoover_mining(s, ("T-D1", "T-DW", "T-E1"), gold=4)
    s = checked(game, s)
    gold_c = s.gold[C]
    play(game, s, "gold")
    # Two units are affordable; both diamond tiles yield the most gems (3), so the
    # choice is forced: the emerald tile and the symbol stay unused.
    assert s.gems[A] == gems("3D") and s.gold[A] == 1
    assert s.gold[C] == gold_c + 4 + 3


def test_hoovermatic_fee_per_gem_rounded_up() -> None:
    """Hoovermatic: 1 gold per gem (2 with 2 players, 1.5 rounded up with 3: "3 gems
    mined = 5 gold"); players mine only what they can pay for, choosing the tiles."""
    for players, gems_mined, fee in ((2, 3, 6), (3, 3, 5), (3, 1, 2), (4, 3, 3)):
        _, s = new(players)
        give_card(s, players - 1, "A-HOO")
        assert s.mining_fee(0, gems_mined, gems_mined) == fee
        assert s.mining_fee(players - 1, gems_mined, gems_mined) == 0  # the owner
    game, s = new(3)
    before_hoover_mining(s, ("T-D1", "T-DW", "T-E1"), gold=4)
    play(game, s, "gold")
    # 2 gems cost 3 gold, 3 gems 5: the diamond pair (3 gems) is out of reach.
    assert {game.describe_step(s, st) for st in s.legal_steps()} == {"use:0", "use:1"}
    play(game, s, "use:1 use:1")  # one diamond tile and the emerald tile
    assert s.gems[A] == gems("1D1E") and s.gold[A] == 1


def test_hoovermatic_mining_takes_the_largest_affordable_yield(engine: str) -> None:
    """Hoovermatic: "Players may only mine as many gems as they can pay ... for"; they
    mine the largest number they can pay for (decision 13). Two diamond tiles and an
    emerald tile, 5 gold, 3 players: 3 D for 5 gold, never 1 D + 1 E for 3, although
    no tile could be added to that one and still be paid for."""
    game, s = new(3)
    before_hoover_mining(s, ("T-D1", "T-D2", "T-E1"), gold=5)
    assert s.mining_choices(A) == [((2, 0, 0, 0), 0)]
    s = checked(game, s)
    gold_c = as_reference(s).gold[C]
    play(game, s, "gold")  # C's last action: the mining round; A's choice is forced
    after = as_reference(s)
    assert after.gems[A] == gems("3D") and after.gold[A] == 0
    assert after.gold[C] == gold_c + 4 + 5


def test_hoovermatic_is_paid_before_alchemister_gold() -> None:
    """Hoovermatic note: "If you own an Alchemist, then you must first pay the
    Hoovermatic owner to mine before claiming your Alchemist's output"."""
    game, s = new(3)
    s.round = 3
    give_tile(s, A, "T-D1")
    give_card(s, A, "A-AL10")
    give_card(s, C, "A-HOO")
    s.gold[A] = 1  # a diamond costs 2 gold (1.5 rounded up)
    s.actions_left, s.current = [0, 0, 1], C
    play(game, s, "gold")
    assert s.gems[A] == [0, 0, 0, 0] and s.gold[A] == 1 + 10


def test_emeromobile_example_minus_4_marker() -> None:
    """Emeromobile: "Diane uses a -4 discount marker to buy 3 rubies. The current price
    for rubies is 10 gold, so she pays only (10 - 4 =) 6 gold per ruby for a total of 18
    gold." The marker leaves the game; the target price still rises by 1."""
    game, s = new(2)
    give_card(s, A, "A-EMA")
    s.markers[A] = [1, 2, 3, 4, 5]
    set_prices(s, R=10)
    play(game, s, "buy:R marker:4 x3")
    assert s.gold[A] == 23 - 18 and s.gems[A] == gems("3R")
    assert s.markers[A] == [1, 2, 3, 5] and s.tgt[1] == 11


def test_emeromobile_markers_arrive_on_purchase_and_one_per_buy() -> None:
    """Emeromobile: the buyer receives its 5 markers; one marker per buy action."""
    game, s = new(2)
    place_display(s, "A-EMA", 0)
    s.gems[A] = gems("3R1S")
    play(game, s, "item:A-EMA")
    assert s.markers[A] == [1, 2, 3, 4, 5]
    play(game, s, "gold")
    play(game, s, "buy:D marker:5 x4")
    assert s.gold[A] == 23 - 4 * 1 and s.markers[A] == [1, 2, 3, 4]


def test_gnomunculus_extra_action_in_the_round_bought() -> None:
    """Gnomunculus: "one additional action each round - including the round in which
    you bought the Gnomunculus"; "if you have 3 of these you will get to take 6"."""
    game, s = new(2)
    place_display(s, "A-GN2", 0)
    s.gems[A] = gems("3R")
    play(game, s, "item:A-GN2")
    assert s.actions_left == [3, 3]
    for _ in range(5):
        play(game, s, "gold")
    assert s.current == A and s.round == 1  # Alphonse's 4th action
    play(game, s, "gold")
    assert s.round == 2 and s.actions_left == [4, 3]
    for ident in ("A-GN1", "A-GN3"):
        give_card(s, A, ident)
    pass_actions(s)
    assert s.round == 3 and s.actions_left == [6, 3]


def test_alchemister_gold_each_mining_round() -> None:
    """Alchemist: "additional gold equal to the machine's value each mining round ...
    The effects of multiple Alchemisters are cumulative"."""
    _, s = new(2)
    s.round = 3
    give_card(s, A, "A-AL10")
    give_card(s, A, "A-AL12")
    pass_actions(s)
    assert s.gold == [23 + 12 + 22, 23 + 12]


@pytest.mark.parametrize("raises", [True, False])
def test_convertor_prisms_substitute_once(raises: bool) -> None:
    """Convertor: "you receive the indicated supply of wild gems ... may each be used
    once to substitute for the gem of your choice"; a prism paid as a gem raises that
    gem's target price unless decision 9's switch prism_raises_price is off."""
    game, s = new(2, prism_raises_price=raises)
    s.round = 3
    place_display(s, "A-CV2", 0)  # 2R2E, 2 prisms
    place_display(s, "J-1", 0)  # 1D1R2E
    s.gems[A] = gems("2R2E")
    play(game, s, "item:A-CV2")
    assert s.prisms[A] == 2
    play(game, s, "gold")
    s.gems[A] = gems("1D1R")
    play(game, s, "item:J-1")  # the 2 emeralds are prisms: no choice to make
    assert s.prisms[A] == 0 and s.gems[A] == [0, 0, 0, 0]
    assert s.tgt == [5 + 1, 4 + 2 + 1, 4, 3 + 2 + (2 if raises else 0)]


# ----------------------------------------------------------------- Expert discount
def test_discount_example_expert_rule() -> None:
    """Discounting Artifact Costs (expert): "add one sideways ruby card to" the newly
    revealed Emeromobile A; turn Alchemister 10's sideways sapphire upright; "add a
    sideways diamond card to the 2 face-up diamonds" on the Gnomunculus. Buying the
    Gnomunculus then costs "1 emerald and 1 diamond, resulting in a +1 target price
    increase for both emeralds and diamonds"."""
    game, s = new(3, expert_discount=True)
    s.round = 3
    place_display(s, "A-EMA", 0)
    place_display(s, "A-AL10", 1)
    place_display(s, "A-GN1", 2)
    s.discount = [[0, 0], [1, 1], [2, 0]]
    s = checked(game, s)
    pass_actions(s)
    assert s.round == 4
    assert s.discount == [[0, 1], [2, 0], [2, 1]]
    s = as_reference(s)
    s.gems[B] = gems("1D1E")
    s.current = B
    play(game, s, "item:A-GN1")
    assert s.gems[B] == [0, 0, 0, 0]
    assert s.tgt == [5 + 1, 4, 4, 3 + 1]
    assert s.discount[2] == [0, 0]  # the next artifact starts bare


def test_discount_never_exceeds_the_bold_number() -> None:
    """Expert discount note: "An artifact may never have more gemstones added to it than
    the number outlined in bold gold!" (A-GN2: 3 bold rubies)."""
    game, s = new(2, expert_discount=True)
    s.round = 3
    place_display(s, "A-GN2", 0)
    for _ in range(9):
        pass_actions(s)
    assert s.discount[0] == [3, 0]
    assert s.item_cost(ARTIFACT, 0, card(s, "A-GN2")[1]) == [0, 0, 0, 0]


def test_discount_off_by_default() -> None:
    game, s = new(2)
    place_display(s, "A-GN2", 0)
    pass_actions(s)
    assert s.discount[0] == [0, 0]


# ----------------------------------------------------------------- Before the next round
def test_round_two_correction() -> None:
    """Before The Next Round, "At the start of the second round only": each player gets
    X gold (the top current price); that gem drops by 1 per 4 held (all tied gems)."""
    game, s = new(3)
    set_prices(s, D=9, R=9, S=2)
    s.gems[A] = gems("8D3R")
    s.gems[B] = gems("1D1R")
    pass_actions(s)
    assert s.round == 2
    assert s.gold == [23 + 12 + 9] * 3
    assert s.cur[0] == s.tgt[0] == 9 - 2  # 9 diamonds held
    assert s.cur[1] == s.tgt[1] == 9 - 1  # 4 rubies held
    assert s.cur[2] == 2
    pass_actions(s)
    assert s.gold == [23 + 12 + 9 + 12] * 3  # once only


def test_gnome_moves_clockwise_only_after_a_tile_purchase() -> None:
    """Before The Next Round: the gnome moves to the next district clockwise that
    contains a tile, "provided that at least one mining rights tile was bought in the
    previous round"; never into Diamantina."""
    game, s = new(2)
    s.round = 3
    pass_actions(s)
    assert s.gnome == 0  # nothing bought
    for label in ("II.1", "II.2", "II.3", "II.4"):
        give_tile(s, A, s.data.tiles[s.board[space(s, label)]].id)
    s.gems[B] = [9, 9, 9, 9]
    play(game, s, "tile:Diamantina.1")  # Berta starts round 4
    pass_actions(s)
    play(game, s, "wild:D")  # Berta's Diamantina tile
    assert s.round == 5 and s.gnome == 2  # district II is empty: on to III
    pass_actions(s)
    play(game, s, "wild:D")
    assert s.round == 6 and s.gnome == 2


def test_start_player_passes_left() -> None:
    game, s = new(4)
    pass_actions(s)
    assert s.start == 1 and s.current == 1
    pass_actions(s)
    assert s.start == 2


# ----------------------------------------------------------------- Other actions
def test_draw_two_keep_one_return_to_the_bottom() -> None:
    """Draw 2 cards: keep one in hand, return the other to the bottom; an old hand card
    goes back too, "in any order you like"; never more than one card in hand."""
    game, s = new(2)
    pile = s.piles[JEWEL]
    top, second, bottom = pile[-1][2], pile[-2][2], pile[0][2]
    play(game, s, "draw:jewelry keep:2")
    assert s.hand[A][2] == second and pile[0][2] == top and pile[1][2] == bottom
    play(game, s, "gold")
    new_top = pile[-1][2]
    play(game, s, "draw:jewelry keep:1 lowest:hand")
    assert s.hand[A][2] == new_top
    assert pile[0][2] == second  # the old hand card lowest
    assert len(pile) == len(DATA.decks[JEWEL]) - 3 - 2 - 1
    assert s.hand[A][3] == 1 << A  # only Alphonse knows it


def test_buy_the_hand_card() -> None:
    """Buy an item: "any one of the face-up items ... or the item you currently have in
    hand"; buying the hand card replaces nothing."""
    game, s = new(2)
    play(game, s, "draw:artifacts keep:1")
    ident = s.hand[A][2]
    s.gems[A] = list(s.data.decks[ARTIFACT][ident].cost)
    play(game, s, "gold")
    display = list(s.display[ARTIFACT])
    play(game, s, "item:hand")
    assert (ARTIFACT, ident) in s.owned[A] and s.hand[A] is None
    assert s.display[ARTIFACT] == display


def test_trader_take_exchange_and_use() -> None:
    """Take (or exchange) a trader card, at most one; use it 1-2 times either way:
    "trade in a ruby, taking an emerald ... or trade 2 emeralds for 2 rubies"."""
    game, s = new(2)
    s.gems[A] = gems("1R2E")
    play(game, s, "trader:RE")
    assert "trader:RE" not in {game.describe_step(s, st) for st in s.legal_steps()}  # Berta
    play(game, s, "gold")
    play(game, s, "give:R x1")
    assert s.gems[A] == gems("3E")
    play(game, s, "gold")
    play(game, s, "give:E x2")
    assert s.gems[A] == gems("2R1E") and s.tgt == s.cur  # no price change
    play(game, s, "trader:DS")  # Berta; round 2 starts with her
    play(game, s, "trader:RS")  # Berta exchanges: DS goes back to the supply
    play(game, s, "trader:DS")  # Alphonse exchanges RE for it
    assert s.trader == [1, 3]
    s.gems[B] = gems("3S")
    with pytest.raises(IllegalMoveError):
        play(game, s, "give:S x3")  # at most 2
    play(game, s, "give:S x2")
    assert s.gems[B] == gems("2R1S")


def test_soil_samples_cost_gold_and_are_private() -> None:
    """Soil Samples: any number before an action, 1 gold each, seen by the sampler only."""
    game, s = new(3)
    play(game, s, "sample:I.1 sample:III.2 sample:Diamantina.1 gold")
    assert s.gold[A] == 23 - 3 + 4 and s.samples[A] == 3
    seen = game.observation(s, A).belief_state()
    hidden = game.observation(s, B).belief_state()
    assert seen.board[space(s, "III.2")] == s.board[space(s, "III.2")]
    assert hidden.board[space(s, "III.2")] < 0
    s.gold[B] = 0
    assert not any(S.kind(st) in ("sample", "buy_gem") for st in s.legal_steps())
    assert S.TAKE_GOLD in s.legal_steps()


# ----------------------------------------------------------------- Game end
@pytest.mark.parametrize(("players", "target"), [(2, 20), (3, 18), (4, 16)])
def test_game_end_thresholds_finish_the_round(players: int, target: int) -> None:
    """Game End: 20 / 18 / 16 VP; "Finish playing the current action round", with no
    mining round after it."""
    game, s = new(players)
    s.round = 3
    place_tile(s, "T-D1", "I.1")
    give_tile(s, B, "T-D2")
    missing = target - 1
    for t in sorted(DATA.tiles, key=lambda t: -t.vp):
        if t.id not in ("T-D1", "T-D2") and t.vp <= missing:
            give_tile(s, A, t.id)
            missing -= t.vp
    assert s.vp(A) == target - 1
    s.gems[A] = [9, 9, 9, 9]
    s = checked(game, s)
    play(game, s, "tile:I.1")
    assert s.vp(A) == target and s.end_triggered and not s.is_terminal()
    pass_actions(s)
    assert s.is_terminal() and s.round == 3
    assert s.gems[B] == [0, 0, 0, 0]  # no mining round after the last action round


def test_round_nine_reference_game_and_tie_break() -> None:
    """Game End, "Example of a 3-player game": 17 / 15 / 16 VP; Caroline (2 Gnomunculi)
    starts round 9 and buys 3 emeralds with her 4th action; Alphonse (1 Gnomunculus)
    buys a 2-VP jewel with his 4th (19 VP); Caroline's 5th action buys a Diamantina tile
    (3 VP, 19). Tie: Alphonse 9 (diamond) + 14 (his wild gem at the highest price) + 3 =
    26 gold, Caroline 2 x 9 + 12 = 30: she wins. Her Diamantina space is given the cost
    2R2S3E in a corrected copy of the data (the printed costs are not known)."""
    spaces = [replace(sp, cost=tuple(gems("2R2S3E"))) if sp.label == "Diamantina.1" else sp
              for sp in DATA.spaces]
    game, s = new(3, data=replace(DATA, spaces=tuple(spaces)))
    s.round, s.start, s.current = 9, C, C
    for ident in ("T-D3", "T-R3", "T-S3", "T-E3", "T-D4", "T-R4", "T-S4", "T-E1"):
        give_tile(s, A, ident)
    give_card(s, A, "A-GN1")
    for ident in ("J-10", "J-11", "J-12"):
        give_card(s, B, ident)
    for ident in ("T-RW", "T-SW", "T-EW", "T-D5", "T-R1"):
        give_tile(s, C, ident)
    give_card(s, C, "A-GN2")
    give_card(s, C, "A-GN3")
    place_tile(s, "T-DW", "Diamantina.1")
    place_display(s, "J-1", 0)  # 1D1R2E, 2 VP
    assert [s.vp(q) for q in (A, B, C)] == [17, 15, 16]
    set_prices(s, D=9, R=14, S=6, E=4)
    s.gold = [3, 5, 24]
    s.gems[A] = gems("2D1R2E")
    s.prisms[A] = 1
    s.gems[B] = [0, 0, 0, 0]
    s.gems[C] = gems("2D2R2S")
    s.actions_left = [1, 0, 2]  # after nine actions: C, A, B three times
    s = checked(game, s)
    play(game, s, "buy:E x3")  # Caroline's fourth action
    play(game, s, "item:J-1 prisms:0 prisms:0 prisms:0")  # Alphonse's fourth: no prism
    assert s.vp(A) == 19 and s.end_triggered and not s.is_terminal()
    assert s.current == C  # Berta has no action left; Caroline still has her fifth
    play(game, s, "tile:Diamantina.1")
    assert s.is_terminal() and s.scores() == [19, 15, 19]
    assert s.tiebreak_gold(A) == 26 and s.tiebreak_gold(C) == 30
    assert s.winners() == [C] and s.returns() == [0.0, 0.0, 1.0]
