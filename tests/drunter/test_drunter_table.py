"""The table's steps after each action: what to do with the worker, the tile, the cards."""

from __future__ import annotations

from companion.drunter import Game
from companion.drunter.messages import english
from companion.drunter.selfplay import play
from companion.drunter.table import steps
from tests.drunter.test_drunter_d3_turn import BOXED, one_kind
from tests.drunter.test_drunter_d6_end import MADE_UP_MAP_TINY, STREETS_ONLY
from tests.drunter_helpers import miss, new_game, place, vote


def last_steps(game: Game) -> list[str]:
    states = game._states
    return [english(m) for m in steps(states[-2], game.actions[-1], states[-1])]


def test_a_tile_moves_its_worker() -> None:
    game = new_game(2)
    place(game, "street", 3, (0, 1), "down")
    assert last_steps(game) == [
        "Move the worker of the street onto the tile's end (column 1, row 4)."]


def test_a_vote_is_called_won_or_lost_and_its_cards_go_in_the_box() -> None:
    game = new_game(2)
    place(game, "street", 3, (1, 0), "right")
    assert last_steps(game)[0].startswith("A vote: everyone chooses")
    vote(game, {"red": ["ja"], "blue": ["nee"]})
    assert last_steps(game) == [
        "The no votes win, 2 to 1: Red, take your tile back; your turn is over.",
        "Put the citizen cards played in the box; \"..?\" goes back to its owner's hand."]
    place(game, "canal", 3, (5, 5), "left")  # over the toilet on (3, 5)
    vote(game, {"red": ["abstain"], "blue": ["abstain"]})
    assert last_steps(game) == [
        "The yes votes win, 0 to 0: the tile stays.",
        "Everyone played \"..?\": each takes it back into the hand.",
        "Move the worker of the canal onto the tile's end (column 4, row 6)."]


def test_a_missed_turn_a_finished_road_and_the_end_are_said() -> None:
    game = new_game(2, board=BOXED, start="blue",
                    hands={"red": one_kind("canal"), "blue": one_kind("street")})
    place(game, "street", 2, (0, 1), "right")
    assert "Take the worker of the canal off the map: no way on, the canal is finished." \
        in last_steps(game)
    miss(game)
    assert last_steps(game) == ["Red cannot place a tile and misses this turn."]
    game = new_game(2, board=MADE_UP_MAP_TINY, variant=True,
                    hands={"red": STREETS_ONLY, "blue": STREETS_ONLY})
    place(game, "street", 1, (1, 0))
    place(game, "street", 1, (1, 1))
    place(game, "street", 1, (0, 1))
    assert last_steps(game)[-1].startswith("Everyone: choose one of your two cards")


def test_every_action_of_random_games_has_its_steps_worded() -> None:
    for seed in range(20):
        game, _ = play(seed, 2 + seed % 3, variant=seed % 2 == 1)
        replay = Game(game.header)
        for action in game.actions:
            before = replay.state
            after = replay.apply(action)
            for m in steps(before, action, after):
                assert "{" not in english(m)
