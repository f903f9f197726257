"""§D5 The toilet vote: a tile over a public toilet is announced and everyone votes with
citizen cards; yes wins ties (all abstaining passes); JEEIIN counts 2 for the side its owner
names; every card played leaves the game except "..?"; a lost vote ends the turn."""

from __future__ import annotations

from companion.drunter import Game, Place, Vote
from companion.drunter.state import CITIZEN_CARDS, PLAY, VOTE
from tests.drunter_helpers import abstain, new_game, place, refused, vote


def announced(players: int = 2) -> Game:
    """Red's street tile over the toilet on (3, 0): the vote is on."""
    game = new_game(players)
    place(game, "street", 3, (1, 0), "right")
    assert game.state.phase == VOTE and game.state.pending is not None
    assert game.state.workers["street"] == (0, 0)  # nothing placed yet
    return game


def test_a_tile_over_a_toilet_calls_a_vote_and_nothing_else_happens_meanwhile() -> None:
    game = announced()
    refused(game, Place("red", "canal", 1, "canal", (6, 4)), "drunter.wrong_phase")
    new = new_game(2)
    refused(new, Vote.of({"red": ["ja"], "blue": ["ne"]}), "drunter.no_vote")  # the reason


def test_a_vote_won_places_the_tile_and_spends_the_cards() -> None:
    game = announced()
    vote(game, {"red": ["jaa"], "blue": ["ne"]})
    s = game.state
    assert s.votes[-1].yes == 2 and s.votes[-1].no == 1 and s.votes[-1].passed
    assert s.workers["street"] == (3, 0) and (3, 0) in s.covered
    assert "jaa" not in s.player("red").cards and "ne" not in s.player("blue").cards
    assert s.phase == PLAY and s.active == "blue"


def test_a_vote_lost_gives_the_tile_back_and_ends_the_turn() -> None:
    game = announced()
    vote(game, {"red": ["ja"], "blue": ["nee"]})
    s = game.state
    assert not s.votes[-1].passed
    assert s.workers["street"] == (0, 0) and not s.covered
    assert s.player("red").tiles[("street", 3)] == 2  # back in the hand
    assert s.phase == PLAY and s.active == "blue"
    assert s.spent == {"red": ["ja"], "blue": ["nee"]}


def test_yes_wins_a_tie() -> None:
    game = announced(3)
    vote(game, {"red": ["ja", "jaa"], "blue": ["neee"], "yellow": ["abstain"]})
    assert game.state.votes[-1].yes == game.state.votes[-1].no == 3
    assert game.state.workers["street"] == (3, 0)


def test_all_abstaining_passes_and_keeps_the_abstain_card() -> None:
    game = announced()
    abstain(game)
    s = game.state
    assert s.votes[-1].yes == s.votes[-1].no == 0 and s.votes[-1].passed
    assert all(p.cards == set(CITIZEN_CARDS) for p in s.players)  # "..?" went back
    assert s.spent == {}


def test_jeeiin_counts_two_for_the_side_its_owner_names() -> None:
    game = announced()
    vote(game, {"red": ["ja"], "blue": ["jeeiin"]}, {"blue": "no"})
    assert (game.state.votes[-1].yes, game.state.votes[-1].no) == (1, 2)
    assert game.state.workers["street"] == (0, 0)
    game = announced()
    vote(game, {"red": ["ne"], "blue": ["jeeiin"]}, {"blue": "yes"})
    assert (game.state.votes[-1].yes, game.state.votes[-1].no) == (2, 1)
    assert game.state.workers["street"] == (3, 0)


def test_jeeiin_needs_its_side_and_only_jeeiin_has_one() -> None:
    game = announced()
    refused(game, Vote.of({"red": ["ja"], "blue": ["jeeiin"]}), "drunter.jeeiin_side",
            player="blue")
    refused(game, Vote.of({"red": ["ja"], "blue": ["ne"]}, {"red": "yes"}),
            "drunter.no_jeeiin", player="red")


def test_everyone_votes_with_cards_it_holds_each_once() -> None:
    game = announced()
    refused(game, Vote.of({"red": ["ja"]}), "drunter.must_vote", player="blue")
    refused(game, Vote.of({"red": ["ja"], "blue": []}), "drunter.must_vote", player="blue")
    refused(game, Vote.of({"red": ["ja", "ja"], "blue": ["ne"]}), "drunter.card_twice",
            player="red", card="ja")
    refused(game, Vote.of({"red": ["ja"], "blue": ["ne"], "white": ["ja"]}),
            "drunter.not_a_player", player="white")


def test_a_card_played_is_out_of_the_game_and_cannot_vote_again() -> None:
    game = announced()
    vote(game, {"red": ["ja"], "blue": ["neee"]})  # lost: blue's turn
    place(game, "canal", 2, (5, 5), "left")  # (5, 5), (4, 5)
    place(game, "street", 1, (1, 0))
    place(game, "canal", 1, (3, 5))  # over the other toilet: a vote
    refused(game, Vote.of({"red": ["ja"], "blue": ["ja"]}), "drunter.card_not_held",
            player="red", card="ja")
    refused(game, Vote.of({"red": ["jaa"], "blue": ["neee"]}), "drunter.card_not_held",
            player="blue", card="neee")
    vote(game, {"red": ["abstain"], "blue": ["abstain"]})
    assert game.state.workers["canal"] == (3, 5)
