"""§D4, placing a tile: which squares a tile may cover, the bridges, and when a road is finished.

One place for the rule: ``check_place`` says why a placement is refused (or which toilets it
covers), ``legal_placements`` lists what the active player may place (each of them passes
``check_place``), ``way_forward`` says whether a road can still grow.
"""

from __future__ import annotations

from collections.abc import Iterator

from .actions import Place
from .board import DIRECTIONS, ROAD_KIND, ROADS, Square
from .errors import refuse
from .messages import Message
from .state import LENGTHS, PLAY, DrunterState
from .values import Colour, Heading, Road


def anchors(state: DrunterState, road: Road) -> Iterator[Square]:
    """The squares where the next tile of ``road`` may have its first square: a free square
    next to its worker (§D4.2), or the free square on the far side of another road's bridge
    next to it, straight across (§D4.6). None once the road is finished."""
    worker = state.workers.get(road)
    if worker is None:
        return
    x, y = worker
    for dx, dy in DIRECTIONS.values():
        near = (x + dx, y + dy)
        if state.is_free(near):
            yield near
        elif state.bridge_road(near) not in (None, road):
            far = (x + 2 * dx, y + 2 * dy)
            if state.is_free(far):
                yield far


def way_forward(state: DrunterState, road: Road) -> bool:
    """Whether ``road`` can still grow: a free square ahead of its worker, or a bridge to pass
    under (§D4.5; squares off the map count as blocked, as do bridges with nothing free
    beyond)."""
    return next(anchors(state, road), None) is not None


def tile_squares(state: DrunterState, first: Square, length: int) -> Iterator[
        tuple[Heading | None, tuple[Square, ...]]]:
    """(direction, squares) of each straight, free lie of a tile of ``length`` from ``first``
    (a 1-square tile lies only one way: direction ``None``)."""
    if length == 1:
        yield None, (first,)
        return
    x, y = first
    for name, (dx, dy) in DIRECTIONS.items():
        squares = tuple((x + i * dx, y + i * dy) for i in range(length))
        if all(state.is_free(s) for s in squares):
            yield name, squares


def road_placements(state: DrunterState, road: Road, lengths: tuple[int, ...] = LENGTHS
                    ) -> Iterator[tuple[int, Square, Heading | None]]:
    """(length, first square, direction) of every lie of a tile on ``road``."""
    for first in anchors(state, road):
        for length in lengths:
            for direction, _ in tile_squares(state, first, length):
                yield length, first, direction


def legal_placements(state: DrunterState, colour: Colour) -> list[Place]:
    """Every placement ``colour`` may make now: its own tiles, on a road of their kind, from
    next to the worker or across a bridge, straight and on free squares. Over a toilet it is
    offered too (it calls a vote). Empty when it is not ``colour``'s turn to place."""
    if state.phase != PLAY or state.active != colour:
        return []
    hand = state.player(colour).tiles
    out = []
    for road in ROADS:
        kind = ROAD_KIND[road]
        lengths = tuple(n for n in LENGTHS if hand.get((kind, n), 0) > 0)
        for length, first, direction in road_placements(state, road, lengths):
            out.append(Place(colour, kind, length, road, first, direction))
    return out


def can_place(state: DrunterState, colour: Colour) -> bool:
    """Whether ``colour`` holds a tile that fits somewhere now (§D3, §D6)."""
    hand = state.player(colour).tiles
    for road in ROADS:
        kind = ROAD_KIND[road]
        lengths = tuple(n for n in LENGTHS if hand.get((kind, n), 0) > 0)
        if lengths and next(road_placements(state, road, lengths), None) is not None:
            return True
    return False


def fits_nowhere(state: DrunterState, key: tuple[str, int]) -> list[Message]:
    """Why a tile of ``key`` (kind, length) fits nowhere now, road by road of its kind: the
    road is finished, or no straight lie of that length starts next to its worker (or across
    a bridge). Empty when it fits somewhere. A longer tile of the kind fits nowhere either
    when a shorter one does not: its first squares are the shorter one's."""
    kind, length = key
    roads = [r for r in ROADS if ROAD_KIND[r] == kind]
    if any(next(road_placements(state, r, (length,)), None) is not None for r in roads):
        return []
    out = []
    for road in roads:
        worker = state.workers.get(road)
        if worker is None:
            out.append(Message("drunter.road_finished", {"road": road}))
        else:
            out.append(Message("drunter.nowhere.blocked", {"tile": key, "road": road,
                                                           "square": worker}))
    return out


def why_no_tile_fits(state: DrunterState, colour: Colour) -> list[Message]:
    """Why ``colour`` cannot place (§D3): for each kind of tile it holds, its shortest tile's
    reasons (``fits_nowhere``), each road said once. Empty when a tile fits."""
    if can_place(state, colour):
        return []
    hand = state.player(colour).tiles
    out: list[Message] = []
    for kind in dict.fromkeys(ROAD_KIND.values()):
        held = [n for n in sorted(LENGTHS) if hand.get((kind, n), 0) > 0]
        if held:
            out += fits_nowhere(state, (kind, held[0]))
    return out


def check_place(state: DrunterState, action: Place) -> tuple[Square, ...]:
    """The squares ``action`` covers, after every check of §D4 (``IllegalAction`` with the
    rule's code if one fails). Whose turn it is is the caller's check."""
    player = state.player(action.player)
    tile = (action.kind, action.length)
    if player.tiles.get(tile, 0) <= 0:
        raise refuse("drunter.tile_not_held", player=action.player, tile=tile)
    road = action.road
    if ROAD_KIND[road] != action.kind:
        raise refuse("drunter.wrong_kind", tile=tile, road=road)
    worker = state.workers[road]
    if worker is None:
        raise refuse("drunter.road_finished", road=road)
    dx, dy = action.square[0] - worker[0], action.square[1] - worker[1]
    if abs(dx) + abs(dy) != 1:
        if (dx == 0 or dy == 0) and abs(dx + dy) == 2:
            middle = (worker[0] + dx // 2, worker[1] + dy // 2)
            owner = state.bridge_road(middle)
            if owner == road:
                raise refuse("drunter.own_bridge", road=road, square=middle)
            if owner is None and state.road_at(middle) is not None:
                raise refuse("drunter.not_a_bridge", square=middle)
            if owner is None:
                raise refuse("drunter.not_next_to_worker", road=road, worker=worker,
                             square=action.square)
        else:
            raise refuse("drunter.not_next_to_worker", road=road, worker=worker,
                         square=action.square)
    squares = action.squares
    for s in squares:
        if not state.board.on_map(s):
            raise refuse("drunter.off_map", square=s)
        other = state.road_at(s)
        if other is not None and s not in state.covered:  # R1: the road's printed start
            raise refuse("drunter.on_start", square=s, start=other, road=other)
        if other is not None:
            raise refuse("drunter.overlap", square=s, road=other)
    return squares
