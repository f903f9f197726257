"""Setup (digest §6): the draft, simplified setup, couples, dowry coins, the header."""

import pytest

from companion.engine import Game, GameState, MalformedAction, header_line
from tests.helpers import LEFT, TOP, Table, new_game, set_up

FOUR = ("red", "blue", "yellow", "white")  # play order: counter-clockwise


def test_draft_snake_order_and_the_last_picker_takes_the_start_token() -> None:
    g = new_game(FOUR)
    g.apply({"type": "start_player", "player": "red"})
    # Pick 1 from the start player clockwise, pick 2 from its right counter-clockwise,
    # pick 3 from the start player clockwise again.
    assert g.state.queue == ["red", "white", "yellow", "blue", "blue", "yellow", "white", "red",
                             "red", "white", "yellow", "blue"]
    assert sum(g.state.start_pool.values()) == 15
    picks = {"red": ["brickyard", "woodcutter", "well"],
             "white": ["brickyard", "well", "grain_farm"],
             "yellow": ["stonemason", "well", "brickyard"],
             "blue": ["grain_farm", "stonemason", "woodcutter"]}
    while g.state.phase == "draft":
        c = g.state.active
        assert c is not None
        g.apply({"type": "pick", "player": c, "building": picks[c].pop(0)})
    assert g.state.start_player == "blue"  # the last picker
    assert g.state.phase == "place" and g.state.start_pool == {}


def test_three_players_draft_from_ten_buildings() -> None:
    g = new_game(FOUR[:3])
    assert g.state.start_pool == {"brickyard": 2, "grain_farm": 2, "stonemason": 2, "well": 2,
                                  "woodcutter": 2}
    g.apply({"type": "start_player", "player": "red"})
    t = Table(g.state)
    t.do("pick", player="red", building="well")
    t.do("pick", player="yellow", building="well")
    assert t.refused("not_in_pool", "pick", player="blue", building="well") == \
        "No Well is left among the start buildings."
    t.refused("not_your_turn", "pick", player="red", building="brickyard")


def test_a_picker_left_only_with_its_own_types_takes_another_players_building() -> None:
    g = new_game(FOUR[:3])
    g.apply({"type": "start_player", "player": "red"})

    def rig(s: GameState) -> None:
        # Blue, last to pick, holds a well and a woodcutter; only a well is left.
        s.to_place = {"red": ["brickyard", "grain_farm", "stonemason"],
                      "blue": ["well", "woodcutter"],
                      "yellow": ["brickyard", "grain_farm", "woodcutter"]}
        s.start_pool = {"brickyard": 0, "grain_farm": 0, "stonemason": 0, "well": 1,
                        "woodcutter": 0}
        s.queue = ["blue"]
        s.active = "blue"

    t = Table(g.state).edit(rig)
    t.refused("type_twice", "pick", player="blue", building="well")
    t.refused("bad_take_from", "pick", player="blue", building="stonemason", take_from="blue")
    t.refused("not_held", "pick", player="blue", building="stonemason", take_from="yellow")
    t.do("pick", player="blue", building="stonemason", take_from="red")
    s = t.state
    # Red picks again from what is left, and so is the last picker: it takes the token.
    assert s.phase == "draft" and s.active == "red"
    t.do("pick", player="red", building="well")
    s = t.state
    assert s.phase == "place" and s.start_player == "red"
    assert sorted(s.to_place["red"]) == ["brickyard", "grain_farm", "well"]
    assert sorted(s.to_place["blue"]) == ["stonemason", "well", "woodcutter"]


def test_the_special_case_is_only_for_a_picker_with_no_other_choice() -> None:
    g = new_game(FOUR[:3])
    g.apply({"type": "start_player", "player": "red"})
    t = Table(g.state)
    t.do("pick", player="red", building="well")
    t.do("pick", player="yellow", building="brickyard")
    assert t.refused("no_special_case", "pick", player="blue", building="well",
                     take_from="red").startswith("Blue can still pick a ")


def test_dowry_coins_go_to_the_two_players_to_the_right() -> None:
    s = new_game(FOUR).state
    assert {p.colour: p.coins for p in s.players} == dict.fromkeys(FOUR, 4)
    # Each centre holds a coin of each of the two players to its left (before it in play).
    assert s.villages["red"].coins == {"yellow": 1, "white": 1}
    assert s.villages["blue"].coins == {"red": 1, "white": 1}
    assert s.villages["yellow"].coins == {"red": 1, "blue": 1}


