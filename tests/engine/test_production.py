"""Production chains and exchange buildings (digest §2, §8)."""

from companion.engine.state import GameState
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_up, step

FOUR = ("red", "blue", "yellow", "white")


def white_with_bakehouse() -> Table:
    """The rulebook's exchange example: White has a Bakehouse and a Marketplace, no grain farm."""
    def scene(s: GameState) -> None:
        put(s, "white", "bakehouse", (1, -1), ("white", "m", True))
        put(s, "white", "marketplace", (2, -1), ("white", "f", True))

    return Table(set_up(FOUR, start="white").state).edit(scene)


def test_stone_exchanged_to_grain_on_a_marketplace_to_bake_bread() -> None:
    t = white_with_bakehouse()
    t.do("choose", player="white", character="carter", coins=1)
    t.do("deliver", player="white", chain=[step("white", TOP, "stone"),
                                           step("white", (2, -1), "grain"),
                                           step("white", (1, -1), "bread")])
    s = t.state
    assert s.player("white").delivered == ["bread"]
    assert s.goods_tiles == {"bread": "white"}
    # All three villagers used fell asleep; the others stay awake.
    for cell in (TOP, (2, -1), (1, -1)):
        assert not s.villages["white"].buildings[cell].adults[0].awake
    assert s.villages["white"].buildings[LEFT].adults[0].awake


def test_chain_refusals() -> None:
    t = white_with_bakehouse()
    t.do("choose", player="white", character="carter", coins=1)
    assert t.refused("wrong_input", "deliver", player="white",
                     chain=[step("white", TOP, "stone"), step("white", (1, -1), "bread")]) == \
        "A Bakehouse needs grain produced first in the same action, not stone."
    t.refused("exchange_first", "deliver", player="white",
              chain=[step("white", (2, -1), "grain"), step("white", (1, -1), "bread")])
    t.refused("wrong_exchange", "deliver", player="white",
              chain=[step("white", TOP, "stone"), step("white", (2, -1), "bread")])
    t.refused("good_twice", "deliver", player="white",
              chain=[step("white", TOP, "stone"), step("white", (2, -1), "stone")])
    t.refused("wrong_good", "deliver", player="white", chain=[step("white", TOP, "wood")])
    t.refused("no_input_taken", "deliver", player="white",
              chain=[step("white", TOP, "stone"), step("white", LEFT, "wood")])
    t.refused("empty_chain", "deliver", player="white", chain=[])
    t.refused("no_building", "deliver", player="white", chain=[step("white", (5, 5), "stone")])
    t.refused("unknown_good", "deliver", player="white", chain=[step("white", TOP, "gold")])
    # Only the acting player's own villagers work; White married into Yellow's village, not Red's.
    assert t.refused("no_worker", "deliver", player="white",
                     chain=[step("red", TOP, "brick")]) == \
        "White has no villager on the Brickyard (0, -1) in Red's village."
    t.do("deliver", player="white", chain=[step("yellow", TOP, "stone")])


def test_cowbell_needs_ore_then_iron_across_two_villages() -> None:
    def scene(s: GameState) -> None:
        # Blue married onto Red's Mine; Ironworks and Bell foundry at home.
        put(s, "red", "mine", (1, -1), ("red", "m", True), ("blue", "f", True))
        put(s, "blue", "ironworks", (1, -1), ("blue", "m", True))
        put(s, "blue", "bell_foundry", (2, -1), ("blue", "f", True))

    t = Table(set_up(FOUR, start="blue").state).edit(scene)
    t.do("choose", player="blue", character="carter", coins=1)
    cowbell = [step("red", (1, -1), "ore"), step("blue", (1, -1), "iron"),
               step("blue", (2, -1), "cowbell")]
    t.refused("missing_input", "deliver", player="blue", chain=cowbell[1:])
    t.do("deliver", player="blue", chain=cowbell)
    s = t.state
    assert s.player("blue").delivered == ["cowbell"]
    mine = s.villages["red"].buildings[(1, -1)].adults
    assert [(a.colour, a.awake) for a in mine] == [("red", True), ("blue", False)]


def test_an_asleep_villager_cannot_produce() -> None:
    t = Table(set_up(FOUR, start="red").state)
    t.do("choose", player="red", character="carter", coins=2)
    t.do("deliver", player="red", chain=[step("red", CORNER, "water")])
    assert t.refused("worker_asleep", "deliver", player="red",
                     chain=[step("red", CORNER, "water")]) == \
        "Red's villager on the Well (-1, -1) in Red's village is asleep."
