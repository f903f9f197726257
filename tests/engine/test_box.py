"""What comes out of the box (rules §1, §6), read off the game's own setup: the counts the
setup checklist shows."""

from __future__ import annotations

import pytest

from companion.engine.box import VILLAGE_CENTRES, box
from companion.engine.setup import new_game

COLOURS = ["red", "blue", "yellow", "white"]


def game(players: int, **options: object):
    return new_game({"format": "helvetia-record", "version": 1,
                     "players": [{"colour": c} for c in COLOURS[:players]],
                     "options": options})


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("setup", ["draft", "simplified"])
@pytest.mark.parametrize("intro", [False, True])
def test_the_box_holds_what_the_rules_list(players: int, setup: str, intro: bool) -> None:
    state = game(players, setup=setup, intro=intro)
    b = box(state)
    # §1: per colour 16 villagers (8 men, 8 women), 6 coins, 17 cubes (16 market spaces and
    # the score); 5 village centres, 5 character tiles, 10 goods tiles, 6 special tiles.
    assert dict(b.kit.villagers) == {"m": 8, "f": 8}
    assert b.kit.coins == 6 and b.kit.cubes == len(state.catalogue.goods) + 1 == 17
    assert b.goods_tiles == 10 and b.branch_tiles + b.village_tiles == 6
    assert b.centres + b.centres_back == VILLAGE_CENTRES == 5
    assert b.centres == players + (1 if players == 2 else 0)
    # §6.1 step 5: each player starts with 4 of its 6 coins in hand, 2 given as dowry.
    assert all(p.coins == b.kit.coins - b.dowry for p in state.players)
    # §3: stack I (11 tiles) is on offer; stacks II and III hold 17 and 11.
    assert sum(b.stack1.values()) == 11 and (b.stack2, b.stack3) == (17, 11)
    # §6.1 step 1 and §6.2: 15 start tiles for 4 players or the letters, else 10 and 5 back.
    offered = sum(b.start_tiles.values())
    assert offered + b.start_tiles_back == 15
    assert offered == (15 if players == 4 or setup == "simplified" else 10)
    assert b.letters == (setup == "simplified")
    # §6.2 intro: no character tiles.
    assert (b.character_tiles, b.character_tiles_back) == ((0, 5) if intro else (5, 0))
    # §6.3: the neutral village with its 16 villagers and the neutral coin.
    if players == 2:
        assert b.neutral is not None and sum(b.neutral_villagers.values()) == 16
        assert b.neutral_coins == 1
    else:
        assert b.neutral is None and b.neutral_coins == 0
    # §6.1: the draft's start player is chosen; with letters or 2 players it is drawn.
    assert b.draft_start_chosen == (setup == "draft" and players > 2)
