"""The 2-player game and its neutral village (digest §6.3)."""

from tests.helpers import LEFT, TOP, Table, new_game, set_up, step

TWO = ("red", "blue")


def table() -> Table:
    t = Table(set_up(TWO, start="red", neutral_colour="white").state)
    return t.edit(lambda s: s.offer.update(bakehouse=1, dairy=1))


def test_neutral_setup() -> None:
    g = new_game(TWO, setup="simplified", neutral_colour="white")
    g.apply({"type": "start_player", "player": "red"})
    g.apply({"type": "start_buildings", "player": "red",
             "buildings": ["brickyard", "woodcutter", "grain_farm"]})
    g.apply({"type": "start_buildings", "player": "blue",
             "buildings": ["stonemason", "woodcutter", "grain_farm"]})
    s = g.state
    # The rulebook's example: the neutral village gets Stonemason, Brickyard and 2 Wells.
    assert sorted(s.to_place["white"]) == ["brickyard", "stonemason", "well", "well"]
    # The player who is not the start player places the first neutral building.
    assert (s.phase, s.queue) == ("neutral", ["blue", "red", "blue", "red"])
    t = Table(s)
    t.refused("not_your_turn", "place_neutral", player="red", building="well", cell=[0, -1],
              sex="m")
    t.do("place_neutral", player="blue", building="well", cell=[0, -1], sex="m")
    t.do("place_neutral", player="red", building="well", cell=[1, -1], sex="m")
    assert t.refused("neutral_couples", "place_neutral", player="blue", building="brickyard",
                     cell=[2, 0], sex="m") == "The two neutral couples have only two men."
    t.do("place_neutral", player="blue", building="brickyard", cell=[2, 0], sex="f")
    t.do("place_neutral", player="red", building="stonemason", cell=[-1, 0], sex="f")
    s = t.state
    assert s.phase == "place"
    assert s.villages["white"].centre == {"m": 6, "f": 6}
    # Coins: each player puts one in the neutral centre and one in the opponent's.
    assert s.villages["white"].coins == {"red": 1, "blue": 1}
    assert s.villages["red"].coins == {"blue": 1} and s.player("red").coins == 4
    assert s.neutral_coin == "ready"


def test_the_neutral_builder_builds_for_free() -> None:
    t = table()
    t.do("neutral_build", player="red", building="mine", cell=[0, -1], sex="m")
    s = t.state
    mine = s.villages["white"].buildings[(0, -1)]
    assert [(a.colour, a.sex, a.awake) for a in mine.adults] == [("white", "m", True)]
    assert s.player("red").coins == 4 and s.neutral_coin == "builder"
    t.refused("neutral_used", "choose", player="red", character="carter", coins=1)
    t.do("end_turn", player="red")
    assert t.refused("neutral_coin_used", "neutral_build", player="blue", building="mine",
                     cell=[-1, 1], sex="m") == "The neutral coin has been used this round."


def test_the_neutral_coin_replaces_the_regular_action() -> None:
    t = table()
    t.do("choose", player="red", character="carter", coins=1)
    t.refused("neutral_instead", "neutral_build", player="red", building="mine",
              cell=[0, -1], sex="m")


def test_the_neutral_priest_marries_a_neutral_villager_into_the_own_village() -> None:
    t = table()
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]})
    t.refused("same_sex", "neutral_marry", player="blue", sex="f", cell=list(LEFT))
    t.do("neutral_marry", player="blue", sex="m", cell=list(LEFT))
    s = t.state
    assert [(a.colour, a.sex) for a in s.villages["blue"].buildings[LEFT].adults] == \
        [("blue", "f"), ("white", "m")]
    assert s.villages["white"].centre["m"] == 5 and s.neutral_coin == "priest"


def test_marrying_into_the_neutral_village_and_its_villagers_never_work() -> None:
    t = table()
    t.do("choose", player="red", character="priest", coins=1)
    # Red's centre holds its man (couple 3's woman married into Blue's village).
    t.do("marry", player="red", sex="m", source="centre", village="white", cell=[2, -1],
         dowry="red")
    t.do("end_turn", player="red")
    assert t.state.player("red").coins == 4  # 3 + the own coin from the neutral centre
    t.do("choose", player="blue", character="carter", coins=1)
    # The neutral woman on the Grain farm does not work for Blue ...
    t.refused("no_worker", "deliver", player="blue", chain=[step("white", (2, -1), "grain")])
    # ... and never sleeps: Red's villager works beside it, and only Red's falls asleep.
    t.do("deliver", player="blue", chain=[step("blue", TOP, "grain")])
    t.do("end_turn", player="blue")
    t.do("choose", player="red", character="carter", coins=1)
    t.do("deliver", player="red", chain=[step("white", (2, -1), "grain")])
    farm = t.state.villages["white"].buildings[(2, -1)].adults
    assert [(a.colour, a.awake) for a in farm] == [("white", True), ("red", False)]


def test_only_the_neutral_coin_left_passes_the_start_token() -> None:
    t = table()
    t.spend_all("red", "bakehouse")
    t.spend_all("blue", "dairy")
    s = t.state
    assert s.phase == "school" and s.start_player == "blue"


def test_a_player_without_coins_cannot_take_the_neutral_coin() -> None:
    t = table()
    t.spend_all("red", "bakehouse")
    t.turn("blue", "carter", {"type": "deliver", "chain": [step("blue", TOP, "grain")]})
    assert t.state.active == "blue"  # Red has no coins: it passes, even with the coin there


def test_the_neutral_coin_counts_for_no_majority() -> None:
    t = table()
    t.do("neutral_build", player="red", building="mine", cell=[0, -1], sex="m")
    t.do("end_turn", player="red")
    t.spend_all("blue", "bakehouse")
    s = t.state
    assert s.start_player == "red" and s.tile_holder["builder"] == "blue"
    assert s.neutral_coin == "ready"
