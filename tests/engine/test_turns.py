"""A turn (digest §7): characters, coins, character tiles, passing, the end of a round."""

from companion.engine.state import GameState
from tests.helpers import CORNER, LEFT, TOP, Table, set_up, step

THREE = ("red", "blue", "yellow")


def table(**options: object) -> Table:
    return Table(set_up(THREE, start="red", **options).state)  # type: ignore[arg-type]


def holds(*tiles: str, who: str = "red") -> object:
    def scene(s: GameState) -> None:
        for tile in tiles:
            s.tile_holder[tile] = who
        s.offer.update(mill=1, bakehouse=1, dairy=1)
    return scene


def test_turns_go_counter_clockwise_with_one_character() -> None:
    t = table()
    assert t.state.active == "red"
    t.refused("not_your_turn", "choose", player="blue", character="carter", coins=1)
    assert t.refused("not_a_player", "choose", player="white", character="carter",
                     coins=1) == "White is not a player in this game."
    t.refused("no_coins_placed", "choose", player="red", character="carter", coins=0)
    assert t.refused("not_enough_coins", "choose", player="red", character="carter",
                     coins=5) == "Red has only 4 coins to use this turn."
    t.refused("choose_first", "deliver", player="red", chain=[step("red", LEFT, "wood")])
    t.do("choose", player="red", character="carter", coins=1)
    t.refused("one_character", "choose", player="red", character="builder", coins=1)
    t.refused("other_character", "wake", player="red", village="red", quarter="top_left")
    t.do("deliver", player="red", chain=[step("red", LEFT, "wood")])
    t.refused("no_coin_left", "deliver", player="red", chain=[step("red", CORNER, "water")])
    t.do("end_turn", player="red")
    assert t.state.active == "blue"  # the player to the right: the next in play order


def test_every_coin_buys_an_action_and_nobody_passes_with_coins() -> None:
    t = table()
    assert t.refused("cannot_pass", "end_turn", player="red") == \
        "Red still has coins and cannot pass: choose a character."
    t.do("choose", player="red", character="carter", coins=2)
    t.do("deliver", player="red", chain=[step("red", LEFT, "wood")])
    assert t.refused("actions_left", "end_turn", player="red") == \
        "Red has 1 more Carter action to perform: every coin must buy an action."


def test_a_tile_gives_one_extra_action_once_per_round() -> None:
    t = table().edit(holds("carter", "night_watchman"))
    assert t.refused("tile_not_held", "birth", player="red", cell=list(TOP), sex="m",
                     tile=True) == "Red does not hold the Midwife tile."
    t.do("choose", player="red", character="carter", coins=1)
    # Same character: the tile's action joins the regular one, in any order.
    t.do("deliver", player="red", chain=[step("red", LEFT, "wood")], tile=True)
    t.do("deliver", player="red", chain=[step("red", CORNER, "water")])
    assert t.refused("one_tile", "wake", player="red", village="red", quarter="top_left",
                     tile=True) == "Red has used a character tile this turn already: one per turn."
    t.do("end_turn", player="red")
    assert t.state.tiles_used == {"carter"}
    for c, good, cell in (("blue", "grain", TOP), ("yellow", "stone", TOP)):
        t.turn(c, "carter", {"type": "deliver", "chain": [step(c, cell, good)]})
    t.do("choose", player="red", character="carter", coins=1)
    assert t.refused("tile_used", "deliver", player="red", chain=[step("red", TOP, "brick")],
                     tile=True) == "The Carter tile has been used this round."


def test_another_characters_tile_comes_before_or_after_not_between() -> None:
    t = table().edit(holds("night_watchman"))
    t.do("choose", player="red", character="carter", coins=2)
    t.do("deliver", player="red", chain=[step("red", LEFT, "wood")])
    assert t.refused("tile_between", "wake", player="red", village="red", quarter="top_left",
                     tile=True) == ("The Night Watchman tile's action comes before or after the "
                                    "Carter actions, not between them.")
    t.do("deliver", player="red", chain=[step("red", CORNER, "water")])
    t.do("wake", player="red", village="red", quarter="top_left", tile=True)
    assert t.state.villages["red"].buildings[LEFT].adults[0].awake
    t.do("end_turn", player="red")


def test_the_builder_tile_may_spend_every_coin_on_goods() -> None:
    t = table().edit(holds("builder"))
    t.do("build", player="red", building="bakehouse", cell=[1, -1], tile=True, mover="m",
         buy={"brick": 1, "stone": 1, "wood": 1})
    assert t.state.player("red").coins == 1
    assert t.refused("regular_action_needed", "end_turn", player="red") == \
        "Red still has coins: choose a character for the turn's regular action."
    t = table().edit(holds("builder"))
    t.do("build", player="red", building="mill", cell=[1, -1], tile=True,
         buy={"wood": 2, "stone": 2})
    assert t.state.player("red").coins == 0
    assert t.state.character_coins["builder"] == {"red": 4}  # they count for the majority
    t.do("end_turn", player="red")  # the turn ends with no regular action
    assert t.state.active == "blue"


def test_no_character_tiles_in_the_intro_game() -> None:
    t = table(intro=True).edit(holds("carter"))
    t.do("choose", player="red", character="carter", coins=1)
    t.refused("no_tiles_in_intro", "deliver", player="red", chain=[step("red", LEFT, "wood")],
              tile=True)


def test_the_round_ends_when_one_player_alone_has_coins() -> None:
    # Red and Blue spend everything at once: Yellow, who has not had a turn, is alone.
    t = table().edit(holds())
    t.spend_all("red", "bakehouse")
    t.spend_all("blue", "dairy")
    s = t.state
    assert s.phase == "school" and s.start_player == "yellow"


def test_a_player_with_coins_but_no_possible_action_passes_this_turn_only() -> None:
    """§7 "Cannot act": "passes this turn only: it keeps its coins and is asked again on its next
    turn (by then someone may have put a villager to sleep ...)". Rulebook: "Ein Spieler kann
    nicht freiwillig passen, so lange er noch Münzen hat." (the ruling covers the case it leaves
    open: coins but no possible action)."""
    t = table()
    msg = t.refused("can_act", "cannot_act", player="red")
    assert msg.startswith("Red can still act: ")

    def stuck(s: GameState) -> None:
        # Nobody sleeps, Red's couple has no supply left, nobody unbound, every good Red
        # could make is delivered, nothing on offer.
        red = s.player("red")
        red.supply = {"m": 0, "f": 0}
        s.villages["red"].centre = {"m": 0, "f": 0}
        s.school["red"] = {"m": 0, "f": 0}
        red.delivered = ["brick", "wood", "water", "stone"]
        s.offer = {}

    t.edit(stuck)
    t.do("cannot_act", player="red")
    s = t.state
    assert s.player("red").coins == 4 and s.active == "blue" and s.passes == ["red"]
    t.turn("blue", "carter", {"type": "deliver", "chain": [step("blue", TOP, "grain")]})
    assert t.state.passes == []  # an action in between: the go-round starts again
    t.turn("yellow", "carter", {"type": "deliver", "chain": [step("yellow", TOP, "stone")]})
    # Red is asked again, and can act now: Blue's and Yellow's workers sleep.
    assert t.state.active == "red"
    assert t.refused("can_act", "cannot_act", player="red") == \
        "Red can still act: the Night Watchman has an action."
