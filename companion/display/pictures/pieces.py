"""The game's components drawn as they lie on the table, for the setup checklist: the board,
the building tiles (face up, face down, in stacks), the character, goods and special tiles,
a player's pieces, the score track, the village centres, the start-player token and the box.

Plain pygame drawing, no image files; every picture fits the rectangle it is given. The
figures, cubes and character tiles are the village pictures' (``village_view``), so that a
piece looks the same on every screen."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine.state import CHARACTERS
from ..kit.widgets import INK, PLAYER, PLAYER_INK, draw_text, mark, player_frame
from ..words.i18n import initial
from .figures import figure
from .village_view import tile_icon

BOARD = (196, 214, 170)
"""The board's green."""
TRACK = (236, 226, 196)
TILE_FACE = (250, 244, 226)
TILE_BACK = (122, 96, 70)
CENTRE = (150, 186, 120)
"""A village centre's meadow."""
BOX = (168, 132, 92)
TOKEN = (250, 244, 226)
NUMERAL = 24
"""Numerals on a picture (stack numbers, the token's 1): body size, readable at 1 m."""


def board(s: pygame.Surface, r: pygame.Rect) -> None:
    """The board: the score track round its edge, the market's spaces in the middle."""
    pygame.draw.rect(s, BOARD, r, border_radius=6)
    step = max(r.width // 12, 6)
    for x in range(r.left + 2, r.right - step, step):  # the score track, top and bottom
        for y in (r.top + 2, r.bottom - step - 2):
            pygame.draw.rect(s, TRACK, (x, y, step - 2, step - 2))
            pygame.draw.rect(s, INK, (x, y, step - 2, step - 2), 1)
    inner = r.inflate(-r.width // 3, -2 * step - 12)
    cols, rows = 4, 4
    cw, ch = inner.width // cols, inner.height // rows
    for i in range(cols):
        for j in range(rows):
            pygame.draw.rect(s, TRACK, (inner.left + i * cw + 1, inner.top + j * ch + 1,
                                        cw - 2, ch - 2), border_radius=2)
    pygame.draw.rect(s, INK, r, 2, border_radius=6)


def _tile_face(s: pygame.Surface, r: pygame.Rect, back: bool = False) -> None:
    """A building tile: face up (a house outline), or its back."""
    pygame.draw.rect(s, TILE_BACK if back else TILE_FACE, r, border_radius=3)
    pygame.draw.rect(s, INK, r, 2, border_radius=3)
    if not back and r.width >= 14:
        h = r.inflate(-r.width // 2, -r.height // 2)
        pygame.draw.polygon(s, INK, [(h.left, h.centery), (h.centerx, h.top),
                                     (h.right, h.centery)], 2)
        pygame.draw.rect(s, INK, (h.left + h.width // 6, h.centery, h.width * 2 // 3,
                                  h.height // 2), 2)


def pile(s: pygame.Surface, r: pygame.Rect, label: str = "", back: bool = False,
         layers: int = 3) -> None:
    """A pile of tiles, a few edges showing, with a label (the stack's number) on top."""
    side = min(r.width, r.height) - 2 * layers
    for k in range(layers):
        t = pygame.Rect(r.left + k * 2, r.top + (layers - 1 - k) * 2, side, side)
        _tile_face(s, t, back)
    if label:
        top = pygame.Rect(r.left + (layers - 1) * 2, r.top, side, side)
        mark = top.inflate(-6, -6)
        pygame.draw.rect(s, TILE_FACE, mark, border_radius=3)
        numeral(s, label, mark.inflate(-4, -6))


def numeral(s: pygame.Surface, label: str, r: pygame.Rect) -> None:
    """A stack's number as strokes (I, II, III) or the start tiles' letter (A): drawn, so
    that it reads at any size."""
    t = max(r.width // 8, 2)
    if label == "A":
        pygame.draw.lines(s, INK, False, [(r.left + t, r.bottom), (r.centerx, r.top),
                                          (r.right - t, r.bottom)], t)
        pygame.draw.line(s, INK, (r.left + r.width // 3, r.top + r.height * 2 // 3),
                         (r.right - r.width // 3, r.top + r.height * 2 // 3), t)
        return
    n = len(label)
    gap = r.width // (n + 1)
    for k in range(n):
        x = r.left + gap * (k + 1)
        pygame.draw.line(s, INK, (x, r.top), (x, r.bottom), t)


def sorted_stacks(s: pygame.Surface, r: pygame.Rect, labels: Sequence[str]) -> None:
    """The building tiles sorted into piles by the number on their backs."""
    w = r.width // max(len(labels), 1)
    side = min(w - 4, r.height)
    for i, label in enumerate(labels):
        pile(s, pygame.Rect(r.left + i * w, r.centery - side // 2, side, side), label,
             back=True)


def laid_out(s: pygame.Surface, r: pygame.Rect, counts: Sequence[int]) -> None:
    """Tiles face up beside the board, one pile a type (as many layers as tiles)."""
    n = max(len(counts), 1)
    w = r.width // n
    side = min(w - 2, r.height - 8)
    for i, k in enumerate(counts):
        pile(s, pygame.Rect(r.left + i * w, r.centery - side // 2 - 4, side + 2 * k,
                            side + 2 * k), layers=max(k, 1))


def face_down(s: pygame.Surface, r: pygame.Rect, labels: Sequence[str]) -> None:
    """Shuffled stacks, face down, set aside: a pile a stack, its number on it."""
    sorted_stacks(s, r, labels)


def character_tiles(s: pygame.Surface, r: pygame.Rect, in_box: bool = False) -> None:
    """The five character tiles side by side (over the box when they stay in it)."""
    if in_box:
        the_box(s, r)
    side = min(r.width // 3 - 4, r.height // 2 - 3)  # three above, two below
    for i, ch in enumerate(CHARACTERS):
        row, col = divmod(i, 3)
        x = r.centerx - (3 if row == 0 else 2) * (side + 4) // 2 + col * (side + 4)
        tile_icon(s, ch, pygame.Rect(x, r.top + row * (side + 4), side, side), used=in_box)


def special_tiles(s: pygame.Surface, r: pygame.Rect, n: int) -> None:
    """Square tiles in a row (goods or special tiles), each with a VP star."""
    side = min(r.width // max(n, 1) - 2, r.height - 8, 34)
    for i in range(n):
        t = pygame.Rect(r.left + i * (side + 2), r.centery - side // 2, side, side)
        pygame.draw.rect(s, TILE_FACE, t, border_radius=3)
        pygame.draw.rect(s, INK, t, 2, border_radius=3)
        pygame.draw.circle(s, (214, 170, 40), t.center, max(side // 4, 3))


def kit(s: pygame.Surface, r: pygame.Rect, colours: Sequence[str]) -> None:
    """Each player's pieces in a column of its colour: a villager, and a coin and a cube."""
    w = r.width // max(len(colours), 1)
    for i, c in enumerate(colours):
        x = r.left + i * w
        rad = max(min(w // 4, 10), 5)
        fig = min(r.height - 2 * rad - 8, w * 2)
        figure(s, c, "m" if i % 2 == 0 else "f", True, (x + w // 2, r.top + fig // 2 + 2), fig)
        plain_coin(s, c, (x + w // 4 + 1, r.bottom - rad - 2), rad)
        plain_cube(s, c, pygame.Rect(x + w // 2 + 1, r.bottom - 2 * rad - 2, 2 * rad - 1,
                                     2 * rad - 1))


def plain_coin(s: pygame.Surface, c: str, centre: tuple[int, int], rad: int) -> None:
    """A coin too small for its initial: the colour, a dark ring and rim (the words name
    the players)."""
    pygame.draw.circle(s, PLAYER[c], centre, rad)
    pygame.draw.circle(s, INK, centre, rad, 2)
    if rad > 6:
        pygame.draw.circle(s, INK, centre, rad - 4, 1)


def plain_cube(s: pygame.Surface, c: str, r: pygame.Rect) -> None:
    """A cube too small for its initial: the colour with a dark edge and a lit top."""
    pygame.draw.rect(s, PLAYER[c], r)
    pygame.draw.line(s, INK, (r.left + 2, r.top + r.height // 3), (r.right - 3,
                                                                   r.top + r.height // 3), 1)
    pygame.draw.rect(s, INK, r, 2)


def score_track(s: pygame.Surface, r: pygame.Rect, colours: Sequence[str]) -> None:
    """The score track's first spaces, every player's cube on space 0."""
    step = r.width // 3
    for k in range(3):
        sq = pygame.Rect(r.left + k * step, r.top, step - 3, r.height)
        pygame.draw.rect(s, TRACK, sq, border_radius=3)
        pygame.draw.rect(s, INK, sq, 1, border_radius=3)
    draw_text(s, "0", pygame.Rect(r.left, r.bottom - 28, step - 3, 26), NUMERAL, INK,
              wrap=False, align="center", bg=TRACK)
    side = max(min((step - 12) // 2, (r.height - 36) // 2), 8)
    for i, c in enumerate(colours):
        plain_cube(s, c, pygame.Rect(r.left + 4 + (i % 2) * (side + 2), r.top + 4 + (i // 2)
                                     * (side + 2), side, side))


def village_centre(s: pygame.Surface, r: pygame.Rect, colour: str | None = None,
                   villagers: int = 0) -> None:
    """A village centre (two tiles wide, one high), with its villagers standing in it."""
    pygame.draw.rect(s, CENTRE, r, border_radius=4)
    pygame.draw.rect(s, INK, r, 2, border_radius=4)
    if colour is None or not villagers:
        return
    fig = r.height * 3 // 4
    room = max((r.width - 8) // max(fig // 2, 1), 1)
    for k in range(min(villagers, room)):
        figure(s, colour, "m" if k % 2 == 0 else "f", True,
               (r.left + 6 + fig // 4 + k * (fig // 2), r.centery), fig)


def centres(s: pygame.Surface, r: pygame.Rect, colours: Sequence[str], back: int) -> None:
    """A village centre before each player; the others back into the box."""
    n = len(colours) + (1 if back else 0)
    w = r.width // max(n, 1)
    h = min(w // 2, r.height - 24)
    for i, c in enumerate(colours):
        cr = pygame.Rect(r.left + i * w + 4, r.centery - h // 2, w - 10, h)
        village_centre(s, cr)
        player_frame(s, c, cr.inflate(8, 8), 4)  # white too: outlined dark
    if back:
        the_box(s, pygame.Rect(r.left + len(colours) * w, r.top, w, r.height))


def token(s: pygame.Surface, r: pygame.Rect) -> None:
    """The start-player token: a round token with a 1."""
    rad = min(r.width, r.height) // 2 - 2
    pygame.draw.circle(s, TOKEN, r.center, rad)
    pygame.draw.circle(s, INK, r.center, rad, 3)
    box = pygame.Rect(0, 0, rad * 2 - 8, rad * 2 - 8)
    box.center = r.center
    draw_text(s, "1", box, max(NUMERAL, rad), INK, wrap=False, align="center",
              valign="middle", bg=TOKEN)


def the_box(s: pygame.Surface, r: pygame.Rect) -> None:
    """The game's box, open: what goes back into it."""
    side = min(r.width, r.height) - 6
    b = pygame.Rect(0, 0, side, side * 2 // 3)
    b.midbottom = (r.centerx, r.bottom - 2)
    pygame.draw.rect(s, BOX, b)
    pygame.draw.rect(s, INK, b, 2)
    lid = [(b.left, b.top), (b.left - side // 6, b.top - side // 4),
           (b.right - side // 6, b.top - side // 4), (b.right, b.top)]
    pygame.draw.polygon(s, BOX, lid)
    pygame.draw.polygon(s, INK, lid, 2)


def cube(surface: pygame.Surface, colour: str, rect: pygame.Rect) -> None:
    """A player's cube: its colour with the initial, a dark edge."""
    pygame.draw.rect(surface, PLAYER[colour], rect)
    pygame.draw.rect(surface, INK, rect, 2)
    mark(surface, initial(colour), rect.inflate(-2, -2), PLAYER_INK[colour], PLAYER[colour],
         rect.height - 4)
