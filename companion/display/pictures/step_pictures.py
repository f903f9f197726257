"""A table step's picture: the piece that moves (a villager, a coin, a cube, a tile, the token)
drawn as it lies on the table, or the small village with the cell it goes to."""

from __future__ import annotations

import pygame

from ...engine import GameState
from ...engine.catalogue import Catalogue
from ...engine.grid import QUARTERS
from ...engine.table import (
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
from ...engine.values import Sex
from ..kit.palette import NEUTRAL as NEUTRAL_COIN_COLOUR
from ..kit.palette import TILE_FACE
from ..kit.picture_cache import PICTURES
from ..kit.widgets import (
    BUTTON,
    BUTTON_EDGE,
    FIGURE_MIN,
    INK,
    LIGHT,
    PICTURE_TEXT,
    PLAYER,
    PLAYER_INK,
    draw_text,
    mark,
)
from ..words import i18n
from ..words.i18n import _, initial
from . import pictograms
from .figures import figure
from .pieces import cube
from .village_view import (
    cell_rects,
    coin_group,
    coin_group_size,
    draw_village,
    frame_quarter,
    mini_village,
    quarter_rects,
    tile_icon,
)


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
               catalogue: Catalogue | None = None) -> None:
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
        radius = max(size // 3, 12)  # the initial on it legible (a line of picture text)
        room = rect
        if step.character and rect.width > rect.height * 5 // 4:  # the coins, and on what
            t = pygame.Rect(0, 0, size * 3 // 5, size * 3 // 5)
            t.midright = (rect.right - 2, cy)
            tile_icon(surface, step.character, t)
            room = pygame.Rect(rect.left, rect.top, t.left - 4 - rect.left, rect.height)
            radius = min(radius, (room.width - 4) // 2)
        while radius > 12 and not any(
                w <= room.width and h <= room.height
                for w, h in (coin_group_size(step.n, radius, beside) for beside in (True, False))):
            radius -= 1  # the count beside the coin, or below it
        coin_group(surface, c, step.n, room, radius)
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


def step_picture(surface: pygame.Surface, step: TableStep, state: GameState,
                 rect: pygame.Rect) -> None:
    """A table step's picture: the village with the cell marked and the piece beside it, or
    the piece alone. Laid out and drawn once per state (and language): a frame that shows
    it again copies it (``picture_cache.PICTURES``)."""
    PICTURES.draw(surface, state, ("step", repr(step), tuple(rect), i18n.language), rect,
                  lambda: _step_picture(surface, step, state, rect))


def _step_picture(surface: pygame.Surface, step: TableStep, state: GameState,
                  rect: pygame.Rect) -> None:
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
