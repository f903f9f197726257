"""The round end (digest §10): tiles, coins, school, children, score, new buildings."""

from companion.engine import breakdown
from companion.engine.state import GameState
from tests.helpers import CORNER, LEFT, TOP, Table, put, set_up, step

FOUR = ("red", "blue", "yellow", "white")


def test_character_tile_majorities_with_a_tie() -> None:
    """The rulebook's picture: the Builder tile goes to Yellow (most coins), the Carter to Red,
    the Night Watchman stays where it is (no coins), the Priest goes to White (the only one),
    the Midwife stays where it is (Blue and Red tie)."""
    def scene(s: GameState) -> None:
        s.tile_holder.update(night_watchman="blue", midwife="yellow")  # won in an earlier round

    t = Table(set_up(FOUR, start="red").state).edit(scene)
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]},
           {"type": "deliver", "chain": [step("red", CORNER, "water")]})
    t.turn("blue", "midwife", {"type": "birth", "cell": list(TOP), "sex": "f"})
    t.do("choose", player="yellow", character="builder", coins=1)
    t.do("build", player="yellow", building="mine", cell=[1, -1], buy={"wood": 1, "brick": 1},
         mover="m")
    t.do("end_turn", player="yellow")
    t.turn("white", "priest", {"type": "marry", "sex": "m", "source": "school", "village": "red",
                               "cell": list(LEFT), "dowry": "white"})
    t.turn("red", "midwife", {"type": "birth", "cell": list(TOP), "sex": "m"})
    t.turn("blue", "carter", {"type": "deliver", "chain": [step("blue", TOP, "grain")]})
    t.turn("yellow", "carter", {"type": "deliver", "chain": [step("yellow", TOP, "stone")]})
    t.turn("white", "priest", {"type": "marry", "sex": "m", "source": "centre", "village": "red",
                               "cell": list(CORNER), "dowry": "yellow"})
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", TOP, "brick")]})
    t.turn("blue", "priest", {"type": "marry", "sex": "m", "source": "school",
                              "village": "yellow", "cell": list(LEFT), "dowry": "red"})
    assert t.state.active == "white"  # Yellow has no coins left: it passes
    t.turn("white", "carter", {"type": "deliver", "chain": [step("white", TOP, "stone")]})
    t.do("choose", player="blue", character="builder", coins=1)
    t.do("build", player="blue", building="goat_shed", cell=[1, -1], mover="m",
         pay=[[step("blue", CORNER, "wood")], [step("blue", LEFT, "water")]])
    assert t.state.character_coins["builder"] == {"yellow": 3, "blue": 1}
    assert t.state.character_coins["priest"] == {"white": 2, "blue": 1}
    assert t.state.character_coins["midwife"] == {"blue": 1, "red": 1}
    t.do("end_turn", player="blue")

    # Only White holds coins: the round ends and White takes the start-player token.
    s = t.state
    assert s.start_player == "white"
    assert s.tile_holder == {"builder": "yellow", "carter": "red", "night_watchman": "blue",
                             "priest": "white", "midwife": "yellow"}
    # 2. Coins come back: White has its 4 and the own coin won as dowry.
    assert {p.colour: p.coins for p in s.players} == {"red": 4, "blue": 4, "yellow": 4,
                                                      "white": 5}
    assert all(not f for f in s.character_coins.values())
    # 3. The school's villagers return, in turn order from the new start player (White's and
    # Blue's married already); no free building, so into the centres.
    assert (s.phase, s.queue) == ("school", ["red", "yellow"])
    t.refused("not_your_turn", "school_return", player="yellow",
              placements=[{"sex": "m", "cell": None}])
    t.refused("wrong_villagers", "school_return", player="red",
              placements=[{"sex": "f", "cell": None}])
    for c in ("red", "yellow"):
        t.do("school_return", player=c, placements=[{"sex": "m", "cell": None}])
    s = t.state
    # 4. This round's children go to the school.
    assert s.school["red"] == {"m": 1, "f": 0} and s.school["blue"] == {"m": 0, "f": 1}
    # 5. The score: start token, cubes, character tiles.
    assert s.track == {"red": 4, "blue": 2, "yellow": 3, "white": 3}
    assert breakdown(s, "white") == {"start_player": 1, "deliveries": 1, "goods_tiles": 0,
                                     "character_tiles": 1, "vp_buildings": 0,
                                     "branch_tiles": 0, "village_tiles": 0}
    # 6. Five new buildings from stack 2.
    assert s.phase == "reveal"
    t.do("reveal", buildings=["bakehouse", "brewery", "mill", "inn", "dairy"])
    s = t.state
    assert (s.phase, s.round, s.active) == ("play", 2, "white")
    assert s.offer["bakehouse"] == 1 and s.offer["mine"] == 2
    assert sum(s.stacks["2"].values()) == 12


