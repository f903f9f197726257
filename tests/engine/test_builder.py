"""Builder (digest §9, §3): paying by production, buying wood/brick/stone, placement, costs."""

from companion.engine.state import GameState
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_up, step


def yellow_to_build(costs: bool = True) -> Table:
    """The rulebook's example: Yellow, awake on its Stonemason and Brickyard, wants the Butcher."""
    g = set_up(("red", "blue", "yellow"), start="yellow", costs=costs)

    def offer(s: GameState) -> None:
        s.offer.update(butcher=1, mill=1, inn=1)

    return Table(g.state).edit(offer)


def test_butcher_built_with_one_bought_brick() -> None:
    t = yellow_to_build()
    t.do("choose", player="yellow", character="builder", coins=1)
    t.do("build", player="yellow", building="butcher", cell=[1, -1],
         pay=[[step("yellow", TOP, "stone")], [step("yellow", LEFT, "brick")]],
         buy={"brick": 1}, mover="m")
    s = t.state
    assert s.player("yellow").coins == 2  # 1 for the action, 1 for the brick
    assert s.character_coins["builder"] == {"yellow": 2}
    butcher = s.villages["yellow"].buildings[(1, -1)]
    assert butcher.type == "butcher"
    assert [(a.colour, a.sex, a.awake) for a in butcher.adults] == [("yellow", "m", True)]
    assert s.villages["yellow"].centre == {"m": 0, "f": 0}
    village = s.villages["yellow"].buildings
    assert not village[TOP].adults[0].awake and not village[LEFT].adults[0].awake
    assert village[CORNER].adults[0].awake
    assert "butcher" not in s.offer
    t.do("end_turn", player="yellow")


def test_butcher_refusals() -> None:
    t = yellow_to_build()
    t.do("choose", player="yellow", character="builder", coins=1)
    pay = [[step("yellow", TOP, "stone")], [step("yellow", LEFT, "brick")]]
    base = {"player": "yellow", "building": "butcher", "cell": [1, -1], "mover": "m"}
    msg = t.refused("wrong_payment", "build", **base, pay=pay)
    assert msg == "The Butcher costs 2 brick + 1 stone; this pays 1 brick + 1 stone."
    assert "not grain" in t.refused("not_buyable", "build", **base, pay=pay, buy={"grain": 1})
    assert t.refused("wrong_cost", "build", **base, pay=pay, buy={"brick": 1},
                     cost={"brick": 1, "stone": 1}).startswith("The Butcher costs 2 brick")
    assert "has 3" in t.refused("cannot_afford", "build", **base, buy={"brick": 4})
    t.refused("type_owned", "build", player="yellow", building="stonemason", cell=[1, -1])
    t.refused("wrong_ring", "build", **{**base, "cell": [0, -2]}, pay=pay, buy={"brick": 1})
    t.refused("cell_taken", "build", **{**base, "cell": list(TOP)}, pay=pay, buy={"brick": 1})
    t.refused("not_on_offer", "build", player="yellow", building="dairy", cell=[1, -1])
    # The same villager cannot work twice: it is asleep after the first step.
    t.refused("worker_asleep", "build", **base, buy={"brick": 1},
              pay=[[step("yellow", TOP, "stone")], [step("yellow", LEFT, "brick")],
                   [step("yellow", LEFT, "brick")]])
    assert t.refused("no_mover_sex", "build", **{**base, "mover": "f"}, pay=pay,
                     buy={"brick": 1}) == "No woman waits in the centre of Yellow's village."


def test_a_whole_building_bought_with_coins() -> None:
    t = yellow_to_build()
    t.edit(lambda s: s.offer.update(mine=1))
    t.do("choose", player="yellow", character="builder", coins=1)
    t.do("build", player="yellow", building="mine", cell=[1, -1], buy={"wood": 1, "brick": 1},
         mover="m")
    # The bought goods' coins lie on the Builder too, and count for its majority.
    assert t.state.player("yellow").coins == 1
    assert t.state.character_coins["builder"] == {"yellow": 3}
    t.refused("no_coin_left", "build", player="yellow", building="mill", cell=[2, -1],
              buy={"wood": 1})


def test_new_building_usable_in_the_same_turn() -> None:
    t = yellow_to_build()
    t.edit(lambda s: s.offer.update(marketplace=1))
    t.do("choose", player="yellow", character="builder", coins=2)
    # Marketplace (test cost: 1 wood + 1 stone), the centre's man moves in awake ...
    t.do("build", player="yellow", building="marketplace", cell=[1, -1], mover="m",
         pay=[[step("yellow", TOP, "stone")]], buy={"wood": 1})
    # ... and turns this brick into wood for the Mine (1 wood + 1 brick) at once.
    t.do("build", player="yellow", building="mine", cell=[2, -1],
         pay=[[step("yellow", LEFT, "brick"), step("yellow", (1, -1), "wood")]],
         buy={"brick": 1})
    assert t.state.villages["yellow"].buildings[(2, -1)].type == "mine"
    assert t.state.player("yellow").coins == 0
    # Nobody waits in the centre any more: the Mine stays empty.
    assert t.state.villages["yellow"].buildings[(2, -1)].adults == ()


def test_ring_two_opens_only_when_ring_one_is_full() -> None:
    t = yellow_to_build()

    def fill_ring_one(s: GameState) -> None:
        for i, (cell, kind) in enumerate(zip(
                [(1, -1), (2, -1), (2, 0), (2, 1), (1, 1), (0, 1), (-1, 1)],
                ["mine", "goat_shed", "cow_shed", "church", "inn", "town_hall", "marketplace"],
                strict=True)):
            put(s, "yellow", kind, cell, *([("yellow", "m", True)] if i < 3 else []))

    t.edit(fill_ring_one)
    t.do("choose", player="yellow", character="builder", coins=1)
    t.refused("cell_taken", "build", player="yellow", building="mill", cell=[1, 1])
    t.do("build", player="yellow", building="mill", cell=[-2, 2], buy={"wood": 2, "stone": 1},
         pay=[[step("yellow", TOP, "stone")]])
    assert t.state.villages["yellow"].buildings[(-2, 2)].type == "mill"


def test_unknown_cost_is_read_off_the_tile_and_remembered() -> None:
    t = yellow_to_build(costs=False)
    t.do("choose", player="yellow", character="builder", coins=1)
    msg = t.refused("cost_unknown", "build", player="yellow", building="mill", cell=[1, -1],
                    buy={"wood": 1})
    assert msg == ("The cost of the Mill is not known yet: enter the goods shown top left on "
                   "the tile.")
    t.do("build", player="yellow", building="mill", cell=[1, -1], cost={"stone": 1, "grain": 1},
         pay=[[step("yellow", TOP, "stone")], [step("yellow", CORNER, "grain")]])
    assert t.state.learned_costs == {"mill": (("grain", 1), ("stone", 1))}
    # Another Mill later in the game must carry the same cost, or none.
    assert t.state.known_cost("mill") == (("grain", 1), ("stone", 1))
