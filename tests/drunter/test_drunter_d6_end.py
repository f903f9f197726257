"""§D6 End of the game: when no player can place any tile, the players reveal their building
cards; each scores the values of its type's buildings still uncovered; most points wins, a tie
goes to the most votes left in the hand (ruling: still tied, the win is shared)."""

from __future__ import annotations

from companion.drunter import Board, Building, Game, Place, Reveal, can_place, legal_placements
from companion.drunter.state import DEAL, OVER, REVEAL
from tests.drunter_helpers import abstain, new_game, place, refused, reveal, vote

# A made-up 3 x 3 map: a start in each corner, a toilet in the middle.
MADE_UP_MAP_TINY = Board.create(
    "made_up_map_tiny", 3, 3,
    {(1, 0): Building("A", 3), (0, 1): Building("B", 2), (2, 1): Building("C", 5),
     (1, 2): Building("B", 1)},
    frozenset({(1, 1)}),
    {"street": (0, 0), "wall_1": (2, 0), "wall_2": (0, 2), "canal": (2, 2)})
STREETS_ONLY = {("street", n): c for n, c in DEAL[2].items()}


def ended(votes: dict[str, list[str]] | None = None) -> Game:
    """Street tiles only: the inn's street runs (1, 0), over the toilet (1, 1), to (0, 1) and
    is finished; nobody holds a tile for the other roads, so nobody can place."""
    game = new_game(2, board=MADE_UP_MAP_TINY, hands={"red": STREETS_ONLY,
                                                       "blue": STREETS_ONLY})
    place(game, "street", 1, (1, 0))
    place(game, "street", 1, (1, 1))
    if votes:
        vote(game, votes)
    else:
        abstain(game)
    assert game.state.phase != REVEAL  # red can still place
    place(game, "street", 1, (0, 1))
    return game


def test_the_game_ends_when_nobody_can_place() -> None:
    game = ended()
    s = game.state
    assert s.workers["street"] is None and s.workers["wall_1"] == (2, 0)  # a road still open
    assert not any(can_place(s, c) for c in s.colours)
    assert s.phase == REVEAL and legal_placements(s, s.active) == []
    refused(game, Place(s.active, "street", 1, "street", (2, 1)), "drunter.wrong_phase")


def test_the_game_goes_on_while_someone_can_place() -> None:
    game = new_game(2, board=MADE_UP_MAP_TINY, hands={"red": STREETS_ONLY,
                                                       "blue": STREETS_ONLY})
    place(game, "street", 1, (1, 0))
    assert game.state.phase != REVEAL
    refused(game, Reveal.of({"red": "A", "blue": "B"}), "drunter.reveal_early")


def test_each_type_scores_its_standing_buildings_and_most_points_wins() -> None:
    game = ended()
    reveal(game, {"red": "C", "blue": "B"})  # C: 5 standing on (2, 1); B: 1 on (1, 2)
    s = game.state
    assert s.phase == OVER and s.scores == {"red": 5, "blue": 1}
    assert s.winners == ("red",) and s.tie_break is None


def test_a_type_with_every_building_covered_scores_zero() -> None:
    game = ended()
    reveal(game, {"red": "A", "blue": "C"})
    assert game.state.scores == {"red": 0, "blue": 5}


def test_a_tie_goes_to_the_most_votes_left() -> None:
    game = ended({"red": ["jaaa"], "blue": ["abstain"]})  # red spent 3 votes
    reveal(game, {"red": "A", "blue": "D"})  # 0 each
    s = game.state
    assert s.winners == ("blue",) and s.tie_break == "votes"


def test_a_tie_with_as_many_votes_left_is_shared() -> None:
    game = ended()
    reveal(game, {"red": "A", "blue": "D"})
    assert game.state.winners == ("red", "blue") and game.state.tie_break == "shared"


def test_every_player_reveals_one_card_of_its_own() -> None:
    game = ended()
    refused(game, Reveal.of({"red": "A"}), "drunter.reveal_missing", player="blue")
    refused(game, Reveal.of({"red": "A", "blue": "A"}), "drunter.card_taken", objective="A",
            other="red")
    refused(game, Reveal.of({"red": ["A", "B"], "blue": "C"}), "drunter.reveal_count",
            player="red", n=1)
    refused(game, Reveal.of({"red": "max3", "blue": "C"}), "drunter.variant_card",
            objective="max3")
