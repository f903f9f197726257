"""Pictures: a village drawn as its grid (the centre, the buildings with their villagers by
colour with the initial, a hat for men, standing when awake, lying when asleep, children, and
the quarters' midlines); a small village with one cell marked, for a table step; the pieces
(coins with initials, cubes, tiles with icons, the start-player token)."""

from __future__ import annotations

import pygame

from ..engine import GameState
from ..engine.characters import sleeping_quarters
from ..engine.grid import QUARTERS, Cell, open_ring, ring, ring_cells
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
from .hyphenate import in_two
from .i18n import _, building, initial, village_title
from .ui import (
    BUTTON,
    BUTTON_EDGE,
    GRID,
    HIGHLIGHT,
    INK,
    LIGHT,
    PANEL,
    PLAYER,
    PLAYER_INK,
    SELECTED,
    coin,
    draw_text,
    font,
)

CELL_W, CELL_H = 124, 84
FIGURE = 44
"""A standing figure's height in the village picture (twice the first version's)."""
CENTRE = (214, 224, 200)
NEUTRAL_COIN_COLOUR = (120, 120, 120)


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
    return {(x, y): pygame.Rect(left + (x - min(xs)) * w, top + (y - min(ys)) * h, w - gap,
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
    centre = grid[(0, 0)].union(grid[(1, 0)])
    whole = grid[(0, 0)].unionall(list(grid.values()))
    mid_x, mid_y = centre.centerx, centre.centery
    return {
        "top_left": pygame.Rect(whole.left, whole.top, mid_x - whole.left, mid_y - whole.top),
        "top_right": pygame.Rect(mid_x, whole.top, whole.right - mid_x, mid_y - whole.top),
        "bottom_left": pygame.Rect(whole.left, mid_y, mid_x - whole.left, whole.bottom - mid_y),
        "bottom_right": pygame.Rect(mid_x, mid_y, whole.right - mid_x, whole.bottom - mid_y),
    }


def figure(surface: pygame.Surface, colour: str, sex: str, awake: bool,
           pos: tuple[int, int], height: int = FIGURE) -> None:
    """A villager: a figure in the player's colour with a dark outline; men wear a hat (a
    broad brim and a crown on the head end); standing when awake, lying when asleep."""
    w, h = max(height * 9 // 20, 4), height
    if not awake:
        w, h = h, w
    rect = pygame.Rect(0, 0, w, h)
    rect.center = pos
    body = PLAYER.get(colour, NEUTRAL_COIN_COLOUR)
    if awake:
        head = pygame.Rect(0, 0, w * 3 // 4, w * 3 // 4)
        head.midtop = rect.midtop
        torso = pygame.Rect(rect.left, head.bottom - 2, w, rect.bottom - head.bottom + 2)
    else:
        head = pygame.Rect(0, 0, h * 3 // 4, h * 3 // 4)
        head.midleft = rect.midleft
        torso = pygame.Rect(head.right - 2, rect.top, rect.right - head.right + 2, h)
    pygame.draw.ellipse(surface, body, torso)
    pygame.draw.ellipse(surface, INK, torso, 2 if height >= 24 else 1)
    pygame.draw.ellipse(surface, body, head)
    pygame.draw.ellipse(surface, INK, head, 2 if height >= 24 else 1)
    if sex == Sex.M:  # the hat: a brim across the head and a crown above it
        t = max(height // 14, 2)
        if awake:
            pygame.draw.line(surface, INK, (head.left - t, head.top + t),
                             (head.right + t, head.top + t), t + 1)
            pygame.draw.rect(surface, INK, (head.left + head.width // 4, head.top - t * 2,
                                            head.width // 2, t * 2 + 1))
        else:
            pygame.draw.line(surface, INK, (head.left + t, head.top - t),
                             (head.left + t, head.bottom + t), t + 1)
            pygame.draw.rect(surface, INK, (head.left - t * 2, head.top + head.height // 4,
                                            t * 2 + 1, head.height // 2))


LABEL = 20
LABEL_MIN = 14
"""Labels on a picture: one size for all (from LABEL down to LABEL_MIN), on two lines."""
def label_lines(s: str, size: int, width: int, lines: int = 2) -> list[str] | None:
    """``s`` in at most ``lines`` lines of ``width`` at ``size``: whole words, a word longer
    than a line hyphenated; None if it does not fit."""
    f = font(size)
    out: list[str] = []
    for word in s.split(" "):
        if out and f.size(out[-1] + " " + word)[0] <= width and not out[-1].endswith("-"):
            out[-1] += " " + word
        elif f.size(word)[0] <= width:
            out.append(word)
        else:
            parts = in_two(word, lambda s: f.size(s)[0] <= width)
            if parts is None:
                return None
            out += parts
    return out if len(out) <= lines else None


def label_size(texts: list[str], width: int, height: int) -> int:
    """The one size at which every label of a picture fits its box (two lines at most)."""
    for size in range(LABEL, LABEL_MIN - 1, -1):
        room = max(1, (height - font(size).get_height()) // font(size).get_linesize() + 1)
        if all(label_lines(t, size, width, min(room, 2)) is not None for t in texts):
            return size
    return LABEL_MIN


def _label(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int, bg: tuple[int, ...]
           ) -> None:
    room = max(1, (rect.height - font(size).get_height()) // font(size).get_linesize() + 1)
    lines = label_lines(s, size, rect.width, min(room, 2))
    draw_text(surface, "\n".join(lines) if lines else s, rect, size, INK, min_size=size,
              bg=bg)


def _adult(surface: pygame.Surface, a: Adult, pos: tuple[int, int], height: int) -> None:
    figure(surface, a.colour, a.sex, a.awake, pos, height)


def draw_village(surface: pygame.Surface, state: GameState, village_: str, area: pygame.Rect,
                 highlight: set[Cell] | None = None, quarters: bool = False
                 ) -> dict[Cell, pygame.Rect]:
    grid = _grid(state, village_, area)
    rects = cell_rects(state, village_, area)
    v = state.villages[village_]
    cat = state.catalogue
    some = next(iter(rects.values()))
    fig = min(FIGURE, max(some.height - 40, 14))  # room above for a label of two lines
    # Clear of a man's hat; in the smallest cells two lines of the smallest labels first.
    label_h = max(some.height - fig - 9, min(some.height - fig - 4, 30), 20)
    size = label_size([building(cat, b.type) for b in v.buildings.values()], some.width - 6,
                      label_h)
    for (x, y), r in rects.items():
        b = v.buildings.get((x, y))
        marked = bool(highlight and (x, y) in highlight)
        if b is None:
            pygame.draw.rect(surface, SELECTED if marked else PANEL, r, border_radius=6)
            pygame.draw.rect(surface, INK if marked else GRID, r, 2 if marked else 1,
                             border_radius=6)
            continue
        pygame.draw.rect(surface, SELECTED if marked else BUTTON, r, border_radius=6)
        pygame.draw.rect(surface, INK if marked else BUTTON_EDGE, r, 3 if marked else 2,
                         border_radius=6)
        # A label on the picture: one size for all cells (smaller than body text, never
        # cut), above the figures, on two lines if need be.
        _label(surface, building(cat, b.type), pygame.Rect(r.left + 3, r.top + 2, r.width - 6,
                                                           label_h), size,
               SELECTED if marked else BUTTON)
        step = min(fig * 2 // 3 + 4, (r.width - 8) // max(len(b.adults), 1))
        x = r.left + 6
        for a in b.adults:  # side by side inside the cell, lying ones as long as they lie
            half = fig // 2 + 4 if not a.awake else fig // 4
            _adult(surface, a, (x + half, r.bottom - fig // 2 - 3), fig)
            x += max(2 * half + 2, step)
        for i, (c, sex) in enumerate(b.children):
            figure(surface, c, sex, False, (r.right - fig // 3 - 4,
                                            r.bottom - 8 - i * (fig // 3 + 2)), fig * 2 // 3)
    # The centre itself: two cells wide.
    centre_rect = grid[(0, 0)].union(grid[(1, 0)])
    pygame.draw.rect(surface, CENTRE, centre_rect, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, centre_rect, 2, border_radius=8)
    label = village_title("neutral" if v.neutral else village_)
    title = pygame.Rect(centre_rect.left + 6, centre_rect.top + 2, centre_rect.width - 12,
                        max(centre_rect.height - fig - 4, 22))
    _label(surface, label, title, label_size([label], title.width, title.height), CENTRE)
    waiting = [(village_, s) for s in SEXES for _i in range(v.centre[s])]
    x = centre_rect.left + 6 + fig // 4
    shown = waiting[:max((centre_rect.width // 2) // (fig // 2 + 2), 1)]
    for c, sex in shown:
        figure(surface, c, sex, True, (x, centre_rect.bottom - fig // 2 - 3), fig)
        x += fig // 2 + 2
    if len(waiting) > len(shown):
        draw_text(surface, f"+{len(waiting) - len(shown)}",
                  pygame.Rect(x, centre_rect.bottom - 26, 40, 24), 20, INK, min_size=14)
    cx = centre_rect.right - 16
    for c, n in sorted(v.coins.items()):
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
        for q, r in quarter_rects(state, village_, area).items():
            cells = asleep.get(q, [])
            if not cells:
                continue
            tint = pygame.Surface(r.size, pygame.SRCALPHA)
            tint.fill((*HIGHLIGHT, 40))
            surface.blit(tint, r.topleft)
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 3, border_radius=10)
    return rects


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
    centre = grid[(0, 0)].union(grid[(1, 0)])
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
    face = (86, 82, 76) if used else (250, 244, 226)
    pygame.draw.rect(surface, face, rect, border_radius=4)
    pygame.draw.rect(surface, PLAYER[colour] if colour else INK, rect, 3 if colour else 2,
                     border_radius=4)
    if colour in LIGHT or colour is None:
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    r = rect.inflate(-rect.width // 3, -rect.height // 3)
    ink = (176, 170, 160) if used else INK
    if character == "builder":  # a house
        pygame.draw.polygon(surface, ink, [(r.left, r.centery), (r.centerx, r.top),
                                           (r.right, r.centery)])
        pygame.draw.rect(surface, ink, (r.left + r.width // 6, r.centery, r.width * 2 // 3,
                                        r.height // 2), 2)
    elif character == "carter":  # a cart: a box on two wheels
        pygame.draw.rect(surface, ink, (r.left, r.top + r.height // 5, r.width,
                                        r.height // 2), 2)
        rad = max(r.width // 6, 2)
        for x in (r.left + rad + 1, r.right - rad - 1):
            pygame.draw.circle(surface, ink, (x, r.bottom - rad), rad, 2)
    elif character == "night_watchman":  # a crescent moon
        pygame.draw.circle(surface, ink, r.center, r.width // 2)
        pygame.draw.circle(surface, face, (r.centerx + r.width // 4, r.centery - r.height // 8),
                           r.width // 2)
    elif character == "priest":  # two rings
        rad = max(r.width // 4, 3)
        pygame.draw.circle(surface, ink, (r.centerx - rad // 2 - 1, r.centery), rad, 2)
        pygame.draw.circle(surface, ink, (r.centerx + rad // 2 + 1, r.centery), rad, 2)
    elif character == "midwife":  # a cradle with a child
        pygame.draw.arc(surface, ink, r.inflate(0, -r.height // 3), 3.3, 6.1, 3)
        pygame.draw.circle(surface, ink, (r.centerx, r.centery - r.height // 6),
                           max(r.width // 6, 2))


def _tile(surface: pygame.Surface, rect: pygame.Rect, colour: str | None, label: str) -> None:
    pygame.draw.rect(surface, (250, 244, 226), rect, border_radius=4)
    pygame.draw.rect(surface, PLAYER[colour] if colour else INK, rect, 3, border_radius=4)
    if colour in LIGHT:
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
    draw_text(surface, label, rect.inflate(-6, -6), 20, INK, min_size=12, align="center",
              valign="middle")


def draw_piece(surface: pygame.Surface, step: TableStep, rect: pygame.Rect) -> None:
    """The piece a step moves, in its colour, inside ``rect``."""
    c = step.colour
    cx, cy = rect.center
    size = min(rect.width, rect.height)
    if step.piece in (VILLAGER, CHILD):
        h = size * 9 // 10 if step.piece == VILLAGER else size * 2 // 3
        figure(surface, c or "white", step.sex or Sex.M,
               bool(step.awake) if step.piece == VILLAGER else False, (cx, cy), h)
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
        pygame.draw.polygon(surface, INK, [(roof.left, roof.centery), (roof.centerx, roof.top),
                                           (roof.right, roof.centery)], 2)
        pygame.draw.rect(surface, INK, (roof.left + 3, roof.centery, roof.width - 6,
                                        roof.height // 2), 2)
    elif step.piece == TOKEN:
        pygame.draw.circle(surface, (250, 244, 226), (cx, cy), size // 3)
        pygame.draw.circle(surface, PLAYER[c] if c else INK, (cx, cy), size // 3, 4)
        pygame.draw.circle(surface, INK, (cx, cy), size // 3, 1)
        draw_text(surface, "1", pygame.Rect(cx - 14, cy - 14, 28, 28), 24, INK,
                  align="center", valign="middle")
    elif step.piece == SCORE and c:  # the marker (with its initial) and the score
        r = pygame.Rect(0, 0, size * 2 // 5, size * 2 // 5)
        r.center = (cx - size // 4, cy)
        pygame.draw.ellipse(surface, PLAYER[c], r)
        pygame.draw.ellipse(surface, INK, r, 2)
        draw_text(surface, initial(c), r, 20, PLAYER_INK[c], min_size=10, wrap=False,
                  align="center", valign="middle", bg=PLAYER[c])
        draw_text(surface, str(step.n), pygame.Rect(r.right + 2, cy - 14, 44, 28), 24, INK,
                  min_size=14, wrap=False, align="center", valign="middle", bg=BUTTON)


def cube(surface: pygame.Surface, colour: str, rect: pygame.Rect) -> None:
    """A player's cube: its colour with the initial, a dark edge."""
    pygame.draw.rect(surface, PLAYER[colour], rect)
    pygame.draw.rect(surface, INK, rect, 2)
    draw_text(surface, initial(colour), rect.inflate(-2, -2), max(rect.height - 6, 12),
              PLAYER_INK[colour], min_size=10, wrap=False, align="center", valign="middle",
              bg=PLAYER[colour])


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
        draw_piece(surface, step, right)
    else:
        draw_piece(surface, step, rect.inflate(-6, -6))


__all__ = ["QUARTERS", "PLAYER_INK", "cell_rects", "draw_piece", "draw_village", "figure",
           "mini_village", "quarter_rects", "step_picture", "tile_icon"]
