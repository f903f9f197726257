"""Helpers for the Drunter & Drüber tests: made-up maps (never the printed board, §D9) and
games set up on them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from companion.drunter import (
    Board,
    Building,
    CannotPlace,
    DrunterIllegal,
    Game,
    Place,
    Reveal,
    Vote,
    header_line,
)
from companion.drunter.board import ROAD_KIND
from companion.drunter.state import DEAL, TileKey

COLOURS = ("red", "blue", "yellow", "white")

SMALL_STARTS = {"street": (0, 0), "wall_1": (6, 0), "wall_2": (0, 5), "canal": (6, 5)}
SMALL_BUILDINGS = {(2, 2): Building("A", 3), (3, 2): Building("B", 4), (4, 3): Building("A", 2),
                   (1, 4): Building("C", 5), (5, 1): Building("D", 1), (3, 4): Building("E", 6),
                   (5, 3): Building("F", 2)}
SMALL_TOILETS = frozenset({(3, 0), (3, 5)})


def made_up_map_small(*, starts: Mapping[str, tuple[int, int]] | None = None,
                      buildings: Mapping[tuple[int, int], Building] | None = None,
                      toilets: frozenset[tuple[int, int]] | None = None,
                      width: int = 7, height: int = 6) -> Board:
    """A made-up 7 x 6 map (test data): the street's inn top left, the walls' guard posts top
    right and bottom left, the water source bottom right; seven buildings, two toilets."""
    return Board.create("made_up_map_small", width, height,
                        SMALL_BUILDINGS if buildings is None else buildings,
                        SMALL_TOILETS if toilets is None else toilets,
                        SMALL_STARTS if starts is None else starts)


def even_hand(players: int) -> dict[TileKey, int]:
    """A made-up hand: each length split as evenly as can be among the three kinds."""
    deal = DEAL[players]
    hand: dict[TileKey, int] = {}
    for length, count in deal.items():
        for i, kind in enumerate(("street", "wall", "canal")):
            hand[(kind, length)] = count // 3 + (1 if i < count % 3 else 0)
    return hand


def new_game(players: int = 2, *, board: Board | None = None, variant: bool = False,
             start: str = "red",
             hands: Mapping[str, Mapping[TileKey, int]] | None = None) -> Game:
    colours = COLOURS[:players]
    hands = hands or {c: even_hand(players) for c in colours}
    return Game(header_line([(c, c.capitalize()) for c in colours],
                            board or made_up_map_small(), hands, start, variant=variant))


def place(game: Game, road: str, length: int, square: tuple[int, int],
          direction: str | None = None, *, kind: str | None = None,
          player: str | None = None) -> Any:
    """The active player (or ``player``) places a tile of ``road``'s kind (or ``kind``)."""
    action = Place(player or game.state.active, kind or ROAD_KIND[road], length, road, square,
                   direction)
    return game.apply(action)


def refused(game: Game, action: Any, code: str, **params: Any) -> DrunterIllegal:
    """``action`` is refused with ``code`` (and these parameters), and nothing changes."""
    before = game.record_lines()
    with pytest.raises(DrunterIllegal) as info:
        game.apply(action)
    assert info.value.code == code, info.value
    for k, v in params.items():
        assert info.value.params[k] == v, (k, info.value.params)
    assert game.record_lines() == before
    assert "{" not in str(info.value), str(info.value)
    return info.value


def vote(game: Game, cards: Mapping[str, Any], sides: Mapping[str, str] | None = None) -> Any:
    return game.apply(Vote.of(cards, sides))


def abstain(game: Game) -> Any:
    return vote(game, {c: ["abstain"] for c in game.state.colours})


def reveal(game: Game, cards: Mapping[str, Any]) -> Any:
    return game.apply(Reveal.of(cards))


def miss(game: Game) -> Any:
    return game.apply(CannotPlace(game.state.active))
