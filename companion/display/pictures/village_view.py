"""Pictures: a village drawn as its grid (the centre, the buildings with their names,
pictograms and villagers, and the quarters' midlines); a small village with one cell marked,
for a table step; the pieces it shares with the steps' pictures (coins with a count, cubes,
character tiles). The figures themselves: ``figures.py``; a table step's picture:
``step_pictures.py``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import pygame

from ...engine import GameState
from ...engine.characters import sleeping_quarters
from ...engine.grid import Cell, in_quarter, open_ring, ring, ring_cells
from ...engine.setup import centre_coins
from ...engine.state import Adult, Building
from ...engine.values import SEXES, Colour, Quarter, Sex
from ..kit.palette import CENTRE, TILE_FACE, TILE_USED
from ..kit.picture_cache import PICTURES
from ..kit.text_reports import too_small
from ..kit.widgets import (
    BUTTON,
    BUTTON_EDGE,
    DRAWN,
    FIGURE_MIN,
    GRID,
    HIGHLIGHT,
    INK,
    LIGHT,
    PANEL,
    PICTURE_TEXT,
    PLAYER,
    SELECTED,
    _lift,
    _room,
    coin,
    draw_text,
    font,
    line_height,
    line_step,
)
from ..words import i18n
from ..words.i18n import building, village_title
from . import pictograms
from .figures import FIGURE, Place, figure, figure_at, figure_places

CELL_W, CELL_H = 190, 104
COIN_R = 14
"""A dowry coin's radius in a village centre: room for a two-letter initial ("Bc")."""
def _grid(state: GameState, village_: str, area: pygame.Rect) -> dict[Cell, pygame.Rect]:
    """Screen rectangles of every cell shown, the two centre cells included: every built
    cell and the innermost open ring."""
    buildings = state.villages[village_].buildings
    rings = max([open_ring(buildings)] + [ring(c) for c in buildings])
    cells = {c for n in range(1, rings + 1) for c in ring_cells(n)} | {(0, 0), (1, 0)}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    w = min(CELL_W, area.width // cols)
    h = min(CELL_H, area.height // rows)
    left = area.centerx - (cols * w) // 2
    top = area.centery - (rows * h) // 2
    gap = 4 if w > 40 else 2
    return {Cell(x, y): pygame.Rect(left + (x - min(xs)) * w, top + (y - min(ys)) * h, w - gap,
                                h - gap)
            for x, y in cells}


def cell_rects(state: GameState, village_: str, area: pygame.Rect) -> dict[Cell, pygame.Rect]:
    """The tappable cells: the grid without the centre."""
    return {c: r for c, r in _grid(state, village_, area).items() if c not in ((0, 0), (1, 0))}


def quarter_rects(state: GameState, village_: str, area: pygame.Rect
                  ) -> dict[str, pygame.Rect]:
    """Where to tap for each quarter: the part of the picture it covers (the side cells lie
    in two quarters; their rows go to the nearer quarter's tap area by the midline)."""
    grid = _grid(state, village_, area)
    centre = grid[Cell(0, 0)].union(grid[Cell(1, 0)])
    whole = grid[Cell(0, 0)].unionall(list(grid.values()))
    mid_x, mid_y = centre.centerx, centre.centery
    return {
        "top_left": pygame.Rect(whole.left, whole.top, mid_x - whole.left, mid_y - whole.top),
        "top_right": pygame.Rect(mid_x, whole.top, whole.right - mid_x, mid_y - whole.top),
        "bottom_left": pygame.Rect(whole.left, mid_y, mid_x - whole.left, whole.bottom - mid_y),
        "bottom_right": pygame.Rect(mid_x, mid_y, whole.right - mid_x, whole.bottom - mid_y),
    }


LABEL = 24
"""Labels on a picture: one size for all (from LABEL down to PICTURE_TEXT), whole words."""


def _top_row(cell: pygame.Rect) -> int:
    """The height of a cell's top line: the building's pictogram and its label."""
    return max(min(cell.height * 2 // 5, 34), 22)



def figure_size(cell: pygame.Rect) -> int:
    """The height of a standing villager in a building's cell: below the cell's top line
    (pictogram and label), never under ``FIGURE_MIN``."""
    return max(min(FIGURE, cell.height - _top_row(cell) - 8), FIGURE_MIN)


CONDENSED = 3, 4
"""A name's line wider than its cell's line even at :data:`PICTURE_TEXT` is drawn condensed
to fit, down to this part of its width ("Brunnenmeister" in a cell of a grown village, "Cava
di argilla" on the one line of a small picture): named, never broken, never smaller than the
pictures' least size."""


def _condensed(word: str, size: int, width: int) -> bool:
    num, den = CONDENSED
    return size <= PICTURE_TEXT and font(size).size(word)[0] * num // den <= width


def label_lines(s: str, size: int, width: int, lines: int = 2) -> list[str] | None:
    """``s`` in at most ``lines`` lines of ``width`` at ``size``, whole words only (a label on
    a picture never breaks a word; a line wider than its room at the least size is drawn
    condensed, see :data:`CONDENSED`); None if it does not fit."""
    f = font(size)
    out: list[str] = []
    for word in s.split(" "):
        if out and f.size(out[-1] + " " + word)[0] <= width:
            out[-1] += " " + word
        elif f.size(word)[0] <= width or _condensed(word, size, width):
            out.append(word)
        else:
            return None
    if len(out) <= lines:
        return out
    if lines < 1:
        return None
    # More lines than there is room for: the words on the lines there are, a line condensed
    # where it must be ("Cava di argilla" in one line of a small picture: play-test)
    words = s.split(" ")
    cuts = [(len(words),)] if lines == 1 else [(k, len(words)) for k in range(1, len(words))]
    for ends in cuts:
        parts = [" ".join(words[a:b]) for a, b in zip((0, *ends), ends, strict=False)]
        if all(f.size(p)[0] <= width or _condensed(p, size, width) for p in parts):
            return parts
    return None


def _rows(size: int, height: int) -> int:
    return min(_room(size, height), 2)


def label_size(texts: list[str], width: int, height: int) -> int:
    """The one size at which the labels of a picture are drawn: the largest at which every
    one fits its box (two lines at most, whole words), else the smallest allowed, at which
    the labels that still do not fit are left to their pictograms."""
    for size in range(LABEL, PICTURE_TEXT - 1, -1):
        if height >= line_height(size) and all(
                label_lines(t, size, width, _rows(size, height)) is not None for t in texts):
            return size
    return PICTURE_TEXT


def _label(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int,
           bg: tuple[int, int, int]) -> bool:
    """A label at ``size`` in ``rect`` if it fits whole there; False (nothing drawn) if not."""
    lines = label_lines(s, size, rect.width, _rows(size, rect.height))
    if lines is None or rect.height < line_height(size):
        return False
    wide = [line for line in lines if font(size).size(line)[0] > rect.width]
    if not wide:
        draw_text(surface, "\n".join(lines), rect, size, INK, min_size=size, bg=bg,
                  picture=True)
        return True
    for i, line in enumerate(lines):  # a line at a time: the one too wide condensed
        box = pygame.Rect(rect.left, rect.top + i * line_step(size), rect.width,
                          line_height(size))
        if line not in wide:
            draw_text(surface, line, box, size, INK, min_size=size, bg=bg, picture=True)
            continue
        img = font(size).render(line, True, INK)
        img = pygame.transform.smoothscale(img, (rect.width, img.get_height()))
        r = img.get_rect(topleft=(box.left, box.top - _lift(size)))
        surface.blit(img, r)
        DRAWN.append((line, r))
    return True


SHORT = 90
"""A cell lower than this (a grown village) puts the name over the whole top line and the
pictogram, as large as the room below it allows, at the cell's foot on the right."""
PICTOGRAM_MOST = 40


def building_layout(r: pygame.Rect, label: str | None, size: int, fig: int,
                    empty: bool = False) -> tuple[pygame.Rect | None, pygame.Rect]:
    """Where a building's name (None: it fits nowhere whole, its pictogram tells it) and its
    pictogram go in its cell ``r``, a margin of 6 px kept on every side of the name. One
    rule for every building of every picture, whoever lives there (``empty`` is kept for
    the callers): the name goes above a standing villager's room (``fig``), or not at all
    (play-test 2026-11-25: some buildings named beside others unnamed)."""
    del empty
    row = _top_row(r)
    pict = pygame.Rect(r.left + 5, r.top + 4, row - 2, row - 2)
    label_h = r.height - fig - 8
    beside = pygame.Rect(pict.right + 4, r.top + 2, r.right - pict.right - 10, label_h)
    whole = pygame.Rect(r.left + 6, r.top + 2, r.width - 12, label_h)
    tall = label is not None and label_h >= line_height(size)
    fits = tall and label_lines(str(label), size, whole.width,
                                _rows(size, whole.height)) is not None
    if r.height >= SHORT and tall and label_lines(str(label), size, beside.width,
                                                  _rows(size, beside.height)) is not None:
        return beside, pict
    used = line_height(size) + 4 if fits else 0
    side = max(min(PICTOGRAM_MOST, r.height - used - 8, r.width // 3), row - 2)
    pict = pygame.Rect(0, 0, side, side)
    pict.bottomright = (r.right - 6, r.bottom - 4)
    return (whole if fits else None), pict


def _text_rect(box: pygame.Rect, label: str, size: int) -> pygame.Rect:
    lines = label_lines(label, size, box.width, _rows(size, box.height)) or [label]
    return pygame.Rect(box.left, box.top, box.width,
                       line_step(size) * (len(lines) - 1) + line_height(size))


PICTOGRAM_LEAST = 18
"""A building's pictogram is never smaller than this, but in a cell no game has filled."""


def _beside_name(r: pygame.Rect, label: str, size: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A short name on the top line with the pictogram right of it, as large as the room
    the name leaves (the rest of the cell for the figures)."""
    lbox = pygame.Rect(r.left + 6, r.top + 2, font(size).size(label)[0] + 2, line_height(size))
    side = min(_top_row(r) - 2, r.right - 5 - lbox.right - 4)
    return lbox, pygame.Rect(r.right - 5 - max(side, 0), r.top + 3, max(side, 0), max(side, 0))


def building_plan(r: pygame.Rect, label: str, size: int, fig: int, adults: list[Adult],
                  children: Sequence[tuple[str, str]], named: bool = True
                  ) -> tuple[pygame.Rect | None, pygame.Rect, list[Place]]:
    """A building's cell ``r`` laid out: its name's box (None: left to the pictogram; always
    when not ``named``), its pictogram and its figures, none over another nor over the name
    or the pictogram, all inside the cell. The pictogram moves to keep the name; the name
    gives way to the figures only where nothing else makes room (a building busier than
    any seen in a game), and then the pictogram goes small into a top corner."""
    empty = not adults and not children
    box, pict = building_layout(r, label if named else None, size, fig, empty)
    if empty:
        return box, pict, []
    row = _top_row(r)
    small = pygame.Rect(r.left + 5, r.top + 4, row - 2, row - 2)
    tries: list[tuple[pygame.Rect | None, pygame.Rect]] = [(box, pict)]
    if box is not None:  # the name kept on the top line, the pictogram small beside it
        corner = small.move(r.right - 5 - small.right, 0)
        foot = small.move(r.right - 5 - small.right, r.bottom - 4 - small.bottom)
        for lbox, pbox in ((pygame.Rect(r.left + 6, r.top + 2, r.width - 12,
                                        line_height(size)), foot),
                           (pygame.Rect(r.left + 6, r.top + 2, corner.left - r.left - 10,
                                        line_height(size)), corner),
                           _beside_name(r, label, size),
                           (pygame.Rect(small.right + 4, r.top + 2, r.right - small.right - 10,
                                        line_height(size)), small)):
            if pbox.width >= PICTOGRAM_LEAST and label_lines(label, size, lbox.width,
                                                             1) is not None:
                tries.append((lbox, pbox))
        tries.append((None, building_layout(r, "", size, fig, empty)[1]))
    tries += [(None, small.move(r.right - 5 - small.right, 0)), (None, small)]
    free = r.inflate(-6, -6)
    for box_, pict_ in tries:
        taken = [pict_] + ([_text_rect(box_, label, size)] if box_ is not None else [])
        places = figure_places(free, list(adults), list(children), fig, taken)
        if places is not None:
            return box_, pict_, places
    # A low cell with a couple and children: the figures first, the pictogram smaller in
    # the top corner the figures leave.
    places = figure_places(r.inflate(-4, -4), list(adults), list(children), fig, gap=1) or []
    covered = [p.rect for p in places] + [p.count_rect for p in places if p.count_rect]
    side = small.width
    corner = pygame.Rect(0, 0, side, side)
    corner.topright = (r.right - 5, r.top + 4)
    while side > 8 and any(corner.colliderect(c.inflate(2, 2)) for c in covered):
        side -= 1
        corner = pygame.Rect(0, 0, side, side)
        corner.topright = (r.right - 5, r.top + 4)
    return None, corner, places


def _building_cell(surface: pygame.Surface, state: GameState, b: Building, r: pygame.Rect,
                   marked: bool, size: int, fig: int, named: frozenset[str]) -> None:
    """A building: its pictogram and (where it fits whole) its name on the top line (beside
    the pictogram in a tall cell; in a low one, or if it needs it, over the whole line with
    the pictogram large at the foot, right); the adults standing or lying from the left, the
    children from the right, none over another (:func:`building_plan`)."""
    cat = state.catalogue
    face = SELECTED if marked else BUTTON
    pygame.draw.rect(surface, face, r, border_radius=6)
    pygame.draw.rect(surface, INK if marked else BUTTON_EDGE, r, 3 if marked else 2,
                     border_radius=6)
    label = building(cat, b.type)
    box, pict, places = building_plan(r, label, size, fig, list(b.adults), list(b.children),
                                      label in named)
    if box is not None:
        _label(surface, label, box, size, face)
    pictograms.building(surface, cat, b.type, pict)
    for p in places:
        figure(surface, p.colour, p.sex, p.awake,
               figure_at(p.rect, p.height, p.sex, p.awake, p.child), p.height, child=p.child)
        if p.count_rect is not None:
            draw_text(surface, f"\u00d7{p.count}", p.count_rect, PICTURE_TEXT, INK,
                      min_size=PICTURE_TEXT, wrap=False, bold=True, picture=True, bg=face)
    too_small("villager", fig, FIGURE_MIN)


LABELLED_FIGURE = 30
"""The villagers of a picture may be drawn down to this height (from ``FIGURE``) so that
every building of it keeps its name: one rule for all pictures (play-test 2026-11-25, some
buildings named beside others unnamed)."""


BUSY: tuple[tuple[list[Adult], list[tuple[str, str]]], ...] = tuple(
    ([Adult("white", Sex.F, f), Adult("white", Sex.M, m)], [("white", Sex.F)])
    for f, m in ((True, False), (False, True), (False, False), (True, True)))
"""Busy buildings (a couple, one asleep, and a child): a name is shown on a picture only
if such a building keeps it, so that whether a building is named never depends on who
lives in it."""


def _shown(cell: pygame.Rect, name: str, size: int, fig: int) -> bool:
    return _named(name, cell.width, cell.height, size, fig)


@lru_cache(maxsize=4096)
def _named(name: str, width: int, height: int, size: int, fig: int) -> bool:
    """Whether a building's name is shown on its cell at ``size`` with villagers ``fig``
    tall, busy or not: worked out once per name and cell size (a new building on a picture
    asks only of its own name again)."""
    cell = pygame.Rect(0, 0, width, height)
    return building_layout(cell, name, size, fig)[0] is not None and all(
        building_plan(cell, name, size, fig, *busy)[0] is not None for busy in BUSY)


@lru_cache(maxsize=4096)
def _fits_whole(name: str, width: int, height: int, size: int, fig: int) -> bool:
    return building_layout(pygame.Rect(0, 0, width, height), name, size, fig)[0] is not None


@lru_cache(maxsize=512)
def _sizes(names: tuple[str, ...], width: int, height: int
           ) -> tuple[int, int, frozenset[str]]:
    cell = pygame.Rect(0, 0, width, height)
    first = figure_size(cell)
    for fig in range(first, min(first, LABELLED_FIGURE) - 1, -1):
        for size in range(LABEL, PICTURE_TEXT - 1, -1):
            if all(_fits_whole(n, width, height, size, fig) for n in names) and \
                    all(_shown(cell, n, size, fig) for n in names):
                return size, fig, frozenset(names)
    size = label_size(list(names), width - 10, max(height - first - 8, _top_row(cell)))
    return size, first, frozenset(n for n in names if _shown(cell, n, size, first))


def _picture(state: GameState, village_: str, area: pygame.Rect
             ) -> tuple[int, int, frozenset[str]]:
    some = next(iter(cell_rects(state, village_, area).values()))
    names = tuple(sorted({building(state.catalogue, b.type)
                          for b in state.villages[village_].buildings.values()}))
    return _sizes(names, some.width, some.height)


def picture_sizes(state: GameState, village_: str, area: pygame.Rect) -> tuple[int, int]:
    """The size of the buildings' names and the height of a standing villager on the
    village's picture in ``area``, one for all its cells: the largest villagers (down to
    ``LABELLED_FIGURE``) at which every building's name fits whole, at the largest size;
    else the largest villagers, and the names that fit (a busy building included) shown,
    the others left to their pictograms. Every building has its pictogram."""
    size, fig, _named = _picture(state, village_, area)
    return size, fig


def building_plans(state: GameState, village_: str, area: pygame.Rect
                   ) -> dict[Cell, tuple[pygame.Rect, pygame.Rect | None, pygame.Rect,
                                         list[Place]]]:
    """Every building of the village's picture in ``area`` as :func:`draw_village` lays it
    out: its cell, its name's box, its pictogram and its figures."""
    size, fig, named = _picture(state, village_, area)
    rects = cell_rects(state, village_, area)
    out = {}
    for c, b in state.villages[village_].buildings.items():
        r = rects[c]
        name = building(state.catalogue, b.type)
        out[c] = (r, *building_plan(r, name, size, fig, list(b.adults), list(b.children),
                                    name in named))
    return out


def draw_village(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                 highlight: set[Cell] | None = None, quarters: bool = False,
                 arriving: dict[Cell, list[tuple[Colour, str]]] | None = None
                 ) -> dict[Cell, pygame.Rect]:
    """The village's picture in ``area``; ``arriving``: villagers (colour, sex) standing on
    their buildings already before the table's answer is entered (laid out with the others,
    none over another). Laid out and drawn once per state (and language): a frame that shows
    it again copies it (``picture_cache.PICTURES``)."""
    key = ("village", village_, tuple(area), frozenset(highlight or ()), quarters,
           tuple(sorted((c, tuple(v)) for c, v in (arriving or {}).items())), i18n.language)
    return PICTURES.draw(surface, state, key, area, lambda: _draw_village(
        surface, state, village_, area, highlight, quarters, arriving))


def _draw_village(surface: pygame.Surface, state: GameState, village_: str,
                  area: pygame.Rect, highlight: set[Cell] | None, quarters: bool,
                  arriving: dict[Cell, list[tuple[Colour, str]]] | None
                  ) -> dict[Cell, pygame.Rect]:
    grid = _grid(state, village_, area)
    rects = cell_rects(state, village_, area)
    v = state.villages[village_]
    size, fig, named = _picture(state, village_, area)
    for (x, y), r in rects.items():
        b = v.buildings.get(Cell(x, y))
        marked = bool(highlight and (x, y) in highlight)
        if b is None:
            pygame.draw.rect(surface, SELECTED if marked else PANEL, r, border_radius=6)
            pygame.draw.rect(surface, INK if marked else GRID, r, 2 if marked else 1,
                             border_radius=6)
            continue
        if arriving and Cell(x, y) in arriving:
            b = replace(b, adults=(*b.adults, *(Adult(c, Sex(sx), True)
                                                for c, sx in arriving[Cell(x, y)])))
        _building_cell(surface, state, b, r, marked, size, fig, named)
    # The centre itself: two cells wide.
    centre_rect = grid[Cell(0, 0)].union(grid[Cell(1, 0)])
    pygame.draw.rect(surface, CENTRE, centre_rect, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, centre_rect, 2, border_radius=8)
    label = village_title("neutral" if v.neutral else village_)
    title = pygame.Rect(centre_rect.left + 6, centre_rect.top + 2, centre_rect.width - 12,
                        max(centre_rect.height - fig - 6, line_height(PICTURE_TEXT)))
    _label(surface, label, title, label_size([label], title.width, title.height), CENTRE)
    waiting = [(village_, s) for s in SEXES for _i in range(v.centre[s])]
    step = fig * 11 // 20 + 4
    x = centre_rect.left + 6 + step // 2
    laid = centre_coins(state, village_)  # as the table holds them: the dowry once laid
    coins = sum(coin_group_size(n, COIN_R)[0] + 6 for n in laid.values() if n)
    shown = waiting[:max((centre_rect.width - coins - 50) // step, 1)]
    for c, sex in shown:
        figure(surface, c, sex, True, (x, centre_rect.bottom - fig // 2 - 4), fig)
        x += step
    if len(waiting) > len(shown):
        draw_text(surface, f"+{len(waiting) - len(shown)}",
                  pygame.Rect(x - step // 2, centre_rect.bottom - 30, 44, 26), PICTURE_TEXT,
                  INK, min_size=PICTURE_TEXT, picture=True, bg=CENTRE)
    right = centre_rect.right - 4
    for c, n in sorted(laid.items()):
        if n:
            w, h = coin_group_size(n, COIN_R)
            spot = pygame.Rect(right - w, centre_rect.centery + 6 - h // 2, w, h)
            coin_group(surface, c, n, spot, COIN_R, bg=CENTRE)
            right = spot.left - 6
    if quarters:  # the buildings with sleepers tinted (a quarter is framed when named)
        # The left/right midline runs through the centre; side buildings (y = 0) lie in a top
        # and a bottom quarter both, so there is no top/bottom line beside them. Only where
        # quarters are asked about (the Night Watchman): anywhere else a line between two
        # cells read as a stray stroke (issue 32).
        mid = centre_rect.centerx
        whole = centre_rect.unionall(list(grid.values()))
        pygame.draw.line(surface, INK, (mid, whole.top), (mid, centre_rect.top - 2), 2)
        pygame.draw.line(surface, INK, (mid, centre_rect.bottom + 2), (mid, whole.bottom), 2)
        asleep = {s for cells in sleeping_quarters(state, village_).values() for s in cells}
        for where in asleep:
            r = grid[where]
            tint = pygame.Surface(r.size, pygame.SRCALPHA)
            tint.fill((*HIGHLIGHT, 60))
            surface.blit(tint, r.topleft)
    return rects


def _outline(surface: pygame.Surface, cells: dict[Cell, pygame.Rect],
             colour: tuple[int, int, int], width: int) -> None:
    """One frame around the cells together (their outline, never a cell's own frame): the
    edges of each cell that no other cell of theirs shares, drawn in the gap around it, so
    that it runs round the village centre and between a quarter's cells and the others."""
    for (x, y), r in cells.items():
        out = r.inflate(4, 4)
        half = width // 2
        if Cell(x - 1, y) not in cells:
            pygame.draw.line(surface, colour, (out.left, out.top - half),
                             (out.left, out.bottom + half), width)
        if Cell(x + 1, y) not in cells:
            pygame.draw.line(surface, colour, (out.right - 1, out.top - half),
                             (out.right - 1, out.bottom + half), width)
        if Cell(x, y - 1) not in cells:
            pygame.draw.line(surface, colour, (out.left - half, out.top),
                             (out.right + half, out.top), width)
        if Cell(x, y + 1) not in cells:
            pygame.draw.line(surface, colour, (out.left - half, out.bottom - 1),
                             (out.right + half, out.bottom - 1), width)


def quarter_cells(state: GameState, village_: str, area: pygame.Rect, quarter: Quarter
                  ) -> dict[Cell, pygame.Rect]:
    """The cells of the picture in ``quarter`` (the side cells lie in two), never the
    centre."""
    return {c: r for c, r in _grid(state, village_, area).items()
            if c not in ((0, 0), (1, 0)) and in_quarter(c, quarter)}


def frame_quarter(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                  quarter: Quarter, colour: tuple[int, int, int], width: int = 5) -> None:
    """The quarter "Do it" wakes: its cells tinted and one frame round them all (round the
    village centre, which is in no quarter), so that which cells it covers, a side cell
    included, is never in doubt (play-test 2026-11-25: the only sleeper sat in a cell of
    another quarter's colour)."""
    cells = quarter_cells(state, village_, area, quarter)
    for r in cells.values():
        tint = pygame.Surface(r.size, pygame.SRCALPHA)
        tint.fill((*colour, 36))
        surface.blit(tint, r.topleft)
    _outline(surface, cells, colour, width)


# --- small pictures: a table step ---------------------------------------------------------------


def mini_village(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                 cell: Cell | None) -> pygame.Rect:
    """The village as a small grid, no words: buildings as tiles, the centre green, ``cell``
    (or the centre, when None) marked. Returns the marked rectangle."""
    grid = _grid(state, village_, area)
    v = state.villages[village_]
    for c, r in grid.items():
        if c in ((0, 0), (1, 0)):
            continue
        if c in v.buildings:
            pygame.draw.rect(surface, BUTTON, r)
            pygame.draw.rect(surface, BUTTON_EDGE, r, 1)
        else:
            pygame.draw.rect(surface, GRID, r, 1)
    centre = grid[Cell(0, 0)].union(grid[Cell(1, 0)])
    pygame.draw.rect(surface, CENTRE, centre)
    pygame.draw.rect(surface, BUTTON_EDGE, centre, 1)
    mark = grid[cell] if cell is not None and cell in grid else centre
    pygame.draw.rect(surface, HIGHLIGHT, mark)
    pygame.draw.rect(surface, INK, mark.inflate(2, 2), 2)
    return mark


def tile_icon(surface: pygame.Surface, character: str, rect: pygame.Rect, used: bool = False,
              colour: str | None = None) -> None:
    """A character tile: a square with the character's pictogram (no letters); face down
    (used) it is dark with the pictogram dimmed, so it still says which tile it is.
    ``colour`` frames it in its holder's colour."""
    face = TILE_USED if used else TILE_FACE
    pygame.draw.rect(surface, face, rect, border_radius=4)
    pygame.draw.rect(surface, PLAYER[colour] if colour else INK, rect, 3 if colour else 2,
                     border_radius=4)
    if colour in LIGHT or colour is None:
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    pictograms.character(surface, character, rect.inflate(-rect.width // 4, -rect.height // 4),
                         ink=(176, 170, 160) if used else INK, face=face)


def coin_group_size(n: int, radius: int, beside: bool = True) -> tuple[int, int]:
    """The room :func:`coin_group` takes: one coin, and its count beside (or below) it."""
    if n < 2:
        return radius * 2, radius * 2
    w = font(PICTURE_TEXT, True).size(f"\u00d7{n}")[0]
    if beside:
        return radius * 2 + 2 + w, radius * 2
    return max(radius * 2, w), radius * 2 + line_height(PICTURE_TEXT)


def coin_group(surface: pygame.Surface, colour: str, n: int, rect: pygame.Rect, radius: int,
               bg: tuple[int, int, int] = BUTTON) -> pygame.Rect:
    """``n`` coins of one colour as one coin with its initial and the count ("\u00d73")
    beside it (below it where ``rect`` is too narrow), centred in ``rect``: several coins
    drawn over one another hide their initials. Returns what it covers."""
    beside = coin_group_size(n, radius)[0] <= rect.width
    w, h = coin_group_size(n, radius, beside)
    box = pygame.Rect(0, 0, w, h)
    box.center = rect.center
    if n < 2:
        coin(surface, colour, box.center, radius)
        return box
    count = f"\u00d7{n}"
    lh = line_height(PICTURE_TEXT)
    if beside:
        coin(surface, colour, (box.left + radius, box.centery), radius)
        where = pygame.Rect(box.left + radius * 2 + 2, box.centery - lh // 2,
                            box.right - box.left - radius * 2 - 2, lh)
    else:
        coin(surface, colour, (box.centerx, box.top + radius), radius)
        where = pygame.Rect(box.left, box.bottom - lh, box.width, lh)
    draw_text(surface, count, where, PICTURE_TEXT, INK, min_size=PICTURE_TEXT, wrap=False,
              align="center", bold=True, picture=True, bg=bg)
    return box
