"""Decision support: the options of a turn, their cheapest payments, and why_not."""

from companion.engine import Choose, GameState, Step, apply, turn_options, why_not
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_awake, set_up

FOUR = ("red", "blue", "yellow", "white")


def only(options: tuple, start: str) -> object:
    [o] = [o for o in options if o.text.startswith(start)]
    return o


def test_a_cowbell_from_ore_and_iron_across_two_villages() -> None:
    def scene(s: GameState) -> None:
        put(s, "red", "mine", (1, -1), ("red", "m", True), ("blue", "f", True))
        put(s, "blue", "ironworks", (1, -1), ("blue", "m", True))
        put(s, "blue", "bell_foundry", (2, -1), ("blue", "f", True))

    t = Table(set_up(FOUR, start="blue").state).edit(scene)
    o = only(turn_options(t.state).regular["carter"], "Deliver cowbell")
    assert o.action.chain == (Step("red", (1, -1), "ore"), Step("blue", (1, -1), "iron"),
                              Step("blue", (2, -1), "cowbell"))
    assert o.text == ("Deliver cowbell: ore at the Mine (Red's village), iron at the Ironworks, "
                      "cowbell at the Bell foundry")
    t.do("choose", player="blue", character="carter", coins=1)
    t.state = apply(t.state, o.action)
    assert t.state.player("blue").delivered == ["cowbell"]


def test_an_exchange_feeds_a_chain() -> None:
    # White has no grain farm: stone becomes grain on its Marketplace, then bread.
    def scene(s: GameState) -> None:
        put(s, "white", "bakehouse", (1, -1), ("white", "m", True))
        put(s, "white", "marketplace", (2, -1), ("white", "f", True))

    t = Table(set_up(FOUR, start="white").state).edit(scene)
    o = only(turn_options(t.state).regular["carter"], "Deliver bread")
    # The rulebook exchanges stone; brick does as well and comes first in the documented
    # order (White's Brickyard at (-1, -1) before its Stonemason at (0, -1)).
    assert [s.good for s in o.action.chain] == ["brick", "grain", "bread"]
    assert o.sleepers == 3


def test_two_buildings_in_one_builder_turn_the_second_using_the_first() -> None:
    t = Table(set_up(FOUR[:3], start="yellow").state)
    # Yellow: Stonemason (TOP), Brickyard (LEFT), Grain farm (CORNER). The Mine (1 wood +
    # 1 brick) needs a bought wood, before there is a Marketplace.
    before = only(turn_options(t.state).regular["builder"], "Build the Mine")
    assert (before.coins, before.affordable) == (1, True)
    t.do("choose", player="yellow", character="builder", coins=2)
    market = only(turn_options(t.state).regular["builder"], "Build the Marketplace")
    assert market.action.cell == (1, -1)  # the first free cell of ring 1, row by row
    t.state = apply(t.state, market.action)
    opts = turn_options(t.state)
    assert opts.actions_left == 1 and opts.chosen == "builder"
    mine = only(opts.regular["builder"], "Build the Mine")
    # Now grain turns into wood on the new Marketplace: nothing to buy.
    assert mine.coins == 0
    assert [s.good for c in mine.action.pay for s in c] == ["brick", "grain", "wood"]
    t.state = apply(t.state, mine.action)
    assert turn_options(t.state).can_end_turn


def test_the_cheapest_payment_fewest_coins_then_fewest_sleepers() -> None:
    t = Table(set_up(FOUR[:3], start="yellow").state)
    t.edit(lambda s: s.offer.update(butcher=1))
    o = only(turn_options(t.state).regular["builder"], "Build the Butcher")
    # 2 brick + 1 stone: one brick and the stone made at home, one brick bought.
    assert (o.coins, o.sleepers, o.action.buy) == (1, 2, (("brick", 1),))
    assert o.text == ("Build the Butcher (2 brick + 1 stone): brick at the Brickyard; stone at "
                      "the Stonemason; buy 1 brick")


def test_options_show_what_is_not_affordable_and_what_needs_a_cost() -> None:
    t = Table(set_up(FOUR[:3], start="red", costs=False).state)
    t.edit(lambda s: s.offer.update(butcher=1))
    opts = turn_options(t.state).regular["builder"]
    mine = next(o for o in opts if o.action.building == "mine")
    assert mine.needs_cost and not mine.affordable
    t.edit(lambda s: setattr(s.player("red"), "coins", 1))
    butcher = only(turn_options(t.state).regular["builder"], "Build the Butcher")
    assert not butcher.affordable  # 1 coin: none left to buy goods after the Builder's own


def test_every_character_before_choosing_only_the_chosen_one_after() -> None:
    def scene(s: GameState) -> None:
        set_awake(s, "red", LEFT, False, 0)
        s.tile_holder["midwife"] = "red"

    t = Table(set_up(FOUR, start="red").state).edit(scene)
    opts = turn_options(t.state)
    assert set(opts.regular) == {"builder", "carter", "night_watchman", "priest", "midwife"}
    assert opts.max_coins == 4 and not opts.can_end_turn and not opts.can_declare_stuck
    assert [o.action.quarter for o in opts.regular["night_watchman"]] == ["top_left",
                                                                         "bottom_left"]
    # Blue's village comes first (play order); its centre holds Red's and White's coins,
    # the own coin offered first.
    priest = opts.regular["priest"][0]
    assert (priest.action.village, priest.choices, priest.action.dowry) == \
        ("blue", ("red", "white"), "red")
    assert set(opts.tiles) == {"midwife"} and opts.tiles["midwife"][0].via == "tile"
    t.do("choose", player="red", character="night_watchman", coins=1)
    opts = turn_options(t.state)
    assert set(opts.regular) == {"night_watchman"} and opts.max_coins == 0
    t.state = apply(t.state, opts.regular["night_watchman"][0].action)
    opts = turn_options(t.state)
    assert opts.regular == {} and opts.can_end_turn
    assert opts.tiles["midwife"][0].action.cell == TOP


def test_neutral_coin_options() -> None:
    t = Table(set_up(("red", "blue"), start="red", neutral_colour="white").state)
    opts = turn_options(t.state)
    builds = [o for o in opts.neutral if o.character == "builder"]
    assert {o.action.building for o in builds} == {"mine", "cow_shed", "goat_shed",
                                                   "marketplace"}
    assert all(o.via == "neutral" and o.coins == 0 for o in builds)
    marry = [o for o in opts.neutral if o.character == "priest"]
    assert [o.action.cell for o in marry] == [CORNER, LEFT]  # Red's two single women
    t.state = apply(t.state, builds[0].action)
    assert turn_options(t.state).neutral == () and turn_options(t.state).can_end_turn


def test_why_not() -> None:
    t = Table(set_up(FOUR, start="red").state)
    assert why_not(t.state, Choose("red", "carter", 1)) is None
    reason = why_not(t.state, Choose("blue", "carter", 1))
    assert reason is not None and reason.code == "not_your_turn"
    assert dict(reason.params) == {"active": "red", "player": "blue"}
    assert str(reason) == "It is Red's turn, not Blue's."
    malformed = why_not(t.state, {"type": "choose"})
    assert malformed is not None and malformed.code == "malformed"
    assert malformed.params["name"] == "'choose' needs the field 'player'"
    assert str(why_not(t.state, {"type": "wake", "player": "red", "village": "red",
                                 "quarter": "top_left"})) == \
        "Red has not chosen a character yet: put coins on the Night Watchman first."
