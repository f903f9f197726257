"""A village drawn as its grid: the centre, the buildings with their villagers (by colour with
the initial, a hat line for men, standing when awake, lying when asleep), children, and the
quarters' midlines."""

from __future__ import annotations

import pygame

from ..engine import GameState
from ..engine.grid import Cell, open_ring, ring_cells
from ..engine.state import Adult
from .i18n import _, building, colour
from .ui import BUTTON, BUTTON_EDGE, GRID, INK, MUTED, PANEL, PLAYER, SELECTED, text

CELL_W, CELL_H = 124, 84


def _grid(state: GameState, village: str, area: pygame.Rect) -> dict[Cell, pygame.Rect]:
    """Screen rectangles of every cell shown, the two centre cells included: every built
    cell and the innermost open ring."""
    buildings = state.villages[village].buildings
    rings = max([open_ring(buildings)] + [max(-x, x - 1, abs(y)) for x, y in buildings])
    cells = {c for n in range(1, rings + 1) for c in ring_cells(n)} | {(0, 0), (1, 0)}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    w = min(CELL_W, area.width // cols)
    h = min(CELL_H, area.height // rows)
    left = area.centerx - (cols * w) // 2
    top = area.centery - (rows * h) // 2
    return {(x, y): pygame.Rect(left + (x - min(xs)) * w, top + (y - min(ys)) * h, w - 4, h - 4)
            for x, y in cells}


def cell_rects(state: GameState, village: str, area: pygame.Rect) -> dict[Cell, pygame.Rect]:
    """The tappable cells: the grid without the centre."""
    return {c: r for c, r in _grid(state, village, area).items() if c not in ((0, 0), (1, 0))}


def _figure(surface: pygame.Surface, a: Adult | tuple[str, str], pos: tuple[int, int],
            small: bool = False) -> None:
    c, sex, awake = (a.colour, a.sex, a.awake) if isinstance(a, Adult) else (a[0], a[1], False)
    w, h = (10, 22) if awake else (22, 10)
    if small:
        w, h = w * 2 // 3, h * 2 // 3
    rect = pygame.Rect(0, 0, w, h)
    rect.center = pos
    pygame.draw.ellipse(surface, PLAYER[c], rect)
    pygame.draw.ellipse(surface, INK, rect, 1)
    if sex == "m":  # the hat: a bar across the head end
        if awake:
            pygame.draw.line(surface, INK, (rect.left - 2, rect.top + 2), (rect.right + 1,
                                                                          rect.top + 2), 3)
        else:
            pygame.draw.line(surface, INK, (rect.left + 2, rect.top - 2), (rect.left + 2,
                                                                          rect.bottom + 1), 3)


def draw_village(surface: pygame.Surface, state: GameState, village: str, area: pygame.Rect,
                 highlight: set[Cell] | None = None) -> dict[Cell, pygame.Rect]:
    grid = _grid(state, village, area)
    rects = cell_rects(state, village, area)
    v = state.villages[village]
    cat = state.catalogue
    for (x, y), r in rects.items():
        b = v.buildings.get((x, y))
        if b is None:
            colour_ = SELECTED if highlight and (x, y) in highlight else PANEL
            pygame.draw.rect(surface, colour_, r, border_radius=6)
            pygame.draw.rect(surface, GRID, r, 1, border_radius=6)
            continue
        pygame.draw.rect(surface, SELECTED if highlight and (x, y) in highlight else BUTTON, r,
                         border_radius=6)
        pygame.draw.rect(surface, BUTTON_EDGE, r, 2, border_radius=6)
        text(surface, building(cat, b.type), (r.left + 4, r.top + 2), 20 if r.width >= 100 else 16,
             INK, width=r.width - 8)
        for i, a in enumerate(b.adults):
            _figure(surface, a, (r.left + 16 + i * 26, r.bottom - 18))
        for i, ch in enumerate(b.children):
            _figure(surface, ch, (r.left + 66 + i * 12, r.bottom - 10), small=True)
    # The centre itself: two cells wide.
    centre_rect = grid[(0, 0)].union(grid[(1, 0)])
    pygame.draw.rect(surface, (214, 224, 200), centre_rect, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, centre_rect, 2, border_radius=8)
    label = _("neutral") if v.neutral else colour(village)
    text(surface, label, (centre_rect.left + 6, centre_rect.top + 2), 20, MUTED)
    x = centre_rect.left + 14
    for sex in ("m", "f"):
        for _i in range(min(v.centre[sex], 6)):
            _figure(surface, Adult(village, sex, True), (x, centre_rect.bottom - 18))
            x += 13
    if v.centre["m"] + v.centre["f"] > 12:
        text(surface, f"×{v.centre['m'] + v.centre['f']}", (x, centre_rect.bottom - 28), 14)  # noqa: RUF001
    cx = centre_rect.right - 12
    for coin, n in sorted(v.coins.items()):
        for _i in range(n):
            pygame.draw.circle(surface, PLAYER[coin], (cx, centre_rect.top + 14), 7)
            pygame.draw.circle(surface, INK, (cx, centre_rect.top + 14), 7, 1)
            cx -= 16
    # The left/right midline runs through the centre; side buildings (y = 0) lie in a top and
    # a bottom quarter both, so there is no top/bottom line beside them.
    mid = centre_rect.centerx
    pygame.draw.line(surface, MUTED, (mid, area.top), (mid, centre_rect.top - 2), 1)
    pygame.draw.line(surface, MUTED, (mid, centre_rect.bottom + 2), (mid, area.bottom), 1)
    return rects
