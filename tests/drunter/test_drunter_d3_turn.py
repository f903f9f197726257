"""§D3 A turn: the active player places one tile, then the turn goes to the left; a player who
can place none of its tiles misses the turn, and only then."""

from __future__ import annotations

from companion.drunter import CannotPlace, Place, legal_placements
from companion.drunter.state import DEAL, PLAY
from tests.drunter_helpers import made_up_map_small, miss, new_game, place, refused

# The canal's water source boxed in by two other starts: one street tile beside it finishes it.
BOXED = made_up_map_small(starts={"street": (0, 0), "canal": (1, 0), "wall_1": (2, 0),
                                  "wall_2": (0, 5)}, toilets=frozenset())


def one_kind(kind: str) -> dict[tuple[str, int], int]:
    return {(kind, n): c for n, c in DEAL[2].items()}


def test_the_turn_goes_to_the_left_in_the_header_s_order() -> None:
    game = new_game(3, start="blue")
    assert game.state.active == "blue"
    place(game, "street", 1, (1, 0))
    assert game.state.active == "yellow"
    place(game, "canal", 1, (5, 5))
    assert game.state.active == "red"
    place(game, "wall_1", 1, (5, 0))
    assert game.state.active == "blue" and game.state.phase == PLAY


def test_a_player_places_only_in_its_own_turn() -> None:
    game = new_game(2)
    refused(game, Place("blue", "street", 1, "street", (1, 0)), "drunter.not_your_turn",
            active="red", player="blue")
    refused(game, Place("white", "street", 1, "street", (1, 0)), "drunter.not_a_player")


def test_a_player_who_cannot_place_misses_the_turn() -> None:
    game = new_game(2, board=BOXED, start="blue",
                    hands={"red": one_kind("canal"), "blue": one_kind("street")})
    place(game, "street", 2, (0, 1), "right")  # covers (1, 1): the canal is boxed in
    assert game.state.workers["canal"] is None
    assert game.state.active == "red" and legal_placements(game.state, "red") == []
    miss(game)
    assert game.state.active == "blue" and game.state.missed == 1
    assert game.state.phase == PLAY  # blue can still place: the game goes on


def test_a_player_who_can_place_cannot_miss_the_turn() -> None:
    game = new_game(2)
    n = len(legal_placements(game.state, "red"))
    assert n > 0
    refused(game, CannotPlace("red"), "drunter.can_place", player="red", n=n)