def test_couples_and_couple_three_marries_into_the_left_neighbours_village() -> None:
    g = set_up(FOUR, start="red")
    s = g.state
    # Red's left neighbour is White (before Red in play order): Red's woman married there.
    white_top = s.villages["white"].buildings[TOP].adults
    assert [(a.colour, a.sex) for a in white_top] == [("white", "m"), ("red", "f")]
    assert s.villages["red"].centre == {"m": 1, "f": 0}
    assert s.school["red"] == {"m": 1, "f": 0}
    assert s.player("red").supply == {"m": 5, "f": 5}
    assert all(a.awake for v in s.villages.values() for b in v.buildings.values()
               for a in b.adults)
    assert (s.round, s.active) == (1, "red")


def test_couple_refusals() -> None:
    g = new_game(FOUR[:3], setup="simplified")
    g.apply({"type": "start_player", "player": "red"})
    for c, bs in (("red", ["brickyard", "woodcutter", "well"]),
                  ("blue", ["grain_farm", "well", "woodcutter"]),
                  ("yellow", ["stonemason", "brickyard", "grain_farm"])):
        g.apply({"type": "start_buildings", "player": c, "buildings": bs})
    t = Table(g.state)
    t.refused("not_ring_one", "place_building", player="red", building="well", cell=[0, 0])
    t.refused("not_ring_one", "place_building", player="red", building="well", cell=[3, 0])
    t.refused("not_to_place", "place_building", player="red", building="mine", cell=[0, -1])
    t.do("place_building", player="red", building="brickyard", cell=[0, -1])
    t.refused("cell_taken", "place_building", player="red", building="well", cell=[0, -1])
    t.do("place_building", player="red", building="woodcutter", cell=[-1, 0])
    t.do("place_building", player="red", building="well", cell=[-1, -1])
    for c, bs in (("blue", ["grain_farm", "well", "woodcutter"]),
                  ("yellow", ["stonemason", "brickyard", "grain_farm"])):
        for b, cell in zip(bs, ([0, -1], [-1, 0], [-1, -1]), strict=True):
            t.do("place_building", player=c, building=b, cell=cell)
    t.refused("not_your_turn", "first_couple", player="blue", man=[0, -1], woman=[-1, 0])
    t.refused("same_building", "first_couple", player="red", man=[0, -1], woman=[0, -1])
    t.refused("wrong_couple", "second_couple", player="red", school="m")
    for c in ("red", "blue", "yellow"):
        t.do("first_couple", player=c, man=[0, -1], woman=[-1, 0])
    for c in ("red", "blue", "yellow"):
        t.do("second_couple", player=c, school="m")
    # Red's left neighbour is Yellow: its TOP has a man, LEFT a woman.
    t.refused("same_sex", "third_couple", player="red", spouse="m", cell=list(TOP))
    t.refused("no_building", "third_couple", player="red", spouse="m", cell=[2, 0])
    t.do("third_couple", player="red", spouse="m", cell=list(LEFT))


def test_simplified_setup_and_letters() -> None:
    g = new_game(FOUR[:3], setup="simplified")
    g.apply({"type": "start_player", "player": "blue"})
    t = Table(g.state)
    t.refused("three_buildings", "start_buildings", player="red",
              buildings=["well", "well", "brickyard"])
    t.do("start_buildings", player="red", buildings=["well", "brickyard", "woodcutter"],
         letter="C")
    t.refused("already_given", "start_buildings", player="red",
              buildings=["well", "brickyard", "woodcutter"])
    t.refused("letter_twice", "start_buildings", player="blue",
              buildings=["well", "brickyard", "woodcutter"], letter="C")
    t.refused("bad_letter", "start_buildings", player="blue",
              buildings=["well", "brickyard", "woodcutter"], letter="F")
    t.do("start_buildings", player="blue", buildings=["well", "grain_farm", "stonemason"])
    # The third Well: all 15 lettered tiles are in the box with 3 players too (§6.2).
    t.do("start_buildings", player="yellow", buildings=["well", "stonemason", "grain_farm"])
    assert t.state.start_player == "blue"  # drawn at random, not by the draft


