"""The toilet vote is counted once (``drunter.vote``): what the vote screen announces is what
the engine decides, for every way the table can tap the cards; a player shows one side
(ruling R12, the rulebook's "sceglie una o più carte 'Ja', se non vuole ... carte 'Nein'")."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from companion.display.screens.drunter.vote import DrunterVoteScreen
from companion.drunter import Vote, why_not
from companion.drunter.state import CITIZEN_CARDS, JEEIIN
from tests.drunter_helpers import new_game, place, refused


def announced(players: int = 3):  # type: ignore[no-untyped-def]
    game = new_game(players)
    place(game, "street", 3, (1, 0), "right")  # over the toilet on (3, 0)
    return game


def test_the_screen_announces_what_the_engine_decides() -> None:
    counted_votes = 0
    for seed in range(80):
        rng = random.Random(seed)
        game = announced(2 + seed % 3)
        screen = DrunterVoteScreen(game.state)
        for colour in game.state.colours:  # a card or two each, now and then a stray tap
            for card in rng.sample(CITIZEN_CARDS, rng.randint(1, 2)):
                screen.toggle(colour, card)
        for _ in range(rng.randint(0, 3)):  # JEEIIN's side cycling included
            screen.toggle(rng.choice(game.state.colours), rng.choice(CITIZEN_CARDS))
        shown = screen.count()
        if why_not(game.state, screen.action()) is None:
            result = game.apply(screen.action()).votes[-1]
            assert (result.yes, result.no, result.passed) == (shown.yes, shown.no,
                                                               shown.passes), seed
            counted_votes += 1
    assert counted_votes >= 10


def test_one_player_shows_one_side() -> None:
    game = announced(2)
    refused(game, Vote.of({"red": ["ja", "ne"], "blue": ["abstain"]}), "drunter.both_sides",
            player="red")
    refused(game, Vote.of({"red": ["jaa", JEEIIN], "blue": ["abstain"]}, {"red": "no"}),
            "drunter.both_sides", player="red")
    game.apply(Vote.of({"red": ["jaa", JEEIIN, "abstain"], "blue": ["nee"]}, {"red": "yes"}))
    assert game.state.votes[-1].yes == 4 and game.state.votes[-1].passed


def test_a_jeeiin_tapped_beside_yes_cards_takes_their_side() -> None:
    screen = DrunterVoteScreen(announced(2).state)
    screen.toggle("red", "nee")
    screen.toggle("red", JEEIIN)
    assert screen.sides["red"] == "no"
    screen.toggle("red", JEEIIN)  # a second tap: off (the other side would be refused)
    assert JEEIIN not in screen.shown["red"]
