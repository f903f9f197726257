"""Carter, market, goods tiles and branch tiles (digest §4, §9)."""

from companion.engine import breakdown
from companion.engine.state import GameState
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_awake, set_up, step

FOUR = ("red", "blue", "yellow", "white")


def red_with_brewery() -> Table:
    def scene(s: GameState) -> None:
        put(s, "red", "brewery", (1, -1), ("red", "m", True))
        put(s, "blue", "brewery", (1, -1), ("blue", "m", True))

    return Table(set_up(FOUR, start="red").state).edit(scene)


def test_first_beer_delivery_takes_its_goods_tile() -> None:
    # Rulebook: Red puts 2 coins on the Carter, makes wood, and water into beer; delivers both.
    t = red_with_brewery()
    t.turn("red", "carter",
           {"type": "deliver", "chain": [step("red", LEFT, "wood")]},
           {"type": "deliver", "chain": [step("red", CORNER, "water"),
                                         step("red", (1, -1), "beer")]})
    s = t.state
    assert s.player("red").delivered == ["wood", "beer"]  # beer without water delivered: fine
    assert s.goods_tiles == {"beer": "red"}
    parts = breakdown(s, "red")
    assert (parts["deliveries"], parts["goods_tiles"]) == (2, 1)
    # Blue delivers beer second: a cube, but the tile stays with Red.
    t.turn("blue", "carter", {"type": "deliver", "chain": [step("blue", LEFT, "water"),
                                                           step("blue", (1, -1), "beer")]})
    assert t.state.goods_tiles == {"beer": "red"}
    assert breakdown(t.state, "blue")["deliveries"] == 1


def test_each_good_once_per_player() -> None:
    t = red_with_brewery()
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]})
    t.do("choose", player="blue", character="carter", coins=1)
    t.do("deliver", player="blue", chain=[step("blue", CORNER, "wood")])  # Blue's own first
    t.do("end_turn", player="blue")
    t.do("choose", player="yellow", character="night_watchman", coins=1)
    t.do("wake", player="yellow", village="red", quarter="top_left")
    t.do("end_turn", player="yellow")
    t.do("choose", player="white", character="carter", coins=1)
    t.do("deliver", player="white", chain=[step("white", LEFT, "wood")])
    t.do("end_turn", player="white")
    t.do("choose", player="red", character="carter", coins=1)
    assert t.refused("delivered_twice", "deliver", player="red",
                     chain=[step("red", LEFT, "wood")]) == \
        "Red has already delivered wood: each good once per game."


def test_the_middle_branch_tile() -> None:
    # Rulebook: Blue is first to deliver the whole middle branch (ore, iron, cowbell).
    def scene(s: GameState) -> None:
        put(s, "blue", "mine", (1, -1), ("blue", "m", True))
        put(s, "blue", "ironworks", (2, -1), ("blue", "f", True))
        put(s, "blue", "bell_foundry", (2, 0), ("blue", "m", True))
        put(s, "blue", "marketplace", (2, 1), ("blue", "f", True))

    t = Table(set_up(FOUR, start="blue").state).edit(scene)
    t.turn("blue", "carter",
           {"type": "deliver", "chain": [step("blue", TOP, "grain"),
                                         step("blue", (2, 1), "ore")]},
           {"type": "deliver", "chain": [step("blue", (1, -1), "ore"),
                                         step("blue", (2, -1), "iron")]})
    assert t.state.branch_tiles == {}  # two of three: not yet
    t.edit(lambda s: [set_awake(s, "blue", cell, True)
                      for cell in list(s.villages["blue"].buildings)])
    t.do("choose", player="yellow", character="carter", coins=1)
    t.do("deliver", player="yellow", chain=[step("yellow", TOP, "stone")])
    t.do("end_turn", player="yellow")
    t.do("choose", player="white", character="carter", coins=1)
    t.do("deliver", player="white", chain=[step("white", TOP, "stone")])
    t.do("end_turn", player="white")
    t.do("choose", player="red", character="carter", coins=1)
    t.do("deliver", player="red", chain=[step("red", TOP, "brick")])
    t.do("end_turn", player="red")
    t.do("choose", player="blue", character="carter", coins=1)
    t.refused("missing_input", "deliver", player="blue", chain=[step("blue", (2, 0), "cowbell")])
    t.do("deliver", player="blue", chain=[step("blue", (1, -1), "ore"),
                                          step("blue", (2, -1), "iron"),
                                          step("blue", (2, 0), "cowbell")])
    s = t.state
    assert s.branch_tiles == {"ore": "blue"}
    parts = breakdown(s, "blue")
    # 3 cubes; goods tiles iron (level 2: 1) and cowbell (level 3: 2); the branch tile: 2.
    assert (parts["deliveries"], parts["goods_tiles"], parts["branch_tiles"]) == (3, 3, 2)
