"""§D4 Placing a tile: its own kind, its figure next to the road's worker, straight, on the map,
over no road; the worker moves to its end; bridges let another road pass under; a worker with
no way forward leaves the map and its road is finished."""

from __future__ import annotations

import pytest

from companion.drunter import MalformedAction, Place, legal_placements, parse_action
from tests.drunter_helpers import made_up_map_small, new_game, place, refused


def test_a_tile_of_the_road_s_kind_next_to_its_worker_is_placed_and_the_worker_moves() -> None:
    game = new_game(2)
    place(game, "street", 3, (0, 1), "down")
    s = game.state
    assert s.tiles[-1].squares == ((0, 1), (0, 2), (0, 3))
    assert s.tiles[-1].bridge == (0, 2)
    assert s.workers["street"] == (0, 3)
    assert s.player("red").tiles[("street", 3)] == 1  # 2 dealt, 1 left
    # the road turns where two tiles meet
    place(game, "canal", 1, (6, 4))
    place(game, "street", 2, (1, 3), "right")
    assert game.state.workers["street"] == (2, 3)


def test_a_tile_of_another_kind_is_refused() -> None:
    game = new_game(2)
    refused(game, Place("red", "wall", 1, "street", (1, 0)), "drunter.wrong_kind",
            tile=("wall", 1), road="street")


def test_a_tile_away_from_the_worker_is_refused() -> None:
    game = new_game(2)
    refused(game, Place("red", "street", 1, "street", (2, 2)), "drunter.not_next_to_worker",
            road="street", worker=(0, 0), square=(2, 2))


def test_a_longer_tile_starts_with_its_figure_next_to_the_worker() -> None:
    game = new_game(2)
    # its end would touch the worker, its figure not
    refused(game, Place("red", "street", 2, "street", (0, 2), "up"),
            "drunter.not_next_to_worker", square=(0, 2))
    place(game, "street", 2, (0, 1), "down")
    assert game.state.workers["street"] == (0, 2)


def test_a_one_square_tile_has_no_direction_and_a_longer_one_needs_one() -> None:
    base = {"type": "place", "player": "red", "kind": "street", "road": "street",
            "square": [1, 0]}
    assert parse_action({**base, "length": 1}) == Place("red", "street", 1, "street", (1, 0))
    with pytest.raises(MalformedAction):
        parse_action({**base, "length": 1, "direction": "up"})
    with pytest.raises(MalformedAction):
        parse_action({**base, "length": 2})


def test_a_tile_held_no_more_is_refused() -> None:
    game = new_game(2)
    place(game, "street", 3, (1, 0), "down")
    place(game, "canal", 1, (6, 4))
    place(game, "street", 3, (1, 3), "down")  # red's second and last 3-square street tile
    place(game, "canal", 1, (6, 3))
    refused(game, Place("red", "street", 3, "street", (2, 5), "right"), "drunter.tile_not_held",
            player="red", tile=("street", 3))


def test_a_tile_leaving_the_map_is_refused() -> None:
    game = new_game(2)
    refused(game, Place("red", "street", 3, "street", (1, 0), "up"), "drunter.off_map",
            square=(1, -1))


def test_a_tile_over_another_road_or_a_start_is_refused() -> None:
    game = new_game(2)
    place(game, "street", 3, (0, 1), "down")  # (0, 1) - (0, 3)
    refused(game, Place("blue", "wall", 2, "wall_2", (0, 4), "up"), "drunter.overlap",
            square=(0, 3), road="street")
    refused(game, Place("blue", "wall", 2, "wall_2", (1, 5), "left"), "drunter.on_start",
            square=(0, 5), road="wall_2", start="wall_2")  # its own guard post, not "a road"
    place(game, "wall_2", 1, (0, 4))
    assert game.state.workers["wall_2"] == (0, 4)


def test_a_road_passes_under_another_road_s_bridge() -> None:
    game = new_game(2)
    place(game, "street", 3, (1, 0), "down")  # bridge on (1, 1)
    place(game, "wall_2", 3, (0, 4), "up")  # (0, 4) - (0, 2)
    place(game, "canal", 1, (6, 4))
    place(game, "wall_2", 1, (0, 1))  # the wall's worker beside the street's bridge
    offered = legal_placements(game.state, "red")
    assert Place("red", "wall", 1, "wall_2", (2, 1)) in offered
    place(game, "wall_2", 2, (2, 1), "right")  # straight under the bridge
    assert game.state.workers["wall_2"] == (3, 1)


def test_only_a_bridge_of_another_road_is_passed_under() -> None:
    game = new_game(2)
    place(game, "street", 2, (1, 0), "down")  # (1, 0), (1, 1): no bridge
    place(game, "wall_2", 3, (1, 5), "up")  # (1, 5) - (1, 3)
    place(game, "canal", 1, (6, 4))
    place(game, "wall_2", 1, (1, 2))  # below the street's end, not a bridge
    refused(game, Place("red", "wall", 1, "wall_2", (1, 0)), "drunter.not_a_bridge",
            square=(1, 1))


def test_a_road_does_not_pass_under_its_own_bridge() -> None:
    game = new_game(2)
    place(game, "street", 3, (1, 0), "down")  # (1, 0) - (1, 2), bridge on (1, 1)
    place(game, "canal", 1, (6, 4))
    place(game, "street", 1, (2, 2))
    place(game, "canal", 1, (6, 3))
    place(game, "street", 1, (2, 1))  # beside its own bridge
    place(game, "canal", 1, (6, 2))
    refused(game, Place("red", "street", 1, "street", (0, 1)), "drunter.own_bridge",
            road="street", square=(1, 1))


def test_a_boxed_in_worker_leaves_the_map_and_its_road_is_finished() -> None:
    # Street from the top-left corner, the second wall's guard post right below it: a wall
    # tile beside the inn leaves the street nowhere to go (the map's edge counts as blocked).
    board = made_up_map_small(starts={"street": (0, 0), "wall_1": (1, 0), "wall_2": (0, 2),
                                      "canal": (6, 5)})
    game = new_game(2, board=board)
    assert game.state.workers["street"] == (0, 0)
    place(game, "wall_2", 1, (0, 1))
    assert game.state.workers["street"] is None
    assert game.state.first_finished == "street"
    refused(game, Place("blue", "street", 1, "street", (1, 1)), "drunter.road_finished",
            road="street")
    assert all(p.road != "street" for p in legal_placements(game.state, "blue"))


def test_a_bridge_with_a_free_square_beyond_keeps_a_road_open() -> None:
    board = made_up_map_small(starts={"street": (0, 0), "wall_1": (0, 2), "wall_2": (6, 0),
                                      "canal": (6, 5)})
    game = new_game(2, board=board)
    place(game, "street", 3, (1, 0), "down")  # bridge on (1, 1)
    place(game, "wall_1", 1, (0, 1))  # the wall's worker: the inn above, the bridge beside
    assert game.state.workers["wall_1"] == (0, 1)  # not finished: it can pass under


def test_a_worker_boxed_in_from_the_start_is_finished_at_once() -> None:
    board = made_up_map_small(starts={"street": (0, 0), "wall_1": (1, 0), "wall_2": (0, 1),
                                      "canal": (6, 5)})
    game = new_game(2, board=board)
    assert game.state.workers["street"] is None and game.state.first_finished == "street"
