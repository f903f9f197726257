"""Pictures: a village drawn as its grid (the centre, the buildings with their villagers by
colour with the initial, a hat for men, standing when awake, lying when asleep, children, and
the quarters' midlines); a small village with one cell marked, for a table step; the pieces
(coins with initials, cubes, tiles with icons, the start-player token)."""

from __future__ import annotations

import pygame

from ..engine import GameState
from ..engine.characters import sleeping_quarters
from ..engine.grid import QUARTERS, Cell, in_quarter, open_ring, ring, ring_cells
from ..engine.setup import centre_coins
from ..engine.state import Adult
from ..engine.table import (
    BRANCH_TILE,
    BUILDING,
    CHARACTER_TILE,
    CHILD,
    COIN,
    CUBE,
    GOODS_TILE,
    NEUTRAL_COIN,
    SCORE,
    TOKEN,
    VILLAGE_TILE,
    VILLAGER,
    TableStep,
)
from ..engine.values import SEXES, Sex
from . import pictograms
from .i18n import _, building, initial, village_title
from .palette import CENTRE, TILE_FACE, TILE_USED
from .palette import NEUTRAL as NEUTRAL_COIN_COLOUR
from .ui import (
    BUTTON,
    BUTTON_EDGE,
    FIGURE_MIN,
    GRID,
    HIGHLIGHT,
    INK,
    LIGHT,
    PANEL,
    PICTURE_TEXT,
    PLAYER,
    PLAYER_INK,
    SELECTED,
    _room,
    coin,
    draw_text,
    font,
    line_height,
    mark,
    too_small,
)

CELL_W, CELL_H = 190, 104
FIGURE = 52
"""A standing figure's height in the village picture (twice the first version's)."""


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


