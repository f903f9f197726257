"""Complete games to a winner, for 2, 3 and 4 players (tests/data/*.jsonl).

How the final scores were checked by hand: ``recount`` below reads a record's lines the way a
person with the rulebook would, without the engine. It counts the cubes (one per 'deliver'
line), gives each complex good's tile to its first deliverer (1 VP level 2, 2 VP level 3),
each branch tile to the first player with every good of the branch, 3 VP per VP building in
the player's 'build' lines. It keeps each player's coins from the lines ('choose' and bought
goods out, an own dowry coin back at the end of that turn, all coins home at the round end but
those lying in village centres), ends a round when one player alone holds coins (the neutral
coin counts as a holder while unused), gives the start token to that player, and hands each
character tile to the strict majority of the coins placed on it that round. The village tile
(only in the 3-player game) was checked on the record: Red's ring 1 is full but one building
stands empty until the last line, 192, where Red's woman back from the school moves into it at
the round end (step 3), before the score (step 5); no one else completes a village.

The totals, summed by hand from that recount:
- game-2p (simplified setup, neutral village): Red 6 cubes + cow 1 + beer 1 + Builder,
  Carter and Night Watchman tiles 3 + three VP buildings 9 = 20; Blue 1 start token +
  3 cubes + 9 = 13. Red wins in round 8.
- game-3p (draft): Red 7 + goat 1 + iron 1 + Midwife 1 + 9 + village tile 4 = 23; Yellow
  5 + three tiles 3 + 6 = 14; Blue 1 + 6 + cow 1 + Night Watchman 1 + 3 = 12.
- game-4p (draft): White 8 cubes + goat 1 + cheese 2 + cloth 2 + Carter and Night Watchman
  2 + 3 + water branch 4 = 22; Blue 1 + 7 + beer 1 + 2 + 6 = 17; Yellow 6 + cow 1 + 1 + 6
  = 14; Red 6 + 6 + materials branch 1 = 13.
- game-3p-intro (simplified, intro: no character tiles, ends at 18): Blue 7 + cow 1 + beer 1
  + 9 = 18 and Red 1 + 6 + goat 1 + 9 + materials 1 = 18 tie on VP; Blue has more awake
  villagers and wins (§12); White 6 + 3 = 9.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Game, breakdown
from companion.engine.invariants import check

DATA = Path(__file__).parent.parent / "data"
GAMES = ["game-2p", "game-3p", "game-4p", "game-3p-intro"]

LEVEL = {"cow": 2, "goat": 2, "bread": 2, "beer": 2, "iron": 2,
         "milk": 3, "meat": 3, "cheese": 3, "cloth": 3, "cowbell": 3}
BRANCHES = {"ore": ({"ore", "iron", "cowbell"}, 2),
            "grain": ({"grain", "cow", "bread", "milk", "meat"}, 4),
            "water": ({"water", "goat", "beer", "cheese", "cloth"}, 4),
            "materials": ({"wood", "brick", "stone"}, 1)}
VP_TYPES = {"mill", "inn", "town_hall", "church"}

EXPECTED = {
    "game-2p": ({"red": 20, "blue": 13}, ["red"], None),
    "game-3p": ({"red": 23, "yellow": 14, "blue": 12}, ["red"], None),
    "game-4p": ({"red": 13, "blue": 17, "yellow": 14, "white": 22}, ["white"], None),
    "game-3p-intro": ({"white": 9, "blue": 18, "red": 18}, ["blue"], "awake_villagers"),
}
VILLAGE_TILES = {"game-3p": {"red": 4}}


def lines(name: str) -> list[str]:
    return (DATA / f"{name}.jsonl").read_text().splitlines()


def recount(records: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Each player's VP by source, from the record alone (see the module's docstring)."""
    header, actions = records[0], records[1:]
    colours = [p["colour"] for p in header["players"]]
    intro = header["options"].get("intro", False)
    two = len(colours) == 2
    neutral = header["options"].get("neutral_colour", "")
    # Dowry coins lying in village centres, by (village, coin colour).
    centres: Counter[tuple[str, str]] = Counter()
    for i, c in enumerate(colours):
        for r in ([colours[1 - i], neutral] if two else
                  [colours[(i + 1) % len(colours)], colours[(i + 2) % len(colours)]]):
            centres[(r, c)] += 1
    hand = dict.fromkeys(colours, 4)
    pending = Counter[str]()
    out: set[str] = set()
    neutral_used = False
    placed: dict[str, Counter[str]] = {}
    tiles: dict[str, str] = {}
    start = None
    delivered: dict[str, list[str]] = {c: [] for c in colours}
    goods_tiles: dict[str, str] = {}
    branch_tiles: dict[str, str] = {}
    vp_buildings = Counter[str]()

    def place(character: str, colour: str, n: int) -> None:
        placed.setdefault(character, Counter())[colour] += n

    for a in actions:
        kind, who = a["type"], a.get("player")
        if kind == "start_player" or kind == "pick":
            start = who
        elif kind == "choose":
            hand[who] -= a["coins"]
            place(a["character"], who, a["coins"])
        elif kind == "build":
            bought = sum(a.get("buy", {}).values())
            hand[who] -= bought
            place("builder", who, bought)
            if a["building"] in VP_TYPES:
                vp_buildings[who] += 3
        elif kind == "marry" and a.get("dowry"):
            centres[(a["village"], a["dowry"])] -= 1
            if a["dowry"] == who:
                pending[who] += 1
            else:
                centres[(who, a["dowry"])] += 1
        elif kind in ("neutral_build", "neutral_marry"):
            neutral_used = True
        elif kind == "deliver":
            good = a["chain"][-1]["good"]
            delivered[who].append(good)
            if good in LEVEL and good not in goods_tiles:
                goods_tiles[good] = who
            for branch, (goods, _) in BRANCHES.items():
                if branch not in branch_tiles and goods <= set(delivered[who]):
                    branch_tiles[branch] = who
        if kind == "cannot_act":
            out.add(who)
        if kind in ("end_turn", "cannot_act"):
            hand[who] += pending.pop(who, 0)
            holders = [c for c in colours if hand[c] > 0 and c not in out]
            if two and not neutral_used:
                holders.append(neutral)
            if len(holders) <= 1:  # the round ends
                if holders == [neutral]:
                    start = colours[1 - colours.index(start)]
                elif holders:
                    start = holders[0]
                for character, coins in placed.items():
                    top = max(coins.values())
                    leaders = [c for c, n in coins.items() if n == top]
                    if len(leaders) == 1 and not intro:
                        tiles[character] = leaders[0]
                for c in colours:
                    hand[c] = 6 - sum(n for (_, coin), n in centres.items() if coin == c)
                placed, out, neutral_used = {}, set(), False

    result = {}
    for c in colours:
        result[c] = {
            "start_player": int(start == c),
            "deliveries": len(delivered[c]),
            "goods_tiles": sum(LEVEL[g] - 1 for g, w in goods_tiles.items() if w == c),
            "character_tiles": sum(1 for w in tiles.values() if w == c),
            "vp_buildings": vp_buildings[c],
            "branch_tiles": sum(BRANCHES[b][1] for b, w in branch_tiles.items() if w == c),
            "village_tiles": 0,
        }
    return result


@pytest.mark.parametrize("name", GAMES)
def test_complete_game_final_scores(name: str) -> None:
    text = lines(name)
    game = Game.from_record(text)
    s = game.state
    totals, winners, tie_break = EXPECTED[name]
    assert s.game_over
    assert s.track == totals
    assert (s.winners, s.tie_break) == (winners, tie_break)
    by_hand = recount([json.loads(line) for line in text])
    for colour, village in VILLAGE_TILES.get(name, {}).items():
        by_hand[colour]["village_tiles"] = village
    assert {c: breakdown(s, c) for c in s.colours} == by_hand
    assert {c: sum(parts.values()) for c, parts in by_hand.items()} == totals


@pytest.mark.parametrize("name", GAMES)
def test_every_state_of_a_complete_game_keeps_the_invariants(name: str) -> None:
    game = Game.from_record(lines(name)[:1])
    for action in Game.from_record(lines(name)).actions:
        game.apply(action)
        assert check(game.state) == []


def test_one_complete_game_ends_in_a_tie_on_vp() -> None:
    s = Game.from_record(lines("game-3p-intro")).state
    top = max(s.track.values())
    assert sorted(c for c, v in s.track.items() if v == top) == ["blue", "red"]
    assert s.options.target == 18
