"""Priest (digest §9): marriages and dowry coins."""

from tests.helpers import LEFT, TOP, Table, set_up

# Play order: Blue's centre holds a coin of each of the two players to its left: White, Red.
ORDER = ("red", "white", "blue", "yellow")


def white_marries() -> Table:
    """The rulebook's example: White has a young man in the school and a woman in its centre;
    Blue's village has a single woman (LEFT) and a single man (TOP)."""
    return Table(set_up(ORDER, start="white", school="m", spouse="m").state)


def test_two_marriages_take_a_white_and_a_red_dowry_coin() -> None:
    t = white_marries()
    blue = t.state.villages["blue"]
    assert blue.coins == {"red": 1, "white": 1}
    assert [a.sex for a in blue.buildings[LEFT].adults] == ["f"]
    assert [a.sex for a in blue.buildings[TOP].adults] == ["m"]
    t.do("choose", player="white", character="priest", coins=2)
    t.do("marry", player="white", sex="m", source="school", village="blue", cell=list(LEFT),
         dowry="white")
    t.do("marry", player="white", sex="f", source="centre", village="blue", cell=list(TOP),
         dowry="red")
    s = t.state
    white = s.player("white")
    assert (white.coins, white.won_coins) == (2, 1)  # the own coin: usable from the next turn
    assert s.villages["white"].coins == {"red": 2, "yellow": 1}  # the red coin as dowry
    assert s.villages["blue"].coins == {}
    assert [(a.colour, a.sex, a.awake) for a in s.villages["blue"].buildings[LEFT].adults] == \
        [("blue", "f", True), ("white", "m", True)]
    assert s.school["white"]["m"] == 0 and s.villages["white"].centre["f"] == 0
    t.do("end_turn", player="white")
    assert t.state.player("white").coins == 3


def test_marriage_refusals() -> None:
    t = white_marries()
    t.do("choose", player="white", character="priest", coins=1)
    m = {"player": "white", "sex": "m", "source": "school", "village": "blue", "dowry": "white"}
    assert t.refused("same_sex", "marry", **m, cell=list(TOP)) == \
        "The villager on the Grain farm (0, -1) in Blue's village is a man too: a marriage " \
        "needs the other sex."
    t.refused("couple_there", "marry", **m, cell=[-1, -1])  # a couple lives there already
    t.refused("own_village", "marry", **{**m, "village": "white"}, cell=list(LEFT))
    t.refused("no_villager", "marry", **{**m, "source": "centre"}, cell=list(LEFT))
    t.refused("dowry_needed", "marry", **{**m, "dowry": None}, cell=list(LEFT))
    t.refused("no_dowry_colour", "marry", **{**m, "dowry": "yellow"}, cell=list(LEFT))
    t.refused("no_building", "marry", **m, cell=[3, 3])
