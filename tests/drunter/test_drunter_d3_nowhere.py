"""§D3, §D4: why a tile fits nowhere, said road by road (its road is finished, or no straight
lie starts next to its worker), for the greyed tiles and the missed turn; said exactly when
the tile has no placement, in every state of random games."""

from __future__ import annotations

from companion.drunter import fits_nowhere, legal_placements, why_no_tile_fits
from companion.drunter.board import ROAD_KIND
from companion.drunter.messages import english
from companion.drunter.selfplay import play
from companion.drunter.state import PLAY
from tests.drunter.test_drunter_d3_turn import BOXED, one_kind
from tests.drunter_helpers import new_game, place


def test_a_boxed_in_canal_is_the_reason_a_canal_only_hand_misses_the_turn() -> None:
    game = new_game(2, board=BOXED, start="blue",
                    hands={"red": one_kind("canal"), "blue": one_kind("street")})
    place(game, "street", 2, (0, 1), "right")  # covers (1, 1): the canal is boxed in
    [why] = why_no_tile_fits(game.state, "red")
    assert english(why) == "The canal is finished: its worker has left the map."
    assert why_no_tile_fits(game.state, "blue") == []  # blue still fits a street tile


def test_the_reasons_are_given_exactly_when_a_tile_has_no_placement() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        game, _ = play(seed, players)
        for state in game.states:
            if state.phase != PLAY:
                continue
            colour = state.active
            places = legal_placements(state, colour)
            for key, n in state.player(colour).tiles.items():
                if n == 0:
                    continue
                why = fits_nowhere(state, key)
                fits = any((p.kind, p.length) == key for p in places)
                assert (why == []) == fits, (seed, key, why)
                for m in why:
                    road = m.params["road"]
                    assert ROAD_KIND[road] == key[0]
                    if m.code == "drunter.nowhere.blocked":
                        assert m.params["square"] == state.workers[road]
                    else:
                        assert m.code == "drunter.road_finished"
                        assert state.workers[road] is None
            assert (why_no_tile_fits(state, colour) == []) == bool(places), seed
