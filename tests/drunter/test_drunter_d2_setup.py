"""§D2 Setup: 2-4 players, each dealt its tiles by kind and length (all 60), a full deck of
citizen cards each, a worker on each of the four starts, the start player chosen."""

from __future__ import annotations

import pytest

from companion.drunter import DrunterIllegal, Game, MalformedAction, header_line
from companion.drunter.board import ROADS
from companion.drunter.state import CITIZEN_CARDS, DEAL, PLAY
from tests.drunter_helpers import COLOURS, even_hand, made_up_map_small, new_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_deals_all_sixty_tiles_and_a_deck_each(players: int) -> None:
    game = new_game(players, start=COLOURS[players - 1])
    s = game.state
    assert sum(sum(p.tiles.values()) for p in s.players) == 60
    for length, count in DEAL[players].items():
        assert sum(n for p in s.players for (k, n_), n in p.tiles.items() if n_ == length) \
            == count * players
    assert all(p.cards == set(CITIZEN_CARDS) for p in s.players)
    assert s.workers == {r: made_up_map_small().starts[r] for r in ROADS}
    assert s.phase == PLAY and s.active == COLOURS[players - 1]


def test_a_deal_that_is_not_the_rulebook_s_is_refused_with_its_counts() -> None:
    hand = even_hand(3)
    short = dict(hand)
    short[("street", 2)] -= 1
    short[("wall", 1)] += 1
    with pytest.raises(DrunterIllegal) as info:
        Game(header_line([("red", "A"), ("blue", "B"), ("yellow", "C")], made_up_map_small(),
                         {"red": hand, "blue": short, "yellow": hand}, "red"))
    assert info.value.code == "drunter.deal_count"
    assert dict(info.value.params) == {"player": "blue", "given_n": 9, "n": 1, "expected": 8}


def test_one_player_or_five_are_refused() -> None:
    with pytest.raises(DrunterIllegal) as info:
        Game(header_line([("red", "A")], made_up_map_small(), {"red": even_hand(2)}, "red"))
    assert info.value.code == "drunter.player_count"


def test_the_start_player_must_be_at_the_table_and_colours_differ() -> None:
    hands = {"red": even_hand(2), "blue": even_hand(2)}
    with pytest.raises(MalformedAction):
        Game(header_line([("red", "A"), ("blue", "B")], made_up_map_small(), hands, "white"))
    with pytest.raises(MalformedAction):
        Game(header_line([("red", "A"), ("red", "B")], made_up_map_small(), hands, "red"))
