"""Night Watchman (digest §5 quarters, §9)."""

from companion.engine.state import Building, GameState
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_up


def red_village_at_night() -> Table:
    """The rulebook's picture: Red's sleeping brick-maker (with a sleeping yellow spouse) top
    left, its sleeping woodcutter on the left side, an awake red-blue Stonemason couple, and a
    sleeping red-white couple in the Goat shed bottom right."""
    def scene(s: GameState) -> None:
        village = s.villages["red"]
        for b in village.buildings.values():  # send the setup's villagers home first
            for a in b.adults:
                s.player(a.colour).supply[a.sex] += 1
        village.buildings = {}
        put(s, "red", "brickyard", CORNER, ("red", "f", False), ("yellow", "m", False))
        put(s, "red", "woodcutter", LEFT, ("red", "m", False))
        put(s, "red", "stonemason", TOP, ("red", "m", True), ("blue", "f", True))
        put(s, "red", "goat_shed", (1, 1), ("red", "f", False), ("white", "m", False))

    return Table(set_up(("red", "blue", "yellow", "white"), start="red").state).edit(scene)


def awake(b: Building) -> list[bool]:
    return [a.awake for a in b.adults]


def test_waking_the_top_left_quarter_includes_the_side_building() -> None:
    t = red_village_at_night()
    t.turn("red", "night_watchman", {"type": "wake", "village": "red", "quarter": "top_left"})
    v = t.state.villages["red"].buildings
    assert awake(v[CORNER]) == [True, True]  # the yellow spouse wakes too
    assert awake(v[LEFT]) == [True]  # the side building lies in the top-left quarter too
    assert awake(v[TOP]) == [True, True]
    assert awake(v[(1, 1)]) == [False, False]  # bottom right: sleeps on


def test_the_side_building_wakes_from_the_bottom_quarter_too() -> None:
    t = red_village_at_night()
    t.turn("red", "night_watchman", {"type": "wake", "village": "red", "quarter": "bottom_left"})
    v = t.state.villages["red"].buildings
    assert awake(v[LEFT]) == [True]
    assert awake(v[CORNER]) == [False, False]


def test_a_quarter_without_sleepers_is_refused() -> None:
    t = red_village_at_night()
    t.do("choose", player="red", character="night_watchman", coins=1)
    assert t.refused("no_sleeper", "wake", player="red", village="red",
                     quarter="top_right") == \
        "Nobody sleeps in the top-right quarter of Red's village."
    t.refused("no_village", "wake", player="red", village="green", quarter="top_left")
    # Any village will do: Blue's is awake everywhere, so it is refused there too.
    t.refused("no_sleeper", "wake", player="red", village="blue", quarter="top_left")
