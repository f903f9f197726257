"""The map of a game of Drunter & Drüber as the screens draw it: the printed board (buildings
with type and value, toilets, starts), the tiles laid (each in its road's colour, the figure
end marked with a dot, a bridge with its rails), the workers, and what a screen highlights
(the squares a tile may start on, the square chosen, a tile about to be placed, the standing
buildings); and its key, the meaning of every sign, over any Drunter screen ("?")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, partial

import pygame

from ....drunter.board import Square
from ....drunter.state import DrunterState, PlacedTile
from ...contract import AppView
from ...kit.paging import paged
from ...kit.widgets import (
    BACKGROUND,
    BUTTON,
    GRID,
    HIGHLIGHT,
    INK,
    LED_BAND_TOP,
    PLAYER,
    WARNING_INK,
    W,
    Widget,
    button,
    draw_text,
    font,
    text_height,
)
from ...words.i18n import N_, _
from ..parts import Screen
from .colours import ROAD_COLOURS, TOILET_COLOUR, TYPE_COLOURS

COVERED = (120, 114, 102)
WORKER = (250, 250, 250)
DIM = (214, 208, 194)


@dataclass(frozen=True)
class MapView:
    """Where the map lies on the screen: its top-left corner and the side of a square; and
    the numbers of its columns and rows, drawn on its top and left edges at ``label`` pixels
    (the words name a square "column 2, row 5" by them), ``cols`` x ``rows`` of them from
    ``first`` (the board screen shows a part of a larger map)."""

    left: int
    top: int
    cell: int
    cols: int = 0
    rows: int = 0
    label: int = 0
    """The numbers' size in pixels (0: no numbers)."""
    first: Square = (0, 0)
    every: int = 1
    """Every column numbered, or on a map too wide for that every 2nd or 5th, as a ruler."""

    @classmethod
    def fit(cls, state: DrunterState, rect: pygame.Rect, largest: int = 56) -> MapView:
        """The whole map of ``state`` in ``rect``, with its numbers on its edges."""
        return cls.grid(state.board.width, state.board.height, rect, largest)

    @classmethod
    def grid(cls, cols: int, rows: int, rect: pygame.Rect, largest: int = 56,
             first: Square = (0, 0)) -> MapView:
        """``cols`` x ``rows`` squares in ``rect``, the numbers on the top and left edges at
        24 px, or as large as fits beside squares of at least 12 px (a large map)."""
        for size in range(LABEL, MIN_LABEL - 1, -1):
            side = _widest(size, first[1], rows) + 8
            head = size + 6
            cell = max(12, min(largest, (rect.width - side) // cols,
                               (rect.height - head) // rows))
            if _widest(size, first[0], cols) <= cell - 2 or size == MIN_LABEL:
                break
        left = rect.left + side + (rect.width - side - cell * cols) // 2
        wide = _widest(size, first[0], cols) + 2
        every = next(k for k in (1, 2, 5, 10) if wide <= k * cell or k == 10)
        return cls(left, rect.top + head, cell, cols, rows, size, first, every)

    def rect(self, sq: Square) -> pygame.Rect:
        return pygame.Rect(self.left + sq[0] * self.cell, self.top + sq[1] * self.cell,
                           self.cell, self.cell)

    def column_label(self, col: int) -> pygame.Rect:
        """Where the number of column ``col`` (from 0, of those shown) stands: above it."""
        return pygame.Rect(self.left + col * self.cell, self.top - self.label - 6,
                           self.cell, self.label + 4)

    def row_label(self, row: int) -> pygame.Rect:
        """Where the number of row ``row`` (from 0, of those shown) stands: left of it."""
        side = _widest(self.label, self.first[1], self.rows) + 6
        return pygame.Rect(self.left - side - 2, self.top + row * self.cell, side,
                           self.cell)


@cache
def _widest(size: int, first: int, count: int) -> int:
    """The width of the widest of the numbers ``first + 1`` to ``first + count`` (the
    digits are not all as wide: 20 is wider than 21)."""
    f = font(size)
    return max(f.size(str(n))[0] for n in range(first + 1, first + count + 1))


LABEL, MIN_LABEL = 24, 12
"""The size of the numbers on the map's edges: body size, or down to 12 px on a large map."""


def draw_labels(s: pygame.Surface, view: MapView, focus: Square | None = None) -> None:
    """The columns' numbers above the map, the rows' left of it, from 1 as the words count
    them; those of the ``focus`` square (the one chosen, the one voted on) white on ink, so
    the eye finds "column 3, row 5" at once."""
    if not view.label:
        return
    f = font(view.label)
    for i in range(view.cols + view.rows):
        col = i < view.cols
        r = view.column_label(i) if col else view.row_label(i - view.cols)
        n = (view.first[0] + i if col else view.first[1] + i - view.cols) + 1
        lit = focus is not None and focus[0 if col else 1] == n - 1
        if col and not lit and (n % view.every or (
                focus is not None and 0 < abs(focus[0] + 1 - n) < view.every)):
            continue  # a wide map: a ruler's numbers, and always the chosen column's
        if lit:
            pygame.draw.rect(s, INK, r, border_radius=4)
        img = f.render(str(n), True, WORKER if lit else INK)
        at = img.get_rect(center=r.center) if col else img.get_rect(
            midright=(r.right - 3, r.centery))
        s.blit(img, at)


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
             standing: Mapping[str, str] | None = None, dim_covered: bool = False,
             picked: Square | None = None, back: Iterable[Square] = ()) -> None:
    """The map, its columns and rows numbered on its edges (those of ``picked`` stand
    out). ``marks``: squares outlined (where
    a tile may start); ``picked``: the square chosen, framed thick in ink with a corner flag
    (it reads at a metre, not by shade); ``preview``: a tile drawn where it would go;
    ``standing``: building type -> a player colour, whose standing buildings are outlined in
    it (the end's scoring), the others dimmed; ``back``: squares the red take-back steps name
    after an undo, framed red."""
    b = state.board
    draw_labels(s, view, picked)
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
    for sq in back:
        pygame.draw.rect(s, WARNING_INK, view.rect(sq).inflate(-2, -2), max(4, c // 8))
    if picked is not None:
        r = view.rect(picked)
        pygame.draw.rect(s, INK, r.inflate(4, 4), max(4, c // 8))
        k = max(8, c // 3)
        pygame.draw.polygon(s, INK, [r.topleft, (r.left + k, r.top), (r.left, r.top + k)])
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


KEY = (
    ("numbers", N_("1, 2, 3 on the map's edges: the columns, counted across the top, and the "
                   "rows, down the left. The texts name a square by them: \"column 3, row 5\"; "
                   "the numbers of the square chosen stand out, white on black.")),
    ("building", N_("A3: a building of type A (the six types are A to F, as your building cards "
                    "are lettered), worth 3 points while no road covers it.")),
    ("toilet", N_("WC: a public toilet. A tile over it calls a vote (in the variant: no "
                  "vote).")),
    ("street", N_("Brown: the street, from the inn.")),
    ("wall_1", N_("Dark red: the two walls, from the guard posts; 1 and 2 beside dark red: the "
                  "first and the second wall.")),
    ("canal", N_("Blue: the canal, from the water source. A framed square: where a road "
                 "starts.")),
    ("worker", N_("A ring: a road's worker, on its last square. A white dot: a tile's figure "
                  "end; two white lines: a bridge.")),
    ("hand", N_("3\u00d7 beside a tile: the player still holds 3 tiles of this kind and length "
                "(the tile drawn 3, 2 or 1 squares long). Greyed, or 0\u00d7: none left, or it "
                "fits nowhere now; tap it to read why.")),
    ("mark", N_("Orange frame: where the chosen tile may start; thick black frame: the square "
                "chosen.")),
    ("way", N_("An arrow: the way the tile runs from the square chosen; a dot: a 1-square "
               "tile, which runs no way.")),
    ("back", N_("Red frame, after an undo: a square the red steps name; take back what lies "
                "there. \"Take back (4)\": 4 such steps, tap it to read them.")),
    ("cards", N_("JA, JAA, JAAA: 1 to 3 votes for the tile; NE, NEE, NEEE: 1 to 3 against; "
                 "JEEIIN: 2, for or against; \"..?\": no vote, back to the hand.")),
    ("scores", N_("At the end: each player's points, and in brackets the card it showed; the "
                  "crown: who wins. \u22643, \u22644, min, 1: the variant's special cards "
                  "(all 3er buildings, all 4er buildings, the lowest of each type, every "
                  "standing building 1 point).")),
    ("size", N_("Entering the board: 9 \u00d7 7 is the map's width \u00d7 height in squares; "
                "\"value 3\": the value the next building tapped gets.")),
)
"""Every sign of the Drunter screens, with its picture (``_key_picture``)."""


KEY_TEXT_W = W - 16 - 72
KEY_ROOM = 396
"""The key's text column and the height its signs may take above its buttons."""


def key_button(app: AppView, rect: tuple[int, int, int, int]) -> Widget:
    """"?": what every sign on the map and the cards means, over the screen."""
    return button("key", rect, "?", lambda: setattr(app, "overlay", DrunterKey()))


class DrunterKey(Screen):
    """The key to the map and the cards, over the screen: as many pages as the language needs
    (every text whole, at body size)."""

    def __init__(self) -> None:
        self.page = 0

    @staticmethod
    def pages() -> list[list[int]]:
        return paged([max(text_height(_(words), KEY_TEXT_W), 44) + 4 for _sign, words in KEY],
                     KEY_ROOM)

    def layout(self, app: AppView) -> list[Widget]:
        out = [button("key:close", (W - 188, 412, 168, 60), _("Close"),
                      lambda: setattr(app, "overlay", None), style="primary")]
        n = len(self.pages())
        if n > 1:
            out.append(button("key:prev", (20, 412, 64, 60), "<",
                              lambda: setattr(self, "page", self.page - 1),
                              enabled=self.page > 0))
            more = self.page < n - 1
            out.append(button("key:next", (92, 412, 64, 60), ">",
                              lambda: setattr(self, "page", self.page + 1), enabled=more,
                              style="primary" if more else "button"))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(8, 8, W - 16, LED_BAND_TOP - 8)
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        y = box.top + 8
        pages = self.pages()
        for i in pages[min(self.page, len(pages) - 1)]:
            sign, words = KEY[i]
            r = pygame.Rect(box.left + 60, y, KEY_TEXT_W, box.top + 8 + KEY_ROOM - y)
            _key_picture(s, sign, pygame.Rect(box.left + 10, y + 2, 40, 40))
            y = max(draw_text(s, _(words), r, 24, INK).bottom, y + 44) + 4


def _key_picture(s: pygame.Surface, sign: str, r: pygame.Rect) -> None:
    if sign in ROAD_COLOURS:
        pygame.draw.rect(s, ROAD_COLOURS[sign], r)
        pygame.draw.rect(s, INK, r, 2)
        if sign == "wall_1":
            _picture_label(s, "1", r, WORKER)
        return
    bg = {"building": TYPE_COLOURS["A"], "toilet": TOILET_COLOUR}.get(sign, BUTTON)
    pygame.draw.rect(s, bg, r)
    pygame.draw.rect(s, GRID, r, 1)
    label = {"building": "A3", "toilet": "WC", "cards": "..?", "numbers": "1 2",
             "hand": "3\u00d7", "size": "\u00d7"}.get(sign)
    if label:
        _picture_label(s, label, r, INK)
    elif sign == "worker":
        pygame.draw.circle(s, WORKER, r.center, 14)
        pygame.draw.circle(s, ROAD_COLOURS["street"], r.center, 11)
        pygame.draw.circle(s, INK, r.center, 14, 2)
    elif sign == "mark":
        pygame.draw.rect(s, HIGHLIGHT, r.inflate(-2, -2), 4)
    elif sign == "back":
        pygame.draw.rect(s, WARNING_INK, r.inflate(-2, -2), 5)
    elif sign == "way":
        cx, cy = r.center
        pygame.draw.line(s, INK, (cx - 12, cy), (cx + 8, cy), 4)
        pygame.draw.polygon(s, INK, [(cx + 16, cy), (cx + 4, cy - 8), (cx + 4, cy + 8)])
    elif sign == "scores":
        crown(s, r.move(-r.width + 38, 0))


def _picture_label(s: pygame.Surface, label: str, r: pygame.Rect,
                   ink: tuple[int, int, int]) -> None:
    img = font(20).render(label, True, ink)
    s.blit(img, img.get_rect(center=r.center))


def crown(s: pygame.Surface, r: pygame.Rect) -> None:
    """The winner's mark, at the right end of ``r`` (a score's row, the key)."""
    x, y = r.right - 40, r.centery
    points = [(x, y + 10), (x, y - 8), (x + 8, y), (x + 16, y - 12), (x + 24, y),
              (x + 32, y - 8), (x + 32, y + 10)]
    pygame.draw.polygon(s, (222, 170, 20), points)
    pygame.draw.polygon(s, INK, points, 2)


Words = list[tuple[str, tuple[int, int, int]]]


def word_pages(words: Words, width: int, room: int) -> list[list[int]]:
    """The texts in pages of ``room`` pixels high at ``width`` (each whole, at body size): as
    many pages as the language and the number of steps need (the first text on each page)."""
    return paged([text_height(part, width) + 6 for part, _colour in words], room)


def page_buttons(key: str, screen: PagedWords, x: int, y: int) -> list[Widget]:
    """"<" and ">" at (x, y) when ``screen``'s texts take more than one page."""
    n = len(screen.pages())
    if n < 2:
        return []
    more = screen.page < n - 1
    return [button(f"{key}:prev", (x, y, 64, 60), "<",
                   lambda: setattr(screen, "page", screen.page - 1), enabled=screen.page > 0),
            button(f"{key}:next", (x + 72, y, 64, 60), ">",
                   lambda: setattr(screen, "page", screen.page + 1), enabled=more,
                   style="primary" if more else "button")]


class PagedWords(Screen):
    """An overlay whose texts (``words``, each in its colour) run in one column
    ``WIDTH`` wide over as many pages ``ROOM`` high as they need, each text whole."""

    WIDTH = 0
    ROOM = 0

    def __init__(self, words: Words) -> None:
        self.words = words
        self.page = 0

    def pages(self) -> list[list[int]]:
        return word_pages(self.words, self.WIDTH, self.ROOM)

    def draw_words(self, s: pygame.Surface, left: int, top: int) -> None:
        """This page's texts, from (left, top)."""
        pages = self.pages()
        y = top
        for i in pages[min(self.page, len(pages) - 1)]:
            words, colour = self.words[i]
            y = draw_text(s, words, pygame.Rect(left, y, self.WIDTH, top + self.ROOM - y), 24,
                          colour).bottom + 6


class DrunterMapOverlay(PagedWords):
    """The map over a screen that names a square but has no room for the map (the vote, the
    steps to take back): the same numbers on its edges, the square named framed, its column
    and row numbers white on ink, beside the words that name it (on pages, "<" ">", where
    they need more room than the map's height). "Close" goes back to the screen."""

    WIDTH = W - 16 - 468
    ROOM = 404 - 20

    def __init__(self, state: DrunterState, words: Words, focus: Square | None = None,
                 back: Iterable[Square] = ()) -> None:
        super().__init__(words)
        self.state = state
        self.focus = focus
        self.back = list(back)

    def layout(self, app: AppView) -> list[Widget]:
        return [button("map:close", (W - 188, 412, 168, 60), _("Close"),
                       lambda: setattr(app, "overlay", None), style="primary"),
                *page_buttons("map", self, 468, 412)]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(8, 8, W - 16, LED_BAND_TOP - 8)
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        view = MapView.fit(self.state, pygame.Rect(16, 14, 440, 456))
        draw_map(s, self.state, view, picked=self.focus, back=self.back)
        self.draw_words(s, 468, 20)


def map_button(app: AppView, rect: tuple[int, int, int, int], state: DrunterState,
               words: Words, focus: Square | None = None,
               back: Iterable[Square] = ()) -> Widget:
    """"On the map": the map over the screen (in place of any overlay there), the square the
    words name marked; its "Close" goes back to the screen."""
    return button("map", rect, _("On the map"), lambda: setattr(app, "overlay", DrunterMapOverlay(
        state, words, focus, back)))
