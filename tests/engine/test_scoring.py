"""Victory points (§11), village-complete tiles (§5) and the winner (§12)."""

from companion.engine import breakdown, decide_winners, village_complete
from companion.engine.grid import ring_cells
from companion.engine.state import GameState
from tests.helpers import LEFT, TOP, Table, put, set_awake, set_up, step

THREE = ("red", "blue", "yellow")


def nearly_complete(colour: str, occupied: bool = True) -> object:
    """Ring 1 of ``colour``'s village built but for (2, 1); the new ones VP buildings, a Mine
    (occupied or not) and a Marketplace."""
    def scene(s: GameState) -> None:
        free = [c for c in ring_cells(1) if c not in s.villages[colour].buildings]
        # (1, -1) Mine, (2, -1) Marketplace, (2, 0) Mill, (-1, 1) Inn, (0, 1) Town hall,
        # (1, 1) Church.
        kinds = ["mine", "marketplace", "mill", "inn", "town_hall", "church"]
        for cell, kind in zip([c for c in free if c != (2, 1)], kinds, strict=True):
            who = [(colour, "m", True)] if kind == "marketplace" or (
                kind == "mine" and occupied) else []
            put(s, colour, kind, cell, *who)
        s.offer.update(goat_shed=3)
    return scene


def test_the_first_complete_village_takes_4_then_2() -> None:
    t = Table(set_up(THREE, start="red").state)
    for c in THREE:
        t.edit(nearly_complete(c))  # type: ignore[arg-type]
    assert not village_complete(t.state, "red")
    t.do("choose", player="red", character="builder", coins=1)
    t.do("build", player="red", building="goat_shed", cell=[2, 1], mover="m",
         pay=[[step("red", LEFT, "wood")], [step("red", (-1, -1), "water")]])
    assert t.state.village_tiles == ["red"]  # at the moment it happens, mid-turn
    t.do("end_turn", player="red")
    # Blue: wood from its Woodcutter, water from its Well.
    t.do("choose", player="blue", character="builder", coins=1)
    t.do("build", player="blue", building="goat_shed", cell=[2, 1], mover="m",
         pay=[[step("blue", (-1, -1), "wood")], [step("blue", LEFT, "water")]])
    t.do("end_turn", player="blue")
    # Yellow: brick into water on its Marketplace, and a bought wood.
    t.do("choose", player="yellow", character="builder", coins=1)
    t.do("build", player="yellow", building="goat_shed", cell=[2, 1], mover="m",
         pay=[[step("yellow", LEFT, "brick"), step("yellow", (2, -1), "water")]],
         buy={"wood": 1})
    t.do("end_turn", player="yellow")
    s = t.state
    assert s.village_tiles == ["red", "blue"]  # only two tiles: Yellow completes for nothing
    assert village_complete(s, "yellow")
    assert [breakdown(s, c)["village_tiles"] for c in THREE] == [4, 2, 0]
    assert [breakdown(s, c)["vp_buildings"] for c in THREE] == [12, 12, 12]


def test_an_empty_production_building_keeps_a_village_incomplete_until_school() -> None:
    t = Table(set_up(THREE, start="red").state)
    t.edit(nearly_complete("red", occupied=False))  # type: ignore[arg-type]
    t.edit(lambda s: s.offer.update(bakehouse=1, dairy=1))
    t.do("choose", player="red", character="builder", coins=1)
    t.do("build", player="red", building="goat_shed", cell=[2, 1], mover="m",
         pay=[[step("red", LEFT, "wood")], [step("red", (-1, -1), "water")]])
    t.do("end_turn", player="red")
    assert not village_complete(t.state, "red")  # the Mine stands empty
    t.spend_all("blue", "bakehouse")
    t.spend_all("yellow", "dairy")
    # Round end, step 3: Red's man from the school moves into the Mine: complete.
    t.do("school_return", player="red", placements=[{"sex": "m", "cell": [1, -1]}])
    assert t.state.village_tiles == ["red"]


def test_most_vp_wins_then_most_awake_villagers_then_a_shared_win() -> None:
    def tied(s: GameState) -> None:
        for c in THREE:
            s.player(c).delivered = ["wood"]
        s.start_player = "red"
        s.player("blue").delivered = ["wood", "brick"]  # Blue 2 VP, Red 1 + token = 2

    t = Table(set_up(THREE, start="red").state).edit(tied)
    s = t.state
    assert [sum(breakdown(s, c).values()) for c in THREE] == [2, 2, 1]
    # Red: 3 on buildings + 1 in its centre; Blue likewise: both 4 awake. Shared.
    assert decide_winners(s) == (["red", "blue"], "shared")
    t.edit(lambda s: set_awake(s, "blue", TOP, False, 0))
    assert decide_winners(t.state) == (["red"], "awake_villagers")
    t.edit(lambda s: s.player("yellow").delivered.extend(["stone", "grain"]))
    assert decide_winners(t.state) == (["yellow"], None)