def test_simplified_setup_draws_from_all_fifteen_lettered_tiles() -> None:
    """§6.2: "All 15 lettered tiles are in the box for this (3 of each type, each letter with
    3 different types): the 3-player removal of one tile per type belongs to the draft only."
    Rulebook, Vereinfachte Version: "Jeder Spieler erhält zufällig eine Dorfmitte zugestellt
    und bekommt von den Gebäudeplättchen die drei Gebäude, die den entsprechenden Buchstaben
    tragen." The removal is written for the draft (Verteilung der Startgebäude): "Bei 3
    Spielern wird von jedem der 5 Gebäudetypen eines entfernt"."""
    for players in (2, 3, 4):
        g = new_game(FOUR[:players], setup="simplified")
        assert set(g.state.start_pool.values()) == {3} and len(g.state.start_pool) == 5
    # Three players whose letters carry three Brickyards.
    g = new_game(FOUR[:3], setup="simplified")
    g.apply({"type": "start_player", "player": "red"})
    t = Table(g.state)
    t.do("start_buildings", player="red", buildings=["brickyard", "well", "woodcutter"])
    t.do("start_buildings", player="blue", buildings=["brickyard", "grain_farm", "stonemason"])
    t.do("start_buildings", player="yellow", buildings=["brickyard", "well", "grain_farm"])
    assert t.state.phase == "place"
    assert sorted(t.state.to_place["yellow"]) == ["brickyard", "grain_farm", "well"]
    # The draft with 3 players still removes one tile per type: 10 start buildings.
    assert sum(new_game(FOUR[:3]).state.start_pool.values()) == 10


def test_two_player_simplified_gives_the_neutral_village_two_of_each_type_in_play() -> None:
    """§6.2: "With 2 players the neutral village then gets 4 tiles so that exactly 2 of each
    start type are in play" (Rulebook, Spiel zu zweit: "Das neutrale Dorf erhält die übrigen 4
    Gebäudeplättchen, so dass von jedem Gebäudetyp genau 2 im Spiel sind.")."""
    g = new_game(FOUR[:2], setup="simplified")
    g.apply({"type": "start_player", "player": "red"})
    t = Table(g.state)
    t.do("start_buildings", player="red", buildings=["brickyard", "well", "woodcutter"])
    t.do("start_buildings", player="blue", buildings=["brickyard", "grain_farm", "stonemason"])
    neutral = t.state.options.neutral_colour
    assert neutral is not None
    assert sorted(t.state.to_place[neutral]) == ["grain_farm", "stonemason", "well",
                                                 "woodcutter"]


@pytest.mark.parametrize(("header", "message"), [
    ({"format": "x", "version": 1}, "the header's 'format' must be \"helvetia-record\""),
    (header_line([("red", "A")]), "the header's 'players' must list 2 to 4 players"),
    (header_line([("red", "A"), ("red", "B")]), "two players have the same colour"),
    (header_line([("red", "A"), ("green", "B")]), "players[1] needs a 'colour', one of red, "
                                                   "blue, yellow, white"),
    (header_line([("red", "A"), ("blue", "B"), ("white", "C")], neutral_colour="yellow"),
     "option 'neutral_colour' is only for 2 players"),
    (header_line([("red", "A"), ("blue", "B")], neutral_colour="red"),
     "option 'neutral_colour' must be a colour no player has"),
    ({**header_line([("red", "A"), ("blue", "B")]), "version": 7},
     "record version 7 is not supported (this companion reads version 1)"),
])
def test_bad_headers_are_refused(header: dict, message: str) -> None:
    with pytest.raises(MalformedAction) as info:
        Game(header)
    assert str(info.value) == message


def test_start_buildings_that_leave_others_short_are_refused() -> None:
    g = new_game(FOUR, setup="simplified")
    g.apply({"type": "start_player", "player": "red"})
    t = Table(g.state)
    t.do("start_buildings", player="red", buildings=["well", "brickyard", "woodcutter"])
    t.do("start_buildings", player="blue", buildings=["well", "brickyard", "woodcutter"])
    # Left: 1 well, 1 brickyard, 1 woodcutter, 3 grain farms, 3 stonemasons. If Yellow took
    # well, brickyard and woodcutter too, White would be left with grain farms and stonemasons.
    assert t.refused("pool_exhausted", "start_buildings", player="yellow",
                     buildings=["well", "brickyard", "woodcutter"]).startswith(
        "With these, the players still waiting could not each get 3 different")
    t.do("start_buildings", player="yellow", buildings=["well", "grain_farm", "stonemason"])
