"""The Drunter & Drüber engine speaks in data: every code it uses has a template, every refusal
is raised somewhere, and the options offered are described and accepted as they are."""

from __future__ import annotations

import re
from pathlib import Path

from companion.drunter import CannotPlace, apply, turn_options
from companion.drunter.messages import CODES, REASON_CODES, english
from companion.drunter.selfplay import play
from tests.drunter.test_drunter_d3_turn import BOXED, one_kind
from tests.drunter_helpers import new_game, place

RULES = Path(__file__).resolve().parent.parent.parent / "companion" / "drunter"


def test_every_code_used_has_a_template_and_every_refusal_is_raised() -> None:
    src = "\n".join(p.read_text(encoding="utf-8") for p in RULES.glob("*.py")
                    if p.name != "messages.py")
    used = set(re.findall(r'(?:refuse|Message)\(\s*f?"(drunter\.[\w.]+)"', src))
    assert used and used <= CODES, used - CODES
    assert REASON_CODES - used == set(), "refusal codes nobody raises"


def test_the_options_are_the_placements_worded_and_accepted() -> None:
    game = new_game(2)
    options = turn_options(game.state)
    assert options and all(apply(game.state, o.action) for o in options)
    over_toilet = [o for o in options if o.vote]
    assert over_toilet and all(o.message.code == "drunter.option.place_vote"
                               for o in over_toilet)
    assert english(options[0].message).startswith("Place a ")
    place(game, "street", 3, (1, 0), "right")  # over the toilet: the vote is on
    assert turn_options(game.state) == []


def test_missing_the_turn_is_the_only_option_when_nothing_fits() -> None:
    game = new_game(2, board=BOXED, start="blue",
                    hands={"red": one_kind("canal"), "blue": one_kind("street")})
    place(game, "street", 2, (0, 1), "right")
    [only] = turn_options(game.state)
    assert only.action == CannotPlace("red")
    assert english(only.message) == "Red cannot place any tile and misses this turn"


def test_every_option_of_random_games_is_accepted() -> None:
    for seed in (1, 2):
        game, _ = play(seed, 3)
        replay = type(game)(game.header)
        for action in game.actions:
            for o in turn_options(replay.state):
                apply(replay.state, o.action)
            replay.apply(action)