def figure(surface: pygame.Surface, colour: str, sex: str, awake: bool,
           pos: tuple[int, int], height: int = FIGURE, child: bool = False) -> None:
    """A villager in the player's colour with a dark outline, told apart at a glance: a man
    with a hat and a round body, a woman in a wide dress, a child short with a big head and
    no hat; standing when awake, lying (head to the left) when asleep. One under
    ``FIGURE_MIN`` (a child as an adult) is reported, as a text too small to read is."""
    too_small("child" if child else "villager", height, FIGURE_MIN)
    w = max(height * 11 // 20, 6) if not child else max(height * 3 // 5, 6)
    up = pygame.Surface((w + 4, height + 2), pygame.SRCALPHA)
    body = PLAYER.get(colour, NEUTRAL_COIN_COLOUR)
    edge = 2 if height >= 24 else 1
    cx = up.get_width() // 2
    head_d = (w * 3 // 4) if child else max(height * 3 // 10, 5)
    top = height // 6 if sex == Sex.M and not child else 1
    head = pygame.Rect(0, 0, head_d, head_d)
    head.midtop = (cx, top)
    base = height
    if sex == Sex.F:  # a dress, wide at the hem
        half = w // 2
        pts = [(cx - half // 3, head.bottom - 1), (cx + half // 3, head.bottom - 1),
               (cx + half, base), (cx - half, base)]
        pygame.draw.polygon(up, body, pts)
        pygame.draw.polygon(up, INK, pts, edge)
    else:  # a round body
        torso = pygame.Rect(0, 0, w * 4 // 5, base - head.bottom + 2)
        torso.midtop = (cx, head.bottom - 2)
        pygame.draw.ellipse(up, body, torso)
        pygame.draw.ellipse(up, INK, torso, edge)
    pygame.draw.ellipse(up, body, head)
    pygame.draw.ellipse(up, INK, head, edge)
    if sex == Sex.M and not child:  # the hat: a broad brim and a crown
        t = max(height // 16, 2)
        brim = pygame.Rect(head.left - t * 2, head.top + t // 2, head.width + t * 4, t + 1)
        crown = pygame.Rect(0, 0, head.width * 4 // 5, head.height * 3 // 5)
        crown.midbottom = (head.centerx, brim.top + 1)
        pygame.draw.rect(up, INK, brim.clip(up.get_rect()))
        pygame.draw.rect(up, INK, crown, border_radius=max(t // 2, 1))
    if not awake:
        up = pygame.transform.rotate(up, 90)  # lying, the head to the left
    surface.blit(up, up.get_rect(center=pos))


def figure_size(cell: pygame.Rect) -> int:
    """The height of a standing villager in a building's cell: below the cell's top line
    (pictogram and label), never under ``FIGURE_MIN``."""
    return max(min(FIGURE, cell.height - _top_row(cell) - 8), FIGURE_MIN)


def child_size(adult: int) -> int:
    return max(adult * 2 // 3, FIGURE_MIN)


LABEL = 24
"""Labels on a picture: one size for all (from LABEL down to PICTURE_TEXT), whole words."""


def _top_row(cell: pygame.Rect) -> int:
    """The height of a cell's top line: the building's pictogram and its label."""
    return max(min(cell.height * 2 // 5, 34), 22)


def label_lines(s: str, size: int, width: int, lines: int = 2) -> list[str] | None:
    """``s`` in at most ``lines`` lines of ``width`` at ``size``, whole words only (a label on
    a picture never breaks a word); None if it does not fit."""
    f = font(size)
    out: list[str] = []
    for word in s.split(" "):
        if out and f.size(out[-1] + " " + word)[0] <= width:
            out[-1] += " " + word
        elif f.size(word)[0] <= width:
            out.append(word)
        else:
            return None
    return out if len(out) <= lines else None


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
    draw_text(surface, "\n".join(lines), rect, size, INK, min_size=size, bg=bg, picture=True)
    return True


def _adult(surface: pygame.Surface, a: Adult, pos: tuple[int, int], height: int) -> None:
    figure(surface, a.colour, a.sex, a.awake, pos, height)


SHORT = 90
"""A cell lower than this (a grown village) puts the name over the whole top line and the
pictogram, as large as the room below it allows, at the cell's foot on the right."""
PICTOGRAM_MOST = 40


def building_layout(r: pygame.Rect, label: str, size: int, fig: int, empty: bool = False
                    ) -> tuple[pygame.Rect | None, pygame.Rect]:
    """Where a building's name (None: it fits nowhere whole, its pictogram tells it) and its
    pictogram go in its cell ``r``, a margin of 6 px kept on every side of the name; in an
    ``empty`` building (nobody on it) a name too long for a line takes two, left of the
    pictogram."""
    row = _top_row(r)
    pict = pygame.Rect(r.left + 5, r.top + 4, row - 2, row - 2)
    label_h = max(r.height - fig - 8, row)
    beside = pygame.Rect(pict.right + 4, r.top + 2, r.right - pict.right - 10, label_h)
    whole = pygame.Rect(r.left + 6, r.top + 2, r.width - 12, label_h)
    fits = label_lines(label, size, whole.width, _rows(size, whole.height)) is not None \
        and whole.height >= line_height(size)
    if r.height >= SHORT and label_lines(label, size, beside.width,
                                         _rows(size, beside.height)) is not None \
            and beside.height >= line_height(size):
        return beside, pict
    used = line_height(size) + 4 if fits else 0
    side = max(min(PICTOGRAM_MOST, r.height - used - 8, r.width // 3), row - 2)
    pict = pygame.Rect(0, 0, side, side)
    pict.bottomright = (r.right - 6, r.bottom - 4)
    if not fits and empty:
        two = pygame.Rect(r.left + 6, r.top + 2, pict.left - r.left - 10, r.height - 6)
        if label_lines(label, size, two.width, _rows(size, two.height)) is not None:
            return two, pict
    return (whole if fits else None), pict


def _building_cell(surface: pygame.Surface, state: GameState, b: object, r: pygame.Rect,
                   marked: bool, size: int, fig: int) -> None:
    """A building: its pictogram and (where it fits whole) its name on the top line (beside
    the pictogram in a tall cell; in a low one, or if it needs it, over the whole line with
    the pictogram large at the foot, right); the adults standing or lying from the left, the
    children from the right."""
    cat = state.catalogue
    face = SELECTED if marked else BUTTON
    pygame.draw.rect(surface, face, r, border_radius=6)
    pygame.draw.rect(surface, INK if marked else BUTTON_EDGE, r, 3 if marked else 2,
                     border_radius=6)
    label = building(cat, b.type)  # type: ignore[attr-defined]
    box, pict = building_layout(r, label, size, fig,
                                not b.adults and not b.children)  # type: ignore[attr-defined]
    if box is not None:
        _label(surface, label, box, size, face)
    right = pict.left - 2 if pict.bottom >= r.bottom - 4 else r.right - 5
    pictograms.building(surface, cat, b.type, pict)  # type: ignore[attr-defined]
    adults = b.adults  # type: ignore[attr-defined]
    children = b.children  # type: ignore[attr-defined]
    kid = child_size(fig)
    widths = [(fig if not a.awake else fig * 11 // 20) + 4 for a in adults]
    kid_w = kid * 3 // 5 + 2
    room = right - r.left - 5 - len(children) * kid_w
    squeeze = min(1.0, room / max(sum(widths), 1))
    x = r.left + 5
    for a, w in zip(adults, widths, strict=True):
        half = w // 2
        _adult(surface, a, (x + half, r.bottom - (fig // 2 if a.awake else fig * 11 // 40) - 4),
               fig)
        x += max(int(w * squeeze), 6)
    x = right
    for c, sex in children:
        figure(surface, c, sex, True, (x - kid_w // 2, r.bottom - kid // 2 - 4), kid,
               child=True)
        x -= kid_w
    too_small("villager", fig, FIGURE_MIN)


def draw_village(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                 highlight: set[Cell] | None = None, quarters: bool = False
                 ) -> dict[Cell, pygame.Rect]:
    grid = _grid(state, village_, area)
    rects = cell_rects(state, village_, area)
    v = state.villages[village_]
    cat = state.catalogue
    some = next(iter(rects.values()))
    fig = figure_size(some)
    row = _top_row(some)
    size = label_size([building(cat, b.type) for b in v.buildings.values()],
                      some.width - 10, max(some.height - fig - 8, row))
    for (x, y), r in rects.items():
        b = v.buildings.get(Cell(x, y))
        marked = bool(highlight and (x, y) in highlight)
        if b is None:
            pygame.draw.rect(surface, SELECTED if marked else PANEL, r, border_radius=6)
            pygame.draw.rect(surface, INK if marked else GRID, r, 2 if marked else 1,
                             border_radius=6)
            continue
        _building_cell(surface, state, b, r, marked, size, fig)
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
    coins = sum(laid.values())
    shown = waiting[:max((centre_rect.width - 30 * coins - 50) // step, 1)]
    for c, sex in shown:
        figure(surface, c, sex, True, (x, centre_rect.bottom - fig // 2 - 4), fig)
        x += step
    if len(waiting) > len(shown):
        draw_text(surface, f"+{len(waiting) - len(shown)}",
                  pygame.Rect(x - step // 2, centre_rect.bottom - 30, 44, 26), PICTURE_TEXT,
                  INK, min_size=PICTURE_TEXT, picture=True, bg=CENTRE)
    cx = centre_rect.right - 16
    for c, n in sorted(laid.items()):
        for _i in range(n):
            coin(surface, c, (cx, centre_rect.centery + 6), 13)
            cx -= 30
    # The left/right midline runs through the centre; side buildings (y = 0) lie in a top and
    # a bottom quarter both, so there is no top/bottom line beside them.
    mid = centre_rect.centerx
    whole = centre_rect.unionall(list(grid.values()))
    pygame.draw.line(surface, INK, (mid, whole.top), (mid, centre_rect.top - 2), 2)
    pygame.draw.line(surface, INK, (mid, centre_rect.bottom + 2), (mid, whole.bottom), 2)
    if quarters:  # each quarter with sleepers: its buildings tinted, the quarter framed
        asleep = sleeping_quarters(state, village_)
        for q in QUARTERS:
            cells = asleep.get(q, [])
            if not cells:
                continue
            mine = [r for c, r in grid.items() if c not in ((0, 0), (1, 0)) and in_quarter(c, q)]
            for r in mine:
                tint = pygame.Surface(r.size, pygame.SRCALPHA)
                tint.fill((*HIGHLIGHT, 40))
                surface.blit(tint, r.topleft)
            _outline(surface, mine, q, HIGHLIGHT, 3)
    return rects


def _outline(surface: pygame.Surface, cells: list[pygame.Rect], quarter: str,
             colour: tuple[int, int, int], width: int) -> None:
    """A quarter's frame: every cell of it outlined on its own (a frame around the quarter's
    bounding box would run over the village centre), a top quarter's just outside its cells,
    a bottom quarter's just inside, so the side cells (in both) show two frames that never
    share a line, and no middle cell is left ambiguous."""
    grow = 4 if quarter.startswith("top") else -6
    for r in cells:
        pygame.draw.rect(surface, colour, r.inflate(grow, grow), width, border_radius=8)


def frame_quarter(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                  quarter: str, colour: tuple[int, int, int], width: int = 5) -> None:
    """Frames the cells of one quarter (what "Do it" wakes), never the village centre."""
    grid = _grid(state, village_, area)
    cells = [r for c, r in grid.items() if c not in ((0, 0), (1, 0)) and in_quarter(c, quarter)]
    _outline(surface, cells, quarter, colour, width)


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


def _tile(surface: pygame.Surface, rect: pygame.Rect, colour: str | None, label: str) -> None:
    pygame.draw.rect(surface, TILE_FACE, rect, border_radius=4)
    pygame.draw.rect(surface, PLAYER[colour] if colour else INK, rect, 3, border_radius=4)
    if colour in LIGHT:
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    if label:
        draw_text(surface, label, rect.inflate(-4, -4), PICTURE_TEXT, INK,
                  min_size=PICTURE_TEXT, align="center", valign="middle", picture=True,
                  bg=TILE_FACE)


def draw_piece(surface: pygame.Surface, step: TableStep, rect: pygame.Rect,
               catalogue: object = None) -> None:
    """The piece a step moves, in its colour, inside ``rect``; a building, a goods tile with
    its pictogram (given the ``catalogue``)."""
    params = step.message.params
    c = step.colour
    cx, cy = rect.center
    size = min(rect.width, rect.height)
    if step.piece in (VILLAGER, CHILD):
        # a child smaller than an adult, yet neither under FIGURE_MIN (its shape tells it)
        h = max(size * 9 // 10 if step.piece == VILLAGER else size * 2 // 3, FIGURE_MIN)
        figure(surface, c or "white", step.sex or Sex.M,
               bool(step.awake) if step.piece == VILLAGER else True, (cx, cy), h,
               child=step.piece == CHILD)
    elif step.piece == COIN and c:
        radius = size // 3
        n = min(step.n, 3)
        if step.character and rect.width > rect.height * 5 // 4:  # the coins, and on what
            t = pygame.Rect(0, 0, size * 3 // 5, size * 3 // 5)
            t.midright = (rect.right - 2, cy)
            tile_icon(surface, step.character, t)
            cx = (rect.left + t.left) // 2
            radius = min(radius, (t.left - rect.left - (n - 1) * 12) // 2 - 2)
        for i in range(n):
            coin(surface, c, (cx - (n - 1) * 6 + i * 12, cy - (n - 1) * 4 + i * 8), radius)
    elif step.piece == NEUTRAL_COIN:
        pygame.draw.circle(surface, NEUTRAL_COIN_COLOUR, (cx, cy), size // 3)
        pygame.draw.circle(surface, INK, (cx, cy), size // 3, 2)
        pygame.draw.circle(surface, (250, 250, 250), (cx, cy), size // 6)
    elif step.piece == CUBE and c:
        r = pygame.Rect(0, 0, size // 2, size // 2)
        r.center = (cx, cy + 3)
        pygame.draw.line(surface, INK, r.topleft, (r.left + 6, r.top - 6), 2)
        pygame.draw.line(surface, INK, r.topright, (r.right + 6, r.top - 6), 2)
        pygame.draw.line(surface, INK, (r.left + 6, r.top - 6), (r.right + 6, r.top - 6), 2)
        cube(surface, c, r)
    elif step.piece == CHARACTER_TILE and step.character:
        r = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
        r.center = (cx, cy)
        tile_icon(surface, step.character, r, used=step.code in ("table.tile_face_down",
                                                  "table.back.tile_face_up"),
                  colour=c)
    elif step.piece == CHARACTER_TILE:  # all tiles face up again
        for i, ch in enumerate(("builder", "priest")):
            r = pygame.Rect(0, 0, size // 2, size // 2)
            r.center = (cx - size // 6 + i * size // 3, cy)
            tile_icon(surface, ch, r)
    elif step.piece == GOODS_TILE and params.get("good"):
        r = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
        r.center = (cx, cy)
        _tile(surface, r, c, "")
        pictograms.good(surface, str(params["good"]), r.inflate(-r.width // 4, -r.height // 4))
    elif step.piece in (GOODS_TILE, BRANCH_TILE, VILLAGE_TILE):
        r = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
        r.center = (cx, cy)
        _tile(surface, r, c, _("VP"))
    elif step.piece == BUILDING:
        r = pygame.Rect(0, 0, size * 3 // 4, size * 3 // 4)
        r.center = (cx, cy)
        pygame.draw.rect(surface, BUTTON, r, border_radius=4)
        pygame.draw.rect(surface, PLAYER[c] if c else BUTTON_EDGE, r, 3, border_radius=4)
        roof = r.inflate(-r.width // 3, -r.height // 3)
        kind = params.get("building")
        if catalogue is not None and kind in getattr(catalogue, "buildings", {}):
            pictograms.building(surface, catalogue, str(kind), r.inflate(-r.width // 5,
                                                                         -r.height // 5))
        else:
            pygame.draw.polygon(surface, INK, [(roof.left, roof.centery),
                                               (roof.centerx, roof.top),
                                               (roof.right, roof.centery)], 2)
            pygame.draw.rect(surface, INK, (roof.left + 3, roof.centery, roof.width - 6,
                                            roof.height // 2), 2)
    elif step.piece == TOKEN:
        pygame.draw.circle(surface, TILE_FACE, (cx, cy), size // 3)
        pygame.draw.circle(surface, PLAYER[c] if c else INK, (cx, cy), size // 3, 4)
        pygame.draw.circle(surface, INK, (cx, cy), size // 3, 1)
        draw_text(surface, "1", pygame.Rect(cx - 14, cy - 14, 28, 28), 24, INK,
                  align="center", valign="middle")
    elif step.piece == SCORE and c:  # the marker (with its initial) and the score
        r = pygame.Rect(0, 0, size * 2 // 5, size * 2 // 5)
        r.center = (cx - size // 4, cy)
        pygame.draw.ellipse(surface, PLAYER[c], r)
        pygame.draw.ellipse(surface, INK, r, 2)
        mark(surface, initial(c), r, PLAYER_INK[c], PLAYER[c])
        draw_text(surface, str(step.n), pygame.Rect(r.right + 2, cy - 14, 44, 28), 24, INK,
                  min_size=PICTURE_TEXT, wrap=False, align="center", valign="middle",
                  bg=BUTTON, picture=True)


def cube(surface: pygame.Surface, colour: str, rect: pygame.Rect) -> None:
    """A player's cube: its colour with the initial, a dark edge."""
    pygame.draw.rect(surface, PLAYER[colour], rect)
    pygame.draw.rect(surface, INK, rect, 2)
    mark(surface, initial(colour), rect.inflate(-2, -2), PLAYER_INK[colour], PLAYER[colour],
         rect.height - 4)


def step_picture(surface: pygame.Surface, step: TableStep, state: GameState,
                 rect: pygame.Rect) -> None:
    """A table step's picture: the village with the cell marked and the piece beside it, or
    the piece alone."""
    pygame.draw.rect(surface, BUTTON, rect, border_radius=6)
    pygame.draw.rect(surface, BUTTON_EDGE, rect, 1, border_radius=6)
    if step.village is not None and step.village in state.villages:
        left = pygame.Rect(rect.left + 3, rect.top + 3, rect.width * 3 // 5, rect.height - 6)
        mini_village(surface, state, step.village, left, step.cell)
        right = pygame.Rect(left.right + 2, rect.top + 3, rect.right - left.right - 5,
                            rect.height - 6)
        draw_piece(surface, step, right, state.catalogue)
    else:
        draw_piece(surface, step, rect.inflate(-6, -6), state.catalogue)


__all__ = ["QUARTERS", "PLAYER_INK", "cell_rects", "draw_piece", "draw_village", "figure",
           "frame_quarter", "mini_village", "quarter_rects", "step_picture", "tile_icon"]
