"""Midwife (digest §9) and the villager lifecycle (§13): child, school, home."""

from companion.engine.state import GameState
from tests.helpers import TOP, Table, set_up

THREE = ("red", "blue", "yellow")


def test_a_couple_has_one_child_per_turn() -> None:
    # After setup Red's Brickyard (TOP) holds Red's man and Blue's woman: a couple.
    t = Table(set_up(THREE, start="red").state)
    t.edit(lambda s: s.tile_holder.update(midwife="red"))
    t.do("choose", player="red", character="midwife", coins=1)
    t.do("birth", player="red", cell=list(TOP), sex="f")
    s = t.state
    assert s.villages["red"].buildings[TOP].children == (("red", "f"),)
    assert s.player("red").supply == {"m": 5, "f": 4}
    assert t.refused("child_this_turn", "birth", player="red", cell=list(TOP), sex="m",
                     tile=True) == \
        "The couple on the Brickyard (0, -1) has had its child this turn."
    t.refused("no_couple", "birth", player="red", cell=[-1, 0], sex="m", tile=True)
    t.refused("no_building", "birth", player="red", cell=[4, 4], sex="m", tile=True)


def test_a_child_comes_from_the_supply() -> None:
    # A birth names only a cell: it is always in the player's own village.
    t = Table(set_up(THREE, start="red").state)
    t.do("choose", player="red", character="midwife", coins=1)

    def empty_supply(s: GameState) -> None:
        s.player("red").supply["m"] = 0

    t.edit(empty_supply)
    assert t.refused("no_supply", "birth", player="red", cell=list(TOP), sex="m") == \
        "Red has no man left in its supply."


def test_a_child_goes_to_school_at_round_end_and_home_the_round_after() -> None:
    t = Table(set_up(THREE, start="red").state)
    t.turn("red", "midwife", {"type": "birth", "cell": list(TOP), "sex": "m"})
    # Everyone else spends all coins: the round ends with Red the only one holding coins.
    t.edit(lambda s: s.offer.update(bakehouse=1, dairy=1))
    t.spend_all("blue", "bakehouse")
    t.spend_all("yellow", "dairy")
    s = t.state
    # Round end: Red is start player; the setup's school villagers come home first.
    assert (s.phase, s.start_player, s.queue) == ("school", "red", ["red", "blue", "yellow"])
    for c in ("red", "blue", "yellow"):
        t.do("school_return", player=c, placements=[{"sex": "m", "cell": None}])
    s = t.state
    assert s.school["red"] == {"m": 1, "f": 0}  # the child, now in the school
    assert s.villages["red"].buildings[TOP].children == ()
    assert s.villages["red"].centre["m"] == 2  # the setup's man from the school
