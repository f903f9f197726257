"""The map of a game of Drunter & Drüber as the screens draw it: the printed board (buildings
with type and value, toilets, starts), the tiles laid (each in its road's colour, the figure
end marked with a dot, a bridge with its rails), the workers, and what a screen highlights
(the squares a tile may start on, a tile about to be placed, the standing buildings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial

import pygame

from ....drunter.board import Square
from ....drunter.state import DrunterState, PlacedTile
from ...kit.widgets import BUTTON, GRID, HIGHLIGHT, INK, PLAYER, Widget, font
from .board import ROAD_COLOURS, TOILET_COLOUR, TYPE_COLOURS

COVERED = (120, 114, 102)
WORKER = (250, 250, 250)
DIM = (214, 208, 194)


@dataclass(frozen=True)
class MapView:
    """Where the map lies on the screen: its top-left corner and the side of a square."""

    left: int
    top: int
    cell: int

    @classmethod
    def fit(cls, state: DrunterState, rect: pygame.Rect, largest: int = 56) -> MapView:
        b = state.board
        cell = max(12, min(largest, rect.width // b.width, rect.height // b.height))
        return cls(rect.left + (rect.width - cell * b.width) // 2, rect.top, cell)

    def rect(self, sq: Square) -> pygame.Rect:
        return pygame.Rect(self.left + sq[0] * self.cell, self.top + sq[1] * self.cell,
                           self.cell, self.cell)


def square_widgets(state: DrunterState, view: MapView, on_tap: Callable[[Square], object],
                   only: Iterable[Square] | None = None) -> list[Widget]:
    """An invisible widget over each square (or over ``only`` these), ``square:x,y``."""
    b = state.board
    squares = list(only) if only is not None else [(x, y) for y in range(b.height)
                                                    for x in range(b.width)]
    return [Widget(f"square:{x},{y}", view.rect((x, y)), "",
                   partial(on_tap, (x, y)), style="invisible",
                   value=(x, y)) for x, y in squares]


def draw_map(s: pygame.Surface, state: DrunterState, view: MapView, *,
             marks: Iterable[Square] = (), preview: PlacedTile | None = None,
             standing: Mapping[str, str] | None = None, dim_covered: bool = False) -> None:
    """The map. ``marks``: squares outlined (where a tile may start); ``preview``: a tile
    drawn where it would go; ``standing``: building type -> a player colour, whose standing
    buildings are outlined in it (the end's scoring), the others dimmed."""
    b = state.board
    c = view.cell
    size = max(12, c * 2 // 5)
    for y in range(b.height):
        for x in range(b.width):
            sq = (x, y)
            r = view.rect(sq)
            bg, label, ink = BUTTON, "", INK
            building = b.buildings.get(sq)
            if building is not None:
                bg, label = TYPE_COLOURS[building.type], f"{building.type}{building.value}"
                if standing is not None and building.type not in standing:
                    bg = DIM
            elif sq in b.toilets:
                bg, label = TOILET_COLOUR, "WC"
            pygame.draw.rect(s, bg, r)
            pygame.draw.rect(s, GRID, r, 1)
            if label and c >= 20:  # a code printed on the map, not words: no fitting
                img = font(max(12, min(24, c // 2))).render(label, True, ink)
                s.blit(img, img.get_rect(center=r.center))
    for road, sq in b.starts.items():
        r = view.rect(sq).inflate(-2, -2)
        pygame.draw.rect(s, ROAD_COLOURS[road], r)
        pygame.draw.rect(s, INK, r, 2)
    for tile in state.tiles:
        _tile(s, view, tile, ROAD_COLOURS[tile.road])
    if state.pending is not None:
        _tile(s, view, state.pending, ROAD_COLOURS[state.pending.road], outline=HIGHLIGHT)
    if preview is not None:
        _tile(s, view, preview, ROAD_COLOURS[preview.road], outline=HIGHLIGHT)
    for sq in marks:
        pygame.draw.rect(s, HIGHLIGHT, view.rect(sq).inflate(-2, -2), max(3, c // 10))
    if standing is not None:
        for sq, building in b.buildings.items():
            owner = standing.get(building.type)
            if owner is not None and sq not in state.covered:
                pygame.draw.rect(s, PLAYER[owner], view.rect(sq).inflate(-2, -2), 4)
    for road, at in state.workers.items():
        if at is None:
            continue
        centre = view.rect(at).center
        pygame.draw.circle(s, WORKER, centre, size // 2 + 3)
        pygame.draw.circle(s, ROAD_COLOURS[road], centre, size // 2)
        pygame.draw.circle(s, INK, centre, size // 2 + 3, 2)


def _tile(s: pygame.Surface, view: MapView, tile: PlacedTile, colour: tuple[int, int, int],
          outline: tuple[int, int, int] | None = None) -> None:
    c = view.cell
    rects = [view.rect(sq) for sq in tile.squares]
    whole = rects[0].unionall(rects[1:]).inflate(-4, -4)
    pygame.draw.rect(s, colour, whole, border_radius=max(2, c // 8))
    pygame.draw.rect(s, outline or INK, whole, 3 if outline else 1, border_radius=max(2, c // 8))
    pygame.draw.circle(s, (250, 250, 250), rects[0].center, max(3, c // 8))  # the figure end
    if tile.bridge is not None:  # the bridge: two rails across the tile
        r = view.rect(tile.bridge)
        horizontal = tile.squares[0][1] == tile.squares[1][1]
        for k in (-1, 1):
            if horizontal:
                y = r.centery + k * c // 4
                pygame.draw.line(s, (250, 250, 250), (r.left + 3, y), (r.right - 3, y), 2)
            else:
                x = r.centerx + k * c // 4
                pygame.draw.line(s, (250, 250, 250), (x, r.top + 3), (x, r.bottom - 3), 2)
