"""§D8 The variant: no votes (toilets are covered like any square); when the first road is
finished everyone chooses its objective of two cards; at the end the objective scores and the
second card breaks a tie; the four special cards score as printed."""

from __future__ import annotations

from companion.drunter import ChooseObjectives, Game, Reveal
from companion.drunter.scoring import card_score
from companion.drunter.state import CHOOSE, OVER, PLAY, REVEAL
from tests.drunter.test_drunter_d6_end import MADE_UP_MAP_TINY, STREETS_ONLY
from tests.drunter_helpers import new_game, place, refused, reveal


def ended_variant() -> Game:
    game = new_game(2, board=MADE_UP_MAP_TINY, variant=True,
                    hands={"red": STREETS_ONLY, "blue": STREETS_ONLY})
    place(game, "street", 1, (1, 0))
    place(game, "street", 1, (1, 1))  # the toilet: no vote in the variant
    assert game.state.phase == PLAY and (1, 1) in game.state.covered
    place(game, "street", 1, (0, 1))  # the street is finished
    return game


def test_a_toilet_is_covered_without_a_vote() -> None:
    game = new_game(2, variant=True)
    place(game, "street", 3, (1, 0), "right")  # over the toilet on (3, 0)
    assert game.state.phase == PLAY and game.state.workers["street"] == (3, 0)
    assert game.state.votes == []


def test_the_first_finished_road_asks_everyone_to_choose_an_objective() -> None:
    game = ended_variant()
    assert game.state.phase == CHOOSE and game.state.first_finished == "street"
    refused(game, Reveal.of({"red": ["A", "B"], "blue": ["C", "D"]}), "drunter.reveal_early")
    game.apply(ChooseObjectives())
    assert game.state.phase == REVEAL  # nobody can place: straight to the end
    refused(game, ChooseObjectives(), "drunter.wrong_phase")


def test_the_choice_comes_once_and_play_goes_on() -> None:
    game = new_game(2, board=MADE_UP_MAP_TINY, variant=True)
    place(game, "wall_1", 1, (1, 0))
    place(game, "wall_2", 1, (0, 1))  # the inn's street is boxed in: the first road finished
    assert game.state.workers["street"] is None and game.state.phase == CHOOSE
    game.apply(ChooseObjectives())
    assert game.state.phase == PLAY and game.state.active == "red"
    place(game, "canal", 1, (2, 1))
    place(game, "wall_1", 1, (1, 1))  # boxes in the second wall and the canal
    s = game.state
    assert s.workers["wall_2"] is None and s.workers["canal"] is None
    assert s.phase == PLAY and s.first_finished == "street"  # no second choice
    refused(new_game(2), ChooseObjectives(), "drunter.choose_basic")


def test_the_objective_scores_and_the_second_card_breaks_a_tie() -> None:
    game = ended_variant()
    game.apply(ChooseObjectives())
    # standing: C 5 on (2, 1), B 1 on (1, 2)
    reveal(game, {"red": ["A", "C"], "blue": ["D", "B"]})
    s = game.state
    assert s.phase == OVER and s.scores == {"red": 0, "blue": 0}
    assert s.second_scores == {"red": 5, "blue": 1}
    assert s.winners == ("red",) and s.tie_break == "second_card"


def test_still_tied_after_the_second_card_the_win_is_shared() -> None:
    game = ended_variant()
    game.apply(ChooseObjectives())
    reveal(game, {"red": ["A", "max3"], "blue": ["D", "max4"]})  # 1 and 1
    assert game.state.winners == ("red", "blue") and game.state.tie_break == "shared"


def test_each_player_reveals_its_two_cards_each_card_once() -> None:
    game = ended_variant()
    game.apply(ChooseObjectives())
    refused(game, Reveal.of({"red": ["A"], "blue": ["B", "C"]}), "drunter.reveal_count",
            player="red", n=2)
    refused(game, Reveal.of({"red": ["A", "A"], "blue": ["B", "C"]}), "drunter.same_card",
            player="red", objective="A")
    refused(game, Reveal.of({"red": ["A", "lowest"], "blue": ["lowest", "C"]}),
            "drunter.card_taken", objective="lowest", other="red")


def test_each_special_card_scores_as_printed() -> None:
    # made_up_map_small, all standing: A 3, B 4, A 2, C 5, D 1, E 6, F 2
    s = new_game(2, variant=True).state
    assert card_score(s, "max3") == 3 + 2 + 1 + 2  # every building of value 3 or less
    assert card_score(s, "max4") == 3 + 4 + 2 + 1 + 2  # 4 or less
    assert card_score(s, "lowest") == 2 + 4 + 5 + 1 + 6 + 2  # the lowest of each type
    assert card_score(s, "one_point") == 7  # 1 point per standing building
    assert card_score(s, "A") == 5


def test_special_cards_count_only_standing_buildings() -> None:
    game = new_game(2, variant=True)
    place(game, "street", 3, (1, 0), "down")  # nothing built there
    place(game, "wall_1", 3, (5, 0), "down")  # covers D 1 on (5, 1)
    s = game.state
    assert card_score(s, "max3") == 3 + 2 + 2
    assert card_score(s, "lowest") == 2 + 4 + 5 + 6 + 2  # no D left: none for that type
    assert card_score(s, "one_point") == 6