def round_two(scene: object = None) -> Table:
    """Red alone with coins after one turn each: Red carters 1, the others buy all."""
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    t.edit(lambda s: s.offer.update(bakehouse=1, dairy=1))
    if scene:
        t.edit(scene)  # type: ignore[arg-type]
    t.turn("red", "carter", {"type": "deliver", "chain": [step("red", LEFT, "wood")]})
    t.spend_all("blue", "bakehouse")
    t.spend_all("yellow", "dairy")
    return t


def test_school_villagers_fill_free_buildings_first() -> None:
    def scene(s: GameState) -> None:
        put(s, "red", "mine", (1, -1))
        put(s, "red", "church", (2, -1))  # a VP building is never occupied

    t = round_two(scene)
    assert t.state.queue[0] == "red"
    t.refused("fill_free_first", "school_return", player="red",
              placements=[{"sex": "m", "cell": None}])
    t.refused("not_free", "school_return", player="red",
              placements=[{"sex": "m", "cell": [2, -1]}])
    t.refused("not_free", "school_return", player="red",
              placements=[{"sex": "m", "cell": list(TOP)}])
    t.do("school_return", player="red", placements=[{"sex": "m", "cell": [1, -1]}])
    mine = t.state.villages["red"].buildings[(1, -1)]
    assert [(a.colour, a.sex, a.awake) for a in mine.adults] == [("red", "m", True)]


def test_reveal_takes_five_from_stack_two_then_stack_three() -> None:
    t = round_two()
    for c in ("red", "blue", "yellow"):
        t.do("school_return", player=c, placements=[{"sex": "m", "cell": None}])
    assert t.state.phase == "reveal"
    assert t.refused("wrong_count", "reveal", buildings=["mill"]) == \
        "5 buildings come up now, not 1."
    t.refused("not_in_stack", "reveal", buildings=["grocer", "mill", "inn", "church", "dairy"])
    t.refused("unknown_building", "reveal", buildings=["castle"] * 5)

    def almost_empty(s: GameState) -> None:
        s.stacks["2"] = {"mill": 1, "bakehouse": 2}

    t.edit(almost_empty)
    # Stack 2 runs out: its last 3 come up with 2 from stack 3.
    assert t.refused("wrong_count", "reveal", buildings=["mill"]) == \
        "5 buildings come up now, not 1."
    t.refused("stack_runs_out", "reveal",
              buildings=["mill", "bakehouse", "grocer", "grocer", "church"])
    t.do("reveal", buildings=["mill", "bakehouse", "bakehouse", "grocer", "mill"])
    s = t.state
    assert s.stacks["2"] == {} and s.stacks["3"]["grocer"] == 1 and "mill" not in s.stacks["3"]
    assert s.offer["mill"] == 2


def test_game_ends_at_twenty_after_scoring() -> None:
    def rich(s: GameState) -> None:
        for i, vp_type in enumerate(("mill", "inn", "town_hall", "church")):
            put(s, "red", vp_type, (1 + i % 2, -1 + i // 2 * 2))
        s.player("red").delivered = ["brick", "stone", "grain", "water", "ore", "cow", "goat"]

    # Red: 4 VP buildings (12) + 8 cubes + the start token + the Carter tile (alone on it)
    # + the materials branch tile (its wood delivery completes wood, brick, stone) = 23.
    t = round_two(rich)
    for c in ("red", "blue", "yellow"):
        t.do("school_return", player=c, placements=[{"sex": "m", "cell": None}])
    s = t.state
    assert s.game_over and s.winners == ["red"] and s.tie_break is None
    assert s.track["red"] == 23
    t.refused("wrong_phase", "reveal", buildings=[])
